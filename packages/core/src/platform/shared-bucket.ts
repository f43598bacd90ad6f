// One rate limit per account across processes: the platform's gateway allows about 3 requests a
// second per account, whoever sends them, so every process of an account (CLI calls, MCP servers,
// the Synergy plugin, library users) reserves its requests' times in one small file of the store,
// under the store's lock (store/lock.ts). A reservation is a slot in a shared schedule: each process
// takes the next free slot at once and sleeps until it is due, so N processes are spaced evenly.
import { createHash } from "node:crypto"
import { hostname } from "node:os"
import { join } from "node:path"
import { Duration, Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import { writeFileAtomicSync } from "../store/atomic.js"
import { stderrWarning, untrustedError } from "../store/files.js"
import { withFileLock } from "../store/lock.js"
import { processIsAlive } from "../store/temps.js"
import { readTrustedFile, Untrusted } from "../store/trust.js"
import { msg } from "../words/message.js"
import { type Text, text } from "../words/text.js"
import { processRateLimiter, type RateLimit, type RateLimiter } from "./rate-limit.js"

/** The folder under the store's cache folder that holds the buckets, one `<key>.json` per account. */
const BUCKET_FOLDER = "rate-limit"

/** A rate above this is a lifted limit (tests against an emulator): kept per process, nothing to share. */
const SHARED_MAX_RATE = 100

/** After a failure (untrusted file, lock not obtained) the per-process limiter is used this long. */
const FALLBACK_FOR_MS = 60_000

/**
 * How long a request waits for the bucket's lock. A holder keeps it for milliseconds, but on a busy
 * machine (ten processes starting on two cores) the wait can pass seconds; leaving the shared limit
 * then would let that process burst into the gateway's 429s, so it waits, up to this bound (a silent
 * holder is broken after 2 s, so only a live one that never lets go reaches it).
 */
const LOCK_WAIT = "30 seconds"

const HOST = hostname().replace(/\s+/g, "_") || "localhost"

/** One reservation: when the request may be sent, and by which process (pid, host). */
type Slot = readonly [at: number, pid: number, host: string]

/** The bucket file's content. */
interface BucketFile {
  readonly version: 1
  readonly slots: ReadonlyArray<Slot>
}

const MAX_SLOTS = 2000

/**
 * The schedule runs a little under the rate, so that the gateway's bucket, emptied by a burst, fills
 * up again while the processes run flat out, and absorbs their requests' uneven delays.
 */
const RATE_MARGIN = 0.95

/** The bucket file of an account: its name is a hash of the base URL and the account (or profile). */
export const bucketFile = (cacheDir: string, baseUrl: string, account: string): string => {
  let origin = baseUrl
  try {
    origin = new URL(baseUrl).origin
  } catch {
    // not a URL: the text itself names the platform
  }
  const key = createHash("sha256").update(`${origin}\n${account}`).digest("hex").slice(0, 24)
  return join(cacheDir, BUCKET_FOLDER, `${key}.json`)
}

const isSlot = (s: unknown): s is Slot =>
  Array.isArray(s) &&
  s.length === 3 &&
  Number.isFinite(s[0]) &&
  Number.isInteger(s[1]) &&
  typeof s[2] === "string" &&
  s[2].length < 256

/** The slots a file holds; none when it is missing or damaged (it holds nothing but recent times). */
export const parseBucket = (text: string | undefined): ReadonlyArray<Slot> => {
  if (text === undefined || text.trim() === "") return []
  try {
    const data = JSON.parse(text) as Partial<BucketFile>
    if (data?.version !== 1 || !Array.isArray(data.slots)) return []
    return data.slots.filter(isSlot)
  } catch {
    return []
  }
}

/**
 * The next slot for a request asked for at `now`, and the slots to keep, after the generic cell rate
 * algorithm (a token bucket of `burst - 1` tokens refilled at 95% of `perSecond`, see rate-limit.ts), replayed
 * over the reservations that can still matter:
 * - slots older than the burst window no longer limit anything and are dropped;
 * - future slots of a process of this machine that is gone (killed while it waited) are freed;
 * - slots further ahead than the reservations could ever reach (the clock was set back, or the file
 *   was written by hand) are dropped, so nobody waits for them.
 */
export const schedule = (
  slots: ReadonlyArray<Slot>,
  now: number,
  limit: RateLimit,
  alive: (pid: number, host: string) => boolean = (pid, host) => host !== HOST || processIsAlive(pid),
): { readonly at: number; readonly slots: ReadonlyArray<Slot> } => {
  const interval = 1000 / (limit.perSecond * RATE_MARGIN)
  // One token of the burst is kept in reserve: requests of different processes reach the gateway
  // with different delays (process start, a busy CPU), and one that arrives early after a late one
  // would find the gateway's bucket empty. The reserve absorbs that jitter; it costs one request's
  // interval once, after an idle spell, and nothing in steady use.
  const burst = Math.max(1, limit.burst - 1)
  const horizon = now + (slots.length + burst) * Math.max(interval, 1000) + 1000
  const kept = slots
    .filter(
      ([at, pid, host]) => at >= now - burst * interval - 1000 && at <= horizon && (at <= now || alive(pid, host)),
    )
    .sort((a, b) => a[0] - b[0])
  let tat = Number.NEGATIVE_INFINITY
  for (const [at] of kept) tat = Math.max(tat, at) + interval
  // `burst` requests at once: the burst'th is due while the (burst - 1) before it are still owed.
  const at = Math.max(now, tat - (burst - 1) * interval)
  const next: Slot[] = [...kept.slice(-(MAX_SLOTS - 1)), [at, process.pid, HOST]]
  return { at, slots: next }
}

/** How a shared limiter is set up. */
export interface SharedLimiterOptions {
  /** The bucket file (`bucketFile`); its lock is `<file>.lock` beside it. */
  readonly file: string
  /** The store's top folders, from which the bucket's folder is checked (trust.ts). */
  readonly roots: ReadonlyArray<string>
  readonly limit: RateLimit
  /** Used when the bucket cannot be: an untrusted file or folder, a lock that cannot be had. */
  readonly fallback?: RateLimiter
  /** Says why the bucket is not used, each time the process leaves it (stderr by default, in English). */
  readonly warn?: (message: Text) => void
}

class Unusable extends Error {
  constructor(readonly text: Text) {
    // English, for readers that are not frontends.
    super(String(text))
  }
}

/**
 * A rate limiter shared through the store by every process of an account. Each request takes the
 * lock, reads the schedule, writes it back with its own slot, releases the lock and sleeps until
 * its slot. When the bucket cannot be used (a file or folder that is not the user's own or is
 * writable by others, a lock a live holder keeps past LOCK_WAIT, a folder that cannot be written) the
 * process's own limiter takes over for a minute, said on stderr each time (never silently); nothing
 * fails because of the bucket.
 */
export const makeSharedRateLimiter = (options: SharedLimiterOptions): RateLimiter => {
  const { file, roots, limit } = options
  const fallback = options.fallback ?? processRateLimiter(limit)
  const warn = options.warn ?? stderrWarning
  let fallbackUntil = 0

  const reserve = Effect.scoped(
    Effect.zipRight(
      withFileLock(`${file}.lock`, { roots, timeout: LOCK_WAIT, staleAfter: "2 seconds" }),
      Effect.try({
        try: () => {
          const current = parseBucket(readTrustedFile(file)?.toString("utf8"))
          const { at, slots } = schedule(current, Date.now(), limit)
          writeFileAtomicSync(file, JSON.stringify({ version: 1, slots } satisfies BucketFile))
          return at
        },
        catch: (e) =>
          new Unusable(
            e instanceof Untrusted
              ? ((u) => text`${u.text} ${u.hint}`)(untrustedError(e))
              : msg("platform-bucket-cannot-update", { file, error: String(e) }),
          ),
      }),
    ),
  )

  // Said every time (at most once a minute, the fallback's length): a long-lived server leaving the
  // shared limit an hour after the first time must say so again.
  const giveUp = (why: Text) =>
    Effect.sync(() => {
      fallbackUntil = Date.now() + FALLBACK_FOR_MS
      warn(msg("platform-bucket-unused", { why }))
    })

  const take: Effect.Effect<void> = Effect.gen(function* () {
    if (!Number.isFinite(limit.perSecond) || limit.perSecond <= 0) return
    if (Date.now() < fallbackUntil) return yield* fallback.take
    const result = yield* Effect.either(reserve as Effect.Effect<number, InspireError | Unusable>)
    if (result._tag === "Left") {
      const e = result.left
      yield* giveUp(e instanceof InspireError ? text`${e.text} ${e.hint}` : e.text)
      return yield* fallback.take
    }
    const wait = result.right - Date.now()
    if (wait > 0) yield* Effect.sleep(Duration.millis(wait))
  })
  return { take, limit }
}

/**
 * The limiter a client of an account uses: the shared one, unless the limit is lifted (above
 * SHARED_MAX_RATE) or INSPIRE_SHARED_RATE_LIMIT is `off`, when each process keeps its own.
 */
export const accountRateLimiter = (options: {
  readonly limit: RateLimit
  readonly cacheDir: string
  readonly roots: ReadonlyArray<string>
  readonly baseUrl: string
  readonly account: string
  readonly env: NodeJS.ProcessEnv
}): RateLimiter => {
  const off = /^(off|0|false|no)$/i.test(options.env.INSPIRE_SHARED_RATE_LIMIT?.trim() ?? "")
  if (off || options.limit.perSecond > SHARED_MAX_RATE) return processRateLimiter(options.limit)
  const file = bucketFile(options.cacheDir, options.baseUrl, options.account)
  const key = `${file}|${options.limit.perSecond}/${options.limit.burst}`
  const existing = sharedLimiters.get(key)
  if (existing !== undefined) return existing
  const made = makeSharedRateLimiter({ file, roots: options.roots, limit: options.limit })
  sharedLimiters.set(key, made)
  return made
}

// One per bucket and limit in a process, so every client of the account in it uses the same one.
const sharedLimiters = new Map<string, RateLimiter>()
