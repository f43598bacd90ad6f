import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { it as effectIt } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { resolveStorePaths } from "../../src/store/paths.js"
import { Store } from "../../src/store/store.js"

const freshHome = () => mkdtempSync(join(tmpdir(), "inspire-store-"))
const run = <A, E>(home: string, program: Effect.Effect<A, E, Store>) =>
  Effect.runPromise(Effect.provide(program, Store.layer({ INSPIRE_HOME: home })))
const runExit = <A, E>(home: string, program: Effect.Effect<A, E, Store>) =>
  Effect.runPromiseExit(Effect.provide(program, Store.layer({ INSPIRE_HOME: home })))
const mode = (path: string) => statSync(path).mode & 0o777

const saveCredentials = Effect.flatMap(Store, (s) =>
  s.updateCredentials((c) =>
    Effect.succeed({
      ...c,
      profiles: { default: { inspire: { username: "u1", password: "p@ss" }, harbor: {} } },
    }),
  ),
)

describe("resolveStorePaths", () => {
  it("uses INSPIRE_HOME, else the XDG folders, else ~/.config and ~/.cache", () => {
    expect(resolveStorePaths({ INSPIRE_HOME: "/h" }, "/home/u").credentialsFile).toBe("/h/config/credentials.json")
    expect(resolveStorePaths({ XDG_CONFIG_HOME: "/x", XDG_CACHE_HOME: "/c" }, "/home/u")).toMatchObject({
      configFile: "/x/holos-inspire/config.json",
      sessionsDir: "/c/holos-inspire/sessions",
    })
    expect(resolveStorePaths({}, "/home/u").configDir).toBe("/home/u/.config/holos-inspire")
  })
})

describe("Store", () => {
  it("starts empty and writes credentials with mode 0600 in 0700 folders", async () => {
    const home = freshHome()
    const before = await run(
      home,
      Effect.flatMap(Store, (s) => s.readCredentials),
    )
    expect(before.profiles).toEqual({})
    await run(home, saveCredentials)
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    expect(mode(paths.credentialsFile)).toBe(0o600)
    expect(mode(paths.configDir)).toBe(0o700)
    const after = await run(
      home,
      Effect.flatMap(Store, (s) => s.readCredentials),
    )
    expect(after.profiles.default?.inspire?.username).toBe("u1")
  })

  it("keeps session files private too", async () => {
    const home = freshHome()
    await run(
      home,
      Effect.flatMap(Store, (s) =>
        s.updateSession("default", (x) => Effect.succeed({ ...x, token: { value: "t0k3n", expiresAt: 1 } })),
      ),
    )
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    expect(mode(join(paths.sessionsDir, "default.json"))).toBe(0o600)
    expect(mode(paths.sessionsDir)).toBe(0o700)
  })

  it("reports a truncated file with its path and a fix, and never overwrites it", async () => {
    const home = freshHome()
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    mkdirSync(paths.configDir, { recursive: true })
    const damaged = '{"version":1,"currentProfile":"default","profiles":{"a":{"defa'
    writeFileSync(paths.configFile, damaged)
    const exit = await runExit(
      home,
      Effect.flatMap(Store, (s) => s.updateConfig((c) => Effect.succeed({ ...c, currentProfile: "b" }))),
    )
    expect(Exit.isFailure(exit)).toBe(true)
    const error = JSON.stringify(exit)
    expect(error).toContain(paths.configFile)
    expect(error).toContain("not valid JSON")
    expect(error).toContain(".bak")
    expect(readFileSync(paths.configFile, "utf8")).toBe(damaged)
  })

  it("sees every change another process makes to a file it has read, damage included", async () => {
    const home = freshHome()
    await run(home, saveCredentials)
    const file = resolveStorePaths({ INSPIRE_HOME: home }).credentialsFile
    const read = Effect.flatMap(Store, (s) => s.readCredentials)
    const first = await run(home, read)
    expect(await run(home, read)).toEqual(first)
    // Another process replaces the file: same length, other content.
    writeFileSync(file, readFileSync(file, "utf8").replace('"u1"', '"u2"'))
    expect((await run(home, read)).profiles.default?.inspire?.username).toBe("u2")
    writeFileSync(file, "{ truncated")
    expect(JSON.stringify(await runExit(home, read))).toContain("is damaged")
    // What was read earlier cannot be changed behind the store's back.
    expect(() => {
      ;(first.profiles as Record<string, unknown>).intruder = {}
    }).toThrow(TypeError)
  })

  it("reports a file of the wrong shape, naming the field, without echoing secrets", async () => {
    const home = freshHome()
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    mkdirSync(paths.configDir, { recursive: true })
    writeFileSync(
      paths.credentialsFile,
      JSON.stringify({ version: 1, profiles: { a: { inspire: { username: "u", password: 42, secret: "hunter2" } } } }),
    )
    const exit = await runExit(
      home,
      Effect.flatMap(Store, (s) => s.readCredentials),
    )
    const text = JSON.stringify(exit)
    expect(text).toContain("profiles.a.inspire.password")
    expect(text).not.toContain("hunter2")
  })

  it("rejects invalid profile names before touching the disk", async () => {
    const home = freshHome()
    const exit = await runExit(
      home,
      Effect.flatMap(Store, (s) => s.readSession("../etc")),
    )
    expect(JSON.stringify(exit)).toContain("not a valid profile name")
    expect(existsSync(join(home, "etc.json"))).toBe(false)
  })
})

describe("Store.withLock", () => {
  effectIt.live("serialises holders within a process", () =>
    Effect.gen(function* () {
      const store = yield* Store
      const events: string[] = []
      const holder = (id: string) =>
        store.withLock(
          "login-default",
          Effect.gen(function* () {
            events.push(`${id}+`)
            yield* Effect.sleep("20 millis")
            events.push(`${id}-`)
          }),
        )
      yield* Effect.all([holder("a"), holder("b"), holder("c")], { concurrency: "unbounded" })
      for (let i = 0; i < events.length; i += 2) expect(events[i]?.[0]).toBe(events[i + 1]?.[0])
    }).pipe(Effect.provide(Store.layer({ INSPIRE_HOME: freshHome() }))),
  )

  effectIt.live("breaks a lock left by a dead process", () =>
    Effect.gen(function* () {
      const home = freshHome()
      const paths = resolveStorePaths({ INSPIRE_HOME: home })
      mkdirSync(paths.locksDir, { recursive: true })
      writeFileSync(join(paths.locksDir, "x.lock"), "999999999 deadbeef")
      const store = yield* Effect.provide(Store, Store.layer({ INSPIRE_HOME: home }))
      const result = yield* store.withLock("x", Effect.succeed("got it"), { timeout: "2 seconds" })
      expect(result).toBe("got it")
    }),
  )

  effectIt.live("times out behind a live holder with a message naming it", () =>
    Effect.gen(function* () {
      const home = freshHome()
      const paths = resolveStorePaths({ INSPIRE_HOME: home })
      mkdirSync(paths.locksDir, { recursive: true })
      writeFileSync(join(paths.locksDir, "y.lock"), `${process.pid} cafe`)
      const store = yield* Effect.provide(Store, Store.layer({ INSPIRE_HOME: home }))
      const error = yield* Effect.flip(store.withLock("y", Effect.void, { timeout: "150 millis" }))
      expect(error).toMatchObject({ reason: "StoreError" })
      expect((error as { message: string }).message).toContain(`pid ${process.pid}`)
    }),
  )
})
