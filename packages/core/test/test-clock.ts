import { Chunk, Effect, Fiber, Option, TestClock, TestContext } from "effect"

/** How far ahead a wake-up may be and still count as the program's own pause, not a far timeout. */
const HORIZON_MS = 1000

/**
 * Runs a program on Effect's TestClock, starting at `startMs`, and moves the clock only to the
 * program's own wake-ups (a poll's pause, a lock's retry, a timeout around it) and only while it
 * sleeps, never while a request or a file operation is under way: however slow the machine, the
 * program sees the same times. `onAdvance` hears each step (to move the emulator's clock with it).
 */
export const onTestClock = <A, E, R>(
  program: Effect.Effect<A, E, R>,
  options: {
    readonly startMs?: number
    readonly onAdvance?: (ms: number) => void
    /** How far ahead a wake-up may be (default HORIZON_MS): longer for a program that pauses longer. */
    readonly horizonMs?: number
  } = {},
): Effect.Effect<A, E, R> =>
  Effect.provide(
    Effect.gen(function* () {
      if (options.startMs !== undefined) yield* TestClock.setTime(options.startMs)
      const fiber = yield* Effect.fork(program)
      for (;;) {
        const exit = yield* Fiber.poll(fiber)
        if (Option.isSome(exit)) return yield* exit.value
        const now = yield* TestClock.currentTimeMillis
        const next = Chunk.reduce(yield* TestClock.sleeps(), Number.POSITIVE_INFINITY, (m, t) => Math.min(m, t))
        if (next - now <= (options.horizonMs ?? HORIZON_MS)) {
          options.onAdvance?.(next - now)
          yield* TestClock.adjust(next - now)
        } else yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 2)))
      }
    }),
    TestContext.TestContext,
  )
