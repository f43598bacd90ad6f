// Loads the CLI bundle (dist/cli.cjs) with a V8 code cache. Compiling the multi-megabyte bundle is
// the largest single cost of a cold `inspire` call; with the cache V8 reuses the bytecode of the
// previous run instead, including the functions that run compiled lazily. Node 20 offers this only
// for scripts (vm.Script cachedData), hence a CommonJS bundle run through vm.
// A code cache is code: it is loaded only from a file and folders that are the user's own and
// writable by nobody else (core's store/trust.ts); otherwise the CLI runs without it, and says so.
//
// Measured gain (`inspire job list --json` against the emulator, warm, 20 interleaved rounds, medians,
// 2026-12-03, loaded 2-core machine): Node 20 1241 -> 690 ms, Node 24 1454 -> 978 ms.
// Node >= 22.1 has its own cache, module.enableCompileCache(); loadBundleWithCompileCache below uses
// it (INSPIRE_CODE_CACHE=node) so that bench/cold-start.mjs measures both. It was not as fast on
// Node 24: slower in 3 of 4 interleaved runs (+8 to +26%; once 1% faster), with 2-5 MB less RSS. Its
// cache of the bundle is 1.1 MB against 2.2 MB for this one: Node writes it right after compiling, so
// it lacks the functions a command compiles lazily, which this cache keeps (see saveCache).
// Exit plan: when the benchmark shows Node's cache as fast on the oldest Node the CLI supports
// (engines >= 22.1 at the least), load the bundle with require() and Node's cache, and delete
// this file's vm.Script path, the .seen bookkeeping and the CommonJS-for-vm build options.
import { readdirSync, readFileSync, rmSync } from "node:fs"
import nodeModule, { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { Script } from "node:vm"
import { sweepOrphanTemps, writeFileAtomicSync } from "@holos-inspire/core/atomic-file"
import { resolveStorePaths, storeRoots } from "@holos-inspire/core/store-paths"
import { ensureTrustedFolder, readTrustedFile, Untrusted, untrustedFolder } from "@holos-inspire/core/store-trust"

/**
 * The bundle's entry: runs `inspire` with the given arguments and returns the exit code, telling
 * `onCommand` which command (e.g. `inspire job list`) the arguments name.
 */
export type Main = (
  argv: ReadonlyArray<string>,
  onCommand?: (path: string) => void,
  distrust?: Untrusted,
) => Promise<number>

/**
 * A loaded bundle. `cache` says what became of the code cache: used, rejected by V8 (stale or
 * damaged), absent, or refused because it or a folder above it failed the ownership check; then
 * `distrust` says which and how to fix it, and the cache is not read (nor written, when a folder
 * failed). `saveCache(command)` writes the code cache when this run had none or a stale one,
 * and rewrites it the first time a command runs that the cache has not seen: V8 caches the functions
 * compiled so far, so a cache written after `inspire login` lacks most of what `inspire job list`
 * runs, and each later call would compile those again. A rewrite keeps what the old cache held (it
 * was loaded), so the cache grows to the commands in use; at most MAX_COMMANDS rewrites per build.
 */
export interface LoadedBundle {
  readonly main: Main
  readonly cache: "used" | "rejected" | "none" | "untrusted"
  readonly distrust?: Untrusted
  readonly saveCache: (command: string | undefined) => void
}

const PREFIX = "cli-"
const SUFFIX = ".v8"
/** Beside the cache: the commands it has seen, one per line. */
const SEEN = ".seen"
const MAX_COMMANDS = 40

/**
 * Where the code cache of this bundle lives: the store's cache folder ($INSPIRE_HOME/cache or
 * ~/.cache/holos-inspire), one file per bundle build, Node version and architecture.
 */
export const codeCacheFile = (bundleHash: string, env: NodeJS.ProcessEnv = process.env): string =>
  join(resolveStorePaths(env).cacheDir, "code", `${PREFIX}${bundleHash}-${process.version}-${process.arch}${SUFFIX}`)

/** The store's top folders ($INSPIRE_HOME, or the cache folder): every folder below them is checked. */
export const codeCacheRoots = (env: NodeJS.ProcessEnv = process.env): ReadonlyArray<string> =>
  storeRoots(resolveStorePaths(env))

// The file when it passes the check; a missing or unreadable one is simply absent.
const readTrusted = (file: string): Buffer | Untrusted | undefined => {
  try {
    return readTrustedFile(file)
  } catch (e) {
    return e instanceof Untrusted ? e : undefined
  }
}

// Atomic and private like the rest of the store; older builds' caches are removed. A cache that
// cannot be written (read-only home, full disk) only costs the next run its speed. Two calls that
// rewrite at once each leave a whole file: at worst one command is seen again and rewritten later.
const writeCache = (file: string, data: Buffer, seen: ReadonlyArray<string>, roots: ReadonlyArray<string>): void => {
  try {
    const dir = dirname(file)
    if (ensureTrustedFolder(dir, roots) !== undefined) return
    sweepOrphanTemps(dir)
    writeFileAtomicSync(file, data)
    writeFileAtomicSync(`${file}${SEEN}`, `${seen.join("\n")}\n`)
    const keep = file.slice(dir.length + 1)
    for (const name of readdirSync(dir))
      if (
        name.startsWith(PREFIX) &&
        !name.startsWith(keep) &&
        (name.endsWith(SUFFIX) || name.endsWith(`${SUFFIX}${SEEN}`))
      )
        rmSync(join(dir, name), { force: true })
  } catch {
    // best effort, see above
  }
}

const seenBy = (cacheFile: string): ReadonlyArray<string> => {
  const seen = readTrusted(`${cacheFile}${SEEN}`)
  return (seen instanceof Buffer ? seen.toString("utf8") : "").split("\n").filter((l) => l !== "")
}

/**
 * Compiles and runs the CommonJS bundle at `file`, using and later refreshing the cache at `cacheFile`
 * when it and its folders (from one of `roots` down) pass the ownership check.
 */
export const loadBundle = (
  file: string,
  cacheFile: string,
  roots: ReadonlyArray<string> = [dirname(cacheFile)],
): LoadedBundle => {
  // The build makes the bundle pure ASCII (scripts/bundle.mjs), so latin1 reads it exactly.
  const source = readFileSync(file, "latin1")
  const folderIssue = untrustedFolder(cacheFile, roots)
  const found = folderIssue ?? readTrusted(cacheFile)
  const cachedData = found instanceof Buffer ? found : undefined
  const distrust = found instanceof Untrusted ? found : undefined
  // The wrapper shares the bundle's first line, so stack traces keep the bundle's line numbers.
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: file,
    ...(cachedData !== undefined ? { cachedData } : {}),
  })
  const module = { exports: {} as { main?: Main } }
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file))
  const main = module.exports.main
  if (typeof main !== "function") throw new Error(`${file} does not export main(); rebuild the CLI (pnpm build).`)
  const stale = cachedData === undefined || script.cachedDataRejected === true
  const saveCache = (command: string | undefined): void => {
    // In a folder others can write, nothing is written either (a file there is replaced by ours).
    if (folderIssue !== undefined) return
    const seen = stale ? [] : seenBy(cacheFile)
    const known = command === undefined || seen.includes(command)
    if (!stale && (known || seen.length >= MAX_COMMANDS)) return
    const next = command === undefined || known ? seen : [...seen, command]
    writeCache(cacheFile, script.createCachedData(), next, roots)
  }
  const cache = distrust !== undefined ? "untrusted" : cachedData === undefined ? "none" : stale ? "rejected" : "used"
  return { main, cache, ...(distrust !== undefined ? { distrust } : {}), saveCache }
}

