import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { Client, fixture, type Json, start } from "./helpers.js"

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

beforeAll(async () => {
  emu = await start()
  c = new Client(emu)
  await c.loginToken()
  await c.loginCookie()
  f = fixture(emu.control.state())
})
afterAll(() => emu.close())

describe("workspace, groups, nodes and specs (§4.4)", () => {
  it("GetBasicInfo lists logic compute groups with GPU types; V1 twin says the same", async () => {
    const ws = f.ws("分布式训练空间")
    const r = await c.result("workspace", "GetBasicInfo", { workspace_id: ws })
    const lcgs = r.compute_groups.flatMap((g: Json) => g.logic_compute_groups)
    expect(lcgs.map((g: Json) => g.logic_compute_group_name)).toEqual(["H100", "H200", "H200-3号机房"])
    expect(lcgs[0].logic_compute_group_id).toMatch(/^lcg-/)
    expect(r.compute_groups[0].compute_group_id).toMatch(/^cg-/)
    expect(r.resource_types.map((t: Json) => t.resource_type)).toEqual(["NVIDIA_H100_SXM_80G", "NVIDIA_H200_SXM_141G"])
    const v1 = await c.v1("POST", "cluster_metric/cluster_basic_info", { workspace_id: ws })
    expect(v1.body.data.compute_groups).toEqual(r.compute_groups)
  })

  it("ListNodeDimension reports 8-GPU nodes with free and used GPUs", async () => {
    const lcg = f.group("分布式训练空间", "H100")
    const r = await c.result("workspace", "ListNodeDimension", {
      filter: { workspace_id: f.ws("分布式训练空间"), logic_compute_group_id: lcg },
    })
    expect(r.total).toBe(4)
    expect(r.node_dimensions[0].gpu).toMatchObject({ total: 8, used: 8, available: 0, usage_rate: 1 })
    expect(r.node_dimensions[1].gpu).toMatchObject({ total: 8, used: 4, available: 4 })
    expect(r.node_dimensions[0].status).toBe("Ready")
    expect(r.node_dimensions[0].logic_compute_group).toEqual({ id: lcg, name: "H100" })
  })

  it("the group resource view keeps the misspelled logic_resouces", async () => {
    const lcg = f.group("分布式训练空间", "H100")
    const r = await c.v1("GET", `compute_resources/logic_compute_groups/${lcg}`)
    expect(r.body.data.logic_resouces).toMatchObject({ gpu_total: 32, gpu_used: 12 })
    expect(r.body.data.gpu_type_stats[0].gpu_info.gpu_type_display).toBe("NVIDIA H100 (80GB)")
  })

  it("V1 logic_compute_groups/list and cluster_nodes/list accept page_size -1", async () => {
    const groups = await c.v1("POST", "logic_compute_groups/list", {
      page_size: -1,
      page_num: 1,
      filter: { workspace_id: f.ws("CPU资源空间") },
    })
    expect(groups.body.data.logic_compute_groups.map((g: Json) => g.name)).toEqual([
      "CPU资源-1",
      "CPU资源-2",
      "HPC-可上网区资源-2",
    ])
    const nodes = await c.v1("POST", "cluster_nodes/list", {
      page_num: 1,
      page_size: -1,
      filter: { logic_compute_group_id: f.group("分布式训练空间", "H200") },
    })
    expect(nodes.body.data.nodes).toHaveLength(4)
    expect(nodes.body.data.nodes[0]).toMatchObject({
      gpu_count: 8,
      resource_pool: "online",
      cordon_type: "",
      is_maint: false,
    })
  })

  it("resource_prices needs the trailing slash and all three fields; specs carry prices and GPU info", async () => {
    const lcg = f.group("分布式训练空间", "H200")
    const r = await c.v1("POST", "resource_prices/logic_compute_groups/", {
      workspace_id: f.ws("分布式训练空间"),
      schedule_config_type: "SCHEDULE_CONFIG_TYPE_TRAIN",
      logic_compute_group_id: lcg,
    })
    const specs = r.body.data.lcg_resource_spec_prices
    expect(specs.map((s: Json) => [s.gpu_count, s.cpu_count, s.memory_size_gib])).toEqual([
      [1, 20, 200],
      [8, 160, 1800],
    ])
    expect(specs[1].gpu_info.gpu_type).toBe("NVIDIA_H200_SXM_141G")
    expect(specs[1].total_price_per_hour).toBeGreaterThan(100)
    const missing = await c.v1("POST", "resource_prices/logic_compute_groups/", {
      workspace_id: f.ws("分布式训练空间"),
      logic_compute_group_id: lcg,
    })
    expect(missing.body.code).toBe(100002)
    const hpc = await c.v1("POST", "resource_prices/logic_compute_groups/", {
      workspace_id: f.ws("高性能计算"),
      schedule_config_type: "SCHEDULE_CONFIG_TYPE_HPC",
      logic_compute_group_id: f.group("高性能计算", "高性能计算"),
    })
    expect(hpc.body.data.lcg_resource_spec_prices.map((s: Json) => s.cpu_count)).toEqual([16, 32, 55])
  })

  it("GetScheduleConfig returns spec lists as JSON strings, flat and under schedule_config", async () => {
    const r = await c.result("workspace", "GetScheduleConfig", { workspace_id: f.ws("分布式训练空间") })
    expect(typeof r.predef_train_spec).toBe("string")
    expect(r.schedule_config.predef_train_spec).toBe(r.predef_train_spec)
    const train = JSON.parse(r.predef_train_spec) as Json[]
    expect(train[0]).toHaveProperty("cellId")
    expect(train[0]?.logic_compute_group_ids[0]).toMatch(/^lcg-/)
    const dsw = JSON.parse(r.quota) as Json[]
    expect(dsw.every((s) => !train.some((t) => t.id === s.id))).toBe(true)
  })

  it("notebook/schedule returns the DSW quota as a JSON string", async () => {
    const r = await c.v1("GET", `notebook/schedule/${f.ws("可上网GPU资源")}`)
    expect(typeof r.body.data.quota).toBe("string")
    expect(JSON.parse(r.body.data.quota)[0]).toHaveProperty("memory_size")
  })

  it("task dimension and overview metric reflect running tasks", async () => {
    const ws = f.ws("CPU资源空间")
    const lcg = f.group("CPU资源空间", "CPU资源-1")
    const job = await c.oa("train_job/create", {
      name: "cpu-prep",
      command: "python prep.py",
      workspace_id: ws,
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      task_priority: 2,
      framework_config: [
        {
          image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
          image_type: "SOURCE_OFFICIAL",
          instance_count: 1,
          spec_id: f.spec(lcg, "TRAIN", 0),
          shm_gi: 8,
        },
      ],
    })
    expect(job.body.code).toBe(0)
    emu.control.clock.advance(20)
    const dims = await c.result("workspace", "ListTaskDimension", {
      filter: { workspace_id: ws },
      page_num: 1,
      page_size: 2000,
    })
    expect(dims.task_dimensions[0]).toMatchObject({
      id: job.body.data.job_id,
      status: "RUNNING",
      type: "distributed_training",
    })
    const now = Math.floor(emu.control.clock.now() / 1000)
    const overview = await c.result("workspace", "GetOverviewTaskMetric", {
      filter: { workspace_id: ws },
      time_range: { start_timestamp: String(now - 86400), end_timestamp: String(now) },
    })
    expect(overview.task_groups[0]).toMatchObject({ task_type: "distributed_training", task_total: 1 })
    const tooLong = await c.v2("workspace", "GetOverviewTaskMetric", {
      filter: { workspace_id: ws },
      time_range: { start_timestamp: String(now - 40 * 86400), end_timestamp: String(now) },
    })
    expect(tooLong.ResponseMetadata.Error).toEqual({ Code: "InternalError", Message: "查询时间区间不能超过1个月" })
  })

  it("OA cluster_nodes/list bounds page_size to 1–1000", async () => {
    const ok = await c.oa("cluster_nodes/list", { page_num: 1, page_size: 1000, filter: { resource_pool: "online" } })
    expect(ok.body.data.nodes.length).toBe(ok.body.data.total)
    const bad = await c.oa("cluster_nodes/list", { page_num: 1, page_size: 0 })
    expect(bad.body.code).toBe(-100000)
  })
})
