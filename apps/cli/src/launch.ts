// The `inspire` entry point. It answers `--version` by itself and loads the CLI bundle (core, effect,
// zod, undici, commander: megabytes to compile) only for real commands, so the cheapest calls stay cheap.
declare const __INSPIRE_VERSION__: string | undefined

const argv = process.argv.slice(2)
const version = argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")
if (version) process.stdout.write(`${typeof __INSPIRE_VERSION__ === "string" ? __INSPIRE_VERSION__ : "0.0.0-dev"}\n`)
else {
  // Resolved next to this file at run time: the bundle is dist/cli.mjs (see scripts/bundle.mjs).
  const bundle = "./cli.mjs"
  const { main } = (await import(bundle)) as { main: (args: ReadonlyArray<string>) => Promise<number> }
  process.exitCode = await main(argv)
}
