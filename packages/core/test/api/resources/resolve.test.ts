import { Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { forgetOnNotFound } from "../../../src/api/resources/cache.js"
import { discover } from "../../../src/api/resources/discover.js"
import { resolveComputeGroup, resolveProject, resolveWorkspace } from "../../../src/api/resources/resolve.js"
import { Platform } from "../../../src/platform/client.js"
import { renderWords } from "../../../src/words/render.js"
import type { Text } from "../../../src/words/text.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { apiRequests, counted, failure, fixture, fresh, value } from "./support.js"

const emu = useEmulator()

beforeEach(() => fresh(emu.current))

type Candidates = { readonly reason: string; readonly candidates?: ReadonlyArray<{ id: string; name: string }> }

describe("resolveProject", () => {
  it("finds a project by exact name and by id", async () => {
    const byName = await value(emu.current, resolveProject("视觉语言对齐"))
    expect(byName.enName).toBe("vl-align")
    const byId = await value(emu.current, resolveProject(byName.id))
    expect(byId.name).toBe("视觉语言对齐")
  })

  it("finds a project by its en_name, even one that looks like an id", async () => {
    expect((await value(emu.current, resolveProject("embodied-fm"))).name).toBe("具身智能基础模型")
    expect((await value(emu.current, resolveProject("VL-Align"))).enName).toBe("vl-align")
    expect((await value(emu.current, resolveProject("project-public"))).name).toBe("公共科研项目")
  })

  it("lists names and ids when nothing matches", async () => {
    const e = (await failure(emu.current, resolveProject("no-such-project"))) as Candidates
    expect(e.reason).toBe("InvalidInput")
    expect(e.candidates?.map((c) => c.name).sort()).toEqual(["公共科研项目", "具身智能基础模型", "视觉语言对齐"].sort())
    expect(e.candidates?.every((c) => c.id.startsWith("project-"))).toBe(true)
  })

  it("refuses a name two projects share and offers both ids", async () => {
    const state = emu.current.control.state()
    const original = state.projects.find((p) => p.name === "视觉语言对齐")
    if (original === undefined) throw new Error("fixture changed")
    state.projects.push({ ...original, id: "project-00000000-0000-0000-0000-00000000dup1" })
    const e = (await failure(emu.current, resolveProject("视觉语言对齐"))) as Candidates & { message: string }
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toContain("2 projects")
    expect(e.candidates?.map((c) => c.id).sort()).toEqual(
      [original.id, "project-00000000-0000-0000-0000-00000000dup1"].sort(),
    )
  })

  it("refuses an unknown project id", async () => {
    const e = (await failure(emu.current, resolveProject("project-00000000-0000-0000-0000-000000000000"))) as Candidates
    expect(e.reason).toBe("InvalidInput")
    expect(e.candidates).toHaveLength(3)
  })
})

describe("resolveWorkspace", () => {
  it("matches exact, case-insensitive, whitespace variants and aliases", async () => {
    const f = fixture(emu.current)
    expect((await value(emu.current, resolveWorkspace("分布式训练空间"))).id).toBe(f.workspace("分布式训练空间"))
    expect((await value(emu.current, resolveWorkspace("ppu资源空间"))).id).toBe(f.workspace("PPU资源空间"))
    expect((await value(emu.current, resolveWorkspace("CPU 资源空间"))).id).toBe(f.workspace("CPU资源空间"))
    expect((await value(emu.current, resolveWorkspace("国产卡"))).id).toBe(f.workspace("国产卡资源空间"))
    const byId = await value(emu.current, resolveWorkspace(f.workspace("SJ资源空间")))
    expect(byId).toMatchObject({ name: "SJ资源空间", policy: { registry: "sj" } })
  })

  it("accepts only workspaces attached to the given project", async () => {
    const ok = await value(emu.current, resolveWorkspace("高性能计算", "视觉语言对齐"))
    expect(ok.name).toBe("高性能计算")
    const e = (await failure(emu.current, resolveWorkspace("SJ资源空间", "视觉语言对齐"))) as Candidates & {
      message: string
    }
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toContain("not attached")
    expect(e.candidates?.map((c) => c.name).sort()).toEqual(
      ["分布式训练空间", "CPU资源空间", "可上网GPU资源", "高性能计算"].sort(),
    )
  })

  it("refuses a disabled workspace and an unknown name with candidates", async () => {
    const disabled = (await failure(emu.current, resolveWorkspace("公共项目空间"))) as Candidates & { message: string }
    expect(disabled.message).toContain("disabled")
    const unknown = (await failure(emu.current, resolveWorkspace("月球空间"))) as Candidates
    expect(unknown.reason).toBe("InvalidInput")
    expect(unknown.candidates).toHaveLength(11)
  })
})

describe("resolveComputeGroup", () => {
  it("finds a group by name, case-insensitively, and by lcg id", async () => {
    const f = fixture(emu.current)
    const ws = f.workspace("分布式训练空间")
    const h200 = f.group("分布式训练空间", "H200")
    expect((await value(emu.current, resolveComputeGroup("H200", ws))).id).toBe(h200.id)
    expect((await value(emu.current, resolveComputeGroup("h200-3号机房", ws))).name).toBe("H200-3号机房")
    expect((await value(emu.current, resolveComputeGroup(h200.id, ws))).name).toBe("H200")
  })

  it("explains that a cg- id is not what the platform wants, and offers the lcg id", async () => {
    const f = fixture(emu.current)
    const h200 = f.group("分布式训练空间", "H200")
    const e = (await failure(emu.current, resolveComputeGroup(h200.cgId, h200.workspaceId))) as Candidates & {
      fix?: Text
      message: string
    }
    expect(e.reason).toBe("InvalidInput")
    expect(e.message).toContain("lcg-")
    expect(renderWords(e.fix ?? "", "mcp")).toBe(h200.id)
  })

  it("finds a group renamed since its workspace's groups were kept, by asking afresh", async () => {
    const f = fixture(emu.current)
    const h200 = f.group("分布式训练空间", "H200")
    const profile = profileFor(emu.current)
    const first = await profile.run(resolveComputeGroup("H200", h200.workspaceId))
    expect(Exit.isSuccess(first)).toBe(true)
    const live = emu.current.control.state().groups.find((g) => g.id === h200.id)
    if (live === undefined) throw new Error("no H200 group")
    live.name = "H200-renamed"
    const again = await profile.run(resolveComputeGroup("H200-renamed", h200.workspaceId))
    expect(Exit.isSuccess(again) ? again.value.id : again.cause).toBe(h200.id)
  })

  it("refuses a group of another workspace", async () => {
    const f = fixture(emu.current)
    const other = f.group("CI-情境智能", "CPU资源-2")
    const e = (await failure(emu.current, resolveComputeGroup(other.id, f.workspace("CPU资源空间")))) as Candidates
    expect(e.reason).toBe("InvalidInput")
    expect(e.candidates?.map((c) => c.name).sort()).toEqual(["CPU资源-1", "CPU资源-2", "HPC-可上网区资源-2"].sort())
  })
})

describe("resolution cache", () => {
  it("answers repeated resolutions without requests, also after a discovery", async () => {
    const f = fixture(emu.current)
    const ws = f.workspace("高性能计算")
    const counts = await value(
      emu.current,
      Effect.gen(function* () {
        yield* resolveComputeGroup("高性能计算", ws)
        const again = yield* counted(emu.current, resolveComputeGroup("高性能计算-大内存", ws))
        const project = yield* counted(emu.current, resolveProject("具身智能基础模型"))
        return [apiRequests(again.requests), apiRequests(project.requests)]
      }),
    )
    // The first resolution cached the groups; the project list was not cached yet.
    expect(counts[0]).toBe(0)
    expect(counts[1]).toBeGreaterThan(0)
    const afterDiscovery = await value(
      emu.current,
      Effect.gen(function* () {
        yield* discover()
        const r = yield* counted(
          emu.current,
          Effect.all([
            resolveProject("具身智能基础模型"),
            resolveWorkspace("高性能计算"),
            resolveComputeGroup("高性能计算", ws),
          ]),
        )
        return apiRequests(r.requests)
      }),
    )
    expect(afterDiscovery).toBe(0)
  })

  it("drops a cached project when the platform answers NotFound for it", async () => {
    const result = await value(
      emu.current,
      Effect.gen(function* () {
        const project = yield* resolveProject("视觉语言对齐")
        // The user leaves the project; the cache still knows it.
        const state = emu.current.control.state()
        const p = state.projects.find((x) => x.id === project.id)
        if (p !== undefined) p.memberIds = []
        const cachedAgain = yield* resolveProject(project.id)
        const platform = yield* Platform
        const detail = yield* Effect.either(
          forgetOnNotFound(project.id)(platform.v1("GET", `project/${project.id}`, undefined, { idempotent: true })),
        )
        const after = yield* Effect.either(resolveProject(project.id))
        return { cachedAgain: cachedAgain.id, detail, after }
      }),
    )
    expect(result.cachedAgain).toMatch(/^project-/)
    expect(result.detail).toMatchObject({ _tag: "Left", left: { reason: "NotFound" } })
    expect(result.after).toMatchObject({ _tag: "Left", left: { reason: "InvalidInput" } })
  })
})
