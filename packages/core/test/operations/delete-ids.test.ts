import { beforeAll, describe, expect, it } from "vitest"
import { stopOperation } from "../../src/operations/stop/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startJob, trainingProfile } from "./tasks-fixture.js"

// Several jobs named by id at once, for delete and for stop: each id's outcome in one table, one that
// has not ended refused on its own while the others go on, nothing written by a dry run or before confirm.

const emu = useEmulator()
let profile: ReturnType<typeof trainingProfile>

const exists = (id: string) => emu.current.control.state().tasks.some((t) => t.id === id)
const writes = () => emu.current.control.requests().log.filter((q) => q.write)
const UNKNOWN = "job-00000000-0000-4000-8000-000000000000"

beforeAll(() => {
  freshPlatform(emu.current)
  profile = trainingProfile(emu.current)
})

describe("deleting and stopping several jobs by id", () => {
  it("deletes the finished ones, refuses one still running with the hint, and says which is unknown", async () => {
    const e = emu.current
    const a = await startJob(e, profile, "ids-a", "python a.py #emu:duration=30")
    const b = await startJob(e, profile, "ids-b", "python b.py #emu:oom")
    const live = await startJob(e, profile, "ids-live", "python c.py #emu:idle")
    const other = await startJob(e, profile, "ids-other", "python d.py #emu:duration=30")
    e.control.clock.advance(600)
    e.control.clearRequests()
    // ids-a names a again: one row, one delete.
    const input = { action: "delete", job_id: [a, live, b, UNKNOWN, "ids-a"] }
    const dry = succeeded(await call(e, stopOperation, { ...input, dry_run: true }, profile))
    expect(dry.result.tasks.map((t) => [t.id, t.outcome])).toEqual([
      [a, "would-delete"],
      [live, "not-finished"],
      [b, "would-delete"],
      [UNKNOWN, "not-found"],
    ])
    expect(dry.result.plan?.targets.map((t) => t.id)).toEqual([a, b])
    const asked = succeeded(await call(e, stopOperation, input, profile))
    expect(asked.result.counts.deleted).toBe(0)
    expect(writes()).toEqual([])
    const done = succeeded(await call(e, stopOperation, { ...input, confirm: true }, profile))
    expect(done.result.tasks.map((t) => [t.id, t.outcome])).toEqual([
      [a, "deleted"],
      [live, "not-finished"],
      [b, "deleted"],
      [UNKNOWN, "not-found"],
    ])
    expect(done.result.counts).toMatchObject({ deleted: 2, failed: 0 })
    expect(done.text).toContain("Deleted 2")
    expect(done.text).toContain(`stop first (inspire_stop(job_id="${live}", confirm=true))`)
    expect(writes().map((q) => q.surface)).toHaveLength(2)
    expect([exists(a), exists(b), exists(live), exists(other)]).toEqual([false, false, true, true])
  }, 60_000)

  it("settles each lost answer by reading the job, sending each delete once", async () => {
    const e = emu.current
    const a = await startJob(e, profile, "lost-a", "python a.py #emu:oom")
    const b = await startJob(e, profile, "lost-b", "python b.py #emu:oom")
    e.control.clock.advance(600)
    e.control.clearRequests()
    e.control.faults.set({ answers: { "v1:POST /api/v1/train_job/delete": { mode: "truncated", rate: 1 } } })
    const r = succeeded(await call(e, stopOperation, { action: "delete", job_id: [a, b], confirm: true }, profile))
    e.control.faults.set({ answers: {} })
    expect(r.result.tasks.map((t) => t.outcome)).toEqual(["deleted", "deleted"])
    expect(writes().filter((q) => /delete/.test(q.surface))).toHaveLength(2)
    expect([exists(a), exists(b)]).toEqual([false, false])
  }, 60_000)

  it("acts only on the confirmed ids when targets are given", async () => {
    const e = emu.current
    const a = await startJob(e, profile, "tgt-a", "python a.py #emu:oom")
    const b = await startJob(e, profile, "tgt-b", "python b.py #emu:oom")
    e.control.clock.advance(600)
    const r = succeeded(
      await call(e, stopOperation, { action: "delete", job_id: [a, b], confirm: true, targets: [b] }, profile),
    )
    expect(r.result.tasks.map((t) => [t.id, t.outcome])).toEqual([
      [a, "would-delete"],
      [b, "deleted"],
    ])
    expect([exists(a), exists(b)]).toEqual([true, false])
  }, 60_000)

  it("refuses the whole call, before anything is sent, when one id is a notebook or names nothing", async () => {
    const e = emu.current
    const a = await startJob(e, profile, "bad-a", "python a.py #emu:oom")
    e.control.clock.advance(600)
    e.control.clearRequests()
    const nameless = failed(
      await call(e, stopOperation, { action: "delete", job_id: [a, "no-such-name"], confirm: true }, profile),
    )
    expect(nameless.reason).toBe("NotFound")
    expect(writes()).toEqual([])
    expect(exists(a)).toBe(true)
  }, 60_000)

  it("stops several by id the same way: listed without confirm, each live one stopped with it", async () => {
    const e = emu.current
    const one = await startJob(e, profile, "st-one", "python a.py #emu:idle")
    const two = await startJob(e, profile, "st-two", "python b.py #emu:idle")
    const ended = await startJob(e, profile, "st-ended", "python c.py #emu:oom")
    e.control.clock.advance(600)
    e.control.clearRequests()
    const input = { job_id: [one, ended, two] }
    const asked = succeeded(await call(e, stopOperation, input, profile))
    expect(asked.result.tasks.map((t) => t.outcome)).toEqual(["would-stop", "already-finished", "would-stop"])
    expect(asked.text).toContain("confirm=true")
    expect(writes()).toEqual([])
    const done = succeeded(await call(e, stopOperation, { ...input, confirm: true }, profile))
    expect(done.result.tasks.map((t) => t.outcome)).toEqual(["stopped", "already-finished", "stopped"])
    expect(done.result.counts).toMatchObject({ stopped: 2, alreadyFinished: 1 })
  }, 60_000)
})
