import { randomBytes } from "node:crypto"
import { readFileSync } from "node:fs"
import { chmod, mkdir, open, rename, unlink } from "node:fs/promises"
import { basename, dirname, join } from "node:path"
import { Effect } from "effect"
import type { z } from "zod"
import { InspireError } from "../errors.js"

const storeError = (message: string, hint: string, cause?: unknown): InspireError =>
  new InspireError({ reason: "StoreError", message, hint, ...(cause !== undefined ? { cause } : {}) })

const code = (e: unknown): string | undefined =>
  typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : undefined

/** Creates a folder (and its parents) readable only by the owner. */
export const ensurePrivateDir = (dir: string): Effect.Effect<void, InspireError> =>
  Effect.tryPromise({
    try: async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 })
      await chmod(dir, 0o700)
    },
    catch: (e) =>
      storeError(
        `Cannot create the folder ${dir} (${code(e) ?? "error"}).`,
        "Check its permissions, or set INSPIRE_HOME to a writable folder.",
        e,
      ),
  })

/**
 * Writes a file atomically with mode 0600: a temporary file in the same folder, flushed to disk,
 * then renamed over the target, so readers see the old or the new content and never a torn write.
 */
export const writeFileAtomic = (path: string, content: string): Effect.Effect<void, InspireError> =>
  Effect.flatMap(ensurePrivateDir(dirname(path)), () =>
    Effect.tryPromise({
      try: async () => {
        const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`)
        const handle = await open(temp, "wx", 0o600)
        try {
          await handle.writeFile(content, "utf8")
          await handle.sync()
        } finally {
          await handle.close()
        }
        try {
          await rename(temp, path)
        } catch (e) {
          await unlink(temp).catch(() => undefined)
          throw e
        }
      },
      catch: (e) =>
        storeError(
          `Cannot write ${path} (${code(e) ?? "error"}).`,
          "Check the folder's permissions and free disk space.",
          e,
        ),
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

/**
 * Reads and validates a JSON file. A missing file yields `undefined`; a damaged one is an error naming
 * the file and the fix — the file is never reset behind the user's back.
 */
export const readJsonFile = <S extends z.ZodType>(
  path: string,
  schema: S,
): Effect.Effect<z.output<S> | undefined, InspireError> =>
  Effect.flatMap(
    // Read synchronously: these files are a few kilobytes, read before most requests, and the
    // promise API's round trip through libuv's thread pool costs far more than the read itself.
    Effect.try({
      try: () => {
        try {
          return readFileSync(path, "utf8")
        } catch (e) {
          if (code(e) === "ENOENT") return undefined
          throw e
        }
      },
      catch: (e) => storeError(`Cannot read ${path} (${code(e) ?? "error"}).`, "Check the file's permissions.", e),
    }),
    (text) => {
      if (text === undefined) return Effect.succeed(undefined)
      const kept = parsedByPath.get(path)
      if (kept !== undefined && kept.text === text && kept.schema === schema)
        return Effect.succeed(kept.data as z.output<S>)
      const damaged = (why: string) =>
        storeError(
          `${path} is damaged (${why}); it was left untouched.`,
          `Repair it by hand, or move it aside (mv ${path} ${path}.bak) and log in again to recreate it.`,
        )
      let data: unknown
      try {
        data = JSON.parse(text)
      } catch {
        return Effect.fail(damaged(text.trim() === "" ? "it is empty" : "it is not valid JSON"))
      }
      const parsed = schema.safeParse(data)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        return Effect.fail(damaged(`${issue?.path.join(".") || "top level"}: ${issue?.message ?? "invalid"}`))
      }
      parsedByPath.set(path, { text, schema, data: deepFreeze(parsed.data) })
      return Effect.succeed(parsed.data)
    },
  )
