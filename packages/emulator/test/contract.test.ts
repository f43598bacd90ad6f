import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { Client, fixture, type Json, start, trainBody } from "./helpers.js"

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>
let job = ""

beforeAll(async () => {
  emu = await start()
  c = new Client(emu)
  await c.loginToken()
  await c.loginCookie()
  f = fixture(emu.control.state())
  job = (await c.oa("train_job/create", trainBody(f, {}, { instance_count: 2 }))).body.data.job_id
  emu.control.clock.advance(30)
})
afterAll(() => emu.close())

describe("remaining documented requests (§4)", () => {
  it("V1 user routes list the user's workspaces under userWorkspaceList", async () => {
    const r = await c.v1("GET", `user/routes/${f.ws("分布式训练空间")}`)
    const group = r.body.data.routes.find((x: Json) => x.name === "userWorkspaceList")
    expect(group.routes.map((x: Json) => x.path)).toContain(f.ws("SJ资源空间"))
  })

  it("V1 project/list_for_page is 0-based; project detail and owners", async () => {
    const p0 = await c.v1("POST", "project/list_for_page", { page: 0, page_size: 2 })
    expect(p0.body.data.list).toHaveLength(2)
    expect(p0.body.data.list[0]).toHaveProperty("priority_name")
    const d = await c.v1("GET", `project/${f.project("vl-align")}`)
    expect(d.body.data).toMatchObject({ en_name: "vl-align", budget: 80000 })
    const owners = await c.v1("GET", "project/owners")
    expect(owners.body.data.items[0]).toHaveProperty("login_name")
  })

  it("train_job/workdir returns a plain path string in data", async () => {
    const r = await c.v1("POST", "train_job/workdir", {
      project_id: f.project("embodied-fm"),
      workspace_id: f.ws("分布式训练空间"),
    })
    expect(r.body.data).toBe("/inspire/hdd/project/embodied-fm/20250001")
    const v2 = await c.result("train", "GetJobWorkdir", {
      project_id: f.project("embodied-fm"),
      workspace_id: f.ws("分布式训练空间"),
    })
    expect(v2.workdir).toBe(r.body.data)
  })

  it("V1 instance_list takes jobId; job_event_list takes job_id or jobId; instance_event_list jobId + instanceName", async () => {
    const inst = await c.v1("POST", "train_job/instance_list", { jobId: job, page_num: 1, page_size: 10 })
    expect(inst.body.data.items.map((i: Json) => i.instance_status)).toEqual(["instance_running", "instance_running"])
    const a = await c.v1("POST", "train_job/job_event_list", { job_id: job })
    const b = await c.v1("POST", "train_job/job_event_list", { jobId: job })
    expect(a.body.data.events.map((e: Json) => e.reason)).toEqual(b.body.data.events.map((e: Json) => e.reason))
    expect(a.body.data.events[0]).toMatchObject({ object_type: "job", object_id: job })
    const pod = await c.v1("POST", "train_job/instance_event_list", { jobId: job, instanceName: `${job}-worker-1` })
    expect(pod.body.data.events.every((e: Json) => e.object_id === `${job}-worker-1`)).toBe(true)
    expect(pod.body.data.events.length).toBeGreaterThan(0)
    const users = await c.v1("POST", "train_job/users", { workspace_id: f.ws("分布式训练空间") })
    expect(users.body.data.items).toEqual([{ id: expect.stringMatching(/^user-/), name: "张演示" }])
  })

  it("V2 ListLogicComputeGroups pages with page_num and filters by workspace", async () => {
    const r = await c.result("workspace", "ListLogicComputeGroups", {
      filter: { workspace_id: f.ws("专属资源开发空间"), include_gpu_type_stats: true },
      page_num: 1,
      page_size: -1,
      sorter: [],
    })
    expect(r.logic_compute_groups.map((g: Json) => g.logic_compute_group_name)).toEqual([
      "开发区-H100-cuda12.8版本-119核",
      "4090-开发",
    ])
    expect(r.logic_compute_groups[0].gpu_type_stats[0].gpu_info.gpu_type).toBe("NVIDIA_H100_SXM_80G")
  })

  it("V2 ListWorkspaces lists the user's workspaces with their compute groups", async () => {
    const r = await c.result("workspace", "ListWorkspaces", { page_num: 1, page_size: 50 })
    const hpc = r.items.find((w: Json) => w.name === "高性能计算")
    expect(hpc.compute_groups.map((g: Json) => g.name)).toEqual(["高性能计算", "高性能计算-大内存"])
  })

  it("V1 group detail routes and node specs", async () => {
    const lcg = f.group("国产卡资源空间", "昇腾910B-1")
    const g = await c.v1("GET", `logic_compute_groups/${lcg}`)
    expect(g.body.data.gpu_type_stats[0].gpu_info.gpu_type).toBe("Ascend_910B_64G")
    const specs = await c.v1("GET", `compute_resources/node_specs/logic_compute_groups/${lcg}`)
    expect(specs.body.data.node_dimensions[0]).toMatchObject({ gpu_count: 8, logic_compute_group_name: "昇腾910B-1" })
  })

  it("cluster.ListNodeEvents wants node_names with one node and rejects a flat node_name", async () => {
    const ok = await c.result("cluster", "ListNodeEvents", {
      filter: { node_names: ["qb-gpu-0101"] },
      page_num: 1,
      page_size: 50,
    })
    expect(ok.events.map((e: Json) => e.reason)).toContain("XIDIsHealthy")
    const flat = await c.v2("cluster", "ListNodeEvents", { filter: { node_name: "qb-gpu-0101" } })
    expect(flat.ResponseMetadata.Error.Code).toBe("InvalidParameter")
  })

  it("garbage-collects the events of a job finished more than 30 days ago", async () => {
    emu.control.clock.advance(400)
    expect((await c.v1("POST", "train_job/job_event_list", { job_id: job })).body.code).toBe(0)
    emu.control.clock.advance(31 * 86_400)
    const old = await c.v1("POST", "train_job/job_event_list", { job_id: job })
    expect(old.body).toMatchObject({ code: 100000, message: "record not found" })
    const v2 = await c.result("train", "ListJobEvents", {
      page_num: 1,
      page_size: 20,
      filter: { object_type: "job", object_ids: [job] },
    })
    expect(v2).toEqual({ events: [], total: 0 })
  })

  it("validate_dataset reports a missing dataset with code 2000", async () => {
    const r = await c.v1("POST", "dataset/validate_dataset", {
      workspace_id: f.ws("分布式训练空间"),
      datasets: [{ dataset_id: "d", version_id: "v" }],
    })
    expect(r.body.code).toBe(2000)
  })

  it("a non-admin gets 用户不存在 from user/quota", async () => {
    expect((await c.v1("GET", "user/quota")).body.message).toBe("用户不存在")
  })

  it("GetTaskMetric serves notebooks by their bare UUID", async () => {
    const lcg = f.group("可上网GPU资源", "RTX4090-可上网")
    const nb = await c.v2("notebook", "CreateNotebook", {
      workspace_id: f.ws("可上网GPU资源"),
      name: "metrics-nb",
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      quota_id: f.spec(lcg, "DSW", 1),
      mirror_url: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
    })
    const id = nb.Result.notebook_id
    emu.control.clock.advance(120)
    const now = Math.floor(emu.control.clock.now() / 1000)
    const r = await c.result("train", "GetTaskMetric", {
      metric_types: ["gpu_memory_usage_rate"],
      filter: { logic_compute_group_id: lcg, task_type: "interactive_modeling", task_id: id },
      time_range: { start_timestamp: now - 600, end_timestamp: now, interval_second: 60 },
    })
    expect(r.time_seris_metric_groups).toHaveLength(1)
    expect(r.time_seris_metric_groups[0].time_series.length).toBeGreaterThan(0)
    const events = await c.result("notebook", "ListNotebookEvents", { notebook_id: id, page: 1, page_size: 50 })
    expect(events.events[0]).toMatchObject({ notebook_id: id })
    expect(events.events[0].created_at).toMatch(/^\d{13}$/)
    expect(events.events[0]).toHaveProperty("content")
  })
})
