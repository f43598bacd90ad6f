import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { resolveProfile } from "../../src/layer.js"
import {
  addProfile,
  forgetLogin,
  listProfiles,
  profileEndpoints,
  removeProfile,
  useProfile,
} from "../../src/store/profiles.js"
import { Store } from "../../src/store/store.js"
import { renderWords } from "../../src/words/render.js"

const run = <A, E>(home: string, program: Effect.Effect<A, E, Store>) =>
  Effect.runPromiseExit(Effect.provide(program, Store.layer({ INSPIRE_HOME: home })))

describe("profiles", () => {
  it("adds, lists, switches and removes profiles, credentials included", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-profiles-"))
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* addProfile("lab", { baseUrl: "http://127.0.0.1:4010" })
        yield* Effect.flatMap(Store, (s) =>
          s.updateCredentials((c) =>
            Effect.succeed({ ...c, profiles: { lab: { inspire: { username: "u", password: "p" }, harbor: {} } } }),
          ),
        )
        yield* useProfile("lab")
        const listed = yield* listProfiles()
        yield* removeProfile("lab")
        const after = yield* listProfiles()
        const creds = yield* Effect.flatMap(Store, (s) => s.readCredentials)
        return { listed, after, creds }
      }),
    )
    expect(exit._tag).toBe("Success")
    if (exit._tag !== "Success") return
    expect(exit.value.listed).toEqual([
      { name: "lab", current: true, baseUrl: "http://127.0.0.1:4010", loggedIn: true, harbor: [] },
    ])
    expect(exit.value.after).toEqual([{ name: "default", current: true, loggedIn: false, harbor: [] }])
    expect(exit.value.creds.profiles.lab).toBeUndefined()
    expect(JSON.stringify(exit.value.listed)).not.toContain('"p"')
  })

  it("refuses duplicates, bad names and unknown profiles with the list of known ones", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-profiles-"))
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* addProfile("a")
        const dup = yield* Effect.flip(addProfile("a"))
        const bad = yield* Effect.flip(addProfile("no spaces"))
        const missing = yield* Effect.flip(useProfile("nope"))
        return { dup, bad, missing }
      }),
    )
    expect(exit).toMatchObject({
      _tag: "Success",
      value: {
        dup: { message: expect.stringContaining('The profile "a" already exists.') },
        bad: { reason: "InvalidInput" },
        missing: { candidates: ["a"] },
      },
    })
  })
})

describe("profiles named like Object.prototype members", () => {
  it("are ordinary profiles: created, used and removed; an absent one is unknown, not inherited", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-profiles-"))
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* addProfile("constructor")
        yield* useProfile("constructor")
        const proto = yield* Effect.flip(useProfile("__proto__"))
        const inherited = yield* Effect.flip(removeProfile("toString"))
        const config = yield* Effect.flatMap(Store, (s) => s.readConfig)
        const resolved = yield* resolveProfile(config, { env: {} })
        const missing = yield* Effect.flip(resolveProfile(config, { profile: "valueOf", env: {} }))
        yield* removeProfile("constructor")
        return { proto, inherited, resolved, missing, after: yield* listProfiles() }
      }),
    )
    expect(exit).toMatchObject({
      _tag: "Success",
      value: {
        proto: { message: expect.stringContaining('There is no profile "__proto__".'), candidates: ["constructor"] },
        inherited: { message: expect.stringContaining('There is no profile "toString".') },
        resolved: { name: { value: "constructor" } },
        missing: { message: expect.stringContaining('There is no profile "valueOf".') },
        after: [{ name: "default", current: true }],
      },
    })
  })
})

