import { chmod, open, rename, unlink } from "node:fs/promises"
import { dirname } from "node:path"
import type { z } from "zod"
import { Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import { msg } from "../words/message.js"
import { plain, type Text } from "../words/text.js"
import { errnoCode, isDiskFull, sweepOrphanTemps, tempFileFor } from "./temps.js"
import { ensureTrustedFolder, readTrustedFile, shellQuote, Untrusted, untrustedFolder } from "./trust.js"

const storeError = (message: Text, hint: Text, cause?: unknown): InspireError =>
  new InspireError({ reason: "StoreError", message, hint, ...(cause !== undefined ? { cause } : {}) })

/** The store's error for a file or folder that fails the ownership and permission check (trust.ts). */
export const untrustedError = (u: Untrusted): InspireError => {
  const path = shellQuote(u.path)
  const why = u.why
  if (why === undefined) return storeError(plain(u.message), plain(u.hint))
  if (why.why === "type")
    return storeError(
      msg("store-untrusted-type", { path: u.path, kind: why.kind }),
      msg("store-untrusted-type-hint", { path, aside: shellQuote(`${u.path}.bak`) }),
    )
  if (why.why === "owner")
    return storeError(
      msg("store-untrusted-owner", { path: u.path, owner: why.owner, uid: why.uid }),
      msg("store-untrusted-owner-hint", { path }),
    )
  return storeError(
    msg("store-untrusted-mode", { path: u.path, who: why.who, mode: why.mode }),
    msg("store-untrusted-mode-hint", { path, kind: why.kind }),
  )
}

/**
 * The store's error for a failed write of `path`: a full disk (ENOSPC, EDQUOT) says so, and that the
 * file was left as it was (every write goes through a temporary file).
 */
export const storeWriteError = (path: string, e: unknown): InspireError =>
  e instanceof Untrusted
    ? untrustedError(e)
    : isDiskFull(e)
      ? storeError(
          errnoCode(e) === "EDQUOT"
            ? msg("store-quota-full", { code: "EDQUOT", path })
            : msg("store-disk-full", { code: errnoCode(e) ?? "ENOSPC", path }),
          msg("store-disk-full-hint", { dir: shellQuote(dirname(path)) }),
          e,
        )
      : storeError(
          msg("store-cannot-write", { path, code: errnoCode(e) ?? "error" }),
          msg("store-cannot-write-hint"),
          e,
        )

/**
 * Checks every folder from the store's top folder (one of `roots`) down to the one holding `file`
 * (trust.ts): nothing in them is used when one is another user's or writable by others.
 */
export const checkStoreFolders = (file: string, roots?: ReadonlyArray<string>): Effect.Effect<void, InspireError> =>
  Effect.suspend(() => {
    const issue = untrustedFolder(file, roots)
    return issue === undefined ? Effect.void : Effect.fail(untrustedError(issue))
  })

/**
 * Creates a folder (and its parents up to its root) readable only by the owner, after checking the
 * folders that already exist (trust.ts).
 */
export const ensurePrivateDir = (dir: string, roots?: ReadonlyArray<string>): Effect.Effect<void, InspireError> =>
  Effect.tryPromise({
    try: async () => {
      const issue = ensureTrustedFolder(dir, roots)
      if (issue !== undefined) throw issue
      await chmod(dir, 0o700)
    },
    catch: (e) =>
      e instanceof Untrusted
        ? untrustedError(e)
        : storeError(
            msg("store-cannot-create-folder", { dir, code: errnoCode(e) ?? "error" }),
            isDiskFull(e) ? msg("store-folder-disk-full-hint") : msg("store-folder-permissions-hint"),
            e,
          ),
  })

/**
 * Writes a file atomically with mode 0600: a temporary file in the same folder, flushed to disk,
 * then renamed over the target, so readers see the old or the new content and never a torn write.
 * On any failure (a full disk included) the temporary file is removed and the target left as it
 * was. Temporary files that killed writers left in the folder are removed first (temps.ts).
 */
export const writeFileAtomic = (
  path: string,
  content: string,
  roots?: ReadonlyArray<string>,
): Effect.Effect<void, InspireError> =>
  Effect.flatMap(ensurePrivateDir(dirname(path), roots), () =>
    Effect.tryPromise({
      try: async () => {
        sweepOrphanTemps(dirname(path))
        const temp = tempFileFor(path)
        const handle = await open(temp, "wx", 0o600)
        try {
          try {
            await handle.writeFile(content, "utf8")
            await handle.sync()
          } finally {
            await handle.close()
          }
          await rename(temp, path)
        } catch (e) {
          await unlink(temp).catch(() => undefined)
          throw e
        }
      },
      catch: (e) => storeWriteError(path, e),
    }),
  )

const deepFreeze = <T>(value: T): T => {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const v of Object.values(value)) deepFreeze(v)
  }
  return value
}

