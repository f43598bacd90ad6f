import type { RunningEmulator } from "@holos-inspire/emulator"
import { beforeEach, describe, expect, it } from "vitest"
import { parsePoints } from "../../src/domain/points.js"
import { usageOperation } from "../../src/operations/usage/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startJob, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

const WORKSPACE = "分布式训练空间"

// What the emulator holds, summed by hand: GPUs per user name in the workspace, other tenants' work included.
const heldByUser = (e: RunningEmulator, workspace = WORKSPACE): Map<string, number> => {
  const s = e.control.state()
  const ws = s.workspaces.find((w) => w.name === workspace)
  const out = new Map<string, number>()
  const add = (name: string, gpus: number) => out.set(name, (out.get(name) ?? 0) + gpus)
  for (const f of s.foreign.filter((x) => x.workspaceId === ws?.id))
    add(
      f.userName,
      f.slots.reduce((n, slot) => n + slot.gpus, 0),
    )
  for (const t of s.tasks.filter((x) => x.workspaceId === ws?.id && x.phase === "running"))
    add(
      s.users.find((u) => u.id === t.userId)?.name ?? "",
      t.alloc.reduce((n, a) => n + a.gpus, 0),
    )
  return out
}

describe("usage", () => {
  it("sums the GPUs held by user, project, type and priority as the emulator places them", async () => {
    const profile = trainingProfile(emu.current)
    await startJob(emu.current, profile, "busy", "python train.py #emu:duration=1000000", { instances: 2 })
    emu.current.control.clock.advance(30)
    const r = succeeded(await call(emu.current, usageOperation, {}, profile)).result
    expect(r.workspace.name).toBe(WORKSPACE)
    const expected = heldByUser(emu.current)
    const total = [...expected.values()].reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThan(2)
    expect(Object.fromEntries(r.byUser.filter((u) => u.gpus > 0).map((u) => [u.name, u.gpus]))).toEqual(
      Object.fromEntries([...expected].filter(([, g]) => g > 0)),
    )
    for (const view of [r.byUser, r.byProject, r.byType, r.byPriority])
      expect(view.reduce((n, g) => n + g.gpus, 0)).toBe(total)
    expect(r.totals.gpus).toBe(total)
    const mine = r.tasks.find((t) => t.name === "busy")
    expect(mine).toMatchObject({ status: "RUNNING", gpus: 2, idle: false, priority: 6, priorityLevel: "HIGH" })
    expect(mine?.utilisation).toBeGreaterThan(50)
    expect(r.byProject.some((p) => p.name === "具身智能基础模型" && p.gpus >= 2)).toBe(true)
  })

  it("reads the V1 task dimension when V2 does not answer, to the same sums", async () => {
    const profile = trainingProfile(emu.current)
    const v2 = succeeded(await call(emu.current, usageOperation, {}, profile)).result
    emu.current.control.faults.set({ surfaces: { "v2:workspace.ListTaskDimension": "InvalidAction" } })
    const v1 = succeeded(await call(emu.current, usageOperation, {}, profile)).result
    expect(v1.byUser).toEqual(v2.byUser)
    expect(emu.current.control.requests().bySurface["v1:POST /api/v1/cluster_metric/list_task_dimension"]).toBe(1)
  })

  it("flags a job holding GPUs idle, by the metrics verdict's rule", async () => {
    const profile = trainingProfile(emu.current)
    await startJob(emu.current, profile, "sleepy", "python train.py #emu:idle")
    await startJob(emu.current, profile, "stuck", "python train.py #emu:stall")
    await startJob(emu.current, profile, "worker", "python train.py #emu:duration=1000000")
    emu.current.control.clock.advance(120)
    const r = succeeded(await call(emu.current, usageOperation, { workspace: WORKSPACE }, profile))
    const idle = r.result.tasks.filter((t) => t.idle).map((t) => t.name)
    // A stalled job is idle too once it stops making progress, as its metrics say.
    expect(idle.sort()).toEqual(["sleepy", "stuck"])
    expect(r.result.tasks.find((t) => t.name === "worker")).toMatchObject({ status: "RUNNING", idle: false })
    expect(r.result.tasks.find((t) => t.name === "sleepy")?.utilisation).toBeLessThan(5)
    expect(r.result.totals.idleGpus).toBe(2)
    expect(r.result.warnings.join("\n")).toMatch(/2 tasks hold 2 GPUs at under 5% utilisation: /)
    expect(r.result.warnings.join("\n")).toContain("inspire_metrics")
    expect(r.text).toMatch(/sleepy .*IDLE/)
  })

  it("flags another tenant's session that holds GPUs idle, with no idle job of ours; the sums still match", async () => {
    // 整节点任务空间's fragmented group: a priority-2 dev session holds 2 GPUs at 1% (the fixture's idle holder).
    const r = succeeded(
      await call(emu.current, usageOperation, { workspace: "整节点任务空间" }, trainingProfile(emu.current)),
    )
    const idle = r.result.tasks.filter((t) => t.idle)
    expect(idle.map((t) => [t.name.replace(/-\d+$/, ""), t.gpus, t.priority])).toEqual([["debug-H100-碎片", 2, 2]])
    expect(r.result.totals.idleGpus).toBe(2)
    expect(r.result.warnings.join("\n")).toMatch(/1 task holds 2 GPUs at under 5% utilisation: /)
    const expected = heldByUser(emu.current, "整节点任务空间")
    expect(Object.fromEntries(r.result.byUser.filter((u) => u.gpus > 0).map((u) => [u.name, u.gpus]))).toEqual(
      Object.fromEntries([...expected].filter(([, g]) => g > 0)),
    )
    const idleUser = r.result.byUser.find((u) => u.idleGpus > 0)
    expect(idleUser).toMatchObject({ idleGpus: 2, idleTasks: 1 })
  })

  it("reads budgets by kind and per member, and reports a refused section without failing", async () => {
    const profile = trainingProfile(emu.current)
    const r = succeeded(await call(emu.current, usageOperation, {}, profile)).result
    const s = emu.current.control.state()
    const own = r.budgets.find((b) => b.project.name === "具身智能基础模型")
    const fixture = s.projects.find((p) => p.name === "具身智能基础模型")
    expect(own?.overview).toMatchObject({ source: "overview", total: fixture?.budget, remain: fixture?.remainBudget })
    const kinds = own?.overview?.byKind ?? {}
    expect((kinds.train ?? 0) + (kinds.inference ?? 0) + (kinds.storage ?? 0)).toBeCloseTo(own?.overview?.used ?? -1, 1)
    expect(own?.members?.length).toBe(fixture?.memberIds.length)
    expect(own?.members?.reduce((n, m) => n + (m.used ?? 0), 0)).toBeCloseTo(own?.overview?.used ?? -1, 1)
    expect(own?.members?.reduce((n, m) => n + (m.budget ?? 0), 0)).toBeCloseTo(fixture?.budget ?? -1, 1)
    expect(own?.members?.every((m) => (m.remain ?? -1) >= 0)).toBe(true)
    // The demo account is an ordinary member of 视觉语言对齐: its member budgets are refused, the rest is there.
    const led = r.budgets.find((b) => b.project.name === "视觉语言对齐")
    expect(led?.overview?.total).toBe(80000)
    expect(led?.members).toBeUndefined()
    expect(led?.membersNote).toMatch(/refused to this account/)
  })

  it("shows the budget moving while a job runs: GPU-hours × price, in the project, its training kind and the member", async () => {
    const profile = trainingProfile(emu.current)
    const budget = async () =>
      succeeded(await call(emu.current, usageOperation, {}, profile)).result.budgets.find(
        (b) => b.project.name === "具身智能基础模型",
      )
    const before = await budget()
    const id = await startJob(emu.current, profile, "paid", "python train.py #emu:duration=1000000")
    emu.current.control.clock.advance(3600)
    const s = emu.current.control.state()
    const task = s.tasks.find((t) => t.id === id)
    const price = s.specs.find((x) => x.id === task?.specId)?.price ?? 0
    const cost = (price * (emu.current.control.clock.now() - (task?.runs[0]?.start ?? 0))) / 3_600_000
    expect(cost).toBeGreaterThan(price * 0.99)
    const after = await budget()
    expect((after?.overview?.used ?? 0) - (before?.overview?.used ?? 0)).toBeCloseTo(cost, 1)
    expect((after?.overview?.byKind.train ?? 0) - (before?.overview?.byKind.train ?? 0)).toBeCloseTo(cost, 1)
    const mine = (b: typeof after) => b?.members?.find((m) => m.name === "张演示")?.used ?? 0
    expect(mine(after) - mine(before)).toBeCloseTo(cost, 1)
    expect(after?.members?.reduce((n, m) => n + (m.used ?? 0), 0)).toBeCloseTo(after?.overview?.used ?? -1, 1)
  })

  it("shows points with two decimals in every row, so a column's figures line up", async () => {
    const text = succeeded(await call(emu.current, usageOperation, {}, trainingProfile(emu.current))).text
    const rows = text.split("\n")
    const budgets = rows.slice(rows.findIndex((l) => /^PROJECT\s+TOTAL/.test(l)) + 1).filter((l) => /\d/.test(l))
    const members = rows.filter((l) => /^\S+\s+[\d,]+\.\d+\s+[\d,]+\.\d+\s+[\d,]+\.\d+$/.test(l))
    expect(budgets.length).toBeGreaterThan(1)
    expect(members.length).toBeGreaterThan(1)
    for (const line of [...budgets.slice(0, 2), ...members])
      for (const figure of line.split(/\s+/).slice(1)) expect(figure).toMatch(/^[\d,]+\.\d\d$/)
  })

  it("falls back to the project list's totals when the overview is refused", async () => {
    emu.current.control.faults.set({ surfaces: { "v2:project.GetProjectBudgetUsageOverview": "AccessForbidden" } })
    const r = succeeded(await call(emu.current, usageOperation, {}, trainingProfile(emu.current))).result
    const own = r.budgets.find((b) => b.project.name === "具身智能基础模型")
    expect(own?.overview).toMatchObject({ source: "project-list", total: 500000, remain: 123456.78, byKind: {} })
    expect(own?.overviewNote).toMatch(/refused to this account.*without the split by kind/)
  })

  it("refuses an unknown workspace and asks for one when no default is set", async () => {
    const unknown = failed(
      await call(emu.current, usageOperation, { workspace: "nowhere" }, trainingProfile(emu.current)),
    )
    expect(unknown.reason).toBe("InvalidInput")
    const none = failed(await call(emu.current, usageOperation, {}))
    expect(none.message).toMatch(/No workspace was given/)
    expect(failed(await call(emu.current, usageOperation, { workspcae: WORKSPACE })).reason).toBe("InvalidInput")
  })
})

describe("parsePoints", () => {
  it("reads numbers, decimal strings and thousands separators; blanks are unknown", () => {
    expect(parsePoints("12,345.67")).toBe(12345.67)
    expect(parsePoints("1,234,567")).toBe(1234567)
    expect(parsePoints(" 672 ")).toBe(672)
    expect(parsePoints(31250.5)).toBe(31250.5)
    expect(parsePoints("")).toBeUndefined()
    expect(parsePoints("n/a")).toBeUndefined()
    expect(parsePoints(null)).toBeUndefined()
  })
})
