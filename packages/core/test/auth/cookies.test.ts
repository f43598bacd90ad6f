import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { cookieHeader, cookieHeaderOf, sameCookies, storeCookies } from "../../src/auth/cookies.js"
import { Session } from "../../src/auth/session.js"
import { Transport } from "../../src/platform/transport.js"
import { Store } from "../../src/store/store.js"
import { useEmulator } from "../emulator.js"

const emu = useEmulator()

describe("cookie jars", () => {
  const url = "https://qz.example/login"
  const expires = new Date(Date.UTC(2030, 0, 1)).toUTCString()

  it("judge an Expires date by the time they are given, not the machine's", () => {
    const line = `SESSION=abc; Path=/; Expires=${expires}`
    const before = storeCookies({}, url, [line], Date.UTC(2029, 0, 1))
    const after = storeCookies({}, url, [line], Date.UTC(2031, 0, 1))
    expect(before["qz.example"]).toEqual({ SESSION: "abc" })
    expect(after["qz.example"]).toEqual({})
  })

  it("turn a host's cookies into a header in one place, and compare them by content", () => {
    const jar = storeCookies({}, url, ["a=1", "b=x=y"], 0)
    expect(cookieHeader(jar, url)).toBe("a=1; b=x=y")
    expect(cookieHeaderOf({})).toBe("")
    expect(cookieHeader(storeCookies({}, url, ["a=1; Max-Age=0"], 0), url)).toBeUndefined()
    expect(sameCookies({ a: "1", b: "2" }, { b: "2", a: "1" })).toBe(true)
    expect(sameCookies({ a: "1" }, { a: "1", b: "2" })).toBe(false)
    expect(sameCookies({ a: "1" }, { a: "2" })).toBe(false)
  })
})

describe("the session's cookies", () => {
  it("are the jar the session keeps, as the store holds it", async () => {
    const env = { INSPIRE_HOME: mkdtempSync(join(tmpdir(), "inspire-cookies-")) }
    const layer = Layer.provideMerge(
      Session.layer({ profile: "default", baseUrl: emu.current.url, env }),
      Layer.mergeAll(Store.layer(env), Transport.layer({ proxy: { env: {} } })),
    )
    const { username, password } = emu.current.demo
    const exit = await Effect.runPromiseExit(
      Effect.scoped(
        Effect.provide(
          Effect.gen(function* () {
            const store = yield* Store
            yield* store.updateCredentials((c) =>
              Effect.succeed({ ...c, profiles: { default: { inspire: { username, password }, harbor: {} } } }),
            )
            const cookies = yield* Effect.flatMap(Session, (s) => s.cookies)
            return { cookies, stored: (yield* store.readSession("default")).cookies?.jar }
          }),
          layer,
        ),
      ),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    if (!Exit.isSuccess(exit)) return
    expect(Object.keys(exit.value.cookies).some((k) => k.toLowerCase().includes("session"))).toBe(true)
    expect(exit.value.cookies).toEqual(exit.value.stored)
  })
})
