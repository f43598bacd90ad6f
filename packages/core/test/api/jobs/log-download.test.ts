// A log download is pipelined and bounded: the next page is asked for while the page before is still
// being written (the platform prepares one page as the client writes another), and no further page is
// asked for until that page is written, so at most two pages are held at once.
import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { downloadLogs, type LogLine } from "../../../src/api/jobs/logs.js"
import { useEmulator } from "../../emulator.js"
import { freshPlatform, startJob, trainingProfile } from "../../operations/tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

const pageRequests = () => emu.current.control.requests().log.filter((r) => r.surface === "v2:train.GetJobLog").length

describe("log download", () => {
  it("asks for the next page while a page is written, and for no more than that", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "paged", "python train.py #emu:duration=4000")
    emu.current.control.clock.advance(450)
    emu.current.control.clearRequests()
    const batches: LogLine[][] = []
    // For each page handed over: the page requests the platform had seen (the first, one-line request
    // included) when the page was handed over, and how many more came while it was being written.
    const seen: Array<{ readonly before: number; readonly during: number }> = []
    const sink = (batch: ReadonlyArray<LogLine>) =>
      Effect.promise(async () => {
        const before = pageRequests()
        if (batches.length === 0) {
          // The first page is held until the second page's request has reached the platform (20 s at
          // most): a download that asked only after writing would never send it.
          const until = Date.now() + 20_000
          while (pageRequests() === before && Date.now() < until) await new Promise((r) => setTimeout(r, 10))
        }
        seen.push({ before, during: pageRequests() - before })
        batches.push([...batch])
      })
    const exit = await profile.run(downloadLogs(id, sink))
    expect(Exit.isSuccess(exit)).toBe(true)
    const summary = Exit.isSuccess(exit) ? exit.value : undefined
    expect(batches.length).toBeGreaterThan(3)
    expect(seen[0]?.during).toBe(1)
    // While page k (from 0) is written, at most the first request and pages 0..k+1 were asked for.
    for (const [k, s] of seen.entries()) expect(s.before + s.during).toBeLessThanOrEqual(k + 3)
    const lines = batches.flat()
    expect(summary?.lines).toBe(lines.length)
    expect(summary?.requests).toBe(pageRequests())
    // Every line once, in time order, across page borders.
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length)
    const times = lines.map((l) => l.timestampMs)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  }, 60_000)
})