// Node 22.1+ API; this package's @types/node is Node 20's.
const compileCache = nodeModule as unknown as {
  enableCompileCache?: (dir: string) => { readonly status: number }
  flushCompileCache?: () => void
}

/** Whether this Node has module.enableCompileCache() (22.1 and later). */
export const hasCompileCache = (): boolean => typeof compileCache.enableCompileCache === "function"

/**
 * Loads the bundle with require() and Node's own compile cache in `dir` (when this Node has one and
 * the folder passes the ownership check), for comparison with loadBundle; `saveCache` writes what
 * Node gathered. Node checks its cache against the bundle's content and its own version.
 */
export const loadBundleWithCompileCache = (
  file: string,
  dir: string,
  roots: ReadonlyArray<string> = [dirname(dir)],
): LoadedBundle => {
  const distrust = hasCompileCache() ? ensureTrustedFolder(dir, roots) : undefined
  const enabled = hasCompileCache() && distrust === undefined
  if (enabled) compileCache.enableCompileCache?.(dir)
  const main = (createRequire(file)(file) as { main?: Main }).main
  if (typeof main !== "function") throw new Error(`${file} does not export main(); rebuild the CLI (pnpm build).`)
  // "used": Node's cache is on; whether it held this bundle's code, Node alone knows.
  const cache = distrust !== undefined ? "untrusted" : enabled ? "used" : "none"
  return {
    main,
    cache,
    ...(distrust !== undefined ? { distrust } : {}),
    saveCache: () => compileCache.flushCompileCache?.(),
  }
}