// Every platform request reads the session and credentials files again (another process may have
// logged in); parsing and validating them is most of that cost, so the last parse of each file is
// kept and reused while the text read is the same. Kept results are frozen: nobody changes them.
const parsedByPath = new Map<string, { readonly text: string; readonly schema: z.ZodType; readonly data: unknown }>()

/** Says a warning straight to stderr, past every frontend, as a log is (in English). */
export const stderrWarning = (message: Text): void => {
  // English: a log line, read by whoever runs the process.
  process.stderr.write(`inspire: warning: ${String(message)}\n`)
}

const warnedDamaged = new Set<string>()

/**
 * Reads and validates a JSON file. A missing file yields `undefined`; a damaged one, or one that is
 * not the user's own or is writable by others, is an error naming the file and the fix — the file is
 * never reset behind the user's back. A cache (`cache: true`: what it holds is obtained again) is the
 * exception: damaged, it is `undefined`, with one warning per process, and the next write replaces it.
 * Its folders are checked by `checkStoreFolders`.
 */
export const readJsonFile = <S extends z.ZodType>(
  path: string,
  schema: S,
  options: { readonly cache?: boolean } = {},
): Effect.Effect<z.output<S> | undefined, InspireError> =>
  Effect.flatMap(
    // Read synchronously: these files are a few kilobytes, read before most requests, and the
    // promise API's round trip through libuv's thread pool costs far more than the read itself.
    Effect.try({
      try: () => {
        // The file is checked (owner, mode) on the very descriptor it is read from (trust.ts).
        return readTrustedFile(path)?.toString("utf8")
      },
      catch: (e) =>
        e instanceof Untrusted
          ? untrustedError(e)
          : storeError(
              msg("store-cannot-read", { path, code: errnoCode(e) ?? "error" }),
              msg("store-cannot-read-hint"),
              e,
            ),
    }),
    (text) => {
      if (text === undefined) return Effect.succeed(undefined)
      const kept = parsedByPath.get(path)
      if (kept !== undefined && kept.text === text && kept.schema === schema)
        return Effect.succeed(kept.data as z.output<S>)
      const damaged = (why: Text): Effect.Effect<undefined, InspireError> => {
        if (!options.cache)
          return Effect.fail(storeError(msg("store-damaged", { path, why }), msg("store-damaged-hint", { path })))
        if (!warnedDamaged.has(path)) stderrWarning(msg("store-cache-damaged", { path, why }))
        warnedDamaged.add(path)
        return Effect.succeed(undefined)
      }
      let data: unknown
      try {
        data = JSON.parse(text)
      } catch {
        return damaged(text.trim() === "" ? msg("store-damaged-empty") : msg("store-damaged-not-json"))
      }
      const parsed = schema.safeParse(data)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return damaged(plain(`${issue?.path.join(".") || "top level"}: ${issue?.message ?? "invalid"}`))
      }
      parsedByPath.set(path, { text, schema, data: deepFreeze(parsed.data) })
      return Effect.succeed(parsed.data)
    },
  )
