import { randomBytes } from "node:crypto"
import { link, open, readFile, rename, stat, unlink, utimes } from "node:fs/promises"
import { dirname } from "node:path"
import { Duration, Effect, type Scope } from "effect"
import { InspireError } from "../errors.js"
import { ensurePrivateDir } from "./files.js"

/** How long to wait for a lock, and when a silent holder is presumed dead. */
export interface LockOptions {
  readonly timeout?: Duration.DurationInput
  readonly staleAfter?: Duration.DurationInput
}

const code = (e: unknown): string | undefined =>
  typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : undefined

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return code(e) === "EPERM"
  }
}

// The holder touches the lock file while it works, so an old mtime means a hung or vanished holder;
// a dead pid on this machine means the same sooner.
const isStale = async (path: string, content: string, staleMs: number): Promise<boolean> => {
  const pid = Number(content.split(" ")[0])
  if (Number.isInteger(pid) && pid > 0 && !alive(pid)) return true
  const info = await stat(path).catch(() => undefined)
  return info !== undefined && Date.now() - info.mtimeMs > staleMs
}

// Breaking a stale lock by rename, then checking we moved the file we judged, keeps two processes
// that both see the same stale lock from deleting each other's fresh one.
const breakStale = async (path: string, judged: string): Promise<void> => {
  const aside = `${path}.${randomBytes(4).toString("hex")}.stale`
  try {
    await rename(path, aside)
  } catch {
    return
  }
  const moved = await readFile(aside, "utf8").catch(() => "")
  if (moved !== judged) await link(aside, path).catch(() => undefined)
  await unlink(aside).catch(() => undefined)
}

const tryCreate = async (path: string, token: string): Promise<boolean> => {
  try {
    const handle = await open(path, "wx", 0o600)
    await handle.writeFile(token)
    await handle.close()
    return true
  } catch (e) {
    if (code(e) === "EEXIST") return false
    throw e
  }
}

/**
 * Holds an exclusive lock across processes for the life of the scope: a file created with O_EXCL,
 * kept fresh while held, released on exit, broken when its holder died.
 */
export const withFileLock = (
  path: string,
  options: LockOptions = {},
): Effect.Effect<void, InspireError, Scope.Scope> => {
  const timeoutMs = Duration.toMillis(options.timeout ?? "60 seconds")
  const staleMs = Duration.toMillis(options.staleAfter ?? "30 seconds")
  const token = `${process.pid} ${randomBytes(8).toString("hex")}`
  const acquire = Effect.gen(function* () {
    yield* ensurePrivateDir(dirname(path))
    const started = Date.now()
    let delay = 5
    for (;;) {
      const got = yield* Effect.tryPromise({
        try: async () => {
          if (await tryCreate(path, token)) return true
          const content = await readFile(path, "utf8").catch(() => "")
          if (content !== "" && (await isStale(path, content, staleMs))) await breakStale(path, content)
          return false
        },
        catch: (e) =>
          new InspireError({
            reason: "StoreError",
            message: `Cannot create the lock file ${path} (${code(e) ?? "error"}).`,
            hint: "Check the permissions of the cache folder, or set INSPIRE_HOME to a writable folder.",
            cause: e,
          }),
      })
      if (got) return
      if (Date.now() - started > timeoutMs) {
        const holder = yield* Effect.promise(() => readFile(path, "utf8").catch(() => ""))
        return yield* Effect.fail(
          new InspireError({
            reason: "StoreError",
            message: `Another inspire process (pid ${holder.split(" ")[0] || "unknown"}) has held ${path} for over ${Math.round(timeoutMs / 1000)} s.`,
            hint: "Wait for it to finish; if no inspire process is running, delete the lock file.",
          }),
        )
      }
      yield* Effect.sleep(Duration.millis(delay + Math.random() * delay))
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
      const content = await readFile(path, "utf8").catch(() => "")
      if (content === token) await unlink(path).catch(() => undefined)
    })
  return Effect.asVoid(Effect.acquireRelease(Effect.zipRight(acquire, heartbeat), release))
}
