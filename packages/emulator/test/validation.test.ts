import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, IMAGE, type Json, trainBody, useLoggedInEmulator } from "./helpers.js"

let _emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  _emu = e
  c = client
  f = lookups
})

const consoleBody = (over: Json = {}, fc: Json = {}) => {
  const lcg = f.group("分布式训练空间", "H100")
  const quota = f.spec(lcg, "TRAIN", 1)
  return {
    name: "console-job",
    command: "python train.py",
    workspace_id: f.ws("分布式训练空间"),
    project_id: f.project("embodied-fm"),
    logic_compute_group_id: lcg,
    task_priority: 4,
    framework: "pytorch",
    framework_config: [
      {
        cpu: 20,
        mem_gi: 200,
        gpu_count: 1,
        resource_spec_price: {
          cpu_type: "",
          cpu_count: 20,
          gpu_type: "NVIDIA_H100_SXM_80G",
          gpu_count: 1,
          memory_size_gib: 200,
          logic_compute_group_id: lcg,
          quota_id: quota,
        },
        image: IMAGE,
        image_type: "SOURCE_OFFICIAL",
        instance_count: 1,
        shm_gi: 64,
        ...fc,
      },
    ],
    ...over,
  }
}

describe("V1 protobuf validation (§1.2, §1.8)", () => {
  it("accepts the console schema on V1 train_job/create", async () => {
    const r = await c.v1("POST", "train_job/create", consoleBody())
    expect(r.body.code).toBe(0)
    expect(r.body.data.job_id).toMatch(/^job-/)
    expect(r.body.data.workspace_id).toBe(f.ws("分布式训练空间"))
  })

  it("rejects an unknown top-level field with HTTP 400, code 100002 and its position", async () => {
    const raw = '{"workspace_id":"x","page_num":1,"page_size":10,"bogus":true}'
    const r = await c.v1("POST", "train_job/list", undefined, raw)
    expect(r.status).toBe(400)
    expect(r.body).toEqual({ code: 100002, message: 'proto: (line 1:49): unknown field "bogus"' })
  })

  it("rejects spec_id inside a console framework_config", async () => {
    const r = await c.v1("POST", "train_job/create", consoleBody({}, { spec_id: "quota-x" }))
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(/unknown field "spec_id"/)
    const v2 = await c.v2("train", "CreateJobConsole", consoleBody({}, { spec_id: "quota-x" }))
    expect(v2.ResponseMetadata.Error.Code).toBe("InvalidParameter")
  })

  it("demands cpu and mem_gi on the console schema", async () => {
    const r = await c.v1("POST", "train_job/create", consoleBody({}, { cpu: 0 }))
    expect(r.body).toMatchObject({ code: 100002, message: "Cpu and Mem can't be empty." })
  })

  it("rejects page_num on the notebook list and a bad notebook operation enum", async () => {
    const list = await c.v1("POST", "notebook/list", {
      workspace_id: f.ws("分布式训练空间"),
      page_num: 1,
      page_size: 10,
    })
    expect(list.status).toBe(400)
    expect(list.body.message).toContain('unknown field "page_num"')
    const op = await c.v1("POST", "notebook/operate", { notebook_id: "x", operation: "RESTART" })
    expect(op.status).toBe(400)
    expect(op.body.message).toContain('invalid value for enum type: "RESTART"')
  })

  it("rejects workspace_id at the top level of project/list", async () => {
    const r = await c.v1("POST", "project/list", { page: 1, page_size: 100, workspace_id: "ws-x", filter: {} })
    expect(r.status).toBe(400)
  })

  it("gates exclude_nodes per workspace", async () => {
    const r = await c.v1("POST", "train_job/create", consoleBody({ exclude_nodes: ["qb-gpu-0101"] }))
    expect(r.body.message).toBe("exclude_nodes not enable in workspace")
  })
})

