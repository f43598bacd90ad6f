import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { Platform } from "../../src/platform/client.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"

const emu = useEmulator()
afterEach(() => emu.current.control.faults.reset())

describe("reads under injected faults", () => {
  it("succeeds every time with 10% 5xx answers and 5% connection resets", async () => {
    const profile = profileFor(emu.current)
    const exit = await profile.run(
      Effect.gen(function* () {
        const p = yield* Platform
        emu.current.control.faults.set({ errorRate: 0.1, resetRate: 0.05 })
        const calls = Array.from({ length: 60 }, (_, i) =>
          i % 2 === 0
            ? p.v2("user", "GetUserDetail", {}, { idempotent: true })
            : p.v1("GET", "user/detail", undefined, { idempotent: true }),
        )
        return yield* Effect.all(calls, { concurrency: 4 })
      }),
    )
    expect(exit._tag, exit._tag === "Failure" ? JSON.stringify(exit.cause) : "").toBe("Success")
    if (exit._tag === "Success") expect(exit.value).toHaveLength(60)
  }, 60_000)

  it("survives forced session expiry in the middle of faults, logging in again as needed", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const p = yield* Platform
        emu.current.control.faults.set({ errorRate: 0.1, resetRate: 0.05 })
        for (let i = 0; i < 30; i++) {
          if (i % 6 === 3) emu.current.control.auth.expireSessions()
          yield* i % 2 === 0
            ? p.v2("user", "GetUserDetail", {}, { idempotent: true })
            : p.v1("GET", "user/detail", undefined, { idempotent: true })
        }
        return "done"
      }),
    )
    expect(exit, exit._tag === "Failure" ? JSON.stringify(exit.cause) : "").toMatchObject({
      _tag: "Success",
      value: "done",
    })
  }, 60_000)

  it("waits out 429 answers and still succeeds", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const p = yield* Platform
        emu.current.control.faults.set({ rate429: 0.2, retryAfterSeconds: null })
        return yield* Effect.all(
          Array.from({ length: 10 }, () => p.v2("user", "GetUserDetail", {}, { idempotent: true })),
          { concurrency: 2 },
        )
      }),
    )
    expect(exit._tag, exit._tag === "Failure" ? JSON.stringify(exit.cause) : "").toBe("Success")
  }, 60_000)
})
