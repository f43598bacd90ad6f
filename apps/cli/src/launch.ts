// The `inspire` entry point. It answers `--version` by itself and loads the CLI bundle (core, effect,
// zod, undici, commander: megabytes to compile) only for real commands, with a V8 code cache.
// Every start-up trick of the CLI lives here and in the two files it imports, not in core, which
// also runs inside the long-lived MCP server and the Synergy plugin. Each says what it gains,
// measured with bench/cold-start.mjs, and when it can go:
//   code-cache.ts    the bundle's compiled code kept between calls (Node 20 has no module cache)
//   wasm-tiering.ts  no wait at exit for V8 optimising undici's WebAssembly HTTP parser
//   below            --version without the bundle; an explicit exit once the output is written
//   completion/fast  `__complete` (every TAB) from the spec the build wrote, without the bundle
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { codeCacheFile, codeCacheRoots, hasCompileCache, loadBundle, loadBundleWithCompileCache } from "./code-cache.js"
import { completeFromSpecFile, SPEC_FILE } from "./completion/fast.js"
import { COMPLETE_COMMAND } from "./completion/scripts.js"
import { deferWasmTierUp } from "./wasm-tiering.js"

declare const __INSPIRE_VERSION__: string | undefined
declare const __INSPIRE_BUNDLE_HASH__: string | undefined

const flushed = (stream: NodeJS.WriteStream): Promise<void> =>
  new Promise((resolve) => (stream.writableLength === 0 ? resolve() : stream.write("", () => resolve())))

const argv = process.argv.slice(2)
// --version on its own: 1.2-1.3x `node -e 0` on Node 20 and 24 (docs/BENCHMARKS.md), where loading
// the bundle costs several times that. Permanent: it depends on no Node version.
const version = argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")
// `__complete`: a shell asks on every TAB, so it is answered from data alone (no bundle, no network,
// nothing written); without the spec file (a build that did not write it) the bundle answers.
const completing =
  argv[0] === COMPLETE_COMMAND
    ? completeFromSpecFile(join(dirname(fileURLToPath(import.meta.url)), SPEC_FILE), argv.slice(1), process.env)
    : undefined
if (version) process.stdout.write(`${typeof __INSPIRE_VERSION__ === "string" ? __INSPIRE_VERSION__ : "0.0.0-dev"}\n`)
else if (completing !== undefined) process.stdout.write(completing)
else {
  deferWasmTierUp()
  // Resolved next to this file at run time: the bundle is dist/cli.cjs (see scripts/bundle.mjs).
  const bundle = join(dirname(fileURLToPath(import.meta.url)), "cli.cjs")
  const hash = typeof __INSPIRE_BUNDLE_HASH__ === "string" ? __INSPIRE_BUNDLE_HASH__ : "dev"
  const cacheFile = codeCacheFile(hash)
  // INSPIRE_CODE_CACHE=node: Node's own compile cache instead (Node >= 22.1), which the cold-start
  // benchmark measures against ours; see code-cache.ts for the figures and when it becomes the default.
  const { main, distrust, saveCache } =
    process.env.INSPIRE_CODE_CACHE === "node" && hasCompileCache()
      ? loadBundleWithCompileCache(bundle, join(dirname(cacheFile), "node"), codeCacheRoots())
      : loadBundle(bundle, cacheFile, codeCacheRoots())
  // A code cache that fails the ownership check is not loaded: the call runs, only slower. The bundle
  // says so (main), in the reader's language, which only it can choose.
  // Ctrl-C ends a command with 130, the table's "interrupted" (rather than a death by signal), unless
  // the command handles it itself (notebook exec passes the first one on; --watch stops drawing).
  process.on("SIGINT", () => {
    if (process.listenerCount("SIGINT") === 1) process.exit(130)
  })
  let command: string | undefined
  const code = await main(
    argv,
    (path) => {
      command = path
    },
    distrust,
  )
  // A failed call may have stopped short of what the command runs when it succeeds: not counted.
  // Completion writes no files, the code cache included.
  if (argv[0] !== COMPLETE_COMMAND) saveCache(code === 0 ? command : undefined)
  await flushed(process.stdout)
  await flushed(process.stderr)
  // The command is done and its output written: exiting now skips Node's wait for V8's background
  // compile and GC tasks when the event loop drains, tens of milliseconds with nothing left to do.
  // Measured (job list, 20 interleaved rounds, medians, 2026-12-03): Node 20 782 -> 690 ms; on Node
  // 24 no clear gain (850 vs 978 ms, then 466 vs 448 ms, on a loaded machine). Exit plan: when the
  // oldest supported Node shows no gain in bench/cold-start.mjs, set process.exitCode instead.
  process.exit(code)
}
