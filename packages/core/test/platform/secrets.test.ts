import { Effect, Logger, LogLevel } from "effect"
import { describe, expect, it } from "vitest"
import { saveHarborLogin, saveInspireLogin } from "../../src/auth/save.js"
import { Session } from "../../src/auth/session.js"
import { Platform } from "../../src/platform/client.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"

const emu = useEmulator()

describe("secrets", () => {
  it("never appear in a log line or an error, whatever goes wrong", async () => {
    const lines: string[] = []
    const capture = Logger.make(({ message }) => {
      lines.push(typeof message === "string" ? message : JSON.stringify(message))
    })
    const outcomes: unknown[] = []
    const exit = await profileFor(emu.current).run(
      Effect.gen(function* () {
        const p = yield* Platform
        const session = yield* Session
        const token = yield* session.token
        const cookies = yield* session.cookies
        emu.current.control.faults.set({ errorRate: 0.2, resetRate: 0.1 })
        for (let i = 0; i < 20; i++) {
          if (i % 5 === 0) emu.current.control.auth.expireSessions()
          outcomes.push(yield* Effect.either(p.v2("user", "GetUserDetail", {}, { idempotent: true })))
          outcomes.push(yield* Effect.either(p.v2("train", "CreateJob", { name: "x" }, { idempotent: false })))
        }
        emu.current.control.faults.reset()
        outcomes.push(yield* Effect.either(saveInspireLogin(emu.current.demo.username, "Wrong-Secret-42")))
        outcomes.push(yield* Effect.either(saveHarborLogin("sj", "robot$x", "Harbor-Secret-77")))
        return { token, cookieValues: Object.values(cookies) }
      }).pipe(Effect.provide(Logger.replace(Logger.defaultLogger, capture)), Logger.withMinimumLogLevel(LogLevel.All)),
    )
    expect(exit._tag).toBe("Success")
    if (exit._tag !== "Success") return
    expect(lines.length).toBeGreaterThan(0)
    const text = `${lines.join("\n")}\n${JSON.stringify(outcomes)}`
    const secrets = [
      emu.current.demo.password,
      "Wrong-Secret-42",
      "Harbor-Secret-77",
      exit.value.token,
      ...exit.value.cookieValues,
    ]
    for (const secret of secrets) expect(text).not.toContain(secret)
  }, 60_000)
})
