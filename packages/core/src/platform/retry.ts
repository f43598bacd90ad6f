import { Duration, Effect, Random, Schedule } from "../effect.js"

/** How transient failures are retried (INSPIRE-API.md §6 rule 19; ARCHITECTURE.md "Retries"). */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly attempts: number
  /**
   * Attempts when the host cannot be reached at all (refused, no DNS): off campus that persists, so one
   * quick second try is enough before telling the user about the network.
   */
  readonly unreachableAttempts?: number
  readonly baseDelay: Duration.DurationInput
  readonly maxDelay: Duration.DurationInput
}

// Six attempts: with 15% transient failures a read still fails only about once in 90,000 calls.
export const DEFAULT_RETRY: RetryPolicy = {
  attempts: 6,
  unreachableAttempts: 2,
  baseDelay: "250 millis",
  maxDelay: "8 seconds",
}

/** Exponential backoff with "equal jitter": half the step fixed, half random, so retries spread out. */
export const backoffMillis = (policy: RetryPolicy, attempt: number, random: () => number = Math.random): number => {
  const base = Duration.toMillis(policy.baseDelay)
  const step = Math.min(Duration.toMillis(policy.maxDelay), base * 2 ** Math.max(0, attempt - 1))
  return step / 2 + random() * (step / 2)
}

// The pause after attempt `attempt`, its jitter drawn from Effect's Random (so tests can seed it).
const jittered = (policy: RetryPolicy, attempt: number): Effect.Effect<number> =>
  Effect.map(Random.next, (r) => backoffMillis(policy, attempt, () => r))

/** Backoff with equal jitter after each failed attempt, for at most `attempts` attempts in all. */
export const backoffSchedule = (policy: RetryPolicy, attempts: number = policy.attempts): Schedule.Schedule<number> =>
  Schedule.count.pipe(
    Schedule.whileOutput((n) => n + 1 < attempts),
    Schedule.addDelayEffect((n) => Effect.map(jittered(policy, n + 1), Duration.millis)),
  )

/** What one failed attempt allows: how many attempts in all, and the wait it asks for, if any. */
export interface RetryCause {
  /** Attempts in all that this kind of failure allows (the one just made counts). */
  readonly attempts: number
  /** The wait the answer named (Retry-After), used instead of the backoff. */
  readonly wait?: number | undefined
  /** The longest pause allowed, whichever way it was found. */
  readonly maxWait?: number | undefined
}

/**
 * The retry schedule of a policy, read from each failure (`RetryCause`): it stops once the failure's
 * `attempts` were made; it waits what the failure named, else the backoff, never over `maxWait`.
 * Its output is the failure and how many retries came before it.
 */
export const retrySchedule = <C extends RetryCause>(policy: RetryPolicy): Schedule.Schedule<[C, number], C> =>
  Schedule.identity<C>().pipe(
    Schedule.intersect(Schedule.count),
    Schedule.whileOutput(([cause, n]) => n + 1 < cause.attempts),
    Schedule.addDelayEffect(([cause, n]) =>
      Effect.map(cause.wait !== undefined ? Effect.succeed(cause.wait) : jittered(policy, n + 1), (ms) =>
        Duration.millis(Math.min(ms, cause.maxWait ?? Number.POSITIVE_INFINITY)),
      ),
    ),
  )

/** Reads Retry-After (delta seconds or an HTTP date) as milliseconds from now; undefined when absent or bad. */
export const retryAfterMillis = (value: string | undefined, now: number): number | undefined => {
  if (value === undefined || value.trim() === "") return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * Statuses worth retrying when the request is idempotent: the server may not have done the work. Besides
 * the standard ones, a CDN in front of the platform answers 520–524 when its origin fails, is down, is
 * unreachable or times out, and 529 when the origin is overloaded: transient as a 502.
 */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504, 520, 521, 522, 523, 524, 529])
