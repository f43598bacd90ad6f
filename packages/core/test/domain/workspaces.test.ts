import { describe, expect, it } from "vitest"
import {
  annotateWorkspaces,
  isOnline,
  registryForWorkspace,
  workspacePolicy,
  workspacesByNetwork,
} from "../../src/domain/workspaces.js"

describe("workspacePolicy", () => {
  it.each(["可上网GPU资源", "CPU资源空间", "国产卡", "PPU", "专属资源开发空间", "SJ资源空间"])(
    "the manual's online space %s is online",
    (name) => {
      expect(workspacePolicy(name).network).toBe("online")
      expect(workspacePolicy(name).known).toBe(true)
    },
  )

  it.each(["分布式训练空间", "高性能计算", "整节点任务空间"])("the manual's offline space %s is offline", (name) => {
    expect(workspacePolicy(name).network).toBe("offline")
  })

  it("matches the console's spellings and aliases, reporting the canonical name", () => {
    expect(workspacePolicy("CPU 资源空间")).toMatchObject({ name: "CPU资源空间", network: "online", known: true })
    expect(workspacePolicy("国产卡资源空间").network).toBe("online")
    expect(workspacePolicy("ppu").name).toBe("PPU资源空间")
    expect(workspacePolicy(" 高性能计算 ").network).toBe("offline")
  })

  it("reports an unmatched name as unknown instead of guessing, even when it resembles a known one", () => {
    expect(workspacePolicy("分布式训练空间2")).toMatchObject({ network: "unknown", known: false })
    expect(workspacePolicy("CI-情境智能")).toMatchObject({ network: "unknown", known: false })
    expect(isOnline("CI-情境智能")).toBeUndefined()
  })

  it("answers isOnline for known spaces", () => {
    expect(isOnline("分布式训练空间")).toBe(false)
    expect(isOnline("可上网GPU资源")).toBe(true)
  })
})

describe("registryForWorkspace", () => {
  it("sends SJ spaces to sj and everything else to qb", () => {
    expect(registryForWorkspace("SJ资源空间")).toBe("sj")
    expect(registryForWorkspace("SJ-新空间")).toBe("sj")
    expect(registryForWorkspace("分布式训练空间")).toBe("qb")
    expect(registryForWorkspace("某个新空间")).toBe("qb")
  })
})

describe("annotateWorkspaces", () => {
  it("keeps the real fields and adds the policy", () => {
    const out = annotateWorkspaces([
      { id: "ws-1", name: "分布式训练空间" },
      { id: "ws-2", name: "SJ资源空间" },
    ])
    expect(out[0]).toMatchObject({ id: "ws-1", policy: { network: "offline", registry: "qb" } })
    expect(out[1]).toMatchObject({ id: "ws-2", policy: { network: "online", registry: "sj" } })
  })
})

describe("workspacesByNetwork", () => {
  it("lists exactly the offline spaces of the manual", () => {
    expect([...workspacesByNetwork("offline")].sort()).toEqual(
      ["分布式训练空间", "整节点任务空间", "高性能计算"].sort(),
    )
    expect(workspacesByNetwork("online")).toContain("可上网GPU资源")
  })
})
