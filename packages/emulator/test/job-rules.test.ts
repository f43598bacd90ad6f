import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, SLURM_IMAGE, trainBody, useLoggedInEmulator } from "./helpers.js"

// Image types on create, stopping right after create, and pod names: where each rule applies.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})
const advance = (s: number) => emu.control.clock.advance(s)

const DEEPSPEED = "docker.sii.shaipower.online/inspire-studio/deepspeed:0.14.4-torch2.3"
const VLLM = "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4"

const hpcBody = (over: Json = {}) => {
  const lcg = f.group("高性能计算", "高性能计算")
  return {
    name: "prep",
    workspace_id: f.ws("高性能计算"),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    entrypoint: "srun python prep.py",
    image: SLURM_IMAGE,
    image_type: "SOURCE_PRIVATE",
    instance_count: 1,
    spec_id: f.spec(lcg, "HPC", 0),
    task_priority: 4,
    number_of_tasks: 1,
    cpus_per_task: 4,
    memory_per_cpu: "4G",
    ...over,
  }
}

const servingBody = (over: Json = {}) => {
  const lcg = f.group("分布式训练空间", "H100")
  return {
    name: "srv",
    workspace_id: f.ws("分布式训练空间"),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    command: "python -m vllm.entrypoints.openai.api_server --port 8000",
    image: VLLM,
    image_type: "SOURCE_PRIVATE",
    model_id: emu.control.state().models[0]?.id,
    model_version: 1,
    port: 8000,
    replicas: 1,
    node_num_per_replica: 1,
    task_priority: 6,
    spec_id: f.spec(lcg, "SERVING", 1),
    ...over,
  }
}

describe("image_type on create (§1.8, §6 rule 3)", () => {
  it("OpenAPI creates accept SOURCE_PRIVATE for official and public images by default", async () => {
    const train = await c.oa("train_job/create", trainBody(f, {}, { image_type: "SOURCE_PRIVATE" }))
    expect(train.body.code, JSON.stringify(train.body)).toBe(0)
    const detail = await c.oa("train_job/detail", { job_id: train.body.data.job_id })
    expect(detail.body.data.framework_config[0].image_type).toBe("SOURCE_PRIVATE")
    const pub = await c.oa("train_job/create", trainBody(f, {}, { image: DEEPSPEED, image_type: "SOURCE_PRIVATE" }))
    expect(pub.body.code, JSON.stringify(pub.body)).toBe(0)
    expect((await c.oa("hpc_jobs/create", hpcBody())).body.code).toBe(0)
    const serving = await c.oa("inference_servings/create", servingBody())
    expect(serving.body.code, JSON.stringify(serving.body)).toBe(0)
  })

  it("the console (V1) and V2 paths refuse a type that is not the image's source with Unauthorized", async () => {
    const v2 = await c.v2("train", "CreateJob", trainBody(f, {}, { image_type: "SOURCE_PRIVATE" }))
    expect(v2.ResponseMetadata.Error).toEqual({ Code: "InternalError", Message: "Unauthorized" })
    const hpc = await c.v2("hpc", "CreateJob", hpcBody())
    expect(hpc.ResponseMetadata.Error).toEqual({ Code: "InternalError", Message: "Unauthorized" })
    const serving = await c.v2("inference_serving", "CreateServing", servingBody())
    expect(serving.ResponseMetadata.Error).toEqual({ Code: "InternalError", Message: "Unauthorized" })
    const oa = trainBody(f)
    const spec = f.spec(oa.logic_compute_group_id, "TRAIN", 1)
    const { spec_id: _spec, ...fc } = { ...oa.framework_config[0], image_type: "SOURCE_PRIVATE" }
    const v1 = await c.v1("POST", "train_job/create", {
      ...oa,
      framework_config: [
        {
          ...fc,
          cpu: 20,
          mem_gi: 200,
          gpu_count: 1,
          resource_spec_price: { quota_id: spec, logic_compute_group_id: oa.logic_compute_group_id },
        },
      ],
    })
    expect(v1.body).toMatchObject({ code: 100000, message: "Unauthorized" })
    // The matching type goes through on V2.
    const ok = await c.v2("train", "CreateJob", trainBody(f, {}, { image_type: "SOURCE_OFFICIAL" }))
    expect(ok.ResponseMetadata.Error).toBeUndefined()
  })

  it("the oaImageType rule switches OpenAPI to the strict reading, and back", async () => {
    expect(emu.control.rules.get()).toEqual({ oaImageType: "accept", workerPty: "v2" })
    emu.control.rules.set({ oaImageType: "match" })
    const strict = await c.oa("train_job/create", trainBody(f, {}, { image_type: "SOURCE_PRIVATE" }))
    expect(strict.body).toMatchObject({ code: 100000, message: "Unauthorized" })
    expect((await c.oa("hpc_jobs/create", hpcBody())).body.message).toBe("Unauthorized")
    expect((await c.oa("train_job/create", trainBody(f))).body.code).toBe(0)
    const admin = await fetch(`${emu.url}/__emulator/rules`, { method: "POST", body: '{"oaImageType":"accept"}' })
    expect(await admin.json()).toEqual({ oaImageType: "accept", workerPty: "v2" })
    expect((await c.oa("train_job/create", trainBody(f, {}, { image_type: "SOURCE_PRIVATE" }))).body.code).toBe(0)
  })
})