describe("create-path rules, each in its family's error shape (§1.8)", () => {
  const h100 = () => f.group("分布式训练空间", "H100")
  const h200 = () => f.group("分布式训练空间", "H200")

  it("a spec of another group: quota_id … does not belong to logic_compute_group …", async () => {
    const spec = f.spec(h200(), "TRAIN", 1)
    const oa = await c.oa("train_job/create", trainBody(f, {}, { spec_id: spec }))
    expect(oa.body.code).toBe(100002)
    expect(oa.body.message).toBe(`quota_id ${spec} does not belong to logic_compute_group ${h100()}`)
  })

  it("a spec from another schedule type or workspace: spec_id not found in workspace predef_train_spec", async () => {
    const dsw = f.spec(h100(), "DSW", 1)
    const v2 = await c.v2("train", "CreateJob", trainBody(f, {}, { spec_id: dsw }))
    expect(v2.ResponseMetadata.Error).toMatchObject({
      Code: "InvalidParameter",
      Message: "spec_id not found in workspace predef_train_spec",
    })
  })

  it("an unknown compute group: 已选择的计算类型组不存在，请重新选择。", async () => {
    const v2 = await c.v2(
      "train",
      "CreateJob",
      trainBody(f, { logic_compute_group_id: "lcg-00000000-0000-0000-0000-000000000000" }),
    )
    expect(v2.ResponseMetadata.Error).toEqual({
      Code: "InternalError",
      Message: "已选择的计算类型组不存在，请重新选择。",
    })
    const oa = await c.oa(
      "train_job/create",
      trainBody(f, { logic_compute_group_id: f.group("CPU资源空间", "CPU资源-1") }),
    )
    expect(oa.body).toMatchObject({ code: 100000, message: "已选择的计算类型组不存在，请重新选择。" })
  })

  it("an unregistered image and a push-domain image are refused", async () => {
    const unregistered = await c.oa(
      "train_job/create",
      trainBody(f, {}, { image: "docker.sii.shaipower.online/inspire-studio/nope:1" }),
    )
    expect(unregistered.body.code).toBe(100002)
    expect(unregistered.body.message).toContain("未在平台注册")
    const push = await c.v2(
      "train",
      "CreateJob",
      trainBody(f, {}, { image: "docker-qb.sii.edu.cn/inspire-studio/my-train:v1" }),
    )
    expect(push.ResponseMetadata.Error.Code).toBe("InvalidParameter")
    expect(push.ResponseMetadata.Error.Message).toContain("docker.sii.shaipower.online")
    const sj = await c.oa(
      "train_job/create",
      trainBody(f, {}, { image: "docker-t.sii.shaipower.online/inspire-studio/pytorch-ascend:2.1.0-cann8.0" }),
    )
    expect(sj.body.message).toContain("未在平台注册")
  })

  it("an image_type that does not match the image: InternalError Unauthorized", async () => {
    const v2 = await c.v2("train", "CreateJob", trainBody(f, {}, { image_type: "SOURCE_PRIVATE" }))
    expect(v2.ResponseMetadata.Error).toEqual({ Code: "InternalError", Message: "Unauthorized" })
  })

  it("priority outside 1–10 is 无效的优先级值; above the project cap is refused", async () => {
    const eleven = await c.oa("train_job/create", trainBody(f, { task_priority: 11 }))
    expect(eleven.body.message).toBe("无效的优先级值")
    const zero = await c.v2("train", "CreateJob", trainBody(f, { task_priority: 0 }))
    expect(zero.ResponseMetadata.Error.Message).toBe("无效的优先级值")
    const capped = await c.oa("train_job/create", trainBody(f, { project_id: f.project("vl-align"), task_priority: 5 }))
    expect(capped.body.code).toBe(100002)
    expect(capped.body.message).toContain("最高优先级 4")
    const atCap = await c.oa("train_job/create", trainBody(f, { project_id: f.project("vl-align"), task_priority: 4 }))
    expect(atCap.body.code).toBe(0)
  })

  it("a spec restricted to low priority refuses higher priorities", async () => {
    const low = f.spec(h200(), "TRAIN", 1)
    const r = await c.oa("train_job/create", trainBody(f, { logic_compute_group_id: h200() }, { spec_id: low }))
    expect(r.body.message).toBe("任务优先级不在该资源规格允许的范围内")
    const ok = await c.oa(
      "train_job/create",
      trainBody(f, { logic_compute_group_id: h200(), task_priority: 2 }, { spec_id: low }),
    )
    expect(ok.body.code).toBe(0)
  })

  it("an exhausted budget blocks GPU work but not low-priority CPU work", async () => {
    const ws = f.ws("CPU资源空间")
    const cpu = f.group("CPU资源空间", "CPU资源-1")
    const gpuWs = f.ws("可上网GPU资源")
    const gpu = f.group("可上网GPU资源", "RTX4090-可上网")
    const pub = f.project("project-public")
    const blocked = await c.oa(
      "train_job/create",
      trainBody(
        f,
        { workspace_id: gpuWs, logic_compute_group_id: gpu, project_id: pub, task_priority: 3 },
        { spec_id: f.spec(gpu, "TRAIN", 1) },
      ),
    )
    expect(blocked.body.code).toBe(100002)
    expect(blocked.body.message).toContain("预算不足")
    const cpuJob = await c.oa(
      "train_job/create",
      trainBody(
        f,
        { workspace_id: ws, logic_compute_group_id: cpu, project_id: pub, task_priority: 3 },
        { spec_id: f.spec(cpu, "TRAIN", 0) },
      ),
    )
    expect(cpuJob.body.code).toBe(0)
  })

  it("a project not attached to the workspace: 您已离开所选项目，无法创建", async () => {
    const r = await c.v2("train", "CreateJob", trainBody(f, { project_id: f.project("project-public") }))
    expect(r.ResponseMetadata.Error.Message).toBe("您已离开所选项目，无法创建")
  })

  it("a disabled workspace answers AccessForbidden 该空间已被禁用", async () => {
    const r = await c.v2("workspace", "GetBasicInfo", { workspace_id: f.ws("公共项目空间") })
    expect(r.ResponseMetadata.Error).toEqual({ Code: "AccessForbidden", Message: "该空间已被禁用" })
  })

  it("names follow the conservative rule", async () => {
    const r = await c.oa("train_job/create", trainBody(f, { name: "-bad name" }))
    expect(r.body.code).toBe(100002)
    expect(r.body.message).toContain("名称不合法")
    const cjk = await c.oa("train_job/create", trainBody(f, { name: "实验-1.a_b" }))
    expect(cjk.body.code).toBe(0)
  })
})
