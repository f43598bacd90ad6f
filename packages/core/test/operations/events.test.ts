import { beforeEach, describe, expect, it } from "vitest"
import { eventsOperation } from "../../src/operations/events.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startHpcJob, startJob, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

describe("events", () => {
  it("lists a job's and its pods' events oldest first, and warnings alone on request", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "queued", "python train.py", { queued: true })
    emu.current.control.clock.advance(5)
    const r = succeeded(await call(emu.current, eventsOperation, { job_id: id }, profile))
    expect(r.result.collected).toBe(false)
    expect(r.result.events.length).toBeGreaterThan(0)
    const times = r.result.events.map((e) => e.lastAt ?? 0)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(r.result.events.some((e) => e.type === "Warning" && e.reason === "Unschedulable")).toBe(true)
    expect(r.text).toMatch(/LAST SEEN\s+TYPE\s+REASON/)
    expect(r.text).toContain("Unschedulable")
    const warnings = succeeded(await call(emu.current, eventsOperation, { job_id: id, warnings_only: true }, profile))
    expect(warnings.result.events.every((e) => e.type === "Warning")).toBe(true)
  })

  it("reads HPC events, and says when the platform has discarded old events", async () => {
    const profile = trainingProfile(emu.current)
    const hpc = await startHpcJob(emu.current, profile, "prep")
    emu.current.control.clock.advance(5)
    const h = succeeded(await call(emu.current, eventsOperation, { job_id: hpc }, profile))
    expect(h.result.events.length).toBeGreaterThan(0)
    const old = await startJob(emu.current, profile, "old")
    emu.current.control.clock.advance(31 * 86_400)
    const r = succeeded(await call(emu.current, eventsOperation, { job_id: old }, profile))
    expect(r.result).toMatchObject({ events: [], collected: true })
    expect(r.text).toContain("no events (the platform discards events of old tasks)")
  })

  it("refuses servings, notebooks and unknown jobs with where to go", async () => {
    expect(failed(await call(emu.current, eventsOperation, { job_id: "sv-abc" })).hint).toContain("inspire_inference")
    const nb = failed(await call(emu.current, eventsOperation, { job_id: "0b9f0a4e-1111-4222-8333-944455556666" }))
    expect(nb.hint).toContain("inspire_notebook")
    expect(failed(await call(emu.current, eventsOperation, { job_id: "job-nope" })).reason).toBe("NotFound")
  })
})
