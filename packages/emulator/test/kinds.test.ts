import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, IMAGE, type Json, SLURM_IMAGE, useLoggedInEmulator } from "./helpers.js"

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})
const advance = (s: number) => emu.control.clock.advance(s)

const hpcBody = (over: Json = {}) => {
  const lcg = f.group("高性能计算", "高性能计算")
  return {
    name: "preprocess",
    workspace_id: f.ws("高性能计算"),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    entrypoint: "srun python preprocess.py",
    image: SLURM_IMAGE,
    image_type: "SOURCE_OFFICIAL",
    instance_count: 2,
    spec_id: f.spec(lcg, "HPC", 0),
    task_priority: 4,
    number_of_tasks: 2,
    cpus_per_task: 4,
    memory_per_cpu: "8G",
    ...over,
  }
}

describe("HPC jobs (§4.6)", () => {
  it("creates on OA, runs to SUCCEEDED, lists on V2 and V1, shows events", async () => {
    const r = await c.oa("hpc_jobs/create", hpcBody())
    expect(r.body.code).toBe(0)
    const id = r.body.data.job_id
    expect(id).toMatch(/^hpc-job-/)
    expect(id).toHaveLength(44)
    const status = async () => (await c.oa("hpc_jobs/detail", { job_id: id })).body.data.status
    expect(await status()).toBe("QUEUEING")
    advance(5)
    expect(await status()).toBe("CREATING")
    advance(15)
    expect(await status()).toBe("RUNNING")
    const d = (await c.oa("hpc_jobs/detail", { job_id: id })).body.data
    expect(d.slurm_cluster_spec.nodes).toHaveLength(2)
    expect(d).toMatchObject({ priority_name: "4", priority_level: "NORMAL", priority: 20, memory_per_cpu: "8G" })
    advance(100)
    expect(await status()).toBe("SUCCEEDED")
    const ws = f.ws("高性能计算")
    const v2 = await c.result("hpc", "ListJobs", { workspace_id: ws, page_num: 1, page_size: 10 })
    expect(v2.jobs.map((j: Json) => j.job_id)).toEqual([id])
    const v1 = await c.v1("POST", "hpc_jobs/list", { workspace_id: ws, page_num: 1, page_size: 10 })
    expect(v1.body.data.total).toBe(1)
    const detail = await c.v1("GET", `hpc_jobs/${id}`)
    expect(detail.body.data.logic_compute_group_id).toBe(f.group("高性能计算", "高性能计算"))
    const ev = await c.v1("POST", "hpc_jobs/events/list", {
      pageNum: -1,
      pageSize: 200,
      filter: { object_ids: [id], object_type: "HPC_JOB" },
      sorter: [{ field: "last_timestamp", sort: "ascend" }],
    })
    expect(ev.body.data.events[0]).toMatchObject({ reason: "Created", object_type: "HPC_JOB" })
    expect(ev.body.data.events[0].type).toBeUndefined()
    expect((await c.v1("DELETE", `hpc_jobs/${id}`)).body.code).toBe(0)
    expect((await c.v1("GET", `hpc_jobs/${id}`)).body.code).toBe(100004)
  })

  it("requires a priority, a Slurm body without #SBATCH, and an HPC spec", async () => {
    const { task_priority: _p, ...noPriority } = hpcBody()
    expect((await c.oa("hpc_jobs/create", noPriority)).body.message).toBe("priority must be set")
    const sbatch = await c.v2("hpc", "CreateJob", hpcBody({ entrypoint: "#SBATCH -N 2\nsrun hostname" }))
    expect(sbatch.ResponseMetadata.Error.Message).toContain("#SBATCH")
    const trainSpec = f.spec(f.group("分布式训练空间", "H100"), "TRAIN", 1)
    const wrong = await c.oa("hpc_jobs/create", hpcBody({ spec_id: trainSpec }))
    expect(wrong.body.message).toContain("predef_node_specs")
  })

  it("creates through the V1 console schema and stops on V2", async () => {
    const lcg = f.group("高性能计算", "高性能计算")
    const spec = f.spec(lcg, "HPC", 0)
    const r = await c.v1("POST", "hpc_jobs", {
      job_name: "console-hpc",
      workspace_id: f.ws("高性能计算"),
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      priority: 3,
      enable_notification: false,
      dataset_info: [],
      sbatch_script: {
        number_of_tasks: 1,
        cpus_per_task: 8,
        memory_per_cpu: "4G",
        enable_hyper_threading: false,
        entrypoint: "srun python a.py",
      },
      slurm_cluster_spec: {
        predef_quota_id: spec,
        cpu: 16,
        mem_gi: 64,
        image: SLURM_IMAGE,
        image_type: "SOURCE_OFFICIAL",
        instance_count: 1,
      },
    })
    expect(r.body.code).toBe(0)
    advance(2)
    const stop = await c.v2("hpc", "StopJob", { job_id: r.body.data.job_id })
    expect(stop.ResponseMetadata.Error).toBeUndefined()
    expect((await c.result("hpc", "GetJob", { job_id: r.body.data.job_id })).status).toBe("STOPPED")
  })
})

