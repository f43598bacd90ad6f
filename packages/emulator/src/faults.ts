import { type AnswerFault, answerKeys } from "./answers.js"

export type SurfaceMode = "InvalidAction" | "404" | "AccessForbidden"

export interface FaultConfig {
  latencyMs: number
  jitterMs: number
  /** Fractions 0–1 of requests answered with a 5xx, a connection reset, or a 429. */
  errorRate: number
  errorStatus: number
  resetRate: number
  /** The next this many requests are reset, whatever the rates: a dropped connection at an exact point. */
  resetNext: number
  rate429: number
  /**
   * Fraction of requests that are carried out and whose answer is then lost (the connection is reset,
   * or a 504 comes back when `lostAnswerMode` is "504"): the case that makes a create ambiguous.
   */
  lostAnswerRate: number
  lostAnswerMode: "reset" | "504"
  /** Seconds sent as `Retry-After` with a 429; null sends none. */
  retryAfterSeconds: number | null
  /**
   * The gateway's rate limiter: a token bucket per account (the token's or the session's user; an
   * anonymous request by its client address), on the API gateway's paths only (`/auth/token`,
   * `/openapi/…`, `/api/v1/…`, `/api/v2/…`); `burst` requests at once, refilled at `rps`.
   */
  limiter: { enabled: boolean; rps: number; burst: number }
  /**
   * Answers spoiled after the request was carried out (truncated, empty, wrong type, a login page or a
   * JSON error, all with status 200), per surface key as in `surfaces`; `*` covers every API surface.
   */
  answers: Record<string, AnswerFault>
  /**
   * How far the platform's clock is ahead of the host's (ms, negative: behind). The `Date` header and
   * every timestamp the platform writes move with it; the clients' clocks do not.
   */
  clockOffsetMs: number
  /** Keys like `v2:train.ListJobs`, `v2:train.*`, `v1:POST /api/v1/train_job/list`, `oa:/openapi/v1/train_job/create`. */
  surfaces: Record<string, SurfaceMode>
  /**
   * Platform seconds after a notebook turns RUNNING during which its Jupyter server still answers 503
   * (§4.17: RUNNING comes before Jupyter is ready).
   */
  jupyterStartupSeconds: number
  /** The gateway's habit: close every terminal WebSocket this many ms after it connects (null: never). */
  terminalSocketDropMs: number | null
  /**
   * Seed of the generator that draws every injected fault: the same requests in the same order meet the
   * same faults, so a test that fails under faults fails again when run again. Setting it restarts the draw.
   */
  seed: number
}

export interface LimiterOptions {
  rps?: number
  burst?: number
}

const defaultFaults = (realistic = false, limits: LimiterOptions = {}): FaultConfig => ({
  latencyMs: 0,
  jitterMs: 0,
  errorRate: 0,
  errorStatus: 502,
  resetRate: 0,
  resetNext: 0,
  rate429: 0,
  lostAnswerRate: 0,
  lostAnswerMode: "reset",
  retryAfterSeconds: 1,
  limiter: { enabled: realistic, rps: limits.rps ?? 3, burst: limits.burst ?? 3 },
  answers: {},
  clockOffsetMs: 0,
  surfaces: {},
  jupyterStartupSeconds: 2,
  terminalSocketDropMs: null,
  seed: 1,
})

/** A small seeded generator (mulberry32): uniform numbers in [0, 1), the same sequence for the same seed. */
export const seeded = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type FaultOutcome = "pass" | "error" | "reset" | "throttle"

/** Latency, injected failures and the gateway's rate limiter. Admin routes never come through here. */
export class Faults {
  config: FaultConfig
  /** Draws every injected fault; restarted from `config.seed` on reset and when the seed is set. */
  random: () => number
  /** One token bucket per account (or anonymous client address), created full on first use. */
  private readonly buckets = new Map<string, { tokens: number; last: number }>()
  /** Requests seen per spoiled-answer key since the answers were last set (for `after`). */
  private readonly spoilSeen = new Map<string, number>()

  constructor(
    private readonly realistic: boolean,
    private readonly limits: LimiterOptions = {},
  ) {
    this.config = defaultFaults(realistic, limits)
    this.random = seeded(this.config.seed)
  }

  reset(): void {
    this.config = defaultFaults(this.realistic, this.limits)
    this.random = seeded(this.config.seed)
    this.buckets.clear()
    this.spoilSeen.clear()
  }

  update(patch: Partial<FaultConfig>): FaultConfig {
    this.config = {
      ...this.config,
      ...patch,
      limiter: { ...this.config.limiter, ...(patch.limiter ?? {}) },
      surfaces: patch.surfaces ?? this.config.surfaces,
      answers: patch.answers ?? this.config.answers,
    }
    for (const b of this.buckets.values()) b.tokens = Math.min(b.tokens, this.config.limiter.burst)
    if (patch.answers !== undefined) this.spoilSeen.clear()
    if (patch.seed !== undefined) this.random = seeded(patch.seed)
    return this.config
  }

  async delay(): Promise<void> {
    const { latencyMs, jitterMs } = this.config
    const ms = latencyMs + (jitterMs > 0 ? this.random() * jitterMs : 0)
    if (ms > 0) await new Promise((r) => setTimeout(r, ms))
  }

  /** The injected faults, then the limiter for `limitKey` (an account; none: a path the limiter does not cover). */
  decide(limitKey?: string): FaultOutcome {
    const c = this.config
    if (c.resetNext > 0) {
      this.config = { ...c, resetNext: c.resetNext - 1 }
      return "reset"
    }
    if (c.resetRate > 0 && this.random() < c.resetRate) return "reset"
    if (c.errorRate > 0 && this.random() < c.errorRate) return "error"
    if (c.rate429 > 0 && this.random() < c.rate429) return "throttle"
    return limitKey === undefined || this.take(limitKey) ? "pass" : "throttle"
  }

  /** Whether this request's answer will be lost after it is carried out. */
  loseAnswer(): boolean {
    return this.config.lostAnswerRate > 0 && this.random() < this.config.lostAnswerRate
  }

  /** The spoiled-answer fault that hits this request (by its surface key), if any. */
  spoil(key: string): AnswerFault | undefined {
    for (const k of answerKeys(key)) {
      const fault = this.config.answers[k]
      if (fault === undefined) continue
      const seen = (this.spoilSeen.get(k) ?? 0) + 1
      this.spoilSeen.set(k, seen)
      if (seen <= (fault.after ?? 0)) return undefined
      return fault.rate > 0 && this.random() < fault.rate ? fault : undefined
    }
    return undefined
  }

  surface(keys: string[]): SurfaceMode | undefined {
    for (const k of keys) {
      const mode = this.config.surfaces[k]
      if (mode) return mode
    }
    return undefined
  }

  /** The account's token bucket: `burst` requests at once, refilled at `rps`. */
  private take(key: string): boolean {
    const { enabled, rps, burst } = this.config.limiter
    if (!enabled) return true
    const now = Date.now()
    const b = this.buckets.get(key) ?? { tokens: burst, last: now }
    b.tokens = Math.min(burst, b.tokens + ((now - b.last) / 1000) * rps)
    b.last = now
    this.buckets.set(key, b)
    if (b.tokens < 1) return false
    b.tokens -= 1
    return true
  }
}
