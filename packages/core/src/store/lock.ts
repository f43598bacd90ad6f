import { randomBytes } from "node:crypto"
import { constants } from "node:fs"
import { link, open, readFile, unlink, utimes, writeFile } from "node:fs/promises"
import { hostname } from "node:os"
import { dirname } from "node:path"
import { Clock, Duration, Effect, Random, type Scope } from "../effect.js"
import { InspireError } from "../errors.js"
import { msg } from "../words/message.js"
import { ensurePrivateDir, storeWriteError, untrustedError } from "./files.js"
import { errnoCode, isDiskFull, processIsAlive, sweepOrphanTemps, tempFileFor } from "./temps.js"
import { currentUid, trustIssue, Untrusted } from "./trust.js"

/** How long to wait for a lock, when a silent holder is presumed dead, and the store's top folders. */
export interface LockOptions {
  readonly timeout?: Duration.DurationInput
  readonly staleAfter?: Duration.DurationInput
  /** The folders from which the lock's folder is checked (trust.ts); by default only its own. */
  readonly roots?: ReadonlyArray<string>
}

/**
 * An empty or garbled lock younger than this may be one being created this instant where hard links
 * are missing (O_EXCL, then the token is written); older, it is debris: left by a process killed in
 * between, by an earlier version, or by a full disk.
 */
export const LOCK_GRACE_MS = 1000

// `<pid> <hex> <host>`; the host keeps a machine sharing the folder (NFS) from judging our pids.
const HOST = hostname().replace(/\s+/g, "_") || "localhost"
const TOKEN = /^(\d+) [0-9a-f]+(?: (\S+))?$/

interface Found {
  readonly content: string
  readonly mtimeMs: number
}

// The lock file as it is now, read from the descriptor its check was made on; undefined when gone.
const inspect = async (path: string): Promise<Found | undefined> => {
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch((e: unknown) => {
    if (errnoCode(e) === "ENOENT") return undefined
    throw e
  })
  if (handle === undefined) return undefined
  try {
    const stats = await handle.stat()
    const issue = trustIssue(path, stats, "file", currentUid())
    if (issue !== undefined) throw issue
    return { content: await handle.readFile("utf8"), mtimeMs: stats.mtimeMs }
  } finally {
    await handle.close()
  }
}

// The holder touches the lock file while it works, so an old mtime means a hung or vanished holder;
// a dead pid on this machine means the same at once; an empty or garbled lock, after the grace period.
const isStale = (found: Found, staleMs: number, now: number): boolean => {
  const age = now - found.mtimeMs
  const token = TOKEN.exec(found.content)
  if (token === null) return age > LOCK_GRACE_MS
  const host = token[2]
  if ((host === undefined || host === HOST) && !processIsAlive(Number(token[1]))) return true
  return age > staleMs
}

// Hard links are missing on some file systems (FAT, some FUSE mounts): there the lock is created
// empty with O_EXCL and its token written after, which the grace period allows for.
const NO_LINKS = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EMLINK"])

const createExclusive = async (path: string, token: string): Promise<boolean> => {
  let handle: Awaited<ReturnType<typeof open>>
  try {
    handle = await open(path, "wx", 0o600)
  } catch (e) {
    if (errnoCode(e) === "EEXIST") return false
    throw e
  }
  try {
    await handle.writeFile(token)
    await handle.close()
    return true
  } catch (e) {
    // A full disk leaves the lock empty: removed at once rather than left for the next one to judge.
    await handle.close().catch(() => undefined)
    await unlink(path).catch(() => undefined)
    throw e
  }
}

// The lock appears with its token already in it: written to a temporary file, then linked into place
// (which fails when the lock exists). So no live lock is ever empty, and an empty one is debris.
const tryCreate = async (path: string, token: string): Promise<boolean> => {
  const temp = tempFileFor(path)
  try {
    await writeFile(temp, token, { mode: 0o600, flag: "wx" })
    await link(temp, path)
    return true
  } catch (e) {
    if (errnoCode(e) === "EEXIST") return false
    if (NO_LINKS.has(errnoCode(e) ?? "")) return createExclusive(path, token)
    throw e
  } finally {
    await unlink(temp).catch(() => undefined)
  }
}

