// Loads the CLI bundle (dist/cli.cjs) with a V8 code cache. Compiling the multi-megabyte bundle is
// the largest single cost of a cold `inspire` call; with the cache V8 reuses the bytecode of the
// previous run instead, including the functions that run compiled lazily. Node 20 offers this only
// for scripts (vm.Script cachedData), hence a CommonJS bundle run through vm.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { Script } from "node:vm"
import { resolveStorePaths } from "@holos-inspire/core/store-paths"

/** The bundle's entry: runs `inspire` with the given arguments and returns the exit code. */
export type Main = (argv: ReadonlyArray<string>) => Promise<number>

/** A loaded bundle; `saveCache` writes the code cache when this run had none (or a stale one). */
export interface LoadedBundle {
  readonly main: Main
  readonly saveCache: () => void
}

const PREFIX = "cli-"
const SUFFIX = ".v8"

/**
 * Where the code cache of this bundle lives: the store's cache folder ($INSPIRE_HOME/cache or
 * ~/.cache/holos-inspire), one file per bundle build, Node version and architecture.
 */
export const codeCacheFile = (bundleHash: string, env: NodeJS.ProcessEnv = process.env): string =>
  join(resolveStorePaths(env).cacheDir, "code", `${PREFIX}${bundleHash}-${process.version}-${process.arch}${SUFFIX}`)

const readOrUndefined = (file: string): Buffer | undefined => {
  try {
    return readFileSync(file)
  } catch {
    return undefined
  }
}

// Atomic and private like the rest of the store; older builds' caches are removed. A cache that
// cannot be written (read-only home, full disk) only costs the next run its speed.
const writeCache = (file: string, data: Buffer): void => {
  try {
    const dir = dirname(file)
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, data, { mode: 0o600 })
    renameSync(tmp, file)
    const keep = file.slice(dir.length + 1)
    for (const name of readdirSync(dir))
      if (name !== keep && name.startsWith(PREFIX) && name.endsWith(SUFFIX)) rmSync(join(dir, name), { force: true })
  } catch {
    // best effort, see above
  }
}

/** Compiles and runs the CommonJS bundle at `file`, using and later refreshing the cache at `cacheFile`. */
export const loadBundle = (file: string, cacheFile: string): LoadedBundle => {
  // The build makes the bundle pure ASCII (scripts/bundle.mjs), so latin1 reads it exactly.
  const source = readFileSync(file, "latin1")
  const cachedData = readOrUndefined(cacheFile)
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
  return { main, saveCache: () => (stale ? writeCache(cacheFile, script.createCachedData()) : undefined) }
}
