import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { CLIENT, Client, fixture, type Json, start } from "./helpers.js"

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

describe("gateway-level behaviour (§1.5, §1.6)", () => {
  it("answers an unrouted V2 service with a plain-text 404", async () => {
    for (const service of ["nope", "model", "inference-serving"]) {
      const res = await fetch(`${emu.url}/api/v2/${service}?Action=List`, {
        method: "POST",
        headers: { ...CLIENT, authorization: `Bearer ${c.token}` },
        body: "{}",
      })
      expect(res.status).toBe(404)
      expect(res.headers.get("content-type")).toContain("text/plain")
      expect(await res.text()).toBe("404 page not found")
    }
  })

  it("answers an unknown action with InvalidAction at HTTP 200", async () => {
    const r = await c.v2("train", "DoesNotExist")
    expect(r.ResponseMetadata.Error).toEqual({ Code: "InvalidAction", Message: "unknown action: DoesNotExist" })
    expect(r.Result).toBeUndefined()
    const ray = await c.v2("ray", "ListJobs")
    expect(ray.ResponseMetadata.Error.Code).toBe("InvalidAction")
  })

  it("denies admin-only actions with AccessForbidden", async () => {
    expect((await c.v2("project", "ListProjects")).ResponseMetadata.Error.Code).toBe("AccessForbidden")
    expect((await c.v2("cluster", "GetClusterBasicInfo")).ResponseMetadata.Error.Code).toBe("AccessForbidden")
    expect((await c.v2("workspace", "GetLogicComputeGroupResource")).ResponseMetadata.Error.Code).toBe(
      "AccessForbidden",
    )
  })

  it("answers an unknown V1 path and the retired endpoints with 404", async () => {
    expect((await c.v1("POST", "ray_job/status", {})).status).toBe(404)
    expect((await c.v1("POST", "hpc_jobs/delete", {})).status).toBe(404)
    expect((await c.v1("POST", "notebook/compute_groups", {})).status).toBe(404)
    expect((await c.oa("specs/list", {})).status).toBe(404)
    // Without the trailing slash the price route does not exist.
    expect((await c.v1("POST", "resource_prices/logic_compute_groups", {})).status).toBe(404)
  })

  it("puts a request id in ResponseMetadata and Result beside it", async () => {
    const r = await c.v2("user", "GetUserDetail")
    expect(typeof r.ResponseMetadata.RequestId).toBe("string")
    expect(r.Result.id).toMatch(/^user-/)
  })
})

describe("user, projects and workspaces (§4.2, §4.3)", () => {
  it("V1 user detail and permissions", async () => {
    const d = await c.v1("GET", "user/detail")
    expect(d.body.data).toMatchObject({
      name: "张演示",
      extra_info: { login_name: "20250001" },
      workspace_id: f.ws("分布式训练空间"),
    })
    const p = await c.v1("GET", `user/permissions/${f.ws("分布式训练空间")}`)
    expect(p.body.data.permissions).toContain("job.trainingJob.create")
  })

  it("V2 GetProjectForPage: total as a string, remain_budget blank, priority cap in priority_name", async () => {
    const r = await c.result("project", "GetProjectForPage", { page: 1, page_size: 10 })
    expect(r.total).toBe("3")
    const fm = r.items.find((p: Json) => p.en_name === "embodied-fm")
    expect(fm.remain_budget).toBe("")
    expect(fm.priority_name).toBe("10")
    expect(fm.is_member).toBe(true)
    const names = r.items.flatMap((p: Json) => p.space_list.map((s: Json) => s.name))
    for (const w of [
      "可上网GPU资源",
      "CPU资源空间",
      "国产卡资源空间",
      "PPU资源空间",
      "专属资源开发空间",
      "SJ资源空间",
      "分布式训练空间",
      "高性能计算",
      "整节点任务空间",
    ]) {
      expect(names).toContain(w)
    }
    expect(fm.space_list[0].id).toMatch(/^ws-[0-9a-f-]{36}$/)
  })

  it("V1 project/list: numeric budgets, page_size -1 for all, workspace filter", async () => {
    const all = await c.v1("POST", "project/list", { page: 1, page_size: -1, filter: {} })
    expect(all.body.data.total).toBe(3)
    const vl = all.body.data.items.find((p: Json) => p.en_name === "vl-align")
    expect(vl.remain_budget).toBe(31250.5)
    expect(vl.priority_name).toBe("4")
    expect(vl.is_member).toBe(false)
    const sj = await c.v1("POST", "project/list", {
      page: 1,
      page_size: 100,
      filter: { workspace_id: f.ws("SJ资源空间"), check_admin: true },
    })
    expect(sj.body.data.items.map((p: Json) => p.en_name)).toEqual(["embodied-fm"])
  })

  it("budget overview uses thousands separators", async () => {
    const r = await c.result("project", "GetProjectBudgetUsageOverview", {
      project_id: f.project("embodied-fm"),
      workspace_id: f.ws("分布式训练空间"),
    })
    expect(r.total).toBe("500,000.00")
    expect(r.remain).toBe("123,456.78")
  })
})
