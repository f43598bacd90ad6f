import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit, Layer } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { Session } from "../../src/auth/session.js"
import { Platform } from "../../src/platform/client.js"
import { Transport } from "../../src/platform/transport.js"
import { Store } from "../../src/store/store.js"
import { useEmulator } from "../emulator.js"

const emu = useEmulator()

const saveLogin = (username: string, password: string) =>
  Effect.flatMap(Store, (s) =>
    s.updateCredentials((c) =>
      Effect.succeed({ ...c, profiles: { ...c.profiles, default: { inspire: { username, password }, harbor: {} } } }),
    ),
  )

const setup = (home: string) => {
  const env = { INSPIRE_HOME: home }
  const base = Layer.mergeAll(
    Store.layer(env),
    Transport.layer({
      rateLimit: { perSecond: 1000, burst: 1000 },
      retry: { attempts: 2, baseDelay: "1 millis", maxDelay: "2 millis" },
      proxy: { env: {} },
    }),
  )
  const session = Session.layer({ profile: "default", baseUrl: emu.current.url, env })
  return Layer.provideMerge(Platform.layer, Layer.provideMerge(session, base))
}

const run = <A, E>(home: string, program: Effect.Effect<A, E, Platform | Session | Store | Transport>) =>
  Effect.runPromiseExit(Effect.scoped(Effect.provide(program, setup(home))))

let home = ""
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "inspire-client-"))
  emu.current.control.reset()
  emu.current.control.faults.reset()
  emu.current.control.auth.set({ v2Credential: "both" })
})

const userDetailV2 = Effect.flatMap(Platform, (p) => p.v2("user", "GetUserDetail", {}, { idempotent: true }))
const userDetailV1 = Effect.flatMap(Platform, (p) =>
  p.v1("GET", "user/detail", undefined, { idempotent: true, referer: "/userCenter" }),
)

describe("Platform client against the emulator", () => {
  it("says how to log in when no credentials are saved", async () => {
    const exit = await run(home, userDetailV2)
    expect(JSON.stringify(exit)).toContain("NotLoggedIn")
    expect(JSON.stringify(exit)).toContain("inspire login")
  })

  it("reads V2 with the token and V1 with the session cookie", async () => {
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin(emu.current.demo.username, emu.current.demo.password)
        const v2 = (yield* userDetailV2) as { name?: string }
        const v1 = (yield* userDetailV1) as { extra_info?: { login_name?: string } }
        return { v2, v1 }
      }),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    if (Exit.isSuccess(exit)) {
      expect(exit.value.v2.name).toBeTruthy()
      expect(exit.value.v1.extra_info?.login_name).toBe(emu.current.demo.username)
    }
  })

  it("renews an expired cookie once and repeats the call", async () => {
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin(emu.current.demo.username, emu.current.demo.password)
        yield* userDetailV1
        const before = (yield* Effect.flatMap(Store, (s) => s.readSession("default"))).cookies?.jar
        emu.current.control.auth.advance(1201)
        yield* userDetailV1
        const after = (yield* Effect.flatMap(Store, (s) => s.readSession("default"))).cookies?.jar
        return { before, after }
      }),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    if (Exit.isSuccess(exit)) expect(exit.value.after).not.toEqual(exit.value.before)
  })

  it("recovers from forced expiry of every session and token", async () => {
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin(emu.current.demo.username, emu.current.demo.password)
        yield* userDetailV2
        yield* userDetailV1
        emu.current.control.auth.expireSessions()
        yield* userDetailV2
        yield* userDetailV1
        return yield* Effect.flatMap(Platform, (p) =>
          p
            .openapi("train_job/detail", { job_id: "job-00000000-0000-4000-8000-000000000000" }, { idempotent: true })
            .pipe(Effect.flip),
        )
      }),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    if (Exit.isSuccess(exit)) expect(exit.value).toMatchObject({ _tag: "InspireError" })
  })

  it("moves V2 to the cookie when the gateway refuses tokens, and remembers it", async () => {
    emu.current.control.auth.set({ v2Credential: "cookie" })
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin(emu.current.demo.username, emu.current.demo.password)
        yield* userDetailV2
        return (yield* Effect.flatMap(Store, (s) => s.readSession("default"))).v2Credential
      }),
    )
    expect(exit).toMatchObject({ _tag: "Success", value: "cookie" })
  })

  it("uses the cookie for a CAS-federated account that cannot get a token", async () => {
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin("20250003", "Federated#2026")
        const v2 = yield* userDetailV2
        const oa = yield* Effect.flip(
          Effect.flatMap(Platform, (p) => p.openapi("train_job/detail", { job_id: "job-x" }, { idempotent: true })),
        )
        return { v2, oa }
      }),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    if (Exit.isSuccess(exit))
      expect(exit.value.oa).toMatchObject({ _tag: "SurfaceUnavailable", why: "TokenUnavailable", sent: false })
  })

  it("stops logging in automatically after the password is rejected", async () => {
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin(emu.current.demo.username, "definitely-wrong-1")
        const first = yield* Effect.flip(userDetailV1)
        const second = yield* Effect.flip(userDetailV1)
        return { first, second }
      }),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
    if (Exit.isSuccess(exit)) {
      expect(exit.value.first).toMatchObject({ reason: "CredentialsRejected" })
      expect(exit.value.second).toMatchObject({ reason: "CredentialsRejected" })
      expect((exit.value.second as { message: string }).message).toMatch(/automatic login is off/)
      expect(JSON.stringify(exit)).not.toContain("definitely-wrong-1")
    }
  })

  it("reports InvalidAction and gateway 404 as an unavailable surface for fallbacks", async () => {
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin(emu.current.demo.username, emu.current.demo.password)
        const p = yield* Platform
        const action = yield* Effect.flip(p.v2("train", "NoSuchAction", {}, { idempotent: true }))
        const service = yield* Effect.flip(p.v2("model", "ListModels", {}, { idempotent: true }))
        return { action, service }
      }),
    )
    expect(exit).toMatchObject({
      _tag: "Success",
      value: {
        action: { _tag: "SurfaceUnavailable", why: "InvalidAction" },
        service: { _tag: "SurfaceUnavailable", why: "NotFound" },
      },
    })
  })

  it("maps V1 protobuf validation to InvalidInput with the platform's message", async () => {
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* saveLogin(emu.current.demo.username, emu.current.demo.password)
        const p = yield* Platform
        return yield* Effect.flip(
          p.v1(
            "POST",
            "train_job/list",
            { workspace_id: "ws-x", page_num: 1, page_size: 10, bogus: 1 },
            { idempotent: true },
          ),
        )
      }),
    )
    expect(exit).toMatchObject({ _tag: "Success", value: { reason: "InvalidInput", code: 100002 } })
    expect(JSON.stringify(exit)).toContain("unknown field")
  })
})
