import { closeSync, existsSync, mkdirSync, openSync, realpathSync, writeSync } from "node:fs"
import { homedir, tmpdir } from "node:os"
import { dirname, isAbsolute, join, relative, resolve } from "node:path"
import { Effect } from "effect"
import { InspireError, invalidInput } from "../../errors.js"
import { Store } from "../../store/store.js"

/** A file a download writes to, checked and opened. */
export interface OutputFile {
  readonly path: string
  /** Appends text; counts the bytes written. */
  readonly write: (text: string) => Effect.Effect<void, InspireError>
  readonly bytes: () => number
}

// The nearest existing ancestor's real path, with the rest appended: resolves symlinks and `..`
// even for a file (and folders) that do not exist yet.
const realish = (path: string): string => {
  let existing = path
  const rest: string[] = []
  while (!existsSync(existing)) {
    const parent = dirname(existing)
    if (parent === existing) break
    rest.unshift(existing.slice(parent.length + (parent.endsWith("/") ? 0 : 1)))
    existing = parent
  }
  return join(realpathSync(existing), ...rest)
}

const inside = (path: string, dir: string): boolean => {
  const rel = relative(dir, path)
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)
}

const storeError = (message: string, hint: string, cause: unknown) =>
  new InspireError({ reason: "StoreError", message, hint, cause })

/**
 * Resolves where a download goes: `path` (relative to the cache dir's `sub` folder when relative), else
 * `<cacheDir>/<sub>/<fileName>`. Refuses paths outside the home, cache and temp dirs, and an existing
 * file unless `overwrite`.
 */
export const outputPathFor = (
  path: string | undefined,
  sub: string,
  fileName: string,
  overwrite: boolean,
): Effect.Effect<string, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    const cacheDir = store.paths.cacheDir
    const wanted = path === undefined || path.trim() === "" ? join(cacheDir, sub, fileName) : path.trim()
    const expanded = wanted.startsWith("~/") ? join(homedir(), wanted.slice(2)) : wanted
    const absolute = resolve(join(cacheDir, sub), expanded)
    const real = realish(absolute)
    const allowed = [homedir(), cacheDir, tmpdir()].map((d) => realish(d))
    if (!allowed.some((d) => inside(real, d)))
      return yield* Effect.fail(
        invalidInput(
          `Refusing to write ${absolute}: it is outside your home, cache and temp folders.`,
          `Pass a path under ${homedir()} or ${tmpdir()}, or leave path out to use ${join(cacheDir, sub)}.`,
          { candidates: allowed },
        ),
      )
    if (existsSync(real) && !overwrite)
      return yield* Effect.fail(
        invalidInput(
          `${real} already exists; it was not overwritten.`,
          "Pass overwrite: true to replace it, or choose another path.",
          { fix: `${real}.new` },
        ),
      )
    return real
  })

/** Opens a checked path for writing (created or truncated) for the scope's lifetime. */
export const openOutput = (path: string) =>
  Effect.acquireRelease(
    Effect.try({
      try: () => {
        mkdirSync(dirname(path), { recursive: true })
        return openSync(path, "w", 0o644)
      },
      catch: (e) => storeError(`Could not create ${path}: ${String(e)}.`, "Check the folder's permissions.", e),
    }),
    (fd) => Effect.sync(() => closeSync(fd)),
  ).pipe(
    Effect.map((fd): OutputFile => {
      let bytes = 0
      return {
        path,
        bytes: () => bytes,
        write: (text) =>
          Effect.try({
            try: () => {
              const buf = Buffer.from(text, "utf8")
              writeSync(fd, buf)
              bytes += buf.length
            },
            catch: (e) => storeError(`Could not write ${path}: ${String(e)}.`, "Check free disk space.", e),
          }),
      }
    }),
  )