describe("stopping right after create (§1.6, §6 rule 21)", () => {
  const status = async (id: string) => (await c.oa("train_job/detail", { job_id: id })).body.data.status

  it("OpenAPI and V1 stop a job at once; only V2 StopJob refuses one that is being created", async () => {
    const a = (await c.oa("train_job/create", trainBody(f))).body.data.job_id
    expect((await c.oa("train_job/stop", { job_id: a })).body.code).toBe(0)
    expect(await status(a)).toBe("job_stopped")
    const b = (await c.oa("train_job/create", trainBody(f, { name: "b" }))).body.data.job_id
    expect((await c.v1("POST", "train_job/stop", { job_id: b })).body.code).toBe(0)
    const h = (await c.oa("hpc_jobs/create", hpcBody({ image_type: "SOURCE_OFFICIAL" }))).body.data.job_id
    expect((await c.v2("hpc", "StopJob", { job_id: h })).ResponseMetadata.Error).toBeUndefined()
    const nb = await c.v2("train", "CreateJob", trainBody(f, { name: "v2" }))
    const early = await c.v2("train", "StopJob", { job_id: nb.Result.job_id })
    expect(early.ResponseMetadata.Error.Code).toBe("Conflict")
  })

  it("the Conflict follows the job's phase, not the clock: queued just now or creating, never running", async () => {
    const id = (await c.v2("train", "CreateJob", trainBody(f))).Result.job_id
    advance(3)
    expect(await status(id)).toBe("job_creating")
    expect((await c.v2("train", "StopJob", { job_id: id })).ResponseMetadata.Error.Code).toBe("Conflict")
    advance(12)
    expect(await status(id)).toBe("job_running")
    expect((await c.v2("train", "StopJob", { job_id: id })).ResponseMetadata.Error).toBeUndefined()
    expect(await status(id)).toBe("job_stopped")
  })

  it("a job already running a moment after create stops at once, even on V2", async () => {
    emu.control.clock.setSpeed(1000)
    const id = (await c.v2("train", "CreateJob", trainBody(f))).Result.job_id
    advance(0.1)
    expect(await status(id)).toBe("job_running")
    expect((await c.v2("train", "StopJob", { job_id: id })).ResponseMetadata.Error).toBeUndefined()
    emu.control.clock.setSpeed(1)
  })

  it("a job waiting in the queue for GPUs is past creation and can be stopped on V2", async () => {
    const lcg = f.group("分布式训练空间", "H200-3号机房")
    const body = trainBody(f, { logic_compute_group_id: lcg }, { spec_id: f.spec(lcg, "TRAIN", 8) })
    const id = (await c.v2("train", "CreateJob", body)).Result.job_id
    advance(10)
    expect(await status(id)).toBe("job_queuing")
    expect((await c.v2("train", "StopJob", { job_id: id })).ResponseMetadata.Error).toBeUndefined()
    expect(await status(id)).toBe("job_stopped")
  })
})

describe("pod names (§5.7)", () => {
  it("first-round pods are <job>-worker-<i>; logs, metrics and events use the same names", async () => {
    const id = (await c.oa("train_job/create", trainBody(f, {}, { instance_count: 2 }))).body.data.job_id
    advance(20)
    const inst = await c.result("train", "ListJobInstances", { job_id: id, page_num: 1, page_size: -1 })
    const pods = [`${id}-worker-0`, `${id}-worker-1`]
    expect(inst.items.map((x: Json) => x.name)).toEqual(pods)
    const logs = await c.result("train", "GetJobLog", { page_size: 5, filter: { podNames: pods } })
    expect(new Set(logs.logs.map((l: Json) => l.pod_name))).toEqual(new Set(pods))
    expect(logs.logs.some((l: Json) => String(l.message).includes(`MASTER_ADDR=${id}-worker-0,`))).toBe(true)
    const suffixed = await c.v2("train", "GetJobLog", { page_size: 5, filter: { podNames: [`${id}-worker-0-0`] } })
    expect(suffixed.ResponseMetadata.Error.Message).toContain("Invalid instance names")
    const now = Math.floor(emu.control.clock.now() / 1000)
    const metric = await c.result("train", "GetTaskMetric", {
      metric_types: ["gpu_usage_rate"],
      filter: {
        logic_compute_group_id: f.group("分布式训练空间", "H100"),
        task_type: "distributed_training",
        task_id: id,
      },
      time_range: { start_timestamp: now - 60, end_timestamp: now, interval_second: 60 },
    })
    expect(metric.time_seris_metric_groups.map((g: Json) => g.group_name)).toEqual(pods)
  })

  it("a fault-tolerance restart names the new round's pods with the round, and round 0 stays readable", async () => {
    const id = (
      await c.oa("train_job/create", {
        ...trainBody(f, { command: "python train.py #emu:preempt", task_priority: 1 }),
        auto_fault_tolerance: true,
        fault_tolerance_max_retry: 1,
      })
    ).body.data.job_id
    advance(70)
    advance(30)
    const inst = await c.result("train", "ListJobInstances", { job_id: id, page_num: 1, page_size: -1 })
    expect(inst.items.map((x: Json) => x.name)).toEqual([`${id}-worker-0-1`])
    const first = await c.result("train", "GetJobLog", { page_size: 3, filter: { podNames: [`${id}-worker-0`] } })
    expect(first.total).toBeGreaterThan(0)
    expect(first.logs.every((l: Json) => l.pod_name === `${id}-worker-0`)).toBe(true)
  })
})
