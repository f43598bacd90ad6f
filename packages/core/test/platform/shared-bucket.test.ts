import { spawnSync } from "node:child_process"
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { hostname, tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { makeRateLimiter } from "../../src/platform/rate-limit.js"
import {
  accountRateLimiter,
  bucketFile,
  makeSharedRateLimiter,
  parseBucket,
  schedule,
} from "../../src/platform/shared-bucket.js"
import { withFileLock } from "../../src/store/lock.js"
import { renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"

const HOST = hostname().replace(/\s+/g, "_") || "localhost"
const limit = { perSecond: 3, burst: 3 }

const bucketIn = (prefix = "inspire-bucket-") => {
  const root = mkdtempSync(join(tmpdir(), prefix))
  return { root, file: bucketFile(join(root, "cache"), "http://127.0.0.1:1", "demo") }
}

/** When each of `n` takes, spread over `limiters`, was let through (ms since the start). */
const takeTimes = async (limiters: ReadonlyArray<{ take: Effect.Effect<void> }>, n: number) => {
  const t0 = Date.now()
  const times = await Effect.runPromise(
    Effect.forEach(
      Array.from({ length: n }, (_, i) => limiters[i % limiters.length]),
      (l) => Effect.map(l?.take ?? Effect.void, () => Date.now() - t0),
      { concurrency: "unbounded" },
    ),
  )
  return [...times].sort((a, b) => a - b)
}

describe("the shared schedule", () => {
  it("lets a burst (less one token kept for jitter) through, then spaces requests at the rate", () => {
    let slots: ReturnType<typeof schedule>["slots"] = []
    const at: number[] = []
    for (let i = 0; i < 6; i++) {
      const next = schedule(slots, 1000, limit)
      at.push(next.at)
      slots = next.slots
    }
    // 3 req/s less the 5% margin: one every 351 ms.
    expect(at.map((t) => Math.round(t))).toEqual([1000, 1000, 1351, 1702, 2053, 2404])
  })

  it("frees the future slots of a process that is gone, keeps those of live ones", () => {
    const slots = [
      [1000, 111, HOST],
      [1333, 111, HOST],
      [5000, 222, HOST],
      [5333, 222, HOST],
    ] as const
    const next = schedule(slots, 1000, limit, (pid) => pid === 111)
    expect(next.slots.map((s) => s[1])).toEqual([111, 111, process.pid])
    // After the live process's two slots, not after the dead one's.
    expect(Math.round(next.at)).toBe(1351)
    // Another machine's processes (a shared home folder) are not judged by our pids.
    expect(schedule([[5000, 2 ** 22 + 7, "elsewhere"]], 1000, limit).slots).toHaveLength(2)
  })

  it("drops slots no reservation could reach (the clock was set back) and those long past", () => {
    const next = schedule(
      [
        [3_600_000, process.pid, HOST],
        [0, process.pid, HOST],
      ],
      100_000,
      limit,
    )
    expect(next.at).toBe(100_000)
    expect(next.slots).toHaveLength(1)
  })

  it("reads a damaged file as empty", () => {
    expect(parseBucket("{not json")).toEqual([])
    expect(parseBucket('{"version":2,"slots":[]}')).toEqual([])
    expect(parseBucket(`{"version":1,"slots":[[1,2,"h"],["x"],null]}`)).toEqual([[1, 2, "h"]])
  })

  it("names one file per platform and account", () => {
    expect(bucketFile("/c", "http://a:1/x", "u")).toBe(bucketFile("/c", "http://a:1", "u"))
    expect(bucketFile("/c", "http://a:1", "u")).not.toBe(bucketFile("/c", "http://a:1", "v"))
    expect(bucketFile("/c", "http://a:1", "u")).not.toBe(bucketFile("/c", "http://b:1", "u"))
  })
})

describe("the shared rate limiter", () => {
  it("spaces the requests of several limiters on one file as one", async () => {
    const { root, file } = bucketIn()
    const fast = { perSecond: 20, burst: 3 }
    const made = () => makeSharedRateLimiter({ file, roots: [root], limit: fast })
    const times = await takeTimes([made(), made(), made()], 12)
    // One bucket of 2 (3 less the reserve) at 20/s: the 12th request is due 0.5 s after the first.
    expect(times.at(-1)).toBeGreaterThanOrEqual(480)
    // No more than the burst ahead of the rate at any point, counted from the second request: the first
    // may wait for the lock on a busy machine, which brings it closer to the ones after it.
    for (let i = 3; i < times.length; i++)
      expect((times[i] ?? 0) - (times[1] ?? 0)).toBeGreaterThanOrEqual((i - 2) * 50 - 20)
    // Separate per-process limiters would have let them all through at once (the failure this fixes).
    const apart = await takeTimes([makeRateLimiter(fast), makeRateLimiter(fast), makeRateLimiter(fast)], 12)
    expect(apart.at(-1)).toBeLessThan(300)
    expect(parseBucket(readFileSync(file, "utf8")).length).toBeGreaterThan(0)
  })

  it("costs a few milliseconds per request", async () => {
    const { root, file } = bucketIn()
    const limiter = makeSharedRateLimiter({ file, roots: [root], limit: { perSecond: 50, burst: 1000 } })
    await Effect.runPromise(limiter.take)
    const n = 200
    const t0 = performance.now()
    const cpu0 = process.cpuUsage()
    for (let i = 0; i < n; i++) await Effect.runPromise(limiter.take)
    const cpu = process.cpuUsage(cpu0)
    const perTake = (performance.now() - t0) / n
    // The cost is the CPU time this process spends (lock, read, write): on a busy machine the wall time
    // also counts the turns of other processes on the cores, which says nothing of ours.
    const cpuPerTake = (cpu.user + cpu.system) / 1000 / n
    console.log(`shared bucket: ${cpuPerTake.toFixed(2)} ms of CPU (${perTake.toFixed(2)} ms of wall time) per request`)
    expect(cpuPerTake).toBeLessThan(10)
    // 200 requests at 50/s: 4 s at the least, several times that on a machine busy with other work.
  }, 120_000)

  it("replaces a damaged file", async () => {
    const { root, file } = bucketIn()
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    writeFileSync(file, "\u0000garbage", { mode: 0o600 })
    const warnings: Text[] = []
    const limiter = makeSharedRateLimiter({ file, roots: [root], limit, warn: (w) => warnings.push(w) })
    await Effect.runPromise(limiter.take)
    expect(parseBucket(readFileSync(file, "utf8"))).toHaveLength(1)
    expect(warnings).toEqual([])
  })

  it.skipIf(process.getuid?.() === undefined)(
    "falls back to the process's limiter, with one warning, when the file is writable by others",
    async () => {
      const { root, file } = bucketIn()
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
      writeFileSync(file, '{"version":1,"slots":[]}', { mode: 0o600 })
      chmodSync(file, 0o666)
      const warnings: Text[] = []
      const limiter = makeSharedRateLimiter({ file, roots: [root], limit, warn: (w) => warnings.push(w) })
      const t0 = Date.now()
      for (let i = 0; i < 3; i++) await Effect.runPromise(limiter.take)
      expect(Date.now() - t0).toBeLessThan(1000)
      expect(warnings).toHaveLength(1)
      expect(renderWords(warnings[0] ?? "", "library")).toMatch(/not in use: .*can be written by .*chmod go-w/)
      // The file was not touched.
      expect(readFileSync(file, "utf8")).toBe('{"version":1,"slots":[]}')
    },
  )

  it("waits for a lock held longer than usual (a busy machine) instead of leaving the shared limit", async () => {
    const { root, file } = bucketIn()
    const warnings: Text[] = []
    const limiter = makeSharedRateLimiter({ file, roots: [root], limit, warn: (w) => warnings.push(w) })
    let released = false
    // Another holder keeps the lock alive (its heartbeat) for 3 s, past the 2 s after which it is broken when silent.
    const holder = Effect.scoped(
      Effect.zipRight(
        withFileLock(`${file}.lock`, { roots: [root], staleAfter: "2 seconds" }),
        Effect.zipRight(
          Effect.sleep("3 seconds"),
          Effect.sync(() => {
            released = true
          }),
        ),
      ),
    )
    const taken = Effect.zipRight(
      Effect.sleep("100 millis"),
      Effect.map(limiter.take, () => released),
    )
    const [, afterRelease] = await Effect.runPromise(Effect.all([holder, taken], { concurrency: "unbounded" }))
    expect(afterRelease).toBe(true)
    expect(warnings.map((w) => renderWords(w, "library"))).toEqual([])
    expect(parseBucket(readFileSync(file, "utf8"))).toHaveLength(1)
  }, 20_000)

  it("is not held up by the lock or the reservations of a killed process", async () => {
    const { root, file } = bucketIn()
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString()
    const pid = Number(dead)
    writeFileSync(`${file}.lock`, `${pid} 0123abcd ${HOST}`, { mode: 0o600 })
    const now = Date.now()
    const slots = Array.from({ length: 30 }, (_, i) => [now + i * 333, pid, HOST])
    writeFileSync(file, JSON.stringify({ version: 1, slots }), { mode: 0o600 })
    const limiter = makeSharedRateLimiter({ file, roots: [root], limit })
    const t0 = Date.now()
    await Effect.runPromise(limiter.take)
    expect(Date.now() - t0).toBeLessThan(1000)
  })

  it("is chosen per account, and per process when the limit is lifted or sharing is off", () => {
    const base = { cacheDir: "/nonexistent/cache", roots: ["/nonexistent"], baseUrl: "http://a", env: {} }
    const a = accountRateLimiter({ ...base, limit, account: "u" })
    expect(accountRateLimiter({ ...base, limit, account: "u" })).toBe(a)
    expect(accountRateLimiter({ ...base, limit, account: "v" })).not.toBe(a)
    const lifted = accountRateLimiter({ ...base, limit: { perSecond: 1000, burst: 1000 }, account: "u" })
    const off = accountRateLimiter({ ...base, limit, account: "u", env: { INSPIRE_SHARED_RATE_LIMIT: "off" } })
    expect(off).not.toBe(a)
    expect(lifted).not.toBe(a)
  })
})
