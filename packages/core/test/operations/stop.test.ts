import type { RunningEmulator } from "@holos-inspire/emulator"
import { beforeEach, describe, expect, it } from "vitest"
import { stopOperation } from "../../src/operations/stop/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startJob, startQueuedJobs, startServing, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

type State = ReturnType<RunningEmulator["control"]["state"]>
const phaseOf = (id: string) => (emu.current.control.state() as State).tasks.find((t) => t.id === id)?.phase

describe("stop one task", () => {
  it("stops a running job and reports its state before and after", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "busy", "python train.py #emu:idle")
    emu.current.control.clock.advance(5)
    const r = succeeded(await call(emu.current, stopOperation, { job_id: id }, profile))
    expect(r.result).toMatchObject({ mode: "single", stopped: true, counts: { stopped: 1 } })
    expect(r.result.tasks[0]).toMatchObject({ id, before: "running (job_running)", outcome: "stopped" })
    expect(r.result.tasks[0]?.after).toMatch(/stopp/)
    expect(r.text).toMatch(/BEFORE\s+AFTER\s+OUTCOME/)
    expect(r.text).toContain("stopped 1, already finished 0")
  })

  it("reports an already finished job instead of failing", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "done")
    emu.current.control.clock.advance(10)
    const r = succeeded(await call(emu.current, stopOperation, { job_id: id }, profile))
    expect(r.result).toMatchObject({ stopped: false, counts: { stopped: 0, alreadyFinished: 1 } })
    expect(r.result.tasks[0]).toMatchObject({ before: "succeeded (job_succeeded)", outcome: "already-finished" })
    expect(r.text).toContain("already-finished")
  })

  it("asks for confirm before stopping a serving, then stops it", async () => {
    const profile = trainingProfile(emu.current)
    const sv = await startServing(emu.current, profile, "chat")
    emu.current.control.clock.advance(30)
    const ask = succeeded(await call(emu.current, stopOperation, { job_id: sv }, profile))
    expect(ask.result).toMatchObject({ stopped: false, tasks: [{ id: sv, outcome: "would-stop" }] })
    expect(ask.result.tasks[0]?.before).toContain("running")
    expect(ask.text).toContain("repeat with confirm=true")
    expect(phaseOf(sv)).not.toMatch(/stop/)
    const done = succeeded(await call(emu.current, stopOperation, { job_id: sv, confirm: true }, profile))
    expect(done.result).toMatchObject({ stopped: true, tasks: [{ id: sv, outcome: "stopped", type: "inference" }] })
  })

  it("refuses notebooks, unknown ids and batches without a filter", async () => {
    const nb = failed(await call(emu.current, stopOperation, { job_id: "0b9f0a4e-1111-4222-8333-944455556666" }))
    expect(nb.message).toContain('inspire_notebook(action="stop", notebook_id="0b9f0a4e-1111-4222-8333-944455556666")')
    expect(nb.hint).toContain('inspire_notebook(action="list")')
    expect(failed(await call(emu.current, stopOperation, { job_id: "job-nope" })).reason).toBe("NotFound")
    expect(failed(await call(emu.current, stopOperation, { job_id: "lcg-1" })).reason).toBe("InvalidInput")
    const open = failed(await call(emu.current, stopOperation, { workspace: "分布式训练空间" }))
    expect(open.message).toContain("needs a filter")
  })
})

describe("stop a batch", () => {
  it("lists without stopping when confirm is missing", async () => {
    const profile = trainingProfile(emu.current)
    const ids = [
      await startJob(emu.current, profile, "q-1", "python train.py", { queued: true }),
      await startJob(emu.current, profile, "q-2", "python train.py", { queued: true }),
    ]
    const keep = await startJob(emu.current, profile, "runner", "python train.py #emu:idle")
    emu.current.control.clock.advance(5)
    const r = succeeded(await call(emu.current, stopOperation, { status: "waiting" }, profile))
    expect(r.result).toMatchObject({ mode: "batch", stopped: false })
    expect(r.result.tasks.map((t) => t.id).sort()).toEqual([...ids].sort())
    expect(r.result.tasks.every((t) => t.outcome === "would-stop")).toBe(true)
    expect(r.text).toContain("2 tasks would be stopped; repeat with confirm=true")
    for (const id of [...ids, keep]) expect(phaseOf(id)).not.toMatch(/stop/)
  })

  it("stops all 120 queued jobs across pages with confirm, and only those", async () => {
    const profile = trainingProfile(emu.current)
    const ids = await startQueuedJobs(
      emu.current,
      profile,
      Array.from({ length: 120 }, (_, i) => `sweep-${i}`),
    )
    const keep = await startJob(emu.current, profile, "other-queued", "python train.py", { queued: true })
    emu.current.control.clock.advance(5)
    emu.current.control.clearRequests()
    const r = succeeded(
      await call(
        emu.current,
        stopOperation,
        { status: "waiting", name: "sweep-*", type: "train", confirm: true, targets: ids },
        profile,
      ),
    )
    expect(r.result.counts).toEqual({ stopped: 120, alreadyFinished: 0, deleted: 0, failed: 0 })
    expect(new Set(r.result.tasks.map((t) => t.id))).toEqual(new Set(ids))
    expect(r.result.stopped).toBe(true)
    expect(ids.every((id) => /stop/.test(phaseOf(id) ?? ""))).toBe(true)
    expect(phaseOf(keep)).not.toMatch(/stop/)
    expect(r.text).toContain("stopped 120, already finished 0")
    // The listing already holds each job's status: one stop request per job, no detail read.
    const surfaces = emu.current.control.requests().bySurface
    const stops = Object.entries(surfaces).filter(([k]) => /stop/i.test(k))
    expect(stops.reduce((n, [, c]) => n + c, 0)).toBe(120)
    expect(Object.keys(surfaces).filter((k) => /GetJob|job\/detail|train_job\/detail/i.test(k))).toEqual([])
  })

  it("reports a stop the platform refuses as failed, after checking the job is still live", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "quick-1", "python train.py", { queued: true })
    emu.current.control.clock.advance(5)
    emu.current.control.faults.set({
      surfaces: { "oa:/openapi/v1/train_job/stop": "AccessForbidden", "v2:train.StopJob": "AccessForbidden" },
    })
    const r = succeeded(
      await call(
        emu.current,
        stopOperation,
        { status: "waiting", name: "quick-*", confirm: true, targets: [id] },
        profile,
      ),
    )
    expect(r.result.tasks).toMatchObject([{ id, outcome: "failed" }])
    expect(r.result.hint).toContain("run the same call again")
    expect(phaseOf(id)).not.toMatch(/stop/)
  })
})
