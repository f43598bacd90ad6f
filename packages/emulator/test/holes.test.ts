import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, IMAGE, type Json, useLoggedInEmulator } from "./helpers.js"

// Disabled workspaces refuse every call; documented requests and fixture data that were missing.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

const DISABLED = "该空间已被禁用"

describe("a disabled workspace (usage_status ≠ 0) refuses every call into it (§3.3)", () => {
  it("on V1, whichever way the call names the workspace", async () => {
    const ws = f.ws("公共项目空间")
    const calls: [string, string, unknown?][] = [
      ["POST", "train_job/list", { workspace_id: ws, page_num: 1, page_size: 10 }],
      ["POST", "hpc_jobs/list", { workspace_id: ws, page_num: 1, page_size: 10 }],
      ["POST", "notebook/list", { workspace_id: ws, page: 1, page_size: 10 }],
      ["POST", "ray_job/list", { workspace_id: ws, page_num: 1, page_size: 10 }],
      ["POST", "inference_servings/list", { workspace_id: ws, page: 1, page_size: 10 }],
      ["POST", "model/list", { workspace_id: ws, page: 1, page_size: 10 }],
      ["POST", "train_job/users", { workspace_id: ws }],
      ["POST", "train_job/workdir", { workspace_id: ws, project_id: f.project("project-public") }],
      ["POST", "image/list", { page: 0, page_size: -1, filter: { registry_hint: { workspace_id: ws } } }],
      ["POST", "project/list", { page: 1, page_size: 10, filter: { workspace_id: ws } }],
      ["POST", "cluster_metric/list_node_dimension", { page_num: 1, page_size: 10, filter: { workspace_id: ws } }],
      ["GET", `user/permissions/${ws}`],
      ["GET", `user/routes/${ws}`],
      ["GET", `notebook/schedule/${ws}`],
      ["GET", `inference_servings/configs/workspace/${ws}`],
    ]
    for (const [method, path, body] of calls) {
      const r = await c.v1(method, path, body)
      expect(r.body, `${method} ${path}`).toMatchObject({ code: 100003, message: DISABLED })
    }
  })

  it("on V2 and OpenAPI too, with AccessForbidden", async () => {
    const ws = f.ws("公共项目空间")
    for (const [service, action, body] of [
      ["train", "ListJobs", { workspace_id: ws, page_num: 1, page_size: 10 }],
      ["hpc", "ListJobs", { workspace_id: ws, page_num: 1, page_size: 10 }],
      ["notebook", "ListNotebooks", { workspace_id: ws, page: 1, page_size: 10 }],
      ["workspace", "GetBasicInfo", { workspace_id: ws }],
      ["train", "GetJobWorkdir", { workspace_id: ws, project_id: f.project("project-public") }],
    ] as const) {
      const r = await c.v2(service, action, body)
      expect(r.ResponseMetadata.Error, `${service}.${action}`).toEqual({ Code: "AccessForbidden", Message: DISABLED })
    }
    const lcg = emu.control.state().groups.find((g) => g.workspaceId === ws)?.id ?? "lcg-none"
    const oa = await c.oa("train_job/create", {
      name: "x",
      command: "true",
      workspace_id: ws,
      project_id: f.project("project-public"),
      logic_compute_group_id: lcg,
      framework_config: [{ image: IMAGE, image_type: "SOURCE_OFFICIAL", instance_count: 1, spec_id: "s", shm_gi: 1 }],
    })
    expect(oa.body).toMatchObject({ code: 100003, message: DISABLED })
  })

  it("a task in a workspace disabled after the fact is refused through its id, too", async () => {
    const lcg = f.group("CPU资源空间", "CPU资源-1")
    const spec = f.spec(lcg, "TRAIN", 0)
    const r = await c.oa("train_job/create", {
      name: "cpu",
      command: "python a.py",
      workspace_id: f.ws("CPU资源空间"),
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      task_priority: 4,
      framework_config: [{ image: IMAGE, image_type: "SOURCE_OFFICIAL", instance_count: 1, spec_id: spec, shm_gi: 8 }],
    })
    const id = r.body.data.job_id
    const w = emu.control.state().workspaces.find((x) => x.id === f.ws("CPU资源空间")) as { usageStatus: number }
    w.usageStatus = 1
    expect((await c.oa("train_job/detail", { job_id: id })).body.message).toBe(DISABLED)
    expect((await c.v1("POST", "train_job/detail", { job_id: id })).body.message).toBe(DISABLED)
    const logs = await c.v2("train", "GetJobLog", { page_size: 5, filter: { podNames: [`${id}-worker-0`] } })
    expect(logs.ResponseMetadata.Error.Code).toBe("AccessForbidden")
  })
})