describe("addProfile", () => {
  it("refuses a base URL that is not a URL, with a hint, and leaves the config as it was", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-profiles-"))
    const exit = await run(
      home,
      Effect.gen(function* () {
        const error = yield* Effect.flip(addProfile("p1", { baseUrl: "not a url" }))
        return { error, after: yield* listProfiles() }
      }),
    )
    expect(exit).toMatchObject({
      _tag: "Success",
      value: {
        error: {
          reason: "InvalidInput",
          message: expect.stringContaining("baseUrl is not valid: Invalid URL."),
        },
        after: [{ name: "default" }],
      },
    })
    if (Exit.isSuccess(exit)) expect(renderWords(exit.value.error.hint, "mcp")).toContain("https://")
  })

  it("refuses a plain-http address off this machine, as login would, and saves nothing; https and loopback pass", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-profiles-"))
    const exit = await run(
      home,
      Effect.gen(function* () {
        const error = yield* Effect.flip(addProfile("prod", { baseUrl: "http://qz.sii.edu.cn/" }))
        yield* addProfile("tls", { baseUrl: "https://qz.sii.edu.cn/" })
        yield* addProfile("emu", { baseUrl: "http://localhost:4010" })
        return { error, after: (yield* listProfiles()).map((p) => p.name).sort() }
      }),
    )
    expect(exit).toMatchObject({
      _tag: "Success",
      value: {
        error: {
          reason: "InvalidInput",
          message: expect.stringContaining("Refusing to send a password to http://qz.sii.edu.cn (from profile prod)"),
        },
        after: ["default", "emu", "tls"],
      },
    })
    if (Exit.isSuccess(exit))
      expect(renderWords(exit.value.error.hint, "mcp")).toContain("Use https://qz.sii.edu.cn instead")
  })
})

describe("forgetLogin", () => {
  it("forgets the platform password and the session, keeping Harbor accounts", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-profiles-"))
    const exit = await run(
      home,
      Effect.gen(function* () {
        const store = yield* Store
        yield* store.updateCredentials((c) =>
          Effect.succeed({
            ...c,
            profiles: {
              default: {
                inspire: { username: "u", password: "p" },
                harbor: { qb: { username: "robot", password: "h" } },
              },
            },
          }),
        )
        yield* store.updateSession("default", (s) => Effect.succeed({ ...s, token: { value: "t", expiresAt: 1 } }))
        const first = yield* forgetLogin("default")
        const second = yield* forgetLogin("default")
        return { first, second, creds: yield* store.readCredentials, session: yield* store.readSession("default") }
      }),
    )
    expect(exit).toMatchObject({
      _tag: "Success",
      value: {
        first: true,
        second: false,
        creds: { profiles: { default: { harbor: { qb: { username: "robot" } } } } },
      },
    })
    if (exit._tag === "Success") {
      expect(exit.value.creds.profiles.default?.inspire).toBeUndefined()
      expect(exit.value.session.token).toBeUndefined()
    }
  })

  it("points a profile at an emulator's platform and Harbor; explicit registry values win", async () => {
    const home = mkdtempSync(join(tmpdir(), "inspire-profiles-"))
    const exit = await run(
      home,
      Effect.gen(function* () {
        yield* addProfile("emu", profileEndpoints({ emulator: "http://127.0.0.1:4010/" }))
        yield* addProfile(
          "own",
          profileEndpoints({ baseUrl: "http://127.0.0.1:4010", registryPush: { sj: "127.0.0.1:5001" } }),
        )
        const config = yield* Effect.flatMap(Store, (s) => s.readConfig)
        return {
          emu: yield* resolveProfile(config, { profile: "emu", env: {} }),
          own: yield* resolveProfile(config, { profile: "own", env: {} }),
        }
      }),
    )
    if (exit._tag !== "Success") throw new Error(String(exit.cause))
    const { emu, own } = exit.value
    expect(emu.baseUrl.value).toBe("http://127.0.0.1:4010")
    expect(emu.registries).toEqual({
      qb: {
        push: "docker-qb.sii.edu.cn",
        display: "docker.sii.shaipower.online",
        api: "http://127.0.0.1:4010/harbor/qb",
      },
      sj: {
        push: "docker-t.sii.edu.cn",
        display: "docker-t.sii.shaipower.online",
        api: "http://127.0.0.1:4010/harbor/sj",
      },
    })
    expect(own.registries.qb.api).toBe("https://docker-qb.sii.edu.cn")
    expect(own.registries.sj).toEqual({
      push: "127.0.0.1:5001",
      display: "docker-t.sii.shaipower.online",
      api: "https://127.0.0.1:5001",
    })
  })
})
