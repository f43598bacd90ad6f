// Files the store trusts (store/trust.ts): only the user's own, writable by nobody else, in folders
// that are the same from the store's top folder down. "Another user" is a chown to uid 4242, which
// needs root; these tests run as root in CI and are skipped (saying why) elsewhere.
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { cacheFileOf, readCacheFile, writeCacheFile } from "../../src/api/resources/cache-file.js"
import type { InspireError } from "../../src/errors.js"
import { resolveStorePaths } from "../../src/store/paths.js"
import { Store } from "../../src/store/store.js"
import { FOLDER_MEMO_MS, trustIssue } from "../../src/store/trust.js"
import { renderWords } from "../../src/words/render.js"

const OTHER_UID = 4242
const isRoot = process.getuid?.() === 0
const asRoot = it.skipIf(!isRoot)
if (!isRoot) console.warn("trust.test.ts: planting files of another user needs root (chown); those tests are skipped")

const freshHome = () => mkdtempSync(join(tmpdir(), "inspire-trust-"))
const failure = async <A>(home: string, program: Effect.Effect<A, InspireError, Store>): Promise<InspireError> => {
  const exit = await Effect.runPromiseExit(Effect.provide(program, Store.layer({ INSPIRE_HOME: home })))
  if (Exit.isSuccess(exit)) throw new Error(`expected a failure, got ${JSON.stringify(exit.value)}`)
  const cause = exit.cause
  if (cause._tag !== "Fail") throw new Error(`expected a typed failure, got ${String(cause)}`)
  return cause.error
}
const readConfig = Effect.flatMap(Store, (s) => s.readConfig)
const readCredentials = Effect.flatMap(Store, (s) => s.readCredentials)
const readSession = Effect.flatMap(Store, (s) => s.readSession("default"))
const setProfile = Effect.flatMap(Store, (s) => s.updateConfig((c) => Effect.succeed({ ...c, currentProfile: "b" })))

// Written as the store writes them (0600 files in 0700 folders), but not through it: the store
// remembers a folder it found trusted for a second, and these tests change folders at once.
const populated = () => {
  const home = freshHome()
  const paths = resolveStorePaths({ INSPIRE_HOME: home })
  mkdirSync(paths.configDir, { recursive: true, mode: 0o700 })
  mkdirSync(paths.sessionsDir, { recursive: true, mode: 0o700 })
  const write = (file: string, data: unknown) => writeFileSync(file, JSON.stringify(data), { mode: 0o600 })
  write(paths.configFile, { version: 1, currentProfile: "a", profiles: {} })
  write(paths.credentialsFile, {
    version: 1,
    profiles: { a: { inspire: { username: "u", password: "hunter2" }, harbor: {} } },
  })
  write(join(paths.sessionsDir, "default.json"), { version: 1, token: { value: "t0k3n", expiresAt: 1 } })
  return { home, paths }
}

describe("the trust rule", () => {
  const stats = (uid: number, mode: number, kind: "file" | "folder") => ({
    uid,
    mode,
    isFile: () => kind === "file",
    isDirectory: () => kind === "folder",
  })

  it("accepts the user's own file or folder that only the user can write", () => {
    expect(trustIssue("/h/config.json", stats(1000, 0o100600, "file"), "file", 1000)).toBeUndefined()
    expect(trustIssue("/h", stats(1000, 0o40755, "folder"), "folder", 1000)).toBeUndefined()
  })

  it("refuses another owner, group or other write access, and the wrong kind, each with its fix", () => {
    expect(trustIssue("/h/c.json", stats(4242, 0o100600, "file"), "file", 1000)).toMatchObject({
      message: "/h/c.json belongs to uid 4242, not to you (uid 1000), so inspire does not use it.",
      hint: expect.stringContaining("sudo chown $USER /h/c.json"),
    })
    expect(trustIssue("/h/c.json", stats(1000, 0o100620, "file"), "file", 1000)?.message).toContain("group (mode 0620)")
    expect(trustIssue("/h", stats(1000, 0o40757, "folder"), "folder", 1000)?.hint).toContain("chmod go-w /h")
    expect(trustIssue("/my home", stats(1000, 0o40777, "folder"), "folder", 1000)?.hint).toContain(
      "chmod go-w '/my home'",
    )
    expect(trustIssue("/h/c.json", stats(1000, 0o40700, "folder"), "file", 1000)?.message).toContain(
      "not a regular file",
    )
  })

  it("is skipped where there are no uids (Windows)", () => {
    expect(trustIssue("/h/c.json", stats(4242, 0o100666, "file"), "file", undefined)).toBeUndefined()
  })
})

