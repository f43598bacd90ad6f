import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { Client, type fixture, type Json, trainBody, useLoggedInEmulator } from "./helpers.js"

// The surfaces a usage view reads: the task dimension's real utilisation agrees with the metrics, and the
// budgets add up, with member budgets refused to ordinary members (§4.3, §4.4.2).

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

const points = (s: string): number => Number(s.replace(/,/g, ""))

describe("task dimension utilisation", () => {
  it("is the metrics' GPU utilisation: idle and stalled jobs are idle in both", async () => {
    const ids: Record<string, string> = {}
    for (const [name, command] of [
      ["busy", "python train.py #emu:duration=100000"],
      ["idle", "python train.py #emu:idle"],
      ["stall", "python train.py #emu:stall"],
    ]) {
      const r = await c.oa("train_job/create", trainBody(f, { name, command }))
      expect(r.body.code, JSON.stringify(r.body)).toBe(0)
      ids[name as string] = r.body.data.job_id
    }
    emu.control.clock.advance(180)
    const dims: Json[] = (
      await c.result("workspace", "ListTaskDimension", {
        filter: { workspace_id: f.ws("分布式训练空间") },
        page_num: 1,
        page_size: 2000,
      })
    ).task_dimensions
    const now = Math.floor(emu.control.clock.now() / 1000)
    for (const [name, id] of Object.entries(ids)) {
      const row = dims.find((d) => d.id === id)
      const series = (
        await c.result("train", "GetTaskMetric", {
          metric_types: ["gpu_usage_rate"],
          filter: {
            logic_compute_group_id: f.group("分布式训练空间", "H100"),
            task_type: "distributed_training",
            task_id: id,
          },
          time_range: { start_timestamp: now - 60, end_timestamp: now, interval_second: 60 },
        })
      ).time_seris_metric_groups[0].time_series
      const last = series.at(-1).data as number
      // The same series, read at another instant: the same side of the idle line, within the noise.
      expect(row?.gpu.usage_rate < 0.05, name).toBe(last < 0.05)
      expect(Math.abs(row?.gpu.usage_rate - last), name).toBeLessThan(0.2)
      if (name === "busy") expect(row?.gpu.usage_rate).toBeGreaterThan(0.5)
      else expect(row?.gpu.usage_rate, name).toBeLessThan(0.05)
    }
  })
})

describe("budget surfaces", () => {
  it("split a project's budget and spending over its members, adding up to the overview", async () => {
    const body = { project_id: f.project("embodied-fm"), workspace_id: f.ws("分布式训练空间") }
    const overview = await c.result("project", "GetProjectBudgetUsageOverview", body)
    const members: Json[] = (await c.result("project", "GetProjectMemberBudgetUsage", body)).items
    expect(members.length).toBe(4)
    const sum = (key: string) => members.reduce((n, m) => n + points(m[key]), 0)
    expect(sum("budget")).toBeCloseTo(points(overview.total), 2)
    expect(sum("used_budget")).toBeCloseTo(points(overview.used), 2)
    expect(sum("remain_budget")).toBeCloseTo(points(overview.remain), 2)
    expect(members[0]?.budget).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/)
    const kinds = points(overview.train) + points(overview.inference) + points(overview.storage)
    expect(kinds).toBeCloseTo(points(overview.used), 1)
  })

  it("refuses member budgets to an ordinary member and serves them to the project's creator", async () => {
    const body = { project_id: f.project("vl-align"), workspace_id: f.ws("分布式训练空间") }
    const refused = await c.v2("project", "GetProjectMemberBudgetUsage", body)
    expect(refused.ResponseMetadata.Error.Code).toBe("AccessForbidden")
    // The overview stays readable to every member.
    expect((await c.result("project", "GetProjectBudgetUsageOverview", body)).total).toBe("80,000.00")
    const creator = new Client(emu)
    await creator.loginToken("20250002", "12345678")
    const served = await creator.result("project", "GetProjectMemberBudgetUsage", body)
    expect(served.items.map((m: Json) => m.user_name)).toContain("张演示")
  })
})

describe("budgets move as tasks run", () => {
  it("accrue GPU-hours × price into the project, its kind and the member, by the emulator's clock", async () => {
    const body = { project_id: f.project("embodied-fm"), workspace_id: f.ws("分布式训练空间") }
    const read = async () => {
      const o = await c.result("project", "GetProjectBudgetUsageOverview", body)
      const members: Json[] = (await c.result("project", "GetProjectMemberBudgetUsage", body)).items
      return {
        used: points(o.used),
        remain: points(o.remain),
        train: points(o.train),
        byMember: new Map(members.map((m) => [m.user_name as string, points(m.used_budget)])),
        memberSum: members.reduce((n, m) => n + points(m.used_budget), 0),
      }
    }
    const before = await read()
    const lcg = f.group("分布式训练空间", "H200")
    const spec = emu.control.state().specs.find((s) => s.id === f.spec(lcg, "TRAIN", 8))
    const r = await c.oa(
      "train_job/create",
      trainBody(
        f,
        { logic_compute_group_id: lcg, command: "python train.py #emu:duration=100000" },
        { spec_id: spec?.id },
      ),
    )
    expect(r.body.code, JSON.stringify(r.body)).toBe(0)
    emu.control.clock.advance(20)
    emu.control.clock.advance(1800)
    const task = emu.control.state().tasks.find((t) => t.id === r.body.data.job_id)
    const hours = (emu.control.clock.now() - (task?.runs[0]?.start ?? 0)) / 3_600_000
    const cost = (spec?.price ?? 0) * hours
    expect(hours).toBeGreaterThan(0.49)
    const during = await read()
    expect(during.used - before.used).toBeCloseTo(cost, 1)
    expect(before.remain - during.remain).toBeCloseTo(cost, 1)
    expect(during.train - before.train).toBeCloseTo(cost, 1)
    // The submitter's share grows by the cost; the other members' stay; they still add up to the project's.
    expect((during.byMember.get("张演示") ?? 0) - (before.byMember.get("张演示") ?? 0)).toBeCloseTo(cost, 1)
    expect(during.byMember.get("李同学")).toBe(before.byMember.get("李同学"))
    expect(during.memberSum).toBeCloseTo(during.used, 1)
    // Deterministic: the same clock, the same answer; and the project list agrees with the overview.
    expect((await read()).used).toBe(during.used)
    const listed: Json[] = (await c.v1("POST", "project/list", { page: 1, page_size: -1, filter: {} })).body.data.items
    expect(listed.find((p) => p.en_name === "embodied-fm")?.remain_budget).toBeCloseTo(during.remain, 2)
    // Stopped, the run is billed once: the overview neither drops the cost nor counts it twice.
    await c.oa("train_job/stop", { job_id: r.body.data.job_id })
    emu.control.clock.advance(600)
    const after = await read()
    expect(after.used - before.used).toBeCloseTo(cost, 1)
    expect(after.memberSum).toBeCloseTo(after.used, 1)
  })
})
