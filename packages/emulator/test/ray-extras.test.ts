import { request } from "node:http"
import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, useLoggedInEmulator } from "./helpers.js"

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})
const advance = (s: number) => emu.control.clock.advance(s)

const rayBody = (image = "ray", over: Json = {}) => {
  const lcg = f.group("CI-情境智能", "CPU资源-2")
  const quota = f.spec(lcg, "RAY_JOB", 0)
  const mirror = emu.control.state().images.find((i) => i.name === image)?.id
  return {
    name: "ray-eval",
    description: "",
    workspace_id: f.ws("CI-情境智能"),
    project_id: f.project("embodied-fm"),
    task_priority: 4,
    entrypoint: "python eval.py",
    head_node: { mirror_id: mirror, image_type: "SOURCE_OFFICIAL", logic_compute_group_id: lcg, quota_id: quota },
    worker_groups: [
      {
        group_name: "cpu",
        mirror_id: mirror,
        image_type: "SOURCE_OFFICIAL",
        logic_compute_group_id: lcg,
        min_replicas: 2,
        max_replicas: 4,
        quota_id: quota,
      },
    ],
    ...over,
  }
}

describe("Ray jobs (§4.7, V1 only)", () => {
  it("creates, lists, details, lists instances and events, stops and deletes", async () => {
    const r = await c.v1("POST", "ray_job/create", rayBody())
    expect(r.body.code, JSON.stringify(r.body)).toBe(0)
    const id = r.body.data.ray_job_id
    expect(id).toMatch(/^rj-/)
    advance(20)
    const d = await c.v1("POST", "ray_job/detail", { ray_job_id: id })
    expect(d.body.data).toMatchObject({ status: "RUNNING", priority_level: "NORMAL" })
    expect(d.body.data.worker_groups[0]).toMatchObject({ min_replicas: 2, max_replicas: 4, current_replicas: 2 })
    const inst = await c.v1("POST", "ray_job/instances/list", { ray_job_id: id, page_num: 1, page_size: -1 })
    expect(inst.body.data.items.map((i: Json) => [i.instance_type, i.status])).toEqual([
      ["head", "running"],
      ["worker", "running"],
      ["worker", "running"],
    ])
    const list = await c.v1("POST", "ray_job/list", { workspace_id: f.ws("CI-情境智能"), page_num: 1, page_size: 10 })
    expect(list.body.data.total).toBe(1)
    const ev = await c.v1("POST", "ray_job/events/list", {
      ray_job_id: id,
      page_num: 1,
      page_size: -1,
      sorter: [{ field: "last_timestamp", sort: "ascend" }],
    })
    expect(ev.body.data.items[0].reason).toBe("Created")
    expect((await c.v1("POST", "ray_job/detail", { id })).status).toBe(400)
    expect((await c.v1("POST", "ray_job/delete", { ray_job_id: id })).body.code).toBe(100002)
    expect((await c.v1("POST", "ray_job/stop", { ray_job_id: id })).body.code).toBe(0)
    expect((await c.v1("POST", "ray_job/delete", { ray_job_id: id })).body.code).toBe(0)
  })

  it("works only where Ray specs exist and needs replicas ≥ 1 and a Ray image", async () => {
    const elsewhere = await c.v1("POST", "ray_job/create", {
      ...rayBody(),
      workspace_id: f.ws("CPU资源空间"),
      head_node: { ...rayBody().head_node, logic_compute_group_id: f.group("CPU资源空间", "CPU资源-2") },
    })
    expect(elsewhere.body.code).not.toBe(0)
    const zero = rayBody()
    zero.worker_groups[0] = { ...zero.worker_groups[0], min_replicas: 0 } as (typeof zero.worker_groups)[0]
    expect((await c.v1("POST", "ray_job/create", zero)).body.message).toContain("min_replicas")
    const noRay = await c.v1("POST", "ray_job/create", rayBody("pytorch"))
    advance(60)
    const d = await c.v1("POST", "ray_job/detail", { ray_job_id: noRay.body.data.ray_job_id })
    expect(d.body.data).toMatchObject({ status: "FAILED", sub_msg: "ray: command not found" })
  })
})