describe("inference servings (§4.8)", () => {
  it("creates on OA, runs until stopped, lists on V1", async () => {
    const ws = f.ws("分布式训练空间")
    const lcg = f.group("分布式训练空间", "H100")
    const model = emu.control.state().models[0]?.id
    const r = await c.oa("inference_servings/create", {
      name: "qwen-serving",
      workspace_id: ws,
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      // With its model: an offline workspace cannot fetch the api_server's default one (serving-engine.ts).
      command:
        "python -m vllm.entrypoints.openai.api_server --model /inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2 --port 2400",
      image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
      image_type: "SOURCE_OFFICIAL",
      model_id: model,
      model_version: 2,
      port: 2400,
      replicas: 1,
      node_num_per_replica: 1,
      task_priority: 6,
      spec_id: f.spec(lcg, "SERVING", 1),
    })
    expect(r.body.code).toBe(0)
    const id = r.body.data.inference_serving_id
    expect(id).toMatch(/^sv-/)
    advance(3600)
    const d = (await c.oa("inference_servings/detail", { inference_serving_id: id })).body.data
    expect(d).toMatchObject({ status: "RUNNING", model_version: 2, port: 2400, replicas: 1 })
    expect(d.access_url).toContain(id)
    const v2 = await c.result("inference_serving", "GetServing", { inference_serving_id: id })
    expect(v2.status).toBe("RUNNING")
    const list = await c.v1("POST", "inference_servings/list", {
      page: 1,
      page_size: 10,
      filter_by: { my_serving: true },
      workspace_id: ws,
    })
    expect(list.body.data.inference_servings.map((s: Json) => s.inference_serving_id)).toEqual([id])
    const inst = await c.result("inference_serving", "ListServingInstances", { inference_serving_id: id })
    expect(inst.items).toEqual([
      { name: `${id}-replica-0`, node: expect.stringMatching(/^qb-gpu-/), status: "RUNNING" },
    ])
    const ev = await c.v2("inference_serving", "ListServingEvents", { inference_serving_id: id })
    expect(ev.ResponseMetadata.Error.Code).toBe("InternalError")
    expect((await c.oa("inference_servings/stop", { inference_serving_id: id })).body.code).toBe(0)
    expect((await c.v1("GET", `inference_servings/detail?inference_serving_id=${id}`)).body.data.status).toBe("STOPPED")
  })
})