describe("the store refuses files it cannot trust", () => {
  asRoot("a config.json planted by another user, naming it and the fix", async () => {
    const { home, paths } = populated()
    chownSync(paths.configFile, OTHER_UID, OTHER_UID)
    const error = await failure(home, readConfig)
    expect(error.reason).toBe("StoreError")
    expect(error.message).toContain(paths.configFile)
    expect(error.message).toContain("uid 4242")
    expect(renderWords(error.hint, "mcp")).toContain(`chown $USER ${paths.configFile}`)
    // Not replaced behind the user's back either: an update fails the same way.
    expect((await failure(home, setProfile)).message).toContain(paths.configFile)
    expect(statSync(paths.configFile).uid).toBe(OTHER_UID)
  })

  it("a config.json writable by group or others", async () => {
    for (const mode of [0o620, 0o606, 0o666]) {
      const { home, paths } = populated()
      chmodSync(paths.configFile, mode)
      const error = await failure(home, readConfig)
      expect(error.message).toContain(paths.configFile)
      expect(error.message).toContain(`mode 0${mode.toString(8)}`)
      expect(renderWords(error.hint, "mcp")).toContain(`chmod go-w ${paths.configFile}`)
    }
  })

  asRoot("credentials and session files of another user", async () => {
    const { home, paths } = populated()
    chownSync(paths.credentialsFile, OTHER_UID, OTHER_UID)
    const session = join(paths.sessionsDir, "default.json")
    chownSync(session, OTHER_UID, OTHER_UID)
    expect((await failure(home, readCredentials)).message).toContain(paths.credentialsFile)
    const error = await failure(home, readSession)
    expect(error.message).toContain(session)
    // The message says whose file it is, never what is in it.
    expect(JSON.stringify(error)).not.toContain("t0k3n")
  })

  it("everything under an INSPIRE_HOME that others can write, and writes nothing there", async () => {
    const { home } = populated()
    chmodSync(home, 0o777)
    const reads: ReadonlyArray<Effect.Effect<unknown, InspireError, Store>> = [readConfig, readCredentials, readSession]
    for (const program of reads) {
      const error = await failure(home, program)
      expect(renderWords(error.message, "library")).toBe(
        `${home} can be written by group and others (mode 0777), so inspire does not use it.`,
      )
      expect(renderWords(error.hint, "mcp")).toContain(`chmod go-w ${home}`)
    }
    expect((await failure(home, setProfile)).message).toContain(home)
    // A fresh home that is open to others gets no folders created in it.
    const open = freshHome()
    chmodSync(open, 0o775)
    expect((await failure(open, setProfile)).message).toContain(`${open} can be written by group`)
    expect(readdirSync(open)).toEqual([])
  })

  it("a folder between INSPIRE_HOME and the file", async () => {
    const { home, paths } = populated()
    chmodSync(paths.sessionsDir, 0o770)
    expect((await failure(home, readSession)).message).toContain(`${paths.sessionsDir} can be written by group`)
    // Other folders are unaffected.
    await Effect.runPromise(Effect.provide(readConfig, Store.layer({ INSPIRE_HOME: home })))
  })

  asRoot("a lock file planted by another user, at once rather than after the lock's timeout", async () => {
    const home = freshHome()
    const paths = resolveStorePaths({ INSPIRE_HOME: home })
    mkdirSync(paths.locksDir, { recursive: true, mode: 0o700 })
    const lock = join(paths.locksDir, "config.lock")
    writeFileSync(lock, "1 cafe", { mode: 0o600 })
    chownSync(lock, OTHER_UID, OTHER_UID)
    const started = Date.now()
    const error = await failure(home, setProfile)
    expect(error.message).toContain(lock)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it("notices a folder opened up while the store is in use (a long-running server), within a second", async () => {
    const { home } = populated()
    const exit = await Effect.runPromiseExit(
      Effect.provide(
        Effect.gen(function* () {
          const store = yield* Store
          yield* store.readConfig
          chmodSync(home, 0o770)
          yield* Effect.sleep(FOLDER_MEMO_MS + 100)
          return yield* Effect.flip(store.readConfig)
        }),
        Store.layer({ INSPIRE_HOME: home }),
      ),
    )
    expect(exit).toMatchObject({
      _tag: "Success",
      value: { message: expect.stringContaining(`${home} can be written`) },
    })
  })

  it("reads its own files as before", async () => {
    const { home } = populated()
    const config = await Effect.runPromise(Effect.provide(readConfig, Store.layer({ INSPIRE_HOME: home })))
    expect(config.currentProfile).toBe("a")
  })
})

describe("the kept resource cache", () => {
  // A kept entry as cache-file.ts writes it (see `populated` for why not through it).
  const keep = (home: string) => {
    const file = cacheFileOf({ INSPIRE_HOME: home }, `${home}|default|http://127.0.0.1:1|u`)
    mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 })
    const entry = { expires: Date.now() + 60_000, value: { id: "user-1" }, ids: ["user-1"] }
    writeFileSync(file, JSON.stringify({ v: 1, entries: { user: entry } }), { mode: 0o600 })
    return file
  }

  it("is used when it is the user's own", () => {
    expect(readCacheFile(keep(freshHome()), Date.now()).size).toBe(1)
  })

  asRoot("is not used when another user owns the file", () => {
    const file = keep(freshHome())
    chownSync(file, OTHER_UID, OTHER_UID)
    expect(readCacheFile(file, Date.now()).size).toBe(0)
  })

  it("is neither used nor written in a folder others can write", () => {
    const home = freshHome()
    const file = keep(home)
    const folder = join(home, "cache", "resources")
    chmodSync(folder, 0o777)
    expect(readCacheFile(file, Date.now()).size).toBe(0)
    const before = statSync(file).mtimeMs
    writeCacheFile(file, new Map([["user", { expires: Date.now() + 60_000, value: { id: "x" }, ids: ["x"] }]]))
    expect(statSync(file).mtimeMs).toBe(before)
    expect(existsSync(file)).toBe(true)
  })
})
