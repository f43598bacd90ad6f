import { Clock, Duration, Effect } from "../effect.js"

/** How fast the client may call the platform: a steady rate with a small burst (INSPIRE-API.md §6 rule 19). */
export interface RateLimit {
  readonly perSecond: number
  readonly burst: number
}

/** The platform's observed threshold is about 3 requests per second. */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 3, burst: 3 }

/** A token bucket shared by every request of one process. */
export interface RateLimiter {
  /** Waits for a token; callers are served in the order they asked. */
  readonly take: Effect.Effect<void>
  readonly limit: RateLimit
}

/**
 * Makes a token bucket. Each caller reserves the next token at once (the balance may go negative)
 * and sleeps until it is due, so concurrent callers are spaced evenly instead of racing.
 */
export const makeRateLimiter = (limit: RateLimit): RateLimiter => {
  let tokens = limit.burst
  let last: number | undefined
  const take = Effect.gen(function* () {
    if (!Number.isFinite(limit.perSecond) || limit.perSecond <= 0) return
    const now = yield* Clock.currentTimeMillis
    // A clock that moved backwards (a test clock, a system clock change) must not drain the bucket.
    tokens = Math.min(limit.burst, tokens + (Math.max(0, now - (last ?? now)) / 1000) * limit.perSecond)
    last = now
    tokens -= 1
    if (tokens >= 0) return
    yield* Effect.sleep(Duration.millis((-tokens / limit.perSecond) * 1000))
  })
  return { take, limit }
}

// One limiter per process and per limit, so every client, service and frontend in this process shares it.
const shared = new Map<string, RateLimiter>()

/** The process-wide limiter for a rate. */
export const processRateLimiter = (limit: RateLimit = DEFAULT_RATE_LIMIT): RateLimiter => {
  const key = `${limit.perSecond}/${limit.burst}`
  const existing = shared.get(key)
  if (existing !== undefined) return existing
  const made = makeRateLimiter(limit)
  shared.set(key, made)
  return made
}
