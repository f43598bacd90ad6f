// The lock's waiting is timed by Effect's Clock (and its jitter drawn from Random), so a test clock drives
// its timeout: here a minute-long wait ends without a minute passing.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { it } from "@effect/vitest"
import { Effect, Exit, Fiber, TestClock } from "effect"
import { describe, expect } from "vitest"
import { withFileLock } from "../../src/store/lock.js"

describe("file lock timing", () => {
  it.scoped("gives up on a held lock when the clock, not the wall, says the timeout has passed", () =>
    Effect.gen(function* () {
      const path = join(mkdtempSync(join(tmpdir(), "inspire-lock-clock-")), "locks", "held.lock")
      yield* withFileLock(path)
      const waiting = yield* Effect.fork(Effect.scoped(withFileLock(path, { timeout: "60 seconds" })))
      const started = Date.now()
      // Each step lets the waiter's file checks (real I/O) finish before its next sleep is due.
      while ((yield* Fiber.poll(waiting))._tag === "None") {
        yield* TestClock.adjust("1 second")
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 2)))
      }
      const exit = yield* Fiber.await(waiting)
      expect(Exit.isFailure(exit)).toBe(true)
      expect(JSON.stringify(exit)).toContain("for over 60 s")
      expect(Date.now() - started).toBeLessThan(20_000)
    }),
  )
})