describe("notebooks (§4.9)", () => {
  const createNb = async () => {
    const ws = f.ws("可上网GPU资源")
    const lcg = f.group("可上网GPU资源", "RTX4090-可上网")
    const image = emu.control.state().images.find((i) => i.address === IMAGE)
    const r = await c.v1("POST", "notebook/create", {
      workspace_id: ws,
      name: "dev-env",
      project_id: f.project("embodied-fm"),
      project_name: "具身智能基础模型",
      logic_compute_group_id: lcg,
      quota_id: f.spec(lcg, "DSW", 1),
      cpu_count: 16,
      gpu_count: 1,
      memory_size: 128,
      shared_memory_size: 32,
      mirror_id: image?.id,
      mirror_url: IMAGE,
      task_priority: 6,
      auto_stop: false,
      allow_ssh: true,
      runtime: "standard",
    })
    expect(r.body.code, JSON.stringify(r.body)).toBe(0)
    return { id: r.body.data.notebook_id as string, ws, lcg }
  }

  it("creates with a bare UUID id, runs, stops, starts again, and deletes only when stopped", async () => {
    const { id, ws } = await createNb()
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/)
    advance(20)
    const nb = await c.result("notebook", "GetNotebook", { notebook_id: id })
    expect(nb.status).toBe("RUNNING")
    expect(nb.start_config.logic_compute_group_id).toMatch(/^lcg-/)
    expect(nb.quota).toMatchObject({ gpu_count: 1, cpu_count: 16, memory_size: 128 })
    const list = await c.result("notebook", "ListNotebooks", { workspace_id: ws, page: 1, page_size: 10 })
    expect(list.total).toBe(1)
    const zeroBased = await c.v1("POST", "notebook/list", { workspace_id: ws, page: 0, page_size: 10 })
    expect(zeroBased.body.data.list.map((n: Json) => n.notebook_id)).toEqual([id])
    const denied = await c.v2("notebook", "DeleteNotebook", { notebook_id: id })
    expect(denied.ResponseMetadata.Error.Code).toBe("InvalidParameter")
    await c.result("notebook", "StopNotebook", { notebook_id: id })
    expect((await c.v1("GET", `notebook/${id}`)).body.data.status).toBe("STOPPING")
    advance(10)
    expect((await c.v1("GET", `notebook/${id}`)).body.data.status).toBe("STOPPED")
    expect((await c.v1("POST", "notebook/operate", { notebook_id: id, operation: "START" })).body.code).toBe(0)
    advance(20)
    expect((await c.v1("GET", `notebook/${id}`)).body.data.status).toBe("RUNNING")
    const runs = await c.v1("POST", "run_index/list", { notebook_id: id })
    expect(runs.body.data.list).toHaveLength(2)
    expect(runs.body.data.list[1].end_time).toBe("")
    await c.result("notebook", "StopNotebook", { notebook_id: id })
    advance(10)
    expect((await c.v1("DELETE", `notebook/${id}`)).body.code).toBe(0)
  })

  it("gives access URLs and bounces the lab route to the gateway with the notebook's token", async () => {
    const { id } = await createNb()
    advance(20)
    const urls = await c.result("notebook", "GetNotebookAccessUrl", { notebook_id: id })
    expect(urls.jupyter_url).toMatch(new RegExp(`/jupyter/${id}/[0-9a-f]+/lab\\?token=`))
    const lab = await fetch(`${emu.url}/api/v1/notebook/lab/${id}/`, {
      redirect: "manual",
      headers: { cookie: c.cookie },
    })
    expect(lab.status).toBe(302)
    const gateway = await fetch(lab.headers.get("location") ?? "")
    expect(await gateway.text()).toContain("JupyterLab")
    const stale = await fetch(`${emu.url}/api/v1/notebook/lab/${id}/`, { redirect: "manual" })
    expect(stale.headers.get("location")).toContain("openid-connect/auth")
  })

  it("refuses a training spec for a notebook with record not found", async () => {
    const lcg = f.group("可上网GPU资源", "RTX4090-可上网")
    const r = await c.v2("notebook", "CreateNotebook", {
      workspace_id: f.ws("可上网GPU资源"),
      name: "nb",
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      quota_id: f.spec(lcg, "TRAIN", 1),
      mirror_url: IMAGE,
    })
    expect(r.ResponseMetadata.Error).toEqual({ Code: "InvalidParameter", Message: "record not found" })
  })

  it("saves a running notebook as a private image, its progress in save_mirror_status over platform time", async () => {
    const { id } = await createNb()
    advance(20)
    await c.result("notebook", "SaveNotebookImage", { notebookId: id, name: "my-env", version: "v2", accessible: 1 })
    const status = async () =>
      (await c.result("notebook", "GetNotebook", { notebook_id: id })).save_mirror_status.status
    const mine = async () => {
      const list = await c.v1("POST", "image/list", {
        page: 0,
        page_size: -1,
        filter: { visibility: "VISIBILITY_PRIVATE" },
      })
      return list.body.data.images.find((i: Json) => i.name === "my-env")
    }
    expect(await status()).toBe("RUNNING")
    expect((await mine()).status).toBe("BUILDING")
    const again = await c.v2("notebook", "SaveNotebookImage", { notebookId: id, name: "my-env", version: "v3" })
    expect(again.ResponseMetadata.Error.Code).toBe("InvalidParameter")
    advance(130)
    expect(await mine()).toMatchObject({ source: "SOURCE_PUBLIC", visibility: "VISIBILITY_PRIVATE", status: "READY" })
    expect(await status()).toBe("SUCCESS")
    // The V1 route saves the same way.
    const v1 = await c.v1("POST", "mirror/save", { notebook_id: id, name: "my-env", version: "v4", description: "" })
    expect(v1.body.data.image.image_id).toMatch(/^image-/)
    expect(await status()).toBe("RUNNING")
  })
})

