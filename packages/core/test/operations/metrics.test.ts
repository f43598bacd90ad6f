import { readFileSync } from "node:fs"
import { join } from "node:path"
import { beforeEach, describe, expect, it } from "vitest"
import { metricsOperation } from "../../src/operations/metrics/index.js"
import { stopOperation } from "../../src/operations/stop/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startJob, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

// An idle job that ran 30 minutes and was stopped: its window ends when it stopped.
const idleJob = async (profile: ReturnType<typeof trainingProfile>) => {
  const id = await startJob(emu.current, profile, "idle", "python train.py #emu:idle")
  emu.current.control.clock.advance(1800)
  succeeded(await call(emu.current, stopOperation, { job_id: id }, profile))
  emu.current.control.clock.advance(5)
  return id
}

describe("metrics", () => {
  it("summarises health verdict first, with per-pod stats and sparklines", async () => {
    const profile = trainingProfile(emu.current)
    const id = await idleJob(profile)
    const r = succeeded(await call(emu.current, metricsOperation, { job_id: id }, profile))
    expect(r.result).toMatchObject({ jobId: id, mode: "summary", timeRange: "30m" })
    expect(r.result.window.intervalSeconds).toBe(60)
    const s = r.result.summary
    expect(s?.state).toBe("idle")
    expect(s?.idleWindows.length).toBeGreaterThan(0)
    expect(s?.perPod[0]?.pod).toBe(`${id}-worker-0`)
    expect(s?.perPod[0]?.gpu?.avg).toBeLessThan(5)
    expect(r.result.series?.length).toBe(4)
    expect(r.text.split("\n")[0]).toMatch(/^IDLE: /)
    expect(r.text).toMatch(/POD\s+STATE\s+GPU avg\/p90\/max/)
    expect(r.text).toMatch(/worker-0\s+gpu\s+[▁-█]+/)
  })

  it("returns raw series in percent and downloads a CSV without overwriting", async () => {
    const profile = trainingProfile(emu.current)
    const id = await idleJob(profile)
    const raw = succeeded(
      await call(emu.current, metricsOperation, { job_id: id, mode: "raw", time_range: "1h" }, profile),
    )
    expect(raw.result.summary).toBeUndefined()
    const gpu = raw.result.series?.find((x) => x.metric === "gpu_usage_rate")
    expect(gpu?.points.length).toBeGreaterThan(20)
    expect(gpu?.points.every((p) => p.v >= 0 && p.v <= 100)).toBe(true)
    expect(raw.text).toContain("4 series")

    const dl = succeeded(
      await call(emu.current, metricsOperation, { job_id: id, mode: "download", time_range: "1h" }, profile),
    )
    const path = join(profile.home, "cache", "downloads", `${id}-1h.csv`)
    expect(dl.result.download?.path).toBe(path)
    const rows = readFileSync(path, "utf8").trimEnd().split("\n")
    expect(rows[0]).toBe("time,pod,metric,value")
    expect(rows.length - 1).toBe(dl.result.download?.rows)
    expect(rows[1]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+[+-]\d\d:\d\d,job-[\w-]+-worker-0,\w+,[\d.]+$/)
    expect(dl.text).toContain(`to ${path}`)
    const again = failed(
      await call(emu.current, metricsOperation, { job_id: id, mode: "download", time_range: "1h" }, profile),
    )
    expect(again.message).toContain("already exists")
    const outside = failed(
      await call(emu.current, metricsOperation, { job_id: id, mode: "download", path: "/usr/m.csv" }, profile),
    )
    expect(outside.message).toContain("outside the downloads folder")
  })

  it("refuses a bad time_range or interval and unknown jobs", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "short")
    const bad = failed(await call(emu.current, metricsOperation, { job_id: id, time_range: "30 minutes" }, profile))
    expect(bad).toMatchObject({ reason: "InvalidInput", candidates: ["30m", "1h", "3h", "1d"] })
    expect(bad.hint).toContain("30m")
    const interval = failed(await call(emu.current, metricsOperation, { job_id: id, interval: 7 }, profile))
    expect(interval.candidates).toEqual([60, 300, 1800, 3600])
    expect(failed(await call(emu.current, metricsOperation, { job_id: "job-nope" }, profile)).reason).toBe("NotFound")
  })
})
