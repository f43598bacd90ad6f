import { beforeEach, describe, expect, it } from "vitest"
import { jobDetailOperation } from "../../src/operations/job-detail/index.js"
import { resubmitOperation } from "../../src/operations/resubmit.js"
import { submitRayOperation } from "../../src/operations/submit-ray.js"
import { sweepOperation } from "../../src/operations/sweep/index.js"
import { rayPlace } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform } from "./tasks-fixture.js"

// Ray jobs are submitted like the other kinds: checked before anything is sent (the head's and every
// worker group's Ray spec, replicas, the registered image), shown exactly on a dry run, created once.

const emu = useEmulator()
const WORKSPACE = "CI-情境智能"
const CREATE = "v1:POST /api/v1/ray_job/create"

const world = () => {
  const p = rayPlace(emu.current)
  return { ws: p.workspace.id, group: p.group.id, ray: p.raySpec, train: p.trainSpec, image: p.image }
}

const rayJobs = (name?: string) =>
  emu.current.control.state().tasks.filter((t) => t.kind === "ray" && (name === undefined || t.name === name))
const creates = () => emu.current.control.requests().log.filter((q) => q.surface === CREATE)

let profile: ReturnType<typeof profileFor>
let input: Record<string, unknown>

beforeEach(() => {
  freshPlatform(emu.current)
  emu.current.control.faults.reset()
  profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: WORKSPACE })
  const w = world()
  input = {
    name: "ray-tune",
    entrypoint: "python tune.py #emu:idle",
    compute_group: "CPU资源-2",
    spec: w.ray,
    image: w.image?.address,
    worker: ["cpu:2-4"],
  }
})

