import { Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { listProjects, projectPages } from "../../../src/api/resources/projects.js"
import { currentUser } from "../../../src/api/resources/user.js"
import { listWorkspaces } from "../../../src/api/resources/workspaces.js"
import type { InspireError } from "../../../src/errors.js"
import { renderWords } from "../../../src/words/render.js"
import { useEmulator } from "../../emulator.js"
import { apiRequests, counted, failure, fixture, fresh, value } from "./support.js"

const emu = useEmulator()

beforeEach(() => fresh(emu.current))

describe("currentUser", () => {
  it("reads the V2 user detail", async () => {
    const { result, requests } = await value(emu.current, counted(emu.current, currentUser()))
    expect(result).toMatchObject({ name: "张演示", loginName: "20250001", email: "demo.zhang@sii.edu.cn" })
    expect(result.id).toMatch(/^user-/)
    expect(result.defaultWorkspaceId).toBe(fixture(emu.current).workspace("分布式训练空间"))
    expect(requests.bySurface["v2:user.GetUserDetail"]).toBe(1)
    expect(requests.bySurface["v1:GET /api/v1/user/detail"]).toBeUndefined()
  })

  it("falls back to V1 user/detail when V2 does not know the action", async () => {
    emu.current.control.faults.set({ surfaces: { "v2:user.GetUserDetail": "InvalidAction" } })
    const { result, requests } = await value(emu.current, counted(emu.current, currentUser()))
    expect(result.loginName).toBe("20250001")
    expect(requests.bySurface["v1:GET /api/v1/user/detail"]).toBe(1)
  })

  it("fails with a hint when no surface answers", async () => {
    emu.current.control.faults.set({
      surfaces: { "v2:user.GetUserDetail": "AccessForbidden", "v1:GET /api/v1/user/detail": "404" },
    })
    const e = await failure(emu.current, currentUser())
    expect(e).toMatchObject({ _tag: "InspireError", reason: "PlatformError" })
    expect(renderWords((e as InspireError).hint, "mcp")).toContain("inspire_status")
  })
})

describe("listProjects", () => {
  it("reads the projects with their budgets from one V1 list, asking V2 nothing", async () => {
    const { result, requests } = await value(emu.current, counted(emu.current, listProjects()))
    const byName = new Map(result.map((p) => [p.name, p]))
    expect([...byName.keys()].sort()).toEqual(["公共科研项目", "具身智能基础模型", "视觉语言对齐"].sort())
    expect(byName.get("具身智能基础模型")).toMatchObject({
      enName: "embodied-fm",
      budget: 500000,
      remainBudget: 123456.78,
      priorityCap: 10,
      priorityCapKnown: true,
    })
    expect(byName.get("公共科研项目")).toMatchObject({ remainBudget: 0, priorityCap: 3 })
    expect(byName.get("视觉语言对齐")?.workspaces).toHaveLength(4)
    expect(requests.bySurface["v2:project.GetProjectForPage"]).toBeUndefined()
    expect(requests.bySurface["v1:POST /api/v1/project/list"]).toBe(1)
  })

  it("decodes V2 projects (total as a string) when V1 cannot list, and fills the blank budgets from V2", async () => {
    emu.current.control.faults.set({ surfaces: { "v1:POST /api/v1/project/list": "404" } })
    const { result, requests } = await value(emu.current, counted(emu.current, listProjects()))
    expect(result.find((p) => p.enName === "embodied-fm")).toMatchObject({ budget: 500000, priorityCap: 10 })
    expect(requests.bySurface["v2:project.GetProjectForPage"]).toBe(1)
    // V1 is not asked a second time for the budgets.
    expect(requests.bySurface["v1:POST /api/v1/project/list"]).toBe(1)
  })

  it("reads every page of V2 when the list is longer than one page", async () => {
    emu.current.control.faults.set({ surfaces: { "v1:POST /api/v1/project/list": "404" } })
    const { result, requests } = await value(emu.current, counted(emu.current, projectPages(2)))
    expect(result.source).toBe("v2")
    expect(result.projects).toHaveLength(3)
    expect(new Set(result.projects.map((p) => p.id)).size).toBe(3)
    expect(requests.bySurface["v2:project.GetProjectForPage"]).toBe(2)
    // V2 leaves the remaining budget blank (§3.4).
    expect(result.projects.every((p) => p.remainBudget === undefined)).toBe(true)
  })

  it("pages V1 project/list, with V2 unknown", async () => {
    emu.current.control.faults.set({ surfaces: { "v2:project.GetProjectForPage": "InvalidAction" } })
    const { result, requests } = await value(emu.current, counted(emu.current, listProjects({ pageSize: 2 })))
    expect(result).toHaveLength(3)
    expect(result.find((p) => p.enName === "vl-align")?.remainBudget).toBe(31250.5)
    expect(requests.bySurface["v1:POST /api/v1/project/list"]).toBe(2)
  })

  it("fills budgets from the V2 budget overview when V1 cannot list", async () => {
    emu.current.control.faults.set({ surfaces: { "v1:POST /api/v1/project/list": "404" } })
    const { result, requests } = await value(emu.current, counted(emu.current, listProjects()))
    expect(result.find((p) => p.enName === "embodied-fm")).toMatchObject({ remainBudget: 123456.78 })
    expect(result.find((p) => p.enName === "project-public")).toMatchObject({ remainBudget: 0 })
    expect(requests.bySurface["v2:project.GetProjectBudgetUsageOverview"]).toBe(3)
  })

  it("leaves the budget unknown when no surface reveals it", async () => {
    emu.current.control.faults.set({
      surfaces: {
        "v1:POST /api/v1/project/list": "404",
        "v2:project.GetProjectBudgetUsageOverview": "AccessForbidden",
      },
    })
    const result = await value(emu.current, listProjects())
    expect(result).toHaveLength(3)
    expect(result.every((p) => p.remainBudget === undefined && p.budget !== undefined)).toBe(true)
  })

  it("fails when neither project surface answers", async () => {
    emu.current.control.faults.set({
      surfaces: { "v2:project.GetProjectForPage": "InvalidAction", "v1:POST /api/v1/project/list": "404" },
    })
    const e = await failure(emu.current, listProjects())
    expect(e).toMatchObject({ reason: "PlatformError" })
  })
})

describe("listWorkspaces", () => {
  it("unions the projects' workspaces with policy, attached projects and the disabled flag", async () => {
    const result = listWorkspaces(await value(emu.current, listProjects()))
    expect(result).toHaveLength(11)
    const byName = new Map(result.map((w) => [w.name, w]))
    for (const offline of ["分布式训练空间", "整节点任务空间", "高性能计算"])
      expect(byName.get(offline)?.policy).toMatchObject({ network: "offline", registry: "qb", known: true })
    expect(byName.get("SJ资源空间")?.policy).toMatchObject({ network: "online", registry: "sj" })
    expect(byName.get("CI-情境智能")?.policy).toMatchObject({ network: "unknown", known: false })
    expect(byName.get("公共项目空间")).toMatchObject({ enabled: false })
    expect(result.filter((w) => !w.enabled)).toHaveLength(1)
    expect(
      byName
        .get("CPU资源空间")
        ?.projects.map((p) => p.name)
        .sort(),
    ).toEqual(["公共科研项目", "具身智能基础模型", "视觉语言对齐"].sort())
    expect(byName.get("SJ资源空间")?.projects.map((p) => p.name)).toEqual(["具身智能基础模型"])
  })

  it("keeps an empty result for an account without projects", () => {
    expect(listWorkspaces([])).toEqual([])
  })
})

describe("request counting", () => {
  it("counts only API calls, not the lazy login", async () => {
    const { requests } = await value(emu.current, counted(emu.current, Effect.void))
    expect(apiRequests(requests)).toBe(0)
  })
})
