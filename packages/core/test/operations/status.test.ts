import { Exit } from "effect"
import { describe, expect, it } from "vitest"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { Progress } from "../../src/operations/catalogue/operation.js"
import { statusOperation } from "../../src/operations/status/index.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

const emu = useEmulator()

describe("status", () => {
  it("shows projects, workspaces with their network, groups with free GPUs, specs per type and budget warnings", async () => {
    const r = succeeded(await call(emu.current, statusOperation, {}))
    expect(r.result.user.loginName).toBe("20250001")
    const fm = r.result.projects.find((p) => p.enName === "embodied-fm")
    expect(fm).toMatchObject({ name: "具身智能基础模型", priorityCap: 10, budget: 500000 })
    expect(fm?.storage).toMatchObject({
      projectHdd: "/inspire/hdd/project/embodied-fm/",
      globalUser: "/inspire/hdd/global_user/20250001/",
    })
    const dist = r.result.workspaces.find((w) => w.name === "分布式训练空间")
    expect(dist).toMatchObject({ network: "offline", registry: "qb" })
    const h100 = dist?.groups.find((g) => g.name === "H100")
    expect(h100?.gpus).toMatchObject({ total: 32 })
    // Without a schedule type the specs are counted, not listed; the text says how to list them.
    expect(h100?.specs).toBeUndefined()
    expect(h100?.specCounts).toMatchObject({ TRAIN: 2, DSW: 2 })
    expect(r.result.workspaces.find((w) => w.name === "SJ资源空间")?.registry).toBe("sj")
    expect(r.result.workspaces.find((w) => w.name === "可上网GPU资源")?.network).toBe("online")
    expect(r.result.warnings).toEqual([expect.stringContaining("Project 公共科研项目 has no budget left")])
    expect(r.text).toMatch(/PROJECT\s+EN_NAME\s+BUDGET\s+REMAINING\s+MAX PRIORITY\s+STORAGE/)
    expect(r.text).toMatch(/WORKSPACE\s+NETWORK\s+REGISTRY/)
    expect(r.text).toMatch(/分布式训练空间\s+offline\s+qb/)
    expect(r.text).toMatch(/H100\s+lcg-\S+\s+NVIDIA H100 \(80GB\)\s+\d+\/32/)
    expect(r.text).toMatch(/GPU\s+FREE\/TOTAL\s+TRAIN\s+DSW\s+HPC\s+SERVING\n/)
    expect(r.text).toMatch(/H100\s+lcg-\S+\s+NVIDIA H100 \(80GB\)\s+\d+\/32\s+2\s+2\s+-\s+1\n/)
    expect(r.text).not.toContain("SPEC ID")
    expect(r.text).toContain('schedule_type="TRAIN" lists the ids')
    const train = succeeded(await call(emu.current, statusOperation, { schedule_type: "TRAIN" }))
    const trainH100 = train.result.workspaces
      .find((w) => w.name === "分布式训练空间")
      ?.groups.find((g) => g.name === "H100")
    expect(trainH100?.specs?.TRAIN?.map((s) => s.gpuCount)).toEqual([1, 8])
    expect(train.text).toMatch(/SPEC ID\s+GPU\s+COUNT\s+CPU\s+MEM GiB\s+PRICE\/H/)
    expect(r.text).toContain("Personal storage: /inspire/hdd/global_user/20250001/")
    expect(r.text).toContain("warning: Project 公共科研项目 has no budget left")
    expect(JSON.parse(JSON.stringify(r.result))).toEqual(r.result)
  })

  it("narrows to one workspace and one schedule type", async () => {
    const profile = profileFor(emu.current)
    const r = succeeded(
      await call(emu.current, statusOperation, { workspace: "高性能计算", schedule_type: "HPC" }, profile),
    )
    expect(r.result.workspaces.map((w) => w.name)).toEqual(["高性能计算"])
    expect(r.result.scheduleTypes).toEqual(["HPC"])
    const group = r.result.workspaces[0]?.groups.find((g) => g.name === "高性能计算")
    expect(Object.keys(group?.specs ?? {})).toEqual(["HPC"])
    expect(group?.specs?.HPC?.map((s) => s.cpuCount)).toEqual([16, 32, 55])
    expect(r.result.projects.map((p) => p.enName).sort()).toEqual(["embodied-fm", "vl-align"])
    expect(r.result.warnings).toEqual([])
    expect(r.text).toContain("== 高性能计算")
    expect(r.text).not.toContain("== 分布式训练空间")
    expect(r.text).not.toContain("TRAIN")
    // A second call within the keep times is served from the kept copies (only the harness's login is
    // sent again); refresh asks again, about that workspace only.
    const count = () => emu.current.control.requests().bySurface
    const api = (s: Record<string, number>) =>
      Object.entries(s).reduce((n, [k, v]) => n + (/^(v1|v2|oa):/.test(k) ? v : 0), 0)
    const before = api(count())
    succeeded(await call(emu.current, statusOperation, { workspace: "高性能计算" }, profile))
    const cached = api(count()) - before
    succeeded(await call(emu.current, statusOperation, { workspace: "高性能计算", refresh: true }, profile))
    const refreshed = api(count()) - before - cached
    expect(cached).toBeLessThan(3)
    expect(refreshed).toBeGreaterThan(4)
    expect(refreshed).toBeLessThanOrEqual(9)
  })

  it("shows GPU counts in GPU columns (none for a CPU-only group) and one number format per column", async () => {
    const r = succeeded(await call(emu.current, statusOperation, { workspace: "SJ资源空间", schedule_type: "TRAIN" }))
    const rows = r.text.split("\n")
    // A CPU-only group has no GPU model and 0 of 0 GPUs; its CPUs are in the specs' CPU column.
    expect(rows.find((l) => /^SJ-CPU资源\s+lcg-/.test(l))).toMatch(/lcg-\S+\s+-\s+0\/0$/)
    const specs = rows.filter((l) => /\squota-/.test(l))
    expect(specs.length).toBeGreaterThan(2)
    for (const line of specs) {
      const [, gpu, count, , , price] = line.split(/\s+/).slice(2)
      expect(gpu === "-").toBe(count === "0")
      expect(price).toMatch(/^\d+\.\d\d$/)
    }
    const start = rows.findIndex((l) => l.startsWith("PROJECT")) + 1
    const projects = rows.slice(start, rows.indexOf("", start))
    expect(projects.length).toBeGreaterThan(0)
    for (const line of projects)
      expect(line.split(/\s{2,}/).slice(2, 4)).toEqual([
        expect.stringMatching(/^[\d,]+\.\d\d$/),
        expect.stringMatching(/^[\d,]+\.\d\d$/),
      ])
  })

  it("reports its progress workspace by workspace", async () => {
    const seen: Progress[] = []
    const exit = await profileFor(emu.current).run(invoke(statusOperation, {}, { progress: (p) => seen.push(p) }))
    expect(Exit.isSuccess(exit)).toBe(true)
    const each = seen.filter((p) => p.total !== undefined)
    expect(each).toHaveLength(11)
    expect(each.map((p) => p.current)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(each.every((p) => p.total === 11 && /^Workspace .+ read \(\d+ of 11\)$/.test(String(p.message)))).toBe(true)
  })

  it("shows a disabled workspace with its problem, and refuses an unknown one with the choices", async () => {
    const disabled = succeeded(await call(emu.current, statusOperation, { workspace: "公共项目空间" }))
    expect(disabled.result.workspaces[0]).toMatchObject({ enabled: false, groups: [] })
    expect(disabled.text).toContain("! The workspace is disabled")
    const e = failed(await call(emu.current, statusOperation, { workspace: "不存在的空间" }))
    expect(e.message).toContain('No workspace "不存在的空间"')
    expect((e.candidates as Array<{ name: string }>).map((c) => c.name)).toContain("高性能计算")
  })
})
