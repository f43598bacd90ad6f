import { Clock, Effect } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { GPU_TTL_MS, RESOURCE_TTL_MS, STRUCTURE_TTL_MS } from "../../../src/api/resources/cache.js"
import { type Discovery, discover } from "../../../src/api/resources/discover.js"
import { renderWords } from "../../../src/words/render.js"
import { useEmulator } from "../../emulator.js"
import { apiRequests, chainDepth, counted, failure, fresh, value } from "./support.js"

const emu = useEmulator()

beforeEach(() => fresh(emu.current))

const group = (d: Discovery, workspace: string, name: string) => {
  const g = d.workspaces.find((w) => w.name === workspace)?.groups.find((x) => x.name === name)
  if (g === undefined) throw new Error(`no group ${workspace}/${name}`)
  return g
}

const specIds = (d: Discovery) =>
  d.workspaces
    .flatMap((w) =>
      w.groups.flatMap((g) => Object.entries(g.specs).flatMap(([t, specs]) => specs.map((s) => `${t}:${s.id}`))),
    )
    .sort()

// user + the V1 project list (with budgets) + 10 enabled workspaces × 4 + HPC specs of the 3 HPC groups.
const COLD_REQUESTS = 45

/**
 * A clock whose time only the test moves (from 0). Unlike TestClock's, its sleeps take real time: a
 * store lock's retry or a transport's backoff on the way still ends, and never reads the time it sets.
 */
const setClock = () => {
  let now = 0
  const live = Clock.make()
  const clock: Clock.Clock = {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: () => now,
    currentTimeMillis: Effect.sync(() => now),
    unsafeCurrentTimeNanos: () => BigInt(now) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    sleep: (d) => live.sleep(d),
  }
  return {
    clock,
    set: (ms: number) => {
      now = ms
    },
  }
}