describe("inspire_submit_ray", () => {
  it("shows the exact V1 body on a dry run and sends nothing", async () => {
    const w = world()
    const dry = succeeded(await call(emu.current, submitRayOperation, { ...input, dry_run: true }, profile)).result
    expect(dry).toMatchObject({ kind: "ray", dryRun: true, request: { surface: "api/v1/ray_job/create" } })
    const node = { mirror_id: w.image?.id, image_type: w.image?.source, logic_compute_group_id: w.group }
    expect(dry.request?.body).toEqual({
      name: "ray-tune",
      description: "",
      workspace_id: w.ws,
      project_id: expect.any(String),
      task_priority: dry.priority,
      entrypoint: "python tune.py #emu:idle",
      head_node: { ...node, quota_id: w.ray },
      worker_groups: [{ group_name: "cpu", ...node, min_replicas: 2, max_replicas: 4, quota_id: w.ray }],
    })
    expect(dry.workers).toEqual([{ name: "cpu", spec: w.ray, minReplicas: 2, maxReplicas: 4 }])
    expect(creates()).toHaveLength(0)
  })

  it("creates the job once, with its worker groups, and says what to call next", async () => {
    const done = succeeded(await call(emu.current, submitRayOperation, input, profile)).result
    expect(done).toMatchObject({ kind: "ray", dryRun: false, recovered: false })
    expect(done.jobId).toMatch(/^rj-/)
    expect(done.next.map((n) => n.operation)).toEqual(["jobs", "job_detail", "logs", "metrics", "wait"])
    expect(done.next[0]?.input).toMatchObject({ type: "ray" })
    const [job] = rayJobs("ray-tune")
    expect(job?.id).toBe(done.jobId)
    expect(job?.extra.worker_groups).toMatchObject([{ group_name: "cpu", min_replicas: 2, max_replicas: 4 }])
    expect(creates()).toHaveLength(1)
  })

  it("settles a lost answer by its marker: its own job, not a same-named one made meanwhile", async () => {
    emu.current.control.faults.set({ answers: { [CREATE]: { mode: "truncated", rate: 1 } } })
    const mine = call(emu.current, submitRayOperation, input, profile)
    while (rayJobs("ray-tune").length === 0) await new Promise((r) => setTimeout(r, 5))
    // Another submit of the same name lands a second later, so it is listed first (newest first).
    emu.current.control.clock.advance(1)
    const other = succeeded(
      await call(emu.current, submitRayOperation, { ...input, entrypoint: "python other.py #emu:idle" }, profile),
    ).result
    const done = succeeded(await mine).result
    expect(done.recovered).toBe(true)
    expect(done.jobId).not.toBe(other.jobId)
    expect(rayJobs("ray-tune").find((t) => t.id === done.jobId)?.command).toContain("python tune.py")
    expect(rayJobs("ray-tune")).toHaveLength(2)
    expect(creates()).toHaveLength(2)
  })

  it.each([
    ["max below min", { worker: ["cpu:4-2"] }, /1 ≤ min ≤ max/],
    ["no replicas", { worker: ["cpu:0-2"] }, /1 ≤ min ≤ max/],
    ["a malformed group", { worker: ["cpu"] }, /not a worker group/],
    ["a group name twice", { worker: ["cpu:1-1", "cpu:1-2"] }, /cannot name a worker group/],
    ["an unregistered image", { image: "docker.sii.shaipower.online/nobody/none:1" }, /not registered/],
  ])("refuses %s before anything is sent", async (_what, over, message) => {
    const error = failed(await call(emu.current, submitRayOperation, { ...input, ...over }, profile))
    expect(error.reason).toBe("InvalidInput")
    expect(`${error.message} ${error.hint}`).toMatch(message)
    expect(creates()).toHaveLength(0)
  })

  it("places itself with compute_group auto: the group whose nodes start the head and the fewest workers", async () => {
    const dry = succeeded(
      await call(emu.current, submitRayOperation, { ...input, compute_group: "auto", dry_run: true }, profile),
    ).result
    expect(dry.computeGroup.name).toBe("CPU资源-2")
    expect(dry.warnings.join(" ")).toMatch(/compute_group="auto".*CPU资源-2/)
    expect(creates()).toHaveLength(0)
  })

  it("refuses a training spec for a worker group, listing the group's Ray specs", async () => {
    const w = world()
    const error = failed(
      await call(emu.current, submitRayOperation, { ...input, worker: [`cpu:1-2:${w.train}`] }, profile),
    )
    expect(error.reason).toBe("InvalidInput")
    expect(JSON.stringify(error.candidates)).toContain(w.ray)
    expect(creates()).toHaveLength(0)
  })

  it("is submitted again by resubmit: head, worker groups, shared memory and entrypoint carried", async () => {
    const w = world()
    const first = await call(
      emu.current,
      submitRayOperation,
      { ...input, shm: 8, worker: ["cpu:1-2", "wide:2-3"] },
      profile,
    )
    const old = succeeded(first).result
    const again = succeeded(await call(emu.current, resubmitOperation, { job_id: "ray-tune" }, profile)).result
    expect(again).toMatchObject({ kind: "ray", name: "ray-tune-r1", resubmittedFrom: old.jobId, shmGi: 8 })
    const made = rayJobs("ray-tune-r1")[0]
    expect(made?.command).toMatch(/^python tune\.py #emu:idle\n# INSPIRE_SUBMIT_ID=\S+\n$/)
    expect(made?.command).not.toBe(rayJobs("ray-tune")[0]?.command)
    expect(made?.extra).toMatchObject({
      shm_gi: 8,
      worker_groups: [
        { group_name: "cpu", min_replicas: 1, max_replicas: 2, quota_id: w.ray },
        { group_name: "wide", min_replicas: 2, max_replicas: 3, quota_id: w.ray },
      ],
    })
  })

  it("runs a sweep of Ray jobs: each created once, a lost answer found by its marker, a re-run sends nothing", async () => {
    const { entrypoint: _, name: __, ...rest } = input
    const definition = {
      name: "ray-grid",
      kind: "ray",
      job: { ...rest, name: "rg-{w}", entrypoint: "python tune.py --w {w} #emu:idle", worker: ["cpu:1-2"] },
      grid: { w: [1, 2] },
    }
    const dry = succeeded(
      await call(emu.current, sweepOperation, { action: "run", definition, dry_run: true }, profile),
    )
    // At its most workers: the head and two workers of the 0.2/h spec.
    expect(dry.text).toMatch(/rg-1 +python tune.py --w 1 .* 1 +0.60/)
    expect(creates()).toHaveLength(0)
    emu.current.control.faults.set({ answers: { [CREATE]: { mode: "truncated", rate: 1 } } })
    const first = succeeded(await call(emu.current, sweepOperation, { action: "run", definition }, profile)).result
    emu.current.control.faults.set({ answers: {} })
    expect((first as { counts: { created: number } }).counts.created).toBe(2)
    expect(
      rayJobs()
        .map((t) => t.name)
        .sort(),
    ).toEqual(["rg-1", "rg-2"])
    const again = succeeded(await call(emu.current, sweepOperation, { action: "run", definition }, profile)).result
    expect((again as { counts: { submitted: number } }).counts.submitted).toBe(0)
    expect(creates()).toHaveLength(2)
  })

  it("says a job whose image has no Ray failed for that, with the images to choose from", async () => {
    const pytorch = emu.current.control.state().images.find((i) => i.name === "pytorch" && i.registry === "qb")
    const done = succeeded(
      await call(emu.current, submitRayOperation, { ...input, name: "no-ray", image: pytorch?.address }, profile),
    ).result
    emu.current.control.clock.advance(120)
    const detail = succeeded(await call(emu.current, jobDetailOperation, { job_id: done.jobId }, profile))
    expect(detail.result.diagnosis?.findings.map((f) => f.kind)).toEqual(["no-ray"])
    expect(detail.text).toContain("The image has no Ray")
    expect(detail.text).toContain('inspire_images(search="ray")')
  })
})
