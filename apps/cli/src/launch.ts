// The `inspire` entry point. It answers `--version` by itself and loads the CLI bundle (core, effect,
// zod, undici, commander: megabytes to compile) only for real commands, with a V8 code cache.
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { codeCacheFile, codeCacheRoots, loadBundle } from "./code-cache.js"
import { deferWasmTierUp } from "./wasm-tiering.js"

declare const __INSPIRE_VERSION__: string | undefined
declare const __INSPIRE_BUNDLE_HASH__: string | undefined

const flushed = (stream: NodeJS.WriteStream): Promise<void> =>
  new Promise((resolve) => (stream.writableLength === 0 ? resolve() : stream.write("", () => resolve())))

const argv = process.argv.slice(2)
const version = argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")
if (version) process.stdout.write(`${typeof __INSPIRE_VERSION__ === "string" ? __INSPIRE_VERSION__ : "0.0.0-dev"}\n`)
else {
  deferWasmTierUp()
  // Resolved next to this file at run time: the bundle is dist/cli.cjs (see scripts/bundle.mjs).
  const bundle = join(dirname(fileURLToPath(import.meta.url)), "cli.cjs")
  const hash = typeof __INSPIRE_BUNDLE_HASH__ === "string" ? __INSPIRE_BUNDLE_HASH__ : "dev"
  const { main, distrust, saveCache } = loadBundle(bundle, codeCacheFile(hash), codeCacheRoots())
  // A code cache that fails the ownership check is not loaded: the call runs, only slower.
  if (distrust !== undefined)
    process.stderr.write(`inspire: warning: the code cache was not loaded: ${distrust.message} ${distrust.hint}\n`)
  let command: string | undefined
  const code = await main(argv, (path) => {
    command = path
  })
  // A failed call may have stopped short of what the command runs when it succeeds: not counted.
  saveCache(code === 0 ? command : undefined)
  await flushed(process.stdout)
  await flushed(process.stderr)
  // The command is done and its output written: exiting now skips Node's wait for V8's background
  // compile and GC tasks when the event loop drains, tens of milliseconds with nothing left to do.
  process.exit(code)
}
