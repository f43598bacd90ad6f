import { describe, expect, it } from "vitest"
import { budgetWarnings, RawProject, storagePaths } from "../../src/domain/projects.js"

describe("RawProject", () => {
  it("normalises a V1 project with numeric budgets and a priority cap", () => {
    const p = RawProject.parse({
      id: "project-1",
      name: "视觉组",
      en_name: "vision",
      budget: 10000,
      remain_budget: 2500.5,
      priority_name: "10",
      space_list: [
        { id: "ws-a", name: "分布式训练空间", usage_status: 0 },
        { id: "ws-b", name: "旧空间", usage_status: 1 },
      ],
    })
    expect(p).toMatchObject({ enName: "vision", remainBudget: 2500.5, priorityCap: 10, priorityCapKnown: true })
    expect(p.workspaces).toEqual([
      { id: "ws-a", name: "分布式训练空间", enabled: true },
      { id: "ws-b", name: "旧空间", enabled: false },
    ])
  })

  it("reads V2's formatted strings and empty remain_budget, and defaults the cap to 4", () => {
    const p = RawProject.parse({ id: "project-2", name: "公共", budget: "12,345.67", remain_budget: "" })
    expect(p.budget).toBe(12345.67)
    expect(p.remainBudget).toBeUndefined()
    expect(p).toMatchObject({ priorityCap: 4, priorityCapKnown: false, enName: "", workspaces: [] })
  })
})

describe("budgetWarnings", () => {
  it("warns when the budget is exhausted", () => {
    expect(budgetWarnings({ remainBudget: 0, priority: 4, gpuCount: 8 })).toHaveLength(1)
    expect(budgetWarnings({ remainBudget: -3, priority: 1, gpuCount: 1 })).toHaveLength(1)
  })

  it("stays quiet with budget left, when unknown, and for low-priority CPU tasks", () => {
    expect(budgetWarnings({ remainBudget: 0.01, priority: 9, gpuCount: 8 })).toEqual([])
    expect(budgetWarnings({ remainBudget: undefined, priority: 9, gpuCount: 8 })).toEqual([])
    expect(budgetWarnings({ remainBudget: 0, priority: 3, gpuCount: 0 })).toEqual([])
    expect(budgetWarnings({ remainBudget: 0, priority: 4, gpuCount: 0 })).toHaveLength(1)
  })
})

describe("storagePaths", () => {
  it("builds the project and personal paths", () => {
    expect(storagePaths("vision", "2023001")).toEqual({
      projectHdd: "/inspire/hdd/project/vision/",
      projectSsd: "/inspire/ssd/project/vision/",
      globalUser: "/inspire/hdd/global_user/2023001/",
    })
    expect(storagePaths("vision")).not.toHaveProperty("globalUser")
  })
})