describe("holes of the first reading", () => {
  it("answers POST /api/v1/inference_servings/user_project/list with projects and users", async () => {
    const r = await c.v1("POST", "inference_servings/user_project/list", { workspace_id: f.ws("分布式训练空间") })
    expect(r.body.code).toBe(0)
    expect(r.body.data.projects.map((p: Json) => p.name)).toEqual(["具身智能基础模型", "视觉语言对齐"])
    expect(r.body.data.users).toEqual([{ id: expect.stringMatching(/^user-/), name: "张演示" }])
    const unknown = await c.v1("POST", "inference_servings/user_project/list", { workspace_id: "ws-x", extra: 1 })
    expect(unknown.status).toBe(400)
    // A read, though sent with POST: the request log says so.
    const logged = emu.control.requests().log.filter((x) => x.surface.endsWith("/inference_servings/user_project/list"))
    expect(logged.map((x) => x.write)).toEqual([false, false])
  })

  it("has datasets: validate_dataset finds them (2000 / 2001 otherwise), and creates mount them", async () => {
    const [dataset] = emu.control.state().datasets
    const version = dataset?.versions[0]?.id ?? ""
    const ws = f.ws("分布式训练空间")
    const ok = await c.v1("POST", "dataset/validate_dataset", {
      workspace_id: ws,
      datasets: [{ dataset_id: dataset?.id, version_id: version }],
    })
    expect(ok.body.data.datasets_result).toEqual([
      {
        dataset_id: dataset?.id,
        version_id: version,
        success: true,
        error_message: "",
        path: `rclone-worker-1/${dataset?.id}/${version}`,
      },
    ])
    const noDataset = await c.v1("POST", "dataset/validate_dataset", {
      workspace_id: ws,
      datasets: [{ dataset_id: "dataset-missing", version_id: version }],
    })
    expect(noDataset.body.code).toBe(2000)
    const noVersion = await c.v1("POST", "dataset/validate_dataset", {
      workspace_id: ws,
      datasets: [{ dataset_id: dataset?.id, version_id: "version-missing" }],
    })
    expect(noVersion.body.code).toBe(2001)
    const lcg = f.group("分布式训练空间", "H100")
    const spec = f.spec(lcg, "TRAIN", 1)
    const body = (datasets: Json[]) => ({
      name: "with-data",
      command: "python train.py",
      workspace_id: ws,
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      task_priority: 6,
      dataset_info: datasets,
      framework_config: [
        {
          cpu: 20,
          mem_gi: 200,
          gpu_count: 1,
          resource_spec_price: { quota_id: spec, logic_compute_group_id: lcg },
          image: IMAGE,
          image_type: "SOURCE_OFFICIAL",
          instance_count: 1,
          shm_gi: 64,
        },
      ],
    })
    const created = await c.v1("POST", "train_job/create", body([{ dataset_id: dataset?.id, version_id: version }]))
    expect(created.body.code, JSON.stringify(created.body)).toBe(0)
    const detail = await c.v1("POST", "train_job/detail", { job_id: created.body.data.job_id })
    expect(detail.body.data.dataset_info[0].path).toBe(`rclone-worker-1/${dataset?.id}/${version}`)
    const bad = await c.v1("POST", "train_job/create", body([{ dataset_id: "dataset-missing", version_id: "v" }]))
    expect(bad.body.code).toBe(2000)
  })

  it("says location sj for the SJ workspace's groups", async () => {
    const r = await c.result("workspace", "ListLogicComputeGroups", {
      filter: { workspace_id: f.ws("SJ资源空间") },
      page_num: 1,
      page_size: -1,
    })
    expect(r.logic_compute_groups.map((g: Json) => [g.location, g.location_name])).toEqual([
      ["sj", "松江"],
      ["sj", "松江"],
    ])
    const qb = await c.v1("POST", "logic_compute_groups/list", {
      page_num: 1,
      page_size: -1,
      filter: { workspace_id: f.ws("CPU资源空间") },
    })
    expect(qb.body.data.logic_compute_groups.every((g: Json) => g.location === "qb")).toBe(true)
  })

  it("ListLogicComputeGroups items carry gpu_type_stats[].gpu_type, node_count and schedule_type", async () => {
    const body = {
      filter: { workspace_id: f.ws("分布式训练空间"), include_gpu_type_stats: true },
      page_num: 1,
      page_size: -1,
      sorter: [],
    }
    const r = await c.result("workspace", "ListLogicComputeGroups", body)
    const h100 = r.logic_compute_groups.find((g: Json) => g.name === "H100")
    expect(h100).toMatchObject({ node_count: 4, schedule_type: "SCHEDULE_CONFIG_TYPE_TRAIN" })
    expect(h100.gpu_type_stats[0]).toMatchObject({ gpu_type: "NVIDIA_H100_SXM_80G", gpu_total: 32, gpu_used: 12 })
    const nb = await c.result("workspace", "ListLogicComputeGroups", {
      ...body,
      filter: { ...body.filter, support_job_type: "interactive_modeling" },
    })
    expect(nb.logic_compute_groups.map((g: Json) => g.name)).toEqual(["H100", "H200"])
    expect(nb.logic_compute_groups[0].schedule_type).toBe("SCHEDULE_CONFIG_TYPE_DSW")
  })
})
