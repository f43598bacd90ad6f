import type { RunningEmulator } from "@holos-inspire/emulator"
import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { createHpcJob, createTrainingJob } from "../../src/api/jobs/index.js"
import { jobDetailOperation } from "../../src/operations/job-detail/index.js"
import { jobsOperation } from "../../src/operations/jobs.js"
import { submitOperation } from "../../src/operations/submit.js"
import { Platform } from "../../src/platform/client.js"
import { hpcInput, rayPlace, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, succeeded } from "./harness.js"

// A waiting job's place in its group's queue (domain/queue.ts): why it waits, who is before it, and
// when it may start, against the emulator's scheduler (priority first, then the older job).

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

type State = ReturnType<RunningEmulator["control"]["state"]>

const WHOLE = "整节点任务空间"
const HOUR = 3_600_000

const where = (name: string) => {
  const s = emu.current.control.state() as State
  const ws = s.workspaces.find((w) => w.name === WHOLE)
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === name)
  const spec = s.specs.find(
    (x) => x.lcgIds.includes(group?.id ?? "") && x.gpuCount === 8 && x.allowedPriorityLevels.length === 0,
  )
  return { workspaceId: ws?.id ?? "", groupId: group?.id ?? "", specId: spec?.id ?? "" }
}

const create = async (
  name: string,
  group: string,
  over: { instanceCount?: number; priority: number; max?: number },
) => {
  const made = await profileFor(emu.current).run(
    createTrainingJob({
      // Runs far longer than any test moves the clock.
      ...trainingInput(emu.current, name, "python train.py #emu:duration=100000"),
      ...where(group),
      instanceCount: over.instanceCount ?? 1,
      priority: over.priority,
      ...(over.max !== undefined ? { maxRunningTimeMs: over.max } : {}),
    }),
  )
  if (!Exit.isSuccess(made)) throw new Error(`create ${name} failed: ${JSON.stringify(made.cause)}`)
  emu.current.control.clock.advance(1)
  return made.value.jobId
}

const apiRequests = () =>
  Object.entries(emu.current.control.requests().bySurface).filter(([k]) => /^(v1|v2|oa):/.test(k))

const count = (surfaces: ReadonlyArray<[string, number]>, pattern: RegExp) =>
  surfaces.filter(([k]) => pattern.test(k)).reduce((n, [, v]) => n + v, 0)

// H100-整节点 without the other tenant's job on its first node: 16 GPUs, all ours to hold.
const clearWholeH100 = () => {
  const s = emu.current.control.state() as State
  const { groupId } = where("H100-整节点")
  s.foreign = s.foreign.filter((f) => f.lcgId !== groupId)
}

