// Locks left behind by processes that died (store/lock.ts): an empty or garbled lock file, or one whose
// holder is gone, is taken over within moments instead of after the 60 s timeout, and safely when
// several processes find it at once. The holders here are real processes (test/fixtures).
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs"
import { hostname, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Clock, Effect } from "effect"
import { describe, expect, it } from "vitest"
import { LOCK_GRACE_MS } from "../../src/store/lock.js"
import { resolveStorePaths } from "../../src/store/paths.js"
import { Store } from "../../src/store/store.js"
import { onTestClock } from "../test-clock.js"

const holder = fileURLToPath(new URL("../fixtures/lock-holder.mjs", import.meta.url))

/** A home whose config lock holds `content`, last touched `ageMs` ago. */
const withLeftLock = (content: string, ageMs = 0) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-lock-"))
  const paths = resolveStorePaths({ INSPIRE_HOME: home })
  mkdirSync(paths.locksDir, { recursive: true, mode: 0o700 })
  const lock = join(paths.locksDir, "config.lock")
  writeFileSync(lock, content, { mode: 0o600 })
  const then = new Date(Date.now() - ageMs)
  utimesSync(lock, then, then)
  return { home, paths, lock }
}

// A config write, which takes the config lock with the default 60 s timeout: how long it waited on the
// lock's clock, a test clock that starts at the wall time (the lock judges ages against file times) and
// moves only with the lock's own pauses, so a busy machine does not lengthen it.
const timedWrite = (home: string): Promise<number> =>
  Effect.runPromise(
    onTestClock(
      Effect.gen(function* () {
        const started = yield* Clock.currentTimeMillis
        yield* Effect.provide(
          Effect.flatMap(Store, (s) => s.updateConfig((c) => Effect.succeed({ ...c, currentProfile: "after" }))),
          Store.layer({ INSPIRE_HOME: home }),
        )
        return (yield* Clock.currentTimeMillis) - started
      }),
      { startMs: Date.now() },
    ),
  )

const run = (args: ReadonlyArray<string>): Promise<{ code: number | null; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [holder, ...args], { stdio: ["ignore", "ignore", "pipe"] })
    let stderr = ""
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, stderr }))
  })

describe("a lock left behind", () => {
  it("empty (its creator was killed before writing its pid) is taken over in moments, not 60 s", async () => {
    const { home, paths } = withLeftLock("")
    const took = await timedWrite(home)
    expect(took).toBeLessThan(5_000)
    expect(JSON.parse(readFileSync(paths.configFile, "utf8")).currentProfile).toBe("after")
    expect(readdirSync(paths.locksDir)).toEqual([])
  })

  it("garbled is taken over in moments too", async () => {
    const { home } = withLeftLock("\u0000\u0000garbage")
    expect(await timedWrite(home)).toBeLessThan(5_000)
  })

  it("empty and fresh is left alone for the grace period: its creator may be writing its pid", async () => {
    const { home } = withLeftLock("")
    expect(await timedWrite(home)).toBeGreaterThanOrEqual(LOCK_GRACE_MS - 100)
  })

  it("of a dead process on this machine is taken over at once, whatever its age", async () => {
    const { home } = withLeftLock(`999999999 deadbeef ${hostname()}`)
    expect(await timedWrite(home)).toBeLessThan(LOCK_GRACE_MS)
  })

  it("of a live process is respected", async () => {
    const { home } = withLeftLock(`${process.pid} cafe`)
    const exit = await Effect.runPromiseExit(
      Effect.provide(
        Effect.flatMap(Store, (s) => s.withLock("config", Effect.void, { timeout: "300 millis" })),
        Store.layer({ INSPIRE_HOME: home }),
      ),
    )
    expect(JSON.stringify(exit)).toContain(`pid ${process.pid}`)
  })

  it("found by six processes at once is taken over by one at a time, never two", async () => {
    const { home } = withLeftLock("", 10_000)
    const log = join(home, "holders.log")
    const started = Date.now()
    const runs = await Promise.all(Array.from({ length: 6 }, () => run([home, "config", log, "40"])))
    expect(runs.map((r) => r.stderr)).toEqual(Array(6).fill(""))
    expect(runs.map((r) => r.code)).toEqual(Array(6).fill(0))
    expect(Date.now() - started).toBeLessThan(20_000)
    // Entries and exits alternate, each exit by the process that entered last.
    const lines = readFileSync(log, "utf8").trim().split("\n")
    expect(lines).toHaveLength(12)
    for (let i = 0; i < lines.length; i += 2) {
      const [pid, sign] = (lines[i] ?? "").split(" ")
      expect(sign).toBe("+")
      expect(lines[i + 1]).toBe(`${pid} -`)
    }
  }, 30_000)
})
