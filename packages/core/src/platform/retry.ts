import { Duration } from "effect"

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

/** Reads Retry-After (delta seconds or an HTTP date) as milliseconds from now; undefined when absent or bad. */
export const retryAfterMillis = (value: string | undefined, now: number): number | undefined => {
  if (value === undefined || value.trim() === "") return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Statuses worth retrying when the request is idempotent: the server may not have done the work. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([500, 502, 503, 504])
