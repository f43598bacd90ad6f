import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import {
  createTrainingJob,
  downloadLogs,
  followLogs,
  getJobMetrics,
  type LogLine,
  listJobEvents,
  tailLogs,
} from "../../../src/api/jobs/index.js"
import { analyzeGpuHealth } from "../../../src/domain/metrics/index.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { right } from "../../helpers.js"
import { syncClock, trainingInput } from "./fixture.js"

const emu = useEmulator()

const ok = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
  syncClock(emu.current)
})

const start = async (name: string, command: string) => {
  const h = profileFor(emu.current)
  const created = ok(await h.run(createTrainingJob(trainingInput(emu.current, name, command))))
  return { h, jobId: created.jobId }
}

describe("logs, metrics and events", () => {
  it("shows the traceback of a failed job at the end of its tail, via V2 and via V1", async () => {
    const { h, jobId } = await start("fails", "python train.py; exit 1")
    emu.current.control.clock.advance(5)
    const tail = ok(await h.run(tailLogs(jobId, 10)))
    expect(tail).toHaveLength(10)
    expect(tail.at(-1)?.message).toContain("exited with code 1")
    expect(tail.map((l) => l.message).join("\n")).toContain("Traceback")
    expect(tail.map((l) => l.timestampMs)).toEqual([...tail.map((l) => l.timestampMs)].sort((a, b) => a - b))
    emu.current.control.faults.set({ surfaces: { "v2:train.GetJobLog": "InvalidAction" } })
    expect(ok(await h.run(tailLogs(jobId, 10))).map((l) => l.id)).toEqual(tail.map((l) => l.id))
  })

  it("tails more lines than one request holds, newest last, without duplicates", async () => {
    const { h, jobId } = await start("tall", "python train.py #emu:idle")
    emu.current.control.clock.advance(40)
    const tail = ok(await h.run(tailLogs(jobId, 1100)))
    expect(tail).toHaveLength(1100)
    expect(new Set(tail.map((l) => l.id)).size).toBe(1100)
    const newest = ok(await h.run(tailLogs(jobId, 1)))
    expect(tail.at(-1)?.id).toBe(newest[0]?.id)
    const times = tail.map((l) => l.timestampMs)
    expect(times).toEqual([...times].sort((a, b) => a - b))
  })

  it("follows new lines without repeats and downloads thousands of lines in order, once each", async () => {
    const { h, jobId } = await start("long", "python train.py #emu:idle")
    emu.current.control.clock.advance(1)
    const follower = ok(await h.run(followLogs(jobId, { since: 0 })))
    const first = ok(await h.run(follower.poll))
    emu.current.control.clock.advance(2)
    const second = ok(await h.run(follower.poll))
    expect(second.length).toBeGreaterThan(0)
    const ids = [...first, ...second].map((l) => l.id)
    expect(new Set(ids).size).toBe(ids.length)
    emu.current.control.clock.advance(110)
    const got: LogLine[] = []
    const summary = ok(
      await h.run(downloadLogs(jobId, (batch) => Effect.sync(() => got.push(...batch)), { to: Date.now() })),
    )
    expect(got.length).toBeGreaterThan(3000)
    expect(summary.lines).toBe(got.length)
    expect(new Set(got.map((l) => l.id)).size).toBe(got.length)
    const times = got.map((l) => l.timestampMs)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(summary.requests).toBeLessThan(got.length / 400 + 3)
  })

  it("decodes metrics into series that analyzeGpuHealth judges idle", async () => {
    const { h, jobId } = await start("idle", "python train.py #emu:idle")
    emu.current.control.clock.advance(900)
    const m = ok(await h.run(getJobMetrics(jobId, { timeRangeSeconds: 900, endMs: emu.current.control.clock.now() })))
    expect(m.intervalSeconds).toBe(60)
    expect(new Set(m.series.map((s) => s.metric)).size).toBe(4)
    expect(m.series[0]?.pod).toBe(`${jobId}-worker-0`)
    expect(right(analyzeGpuHealth(m.series)).state).toBe("idle")
    emu.current.control.faults.set({ surfaces: { "v2:train.GetTaskMetric": "InvalidAction" } })
    const v1 = ok(await h.run(getJobMetrics(jobId, { timeRangeSeconds: 900, endMs: emu.current.control.clock.now() })))
    expect(v1.series.length).toBe(4)
  })

  it("judges a stalled job as stalled", async () => {
    emu.current.control.clock.setSpeed(1)
    const { h, jobId } = await start("stall", "python train.py #emu:stall")
    emu.current.control.clock.advance(16)
    emu.current.control.clock.advance(900)
    const m = ok(await h.run(getJobMetrics(jobId, { timeRangeSeconds: 960, endMs: emu.current.control.clock.now() })))
    emu.current.control.clock.setSpeed(60)
    expect(right(analyzeGpuHealth(m.series)).state).toBe("stalled")
  })

  it("lists a job's events, via V2 and via V1", async () => {
    const { h, jobId } = await start("events", "python train.py")
    emu.current.control.clock.advance(5)
    const events = ok(await h.run(listJobEvents(jobId)))
    expect(events.collected).toBe(false)
    expect(events.events.length).toBeGreaterThan(0)
    emu.current.control.faults.set({ surfaces: { "v2:train.ListJobEvents": "InvalidAction" } })
    expect(ok(await h.run(listJobEvents(jobId))).events.length).toBe(events.events.length)
    emu.current.control.clock.advance(31 * 86_400)
    expect(ok(await h.run(listJobEvents(jobId))).events).toHaveLength(0)
  })
})