describe("queue position and start estimate", () => {
  it("places waiting jobs per group by priority then age, with the reason and an estimate when the ends are known", async () => {
    clearWholeH100()
    const holder = await create("holder", "H100-整节点", { instanceCount: 2, priority: 6, max: 2 * HOUR })
    emu.current.control.clock.advance(600)
    const low = await create("low", "H100-整节点", { priority: 4 })
    const high = await create("high", "H100-整节点", { priority: 6 })
    // Another group's queue is its own: first come, first served within a priority (3: nothing is pre-empted).
    const first = await create("first", "H100-碎片", { priority: 3 })
    const elsewhere = await create("elsewhere", "H100-碎片", { priority: 3 })
    emu.current.control.clock.advance(10)

    emu.current.control.clearRequests()
    const r = succeeded(await call(emu.current, jobsOperation, { workspace: WHOLE, mine: true }))
    const rows = new Map(r.result.tasks.map((t) => [t.id, t]))
    const ran = rows.get(holder)?.runningTimeMs ?? 0
    expect(ran).toBeGreaterThan(0)
    expect(rows.get(holder)?.queue).toBeUndefined()
    // The holder frees its 16 GPUs within 2 h of its start: enough for both waiting 8-GPU jobs.
    expect(rows.get(high)?.queue).toEqual({ reason: "resources", ahead: 0, startsWithinMs: 2 * HOUR - ran })
    expect(rows.get(low)?.queue).toEqual({ reason: "priority", ahead: 1, startsWithinMs: 2 * HOUR - ran })
    // The other tenants' work in H100-碎片 has no known end.
    expect(rows.get(first)?.queue).toEqual({ reason: "resources", ahead: 0 })
    expect(rows.get(elsewhere)?.queue).toEqual({ reason: "resources", ahead: 1 })
    expect(r.text).toMatch(/QUEUE/)
    expect(r.text).toMatch(/priority, 1 ahead, starts within about 1h 4\dm/)
    // One workspace with waiting rows: its node listing (and the task dimension for its mixed node) and
    // one listing of its queued and running training jobs, beside the listing itself.
    const surfaces = apiRequests()
    expect(count(surfaces, /ListNodeDimension|list_node_dimension/)).toBe(1)
    expect(count(surfaces, /train\.ListJobs|train_job\/list/)).toBe(2)

    const d = succeeded(await call(emu.current, jobDetailOperation, { job_id: elsewhere }))
    expect(d.result.queue?.reason).toBe("resources")
    expect(d.result.queue?.startsWithinMs).toBeUndefined()
    expect(String(d.result.queue?.noEstimate)).toContain("held by work with no known end")
    expect(d.text).toMatch(/queue:\s+no free nodes of its spec in the group; 1 ahead/)
    const l = succeeded(await call(emu.current, jobDetailOperation, { job_id: low }))
    expect(l.text).toContain("jobs of higher priority wait before it; 1 ahead")
  })

  it("says a job that waits with room (unknown), then a spent budget", async () => {
    // Two whole nodes at priority 3 where another tenant holds one: it waits, and pre-empts nothing.
    const waiting = await create("waits", "H100-整节点", { instanceCount: 2, priority: 3 })
    emu.current.control.clock.advance(10)
    const full = succeeded(await call(emu.current, jobDetailOperation, { job_id: waiting }))
    expect(full.result.queue).toMatchObject({ reason: "resources", ahead: 0 })
    // The tenant leaves; the scheduler has not looked again yet, so the job waits with room.
    clearWholeH100()
    const room = succeeded(await call(emu.current, jobDetailOperation, { job_id: waiting }))
    expect(room.result.queue).toMatchObject({ reason: "unknown", ahead: 0, startsWithinMs: 0 })
    expect(room.text).toContain("may start at any moment")
    const s = emu.current.control.state() as State
    const project = s.projects.find((p) => p.enName === "embodied-fm")
    if (project === undefined) throw new Error("fixture project embodied-fm is missing")
    project.remainBudget = 0
    const spent = succeeded(await call(emu.current, jobDetailOperation, { job_id: waiting }))
    expect(spent.result.status.family).toBe("waiting")
    expect(spent.result.queue?.reason).toBe("quota")
    expect(String(spent.result.queue?.noEstimate)).toContain("budget is topped up")
  })

  it("a submit that waits says its place from the placement check's reading, with no request of its own", async () => {
    clearWholeH100()
    const holder = await create("holder", "H100-整节点", { instanceCount: 2, priority: 6, max: HOUR })
    emu.current.control.clock.advance(60)
    await create("before", "H100-整节点", { priority: 6 })
    emu.current.control.clock.advance(10)
    const t = trainingInput(emu.current, "after")
    emu.current.control.clearRequests()
    const r = succeeded(
      await call(emu.current, submitOperation, {
        name: "after",
        command: "python train.py",
        workspace: WHOLE,
        project: t.projectId,
        compute_group: "H100-整节点",
        spec: where("H100-整节点").specId,
        image: t.image,
        priority: 6,
      }),
    )
    // The job before it at the same priority, then the holder's end: an hour less the time it has run.
    const started = (emu.current.control.state() as State).tasks.find((x) => x.id === holder)?.runs[0]?.start ?? 0
    const ran = emu.current.control.clock.now() - started
    expect(r.result.queue).toEqual({ reason: "resources", ahead: 1, startsWithinMs: HOUR - ran })
    expect(r.text).toMatch(/Queue:\s+no free nodes of its spec in the group; 1 ahead/)
    const surfaces = apiRequests()
    expect(count(surfaces, /ListNodeDimension|list_node_dimension/)).toBe(1)
    expect(count(surfaces, /train\.ListJobs|train_job\/list/)).toBe(1)
  })

  it("places a waiting HPC job too: CPU work, so no estimate", async () => {
    // More instances than the group's nodes can hold, even empty: it waits for good.
    const made = await profileFor(emu.current).run(
      createHpcJob({ ...hpcInput(emu.current, "too-wide"), instanceCount: 500 }),
    )
    if (!Exit.isSuccess(made)) throw new Error(`create failed: ${JSON.stringify(made.cause)}`)
    emu.current.control.clock.advance(10)
    const d = succeeded(await call(emu.current, jobDetailOperation, { job_id: made.value.jobId }))
    expect(d.result.status.family).toBe("waiting")
    expect(d.result.queue).toMatchObject({ reason: "resources", ahead: 0 })
    expect(String(d.result.queue?.noEstimate)).toContain("CPU work")
  })

  it("places a waiting Ray job by its head and fewest workers, with the group's Ray specs", async () => {
    const p = rayPlace(emu.current)
    const node = {
      mirror_id: p.image.id,
      image_type: "SOURCE_OFFICIAL",
      logic_compute_group_id: p.group.id,
      quota_id: p.raySpec,
    }
    // More workers than the group's nodes can hold, even empty.
    const body = {
      ...{ name: "too-many-workers", description: "", workspace_id: p.workspace.id, project_id: p.project.id },
      ...{ task_priority: 4, entrypoint: "python eval.py", head_node: node },
      worker_groups: [{ ...node, group_name: "cpu", min_replicas: 500, max_replicas: 500 }],
    }
    const made = await profileFor(emu.current).run(
      Effect.flatMap(Platform, (x) =>
        x.v1("POST", "ray_job/create", body, { idempotent: false, write: true, referer: "/jobs/ray" }),
      ),
    )
    if (!Exit.isSuccess(made)) throw new Error(`create failed: ${JSON.stringify(made.cause)}`)
    emu.current.control.clock.advance(10)
    const id = (made.value as { ray_job_id: string }).ray_job_id
    const d = succeeded(await call(emu.current, jobDetailOperation, { job_id: id }))
    expect(d.result.status.family).toBe("waiting")
    expect(d.result.queue).toMatchObject({ reason: "resources", ahead: 0 })
    expect(String(d.result.queue?.noEstimate)).toContain("CPU work")
  })

  it("adds no request to a listing without waiting rows", async () => {
    clearWholeH100()
    await create("runs", "H100-整节点", { priority: 6 })
    emu.current.control.clock.advance(30)
    emu.current.control.clearRequests()
    const r = succeeded(await call(emu.current, jobsOperation, { workspace: WHOLE }))
    expect(r.result.tasks.every((t) => t.queue === undefined)).toBe(true)
    expect(r.text).not.toMatch(/QUEUE/)
    const surfaces = apiRequests()
    expect(count(surfaces, /ListNodeDimension|list_node_dimension|ListTaskDimension|list_task_dimension/)).toBe(0)
    expect(count(surfaces, /train\.ListJobs|train_job\/list/)).toBe(1)
    expect(surfaces.reduce((n, [, v]) => n + v, 0)).toBe(LISTING_REQUESTS)
  })
})

// What a cold listing of one named workspace costs today (every kind's list, the user, the projects).
const LISTING_REQUESTS = 7