describe("images and models (§4.10, §4.11)", () => {
  it("lists official images with display-domain addresses, per registry", async () => {
    const qb = await c.v1("POST", "image/list", {
      page: 0,
      page_size: -1,
      filter: { source: "SOURCE_OFFICIAL", source_list: [], registry_hint: { workspace_id: f.ws("分布式训练空间") } },
    })
    const addresses = qb.body.data.images.map((i: Json) => i.address as string)
    expect(addresses.every((a: string) => a.startsWith("docker.sii.shaipower.online/inspire-studio/"))).toBe(true)
    expect(addresses.some((a: string) => a.includes("slurm"))).toBe(true)
    const sj = await c.v1("POST", "image/list", {
      page: 0,
      page_size: -1,
      filter: { registry_hint: { workspace_id: f.ws("SJ资源空间") } },
    })
    expect(sj.body.data.images.every((i: Json) => i.address.startsWith("docker-t.sii.shaipower.online/"))).toBe(true)
  })

  it("registers, updates and deletes a personal image", async () => {
    const r = await c.v1("POST", "image/create", {
      name: "new-train",
      version: "v1",
      registry_hint: { workspace_id: f.ws("分布式训练空间") },
      visibility: "VISIBILITY_PRIVATE",
      add_method: 0,
      description: "x",
    })
    expect(r.body.data.image.address).toBe("docker-qb.sii.edu.cn/inspire-studio/new-train:v1")
    const id = r.body.data.image.image_id
    expect((await c.v1("GET", `image/${id}`)).body.data.status).toBe("BUILDING")
    emu.control.harborPush("qb", "new-train", "v1")
    expect((await c.v1("GET", `image/${id}`)).body.data).toMatchObject({
      status: "READY",
      address: "docker.sii.shaipower.online/inspire-studio/new-train:v1",
    })
    expect((await c.v1("POST", "image/update", { image_id: id, description: "y" })).status).toBe(400)
    expect((await c.v1("POST", "image/update", { id, description: "y" })).body.code).toBe(0)
    expect((await c.v1("DELETE", `image/${id}`)).body.code).toBe(0)
  })

  it("lists models with versions, creates and deletes one", async () => {
    const ws = f.ws("分布式训练空间")
    const list = await c.v1("POST", "model/list", { workspace_id: ws, page: 1, page_size: -1, filter_by: {} })
    expect(list.body.data.total).toBe(2)
    const qwen = list.body.data.list[0]
    expect(qwen.model.name).toBe("qwen2.5-7b-instruct")
    expect(qwen.latest_version).toBe(2)
    const versions = await c.v1("GET", `model/${qwen.model.model_id}/versions`)
    expect(versions.body.data.list.map((v: Json) => v.version)).toEqual([1, 2])
    expect(versions.body.data.next_version).toBe(3)
    const made = await c.v1("POST", "model/create", {
      workspace_id: ws,
      project_id: f.project("embodied-fm"),
      name: "my-model",
      model_source_path: "/inspire/hdd/project/embodied-fm/models/m",
      model_type: ["LLM"],
      description: "",
      tags: [],
    })
    const detail = await c.v1("POST", "model/detail", { model_id: made.body.data.model_id })
    expect(detail.body.data.model.name).toBe("my-model")
    expect((await c.v1("POST", "model/delete", { model_id: made.body.data.model_id })).body.code).toBe(0)
    expect((await c.v1("POST", "model/detail", { model_id: made.body.data.model_id })).body.code).toBe(100004)
  })
})
