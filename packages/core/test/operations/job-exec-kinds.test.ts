import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { createHpcJob } from "../../src/api/jobs/index.js"
import { jobExecOperation } from "../../src/operations/job-exec/index.js"
import { Platform } from "../../src/platform/client.js"
import { hpcInput, rayPlace, syncClock } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

// inspire_job_exec in the pods of the other kinds with a worker PTY: an HPC job (its pods from its
// metrics) and a Ray job (its head and workers from its instance list).

const emu = useEmulator()
let profile: ReturnType<typeof profileFor>

const createRay = async (): Promise<string> => {
  const p = rayPlace(emu.current)
  const node = { mirror_id: p.image.id, image_type: "SOURCE_OFFICIAL", logic_compute_group_id: p.group.id }
  const body = {
    name: "exec-ray",
    description: "",
    workspace_id: p.workspace.id,
    project_id: p.project.id,
    task_priority: 4,
    entrypoint: "python eval.py #emu:idle",
    head_node: { ...node, quota_id: p.raySpec },
    worker_groups: [{ ...node, quota_id: p.raySpec, group_name: "cpu", min_replicas: 1, max_replicas: 2 }],
  }
  const data = await profile.run(
    Effect.flatMap(Platform, (x) =>
      x.v1("POST", "ray_job/create", body, { idempotent: false, write: true, referer: "/jobs/ray" }),
    ),
  )
  if (data._tag !== "Success") throw new Error(JSON.stringify(data.cause))
  return (data.value as { ray_job_id: string }).ray_job_id
}

let hpc: string
let ray: string

beforeAll(async () => {
  syncClock(emu.current)
  profile = profileFor(emu.current)
  const made = await profile.run(createHpcJob(hpcInput(emu.current, "exec-hpc", "srun python run.py #emu:idle")))
  if (made._tag !== "Success") throw new Error(JSON.stringify(made.cause))
  hpc = made.value.jobId
  ray = await createRay()
  emu.current.control.clock.advance(20)
})

describe("job exec in other kinds of job", () => {
  it("runs in an HPC job's pod", async () => {
    const r = succeeded(
      await call(emu.current, jobExecOperation, { job_id: hpc, command: "echo $MY_POD_NAME" }, profile),
    )
    expect(r.result.output).toBe(`${hpc}-compute-0\n`)
    expect(r.result.exitCode).toBe(0)
  }, 60_000)

  it("runs in a Ray job's head or worker, named by number", async () => {
    const none = failed(await call(emu.current, jobExecOperation, { job_id: ray, command: "true" }, profile))
    expect(none.message).toContain(`${ray}-head`)
    const worker = { job_id: ray, pod: "1", command: "echo $MY_POD_NAME; exit 9" }
    const r = succeeded(await call(emu.current, jobExecOperation, worker, profile))
    expect(r.result.output).toBe(`${ray}-worker-0\n`)
    expect(r.result.exitCode).toBe(9)
  }, 60_000)
})
