import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { eventsOperation } from "../../src/operations/events.js"
import { jobDetailOperation } from "../../src/operations/job-detail/index.js"
import { jobsOperation } from "../../src/operations/jobs.js"
import { logsOperation } from "../../src/operations/logs/index.js"
import { metricsOperation } from "../../src/operations/metrics/index.js"
import { stopOperation } from "../../src/operations/stop/index.js"
import { waitOperation } from "../../src/operations/wait.js"
import { Platform } from "../../src/platform/client.js"
import type { Worded } from "../../src/words/render.js"
import { rayPlace } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, succeeded } from "./harness.js"
import { freshPlatform } from "./tasks-fixture.js"

// Ray jobs (a head and worker groups) are listed, read, looked up by name and waited on like every
// other kind of task, through the platform's V1 ray_job endpoints.

const emu = useEmulator()
const WORKSPACE = "CI-情境智能"

/** Creates a Ray job as the test's account, with a raw V1 create (the catalogue does not submit them yet). */
const createRay = async (
  profile: ReturnType<typeof profileFor>,
  name: string,
  entrypoint = "python eval.py #emu:idle",
): Promise<string> => {
  const p = rayPlace(emu.current)
  const node = {
    mirror_id: p.image.id,
    image_type: "SOURCE_OFFICIAL",
    logic_compute_group_id: p.group.id,
    quota_id: p.raySpec,
  }
  const body = {
    name,
    description: "",
    workspace_id: p.workspace.id,
    project_id: p.project.id,
    task_priority: 4,
    entrypoint,
    head_node: node,
    worker_groups: [{ ...node, group_name: "cpu", min_replicas: 2, max_replicas: 4 }],
  }
  const data = await profile.run(
    Effect.flatMap(Platform, (p) =>
      p.v1("POST", "ray_job/create", body, { idempotent: false, write: true, referer: "/jobs/ray" }),
    ),
  )
  if (data._tag !== "Success") throw new Error(JSON.stringify(data.cause))
  return (data.value as { ray_job_id: string }).ray_job_id
}

let profile: ReturnType<typeof profileFor>
let id: string

beforeAll(async () => {
  freshPlatform(emu.current)
  profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: WORKSPACE })
  id = await createRay(profile, "ray-eval")
  emu.current.control.clock.advance(20)
})

describe("Ray jobs", () => {
  it("are listed with --type ray and among all kinds", async () => {
    const ray = succeeded(await call(emu.current, jobsOperation, { type: "ray" }, profile))
    expect(ray.result.tasks).toMatchObject([{ id, type: "ray", name: "ray-eval", status: "running" }])
    const all = succeeded(await call(emu.current, jobsOperation, {}, profile))
    expect(all.result.tasks.map((t) => t.id)).toContain(id)
  })

  it("are read by id or name: worker groups with their replicas, and the pods", async () => {
    const byName = succeeded(await call(emu.current, jobDetailOperation, { job_id: "ray-eval" }, profile))
    const detail = byName.result as Worded<typeof byName.result>
    expect(detail).toMatchObject({ id, kind: "ray", command: "python eval.py #emu:idle", instances: 3 })
    expect(detail.ray?.groups).toEqual([{ name: "cpu", min: 2, max: 4, current: 2 }])
    expect(detail.pods).toHaveLength(3)
    expect(byName.text).toContain("cpu: 2 running (2–4)")
    expect(detail.consoleUrl).toContain("/jobs/ray?spaceId=")
  })

  it("have events, logs of every pod, and metrics with a verdict", async () => {
    const e = emu.current
    const events = succeeded(await call(e, eventsOperation, { job_id: "ray-eval" }, profile))
    expect(events.result.events.length).toBeGreaterThan(0)
    const logs = succeeded(await call(e, logsOperation, { job_id: id, lines: 20 }, profile))
    expect(logs.result.lines?.length).toBeGreaterThan(0)
    const metrics = succeeded(await call(e, metricsOperation, { job_id: id }, profile))
    expect(metrics.result.summary?.state).toBeDefined()
    const surfaces = e.control.requests().log.map((q) => q.surface)
    expect(surfaces).toContain("v1:POST /api/v1/ray_job/events/list")
    expect(surfaces).toContain("v1:POST /api/v1/logs/ray_job")
  })

  it("are waited on until they end", async () => {
    const short = await createRay(profile, "ray-short", "python eval.py")
    emu.current.control.clock.advance(3600)
    const waited = succeeded(
      await call(emu.current, waitOperation, { job_id: "ray-short", until: "finished", timeout_seconds: 5 }, profile),
    )
    expect(waited.result).toMatchObject({ jobId: short, outcome: "reached", status: { family: "succeeded" } })
  })
})

describe("stopping Ray jobs", () => {
  it("stops one by name, after a dry run that names the request and sends nothing", async () => {
    const e = emu.current
    const target = await createRay(profile, "ray-stop")
    e.control.clock.advance(20)
    e.control.clearRequests()
    const dry = succeeded(await call(e, stopOperation, { job_id: "ray-stop", dry_run: true }, profile))
    expect(dry.result.plan?.requests[0]).toMatchObject({ surface: "api/v1/ray_job/stop", body: { ray_job_id: target } })
    expect(e.control.requests().log.filter((q) => q.write)).toEqual([])
    const stopped = succeeded(await call(e, stopOperation, { job_id: "ray-stop" }, profile))
    expect(stopped.result.tasks).toMatchObject([{ id: target, type: "ray", outcome: "stopped" }])
    const batch = succeeded(
      await call(e, stopOperation, { type: "ray", name: "ray-eval", confirm: true, targets: [id] }, profile),
    )
    expect(batch.result.tasks).toMatchObject([{ id, type: "ray", outcome: "stopped" }])
    e.control.clock.advance(60)
    const deleted = succeeded(
      await call(e, stopOperation, { action: "delete", job_id: "ray-stop", confirm: true }, profile),
    )
    expect(deleted.result.tasks).toMatchObject([{ id: target, type: "ray", outcome: "deleted" }])
    expect(e.control.state().tasks.some((t) => t.id === target)).toBe(false)
  })
})
