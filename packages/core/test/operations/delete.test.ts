import { beforeAll, describe, expect, it } from "vitest"
import { stopOperation } from "../../src/operations/stop/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startHpcJob, startJob, trainingProfile } from "./tasks-fixture.js"

// Finished jobs are deleted by inspire_stop's delete action: one by name, or a batch by filters, only
// with confirm, only jobs that have ended, each delete sent once.

const emu = useEmulator()
let profile: ReturnType<typeof trainingProfile>

const exists = (id: string) => emu.current.control.state().tasks.some((t) => t.id === id)
const deletes = () => emu.current.control.requests().log.filter((q) => q.write && /delete|DELETE/.test(q.surface))

beforeAll(() => {
  freshPlatform(emu.current)
  profile = trainingProfile(emu.current)
})

describe("deleting finished jobs", () => {
  it("deletes one by name with confirm, and refuses a job that still runs", async () => {
    const e = emu.current
    const done = await startJob(e, profile, "del-done", "python a.py #emu:duration=30")
    const live = await startJob(e, profile, "del-live", "python b.py #emu:idle")
    e.control.clock.advance(600)
    const running = failed(
      await call(e, stopOperation, { action: "delete", job_id: "del-live", confirm: true }, profile),
    )
    expect(running.reason).toBe("Conflict")
    expect(running.hint).toContain("inspire_stop")
    const asked = succeeded(await call(e, stopOperation, { action: "delete", job_id: "del-done" }, profile))
    expect(asked.result.tasks).toMatchObject([{ id: done, outcome: "would-delete" }])
    expect(exists(done)).toBe(true)
    const gone = succeeded(
      await call(e, stopOperation, { action: "delete", job_id: "del-done", confirm: true }, profile),
    )
    expect(gone.result.tasks).toMatchObject([{ id: done, outcome: "deleted" }])
    expect(gone.text).toContain("Deleted 1")
    expect(exists(done)).toBe(false)
    expect(exists(live)).toBe(true)
  }, 60_000)

  it("deletes a batch by name and age: the plan lists only ended jobs, and confirm acts on what was shown", async () => {
    const e = emu.current
    // Three days ago on the platform's clock: two jobs that end, one that runs on.
    e.control.clock.advance(-3 * 86_400)
    const oom = await startJob(e, profile, "old-oom", "python c.py #emu:oom")
    const done = await startJob(e, profile, "old-done", "python c.py #emu:duration=30")
    const idle = await startJob(e, profile, "old-idle", "python d.py #emu:idle")
    e.control.clock.advance(3 * 86_400)
    await startJob(e, profile, "old-young", "python e.py #emu:oom")
    e.control.clock.advance(600)
    e.control.clearRequests()
    const input = { action: "delete", name: "old-*", older_than: "2d" }
    const dry = succeeded(await call(e, stopOperation, { ...input, dry_run: true }, profile))
    expect(dry.result.plan?.targets.map((t) => t.id).sort()).toEqual([oom, done].sort())
    expect(dry.result.tasks.find((t) => t.id === idle)?.outcome).toBe("not-finished")
    expect(dry.result.tasks.map((t) => t.name)).not.toContain("old-young")
    expect(deletes()).toEqual([])
    const first = succeeded(await call(e, stopOperation, { ...input, confirm: true, targets: [oom] }, profile))
    expect(first.result.tasks).toMatchObject([{ id: oom, outcome: "deleted" }])
    expect(exists(oom)).toBe(false)
    expect(exists(done)).toBe(true)
    // Confirmed without the ids the listing showed: refused, naming them.
    const unsaid = failed(await call(e, stopOperation, { ...input, confirm: true }, profile))
    expect(unsaid.message).toContain("targets")
    expect(unsaid.candidates).toEqual([done])
    const rest = succeeded(await call(e, stopOperation, { ...input, confirm: true, targets: [done, idle] }, profile))
    expect(rest.result.counts).toMatchObject({ deleted: 1, failed: 0 })
    expect(exists(done)).toBe(false)
    expect(exists(idle)).toBe(true)
    const unfiltered = failed(await call(e, stopOperation, { action: "delete", confirm: true }, profile))
    expect(unfiltered.message).toContain("needs a filter")
  }, 60_000)

  it("deletes an HPC job by id", async () => {
    const e = emu.current
    const hpc = await startHpcJob(e, profile, "hpc-del")
    e.control.clock.advance(3600)
    const r = succeeded(await call(e, stopOperation, { action: "delete", job_id: hpc, confirm: true }, profile))
    expect(r.result.tasks).toMatchObject([{ id: hpc, type: "hpc", outcome: "deleted" }])
    expect(exists(hpc)).toBe(false)
  }, 60_000)

  it("settles a delete whose answer was lost by reading the job, never by sending it again", async () => {
    const e = emu.current
    const id = await startJob(e, profile, "lost-del", "python f.py #emu:duration=30")
    e.control.clock.advance(600)
    e.control.clearRequests()
    e.control.faults.set({ answers: { "v1:POST /api/v1/train_job/delete": { mode: "truncated", rate: 1 } } })
    const r = succeeded(await call(e, stopOperation, { action: "delete", job_id: id, confirm: true }, profile))
    e.control.faults.set({ answers: {} })
    expect(r.result.tasks).toMatchObject([{ id, outcome: "deleted" }])
    expect(deletes()).toHaveLength(1)
    expect(exists(id)).toBe(false)
  }, 60_000)
})