// Removes only what it created (a stale-lock breaker may have removed ours and made its own).
const removeOwn = async (path: string, token: string): Promise<void> => {
  const content = await readFile(path, "utf8").catch(() => "")
  if (content === token) await unlink(path).catch(() => undefined)
}

// Two processes that find the same stale lock must not both break it: the second would delete the
// fresh lock the first one's successor just made. So breaking takes a second lock, `<lock>.break`,
// and judges the lock again under it; only then is it removed. A breaker holds that lock for
// microseconds, so one left by a dead breaker is itself stale (dead pid) or old within a second.
const breakStale = async (path: string, staleMs: number, token: string, now: number): Promise<void> => {
  const breaker = `${path}.break`
  if (!(await tryCreate(breaker, token))) {
    const other = await inspect(breaker).catch(() => undefined)
    if (other !== undefined && isStale(other, LOCK_GRACE_MS, now)) await unlink(breaker).catch(() => undefined)
    return
  }
  try {
    const again = await inspect(path)
    if (again !== undefined && isStale(again, staleMs, now)) await unlink(path).catch(() => undefined)
  } finally {
    await removeOwn(breaker, token)
  }
}

/**
 * Holds an exclusive lock across processes for the life of the scope: a file created with O_EXCL,
 * kept fresh while held, released on exit, broken when its holder died (at once for a dead pid on
 * this machine, after LOCK_GRACE_MS for an empty or garbled file, after `staleAfter` of silence).
 * A lock file or folder that is not the user's own, or is writable by others, is an error (trust.ts).
 */
export const withFileLock = (
  path: string,
  options: LockOptions = {},
): Effect.Effect<void, InspireError, Scope.Scope> => {
  const timeoutMs = Duration.toMillis(options.timeout ?? "60 seconds")
  const staleMs = Duration.toMillis(options.staleAfter ?? "30 seconds")
  const token = `${process.pid} ${randomBytes(8).toString("hex")} ${HOST}`
  const acquire = Effect.gen(function* () {
    yield* ensurePrivateDir(dirname(path), options.roots)
    // What earlier versions set aside while breaking a lock, if one was killed meanwhile.
    sweepOrphanTemps(dirname(path))
    const started = yield* Clock.currentTimeMillis
    let delay = 5
    for (;;) {
      // Ages are judged against the clock's time; file times are wall-clock time, as Clock's is outside tests.
      const now = yield* Clock.currentTimeMillis
      const got = yield* Effect.tryPromise({
        try: async () => {
          if (await tryCreate(path, token)) return true
          const found = await inspect(path)
          if (found !== undefined && isStale(found, staleMs, now)) await breakStale(path, staleMs, token, now)
          return false
        },
        catch: (e) =>
          e instanceof Untrusted
            ? untrustedError(e)
            : isDiskFull(e)
              ? storeWriteError(path, e)
              : new InspireError({
                  reason: "StoreError",
                  message: msg("store-lock-create", { path, code: errnoCode(e) ?? "error" }),
                  hint: msg("store-lock-create-hint"),
                  cause: e,
                }),
      })
      if (got) return
      if ((yield* Clock.currentTimeMillis) - started > timeoutMs) {
        const holder = yield* Effect.promise(() => readFile(path, "utf8").catch(() => ""))
        return yield* Effect.fail(
          new InspireError({
            reason: "StoreError",
            message: msg("store-lock-held", {
              pid: TOKEN.exec(holder)?.[1] ?? "?",
              path,
              seconds: Math.round(timeoutMs / 1000),
            }),
            hint: msg("store-lock-held-hint"),
          }),
        )
      }
      yield* Effect.sleep(Duration.millis(delay + (yield* Random.next) * delay))
      delay = Math.min(delay * 2, 100)
    }
  })
  const heartbeat = Effect.sync(() => {
    const every = Math.max(50, Math.floor(staleMs / 3))
    const timer = setInterval(() => {
      const now = new Date()
      utimes(path, now, now).catch(() => undefined)
    }, every)
    timer.unref()
    return timer
  })
  const release = (timer: ReturnType<typeof setInterval>) =>
    Effect.promise(async () => {
      clearInterval(timer)
      await removeOwn(path, token)
    })
  return Effect.asVoid(Effect.acquireRelease(Effect.zipRight(acquire, heartbeat), release))
}