describe("Ray worker groups", () => {
  it("run on Ray specs of the head's compute group, each under a name of its own", async () => {
    const lcg = f.group("CI-情境智能", "CPU资源-2")
    const body = rayBody()
    const group = body.worker_groups[0] as (typeof body.worker_groups)[0]
    const trainSpec = { ...body, worker_groups: [{ ...group, quota_id: f.spec(lcg, "TRAIN", 0) }] }
    const wrong = await c.v1("POST", "ray_job/create", trainSpec)
    expect(wrong.body.code, JSON.stringify(wrong.body)).not.toBe(0)
    const twice = await c.v1("POST", "ray_job/create", { ...body, worker_groups: [group, group] })
    expect(twice.body.message).toContain("group_name")
    const list = await c.v1("POST", "ray_job/list", { workspace_id: f.ws("CI-情境智能"), page_num: 1, page_size: 10 })
    expect(list.body.data.total).toBe(0)
  })
})

describe("runtime checks and retired endpoints", () => {
  it("an HPC job in an image without Slurm fails with slurmctld BackOff", async () => {
    const lcg = f.group("高性能计算", "高性能计算")
    const r = await c.v2("hpc", "CreateJob", {
      name: "no-slurm",
      workspace_id: f.ws("高性能计算"),
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      entrypoint: "srun hostname",
      image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
      image_type: "SOURCE_OFFICIAL",
      instance_count: 1,
      spec_id: f.spec(lcg, "HPC", 0),
      task_priority: 4,
    })
    const id = r.Result.job_id
    advance(60)
    const d = await c.result("hpc", "GetJob", { job_id: id })
    expect(d.status).toBe("FAILED")
    expect(d.sub_msg).toContain("slurmctld BackOff")
    const logs = await c.v1("POST", "logs/hpc", {
      page_size: 5,
      filter: { podNames: [`${id}-compute-0`] },
      sorter: [{ field: "@timestamp", sort: "descend" }],
    })
    expect(logs.body.data.logs[0].message).toBe("slurmctld BackOff")
  })

  it("the SSH-key endpoints answer 数据库错误 and retired notebook paths 404", async () => {
    expect((await c.v1("GET", "ssh/keys")).body).toMatchObject({ code: 100000, message: "数据库错误" })
    expect((await c.v1("GET", "notebook/abc/events")).status).toBe(404)
    expect((await c.v1("GET", "notebook/event/abc")).status).toBe(404)
  })

  it("node-spec actions give hardware only, and image.ListImages is empty without a name filter", async () => {
    const specs = await c.result("workspace", "GetWorkspaceNodeSpecs", { workspace_id: f.ws("分布式训练空间") })
    expect(specs.node_specs[0]).toMatchObject({ gpu_count: 8 })
    expect(specs.node_specs[0].quota_id).toBeUndefined()
    expect((await c.result("image", "ListImages", { page: 1, page_size: 10 })).images).toEqual([])
    const torch = await c.result("image", "ListImages", { page: 1, page_size: 10, filter: { name: "pytorch" } })
    expect(torch.images.length).toBeGreaterThan(0)
  })

  it("routes Harbor by a docker-qb / docker-t Host header too", async () => {
    const url = new URL(emu.url)
    const status = (host: string, auth: { username: string; password: string }) =>
      new Promise<number>((resolve, reject) => {
        request(
          {
            host: url.hostname,
            port: url.port,
            path: "/api/v2.0/projects?page_size=1",
            headers: {
              host,
              authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}`,
            },
          },
          (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          },
        )
          .on("error", reject)
          .end()
      })
    expect(await status("docker-qb.sii.edu.cn", emu.demo.harbor.qb)).toBe(200)
    expect(await status("docker-t.sii.edu.cn", emu.demo.harbor.sj)).toBe(200)
    expect(await status("docker-t.sii.edu.cn", emu.demo.harbor.qb)).toBe(401)
  })
})