describe("discover", () => {
  it("finds the fixture: user, projects with budgets and storage, workspaces, groups, free GPUs and specs", async () => {
    const { result: d, requests } = await value(emu.current, counted(emu.current, discover()))
    expect(d.user.loginName).toBe("20250001")
    const fm = d.projects.find((p) => p.enName === "embodied-fm")
    expect(fm).toMatchObject({ remainBudget: 123456.78, budget: 500000, priorityCap: 10 })
    expect(fm?.storage).toEqual({
      projectHdd: "/inspire/hdd/project/embodied-fm/",
      projectSsd: "/inspire/ssd/project/embodied-fm/",
      globalUser: "/inspire/hdd/global_user/20250001/",
    })
    const offline = d.workspaces.filter((w) => w.policy.network === "offline").map((w) => w.name)
    expect(offline.sort()).toEqual(["分布式训练空间", "整节点任务空间", "高性能计算"].sort())
    const disabled = d.workspaces.find((w) => w.name === "公共项目空间")
    expect(disabled).toMatchObject({ enabled: false, groups: [] })
    expect(d.workspaces.flatMap((w) => w.groups)).toHaveLength(22)
    expect(d.workspaces.flatMap((w) => w.problems).map((p) => renderWords(p, "library"))).toEqual([
      "The workspace is disabled (该空间已被禁用); it accepts no calls.",
    ])

    const hpc = group(d, "高性能计算", "高性能计算")
    expect(hpc.specs.HPC.map((s) => s.cpuCount)).toEqual([16, 32, 55])
    expect(hpc.specs.TRAIN).toEqual([])
    expect(group(d, "CPU资源空间", "HPC-可上网区资源-2").specs.HPC.map((s) => s.cpuCount)).toEqual([16, 32, 55])
    expect(group(d, "CPU资源空间", "CPU资源-1")).toMatchObject({ skipped: ["HPC"], specs: { HPC: [] } })
    const h200 = group(d, "分布式训练空间", "H200")
    expect(h200.specs.TRAIN.map((s) => s.gpuCount)).toEqual([1, 8])
    expect(h200.specs.DSW.map((s) => s.gpuCount)).toEqual([0, 1])
    expect(h200.specs.SERVING.map((s) => s.gpuCount)).toEqual([1])
    expect(h200.gpus).toMatchObject({ total: 32, used: 18, free: 14 })
    expect(group(d, "整节点任务空间", "H200-整节点").gpus).toMatchObject({ free: 8, unschedulableNodes: 2 })

    expect(apiRequests(requests)).toBe(COLD_REQUESTS)
    expect(requests.bySurface["v1:POST /api/v1/resource_prices/logic_compute_groups/"]).toBe(3)
    expect(Object.keys(requests.bySurface).some((k) => k.includes("公共项目空间"))).toBe(false)
  })

  it("answers a warm call from the cache with 0 requests, and refresh asks again", async () => {
    const { warm, refreshed } = await value(
      emu.current,
      Effect.gen(function* () {
        yield* discover()
        const warm = yield* counted(emu.current, discover())
        const refreshed = yield* counted(emu.current, discover({ refresh: true }))
        return { warm, refreshed }
      }),
    )
    expect(warm.requests.total).toBe(0)
    expect(apiRequests(refreshed.requests)).toBe(COLD_REQUESTS)
  })

  it("asks again for each kind once its keep time is over: free GPUs after 1 min, projects after 5, groups and specs after 10", async () => {
    // Keep times are read from Effect's Clock: the test sets its time, however long the calls take.
    const clock = setClock()
    const at = (ms: number) =>
      Effect.gen(function* () {
        clock.set(ms)
        const { requests } = yield* counted(emu.current, discover())
        return requests.bySurface
      })
    const nodes = "v2:workspace.ListNodeDimension"
    const groups = "v2:workspace.GetBasicInfo"
    const projects = "v1:POST /api/v1/project/list"
    const seen = await value(
      emu.current,
      Effect.withClock(
        Effect.gen(function* () {
          yield* discover()
          return [
            yield* at(GPU_TTL_MS - 1),
            yield* at(GPU_TTL_MS),
            yield* at(RESOURCE_TTL_MS),
            yield* at(STRUCTURE_TTL_MS),
          ]
        }),
        clock.clock,
      ),
      // A rate whose burst covers every request: the limiter never waits on the stopped time.
      { INSPIRE_RATE_LIMIT: "999" },
    )
    const [within, gpus, resources, all] = seen.map((bySurface) => ({
      api: apiRequests({ bySurface }),
      nodes: bySurface[nodes] ?? 0,
      groups: bySurface[groups] ?? 0,
      projects: bySurface[projects] ?? 0,
    }))
    expect(within).toEqual({ api: 0, nodes: 0, groups: 0, projects: 0 })
    // One node listing per enabled workspace, nothing else.
    expect(gpus).toEqual({ api: 10, nodes: 10, groups: 0, projects: 0 })
    expect(resources).toMatchObject({ nodes: 10, groups: 0, projects: 1 })
    expect(all).toMatchObject({ api: COLD_REQUESTS, nodes: 10, groups: 10, projects: 1 })
  })

  it("asks only about the workspace named, by name, id or alias", async () => {
    const { result, requests } = await value(emu.current, counted(emu.current, discover({ workspace: "高性能计算" })))
    expect(result.workspaces.map((w) => w.name)).toEqual(["高性能计算"])
    expect(result.projects.map((p) => p.enName).sort()).toEqual(["embodied-fm", "vl-align"])
    // user, projects with budgets; the workspace's groups, nodes, schedule config and node specs; the
    // HPC specs of its two HPC groups: 8, where every workspace costs 45.
    expect(requests.bySurface["v2:workspace.GetBasicInfo"]).toBe(1)
    expect(requests.bySurface["v2:workspace.ListNodeDimension"]).toBe(1)
    expect(apiRequests(requests)).toBe(result.cost.requests)
    expect(apiRequests(requests)).toBe(8)
    const byId = await value(emu.current, discover({ workspace: result.workspaces[0]?.id ?? "", refresh: true }))
    expect(byId.workspaces.map((w) => w.name)).toEqual(["高性能计算"])
  })

  it("finds a workspace missing from the kept project list by asking afresh, and names the choices when none has it", async () => {
    const e = await failure(emu.current, discover({ workspace: "不存在的空间" }))
    expect(e).toMatchObject({ reason: "InvalidInput" })
    expect(JSON.stringify(e)).toContain("分布式训练空间")
  })

  it("keeps the critical path at three requests deep, and counts its requests as the emulator does", async () => {
    const { result, requests } = await value(emu.current, counted(emu.current, discover()))
    expect(result.cost).toEqual({ requests: COLD_REQUESTS, depth: 3 })
    expect(apiRequests(requests)).toBe(result.cost.requests)
  })

  it("shows the depth in the emulator's timings once latency dwarfs scheduling (connections permitting)", async () => {
    emu.current.control.faults.set({ latencyMs: 40 })
    const { requests } = await value(emu.current, counted(emu.current, discover()))
    // The transport keeps 8 connections, so 41 second-stage requests go in waves: the measured chain
    // is longer than the dependency depth but far shorter than the 45 requests in a row.
    const chain = chainDepth(requests.log.filter((r) => /^(v1|v2):/.test(r.surface)))
    expect(chain).toBeGreaterThanOrEqual(3)
    expect(chain).toBeLessThanOrEqual(12)
  })

  it("falls back to V1 resource_prices per group when GetScheduleConfig is forbidden, with the same specs", async () => {
    const normal = await value(emu.current, discover())
    fresh(emu.current)
    emu.current.control.faults.set({ surfaces: { "v2:workspace.GetScheduleConfig": "AccessForbidden" } })
    const { result, requests } = await value(emu.current, counted(emu.current, discover()))
    expect(specIds(result)).toEqual(specIds(normal))
    // TRAIN, DSW and SERVING for each of the 22 groups, plus HPC for 3.
    expect(requests.bySurface["v1:POST /api/v1/resource_prices/logic_compute_groups/"]).toBe(22 * 3 + 3)
  })

  it("asks every group for HPC specs when the node specs cannot tell which groups run HPC", async () => {
    emu.current.control.faults.set({ surfaces: { "v2:workspace.GetWorkspaceNodeSpecs": "InvalidAction" } })
    const { result, requests } = await value(emu.current, counted(emu.current, discover()))
    expect(requests.bySurface["v1:POST /api/v1/resource_prices/logic_compute_groups/"]).toBe(22)
    expect(result.workspaces.flatMap((w) => w.groups).filter((g) => g.specs.HPC.length > 0)).toHaveLength(3)
    expect(result.workspaces.flatMap((w) => w.groups).every((g) => g.skipped.length === 0)).toBe(true)
  })

  it("still answers when free GPUs cannot be read, saying so", async () => {
    emu.current.control.faults.set({
      surfaces: {
        "v2:workspace.ListNodeDimension": "InvalidAction",
        "v1:POST /api/v1/cluster_metric/list_node_dimension": "404",
      },
    })
    const d = await value(emu.current, discover())
    expect(group(d, "分布式训练空间", "H200").gpus).toBeUndefined()
    expect(group(d, "分布式训练空间", "H200").specs.TRAIN).toHaveLength(2)
    expect(renderWords(d.workspaces.find((w) => w.name === "分布式训练空间")?.problems[0] ?? "", "library")).toMatch(
      /^Free GPUs unknown/,
    )
  })

  it("discovers through the V1 fallbacks of projects and groups", async () => {
    emu.current.control.faults.set({
      surfaces: {
        "v2:project.GetProjectForPage": "InvalidAction",
        "v2:user.GetUserDetail": "InvalidAction",
        "v2:workspace.GetBasicInfo": "AccessForbidden",
      },
    })
    const d = await value(emu.current, discover())
    expect(d.user.loginName).toBe("20250001")
    expect(d.projects.find((p) => p.enName === "vl-align")?.remainBudget).toBe(31250.5)
    expect(d.workspaces.flatMap((w) => w.groups)).toHaveLength(22)
  })
})
