import { it } from "@effect/vitest"
import { Clock, Effect, Fiber, TestClock } from "effect"
import { describe, expect } from "vitest"
import { makeRateLimiter, processRateLimiter } from "../../src/platform/rate-limit.js"
import { backoffMillis, retryAfterMillis } from "../../src/platform/retry.js"

describe("rate limiter", () => {
  it.effect("lets a burst through, then spaces requests at the rate", () =>
    Effect.gen(function* () {
      const limiter = makeRateLimiter({ perSecond: 3, burst: 3 })
      const times: number[] = []
      const fiber = yield* Effect.fork(
        Effect.forEach(
          Array.from({ length: 9 }),
          () =>
            Effect.zipRight(
              limiter.take,
              Effect.flatMap(Clock.currentTimeMillis, (t) => Effect.sync(() => times.push(t))),
            ),
          { concurrency: "unbounded" },
        ),
      )
      yield* TestClock.adjust("5 seconds")
      yield* Fiber.join(fiber)
      const sorted = [...times].sort((a, b) => a - b)
      expect(sorted.slice(0, 3)).toEqual([0, 0, 0])
      expect(sorted.at(-1)).toBe(2000)
      expect(sorted.filter((t) => t <= 1000)).toHaveLength(6)
    }),
  )

  it("is shared per process for the same limit", () => {
    expect(processRateLimiter({ perSecond: 3, burst: 3 })).toBe(processRateLimiter({ perSecond: 3, burst: 3 }))
    expect(processRateLimiter({ perSecond: 5, burst: 1 })).not.toBe(processRateLimiter({ perSecond: 3, burst: 3 }))
  })
})

describe("retry timing", () => {
  it("backs off exponentially with jitter, up to the cap", () => {
    const policy = { attempts: 5, baseDelay: "100 millis", maxDelay: "1 second" } as const
    expect(backoffMillis(policy, 1, () => 0)).toBe(50)
    expect(backoffMillis(policy, 1, () => 1)).toBe(100)
    expect(backoffMillis(policy, 3, () => 1)).toBe(400)
    expect(backoffMillis(policy, 10, () => 1)).toBe(1000)
  })

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMillis("2", 0)).toBe(2000)
    expect(retryAfterMillis(new Date(10_000).toUTCString(), 4_000)).toBe(6000)
    expect(retryAfterMillis("soon", 0)).toBeUndefined()
    expect(retryAfterMillis(undefined, 0)).toBeUndefined()
  })
})
