import { beforeEach, describe, expect, it } from "vitest"
import { listComputeGroups } from "../../../src/api/resources/groups.js"
import { listSpecs } from "../../../src/api/resources/specs.js"
import { hpcSupportOf } from "../../../src/api/resources/support.js"
import { useEmulator } from "../../emulator.js"
import { counted, failure, fixture, fresh, value } from "./support.js"

const emu = useEmulator()

beforeEach(() => fresh(emu.current))

describe("listComputeGroups", () => {
  it("lists logic compute groups with GPU type and free GPUs of schedulable nodes only", async () => {
    const f = fixture(emu.current)
    const ws = f.workspace("整节点任务空间")
    const { result, requests } = await value(emu.current, counted(emu.current, listComputeGroups(ws)))
    expect(result.map((g) => g.name).sort()).toEqual(["H100-整节点", "H100-碎片", "H200-整节点"])
    const h200 = result.find((g) => g.name === "H200-整节点")
    expect(h200).toMatchObject({
      id: f.group("整节点任务空间", "H200-整节点").id,
      computeGroupId: f.group("整节点任务空间", "H200-整节点").cgId,
      workspaceId: ws,
      gpuType: "NVIDIA_H200_SXM_141G",
      gpuDisplay: "NVIDIA H200 (141GB)",
    })
    // Two Ready nodes (0 and 8 busy); the cordoned node and the NotReady one in the fault pool do not count.
    expect(h200?.gpus).toEqual({ total: 16, used: 8, free: 8, schedulableNodes: 2, unschedulableNodes: 2 })
    expect(result.every((g) => g.id.startsWith("lcg-"))).toBe(true)
    expect(requests.bySurface["v2:workspace.GetBasicInfo"]).toBe(1)
    expect(requests.bySurface["v2:workspace.ListNodeDimension"]).toBe(1)
  })

  it("counts a fully busy group as 0 free and a CPU group as 0 GPUs", async () => {
    const f = fixture(emu.current)
    const train = await value(emu.current, listComputeGroups(f.workspace("分布式训练空间")))
    expect(train.find((g) => g.name === "H200-3号机房")?.gpus).toMatchObject({ total: 8, used: 8, free: 0 })
    expect(train.find((g) => g.name === "H100")?.gpus).toMatchObject({ total: 32, used: 12, free: 20 })
    const cpu = await value(emu.current, listComputeGroups(f.workspace("CPU资源空间")))
    expect(cpu.find((g) => g.name === "CPU资源-1")).toMatchObject({ gpuType: "CPU", gpus: { total: 0, free: 0 } })
  })

  it("falls back to the V1 twins of both actions", async () => {
    emu.current.control.faults.set({
      surfaces: { "v2:workspace.GetBasicInfo": "InvalidAction", "v2:workspace.ListNodeDimension": "AccessForbidden" },
    })
    const ws = fixture(emu.current).workspace("整节点任务空间")
    const { result, requests } = await value(emu.current, counted(emu.current, listComputeGroups(ws)))
    expect(result.find((g) => g.name === "H200-整节点")?.gpus?.free).toBe(8)
    expect(requests.bySurface["v1:POST /api/v1/cluster_metric/cluster_basic_info"]).toBe(1)
    expect(requests.bySurface["v1:POST /api/v1/cluster_metric/list_node_dimension"]).toBe(1)
  })

  it("fails with an InspireError when the groups cannot be read at all", async () => {
    emu.current.control.faults.set({
      surfaces: {
        "v2:workspace.GetBasicInfo": "InvalidAction",
        "v1:POST /api/v1/cluster_metric/cluster_basic_info": "404",
      },
    })
    const e = await failure(emu.current, listComputeGroups(fixture(emu.current).workspace("高性能计算")))
    expect(e).toMatchObject({ _tag: "InspireError", reason: "PlatformError" })
  })
})

describe("listSpecs", () => {
  const h200 = () => fixture(emu.current).group("分布式训练空间", "H200")

  it("reads TRAIN specs from GetScheduleConfig (JSON strings inside JSON), scoped to the group", async () => {
    const g = h200()
    const { result, requests } = await value(emu.current, counted(emu.current, listSpecs(g.workspaceId, g.id, "TRAIN")))
    expect(result.map((s) => [s.gpuCount, s.cpuCount, s.memoryGi])).toEqual([
      [1, 20, 200],
      [8, 160, 1800],
    ])
    expect(result.every((s) => s.logicComputeGroupIds.includes(g.id))).toBe(true)
    expect(result[0]).toMatchObject({ gpuType: "NVIDIA_H200_SXM_141G", allowedPriorityLevels: ["low"] })
    // 8 GPUs × 24 + 160 cores × 0.05 per hour.
    expect(result[1]?.pricePerHour).toBe(200)
    expect(requests.bySurface["v2:workspace.GetScheduleConfig"]).toBe(1)
  })

  it("reads DSW from quota and SERVING from serving_quota", async () => {
    const g = h200()
    const dsw = await value(emu.current, listSpecs(g.workspaceId, g.id, "DSW"))
    expect(dsw.map((s) => s.gpuCount)).toEqual([0, 1])
    const serving = await value(emu.current, listSpecs(g.workspaceId, g.id, "SERVING"))
    expect(serving.map((s) => [s.gpuCount, s.cpuCount])).toEqual([[1, 20]])
    const train = await value(emu.current, listSpecs(g.workspaceId, g.id, "TRAIN"))
    const trainIds = new Set(train.map((s) => s.id))
    expect([...dsw, ...serving].some((s) => trainIds.has(s.id))).toBe(false)
  })

  it("asks V1 resource_prices (trailing slash) for HPC: 16, 32 and 55 cores", async () => {
    const g = fixture(emu.current).group("高性能计算", "高性能计算")
    const { result, requests } = await value(emu.current, counted(emu.current, listSpecs(g.workspaceId, g.id, "HPC")))
    expect(result.map((s) => [s.gpuCount, s.cpuCount])).toEqual([
      [0, 16],
      [0, 32],
      [0, 55],
    ])
    expect(result[0]?.gpuType).toBe("CPU")
    expect(requests.bySurface["v1:POST /api/v1/resource_prices/logic_compute_groups/"]).toBe(1)
    expect(requests.bySurface["v2:workspace.GetScheduleConfig"]).toBeUndefined()
  })

  it("reads Ray specs of CI-情境智能 from V1", async () => {
    const g = fixture(emu.current).group("CI-情境智能", "CPU资源-2")
    const ray = await value(emu.current, listSpecs(g.workspaceId, g.id, "RAY_JOB"))
    expect(ray.length).toBeGreaterThan(0)
  })

  it("falls back to V1 resource_prices when GetScheduleConfig is forbidden", async () => {
    emu.current.control.faults.set({ surfaces: { "v2:workspace.GetScheduleConfig": "AccessForbidden" } })
    const g = h200()
    const { result, requests } = await value(emu.current, counted(emu.current, listSpecs(g.workspaceId, g.id, "TRAIN")))
    expect(result.map((s) => s.gpuCount)).toEqual([1, 8])
    expect(requests.bySurface["v1:POST /api/v1/resource_prices/logic_compute_groups/"]).toBe(1)
  })

  it("falls back for DSW to notebook/schedule, whose quota is a JSON string", async () => {
    emu.current.control.faults.set({
      surfaces: {
        "v2:workspace.GetScheduleConfig": "InvalidAction",
        "v1:POST /api/v1/resource_prices/logic_compute_groups/": "404",
      },
    })
    const g = h200()
    const { result, requests } = await value(emu.current, counted(emu.current, listSpecs(g.workspaceId, g.id, "DSW")))
    // Workspace-wide and group-less: the DSW specs of both H100 and H200.
    expect(result.map((s) => s.gpuCount).sort()).toEqual([0, 0, 1, 1])
    expect(requests.bySurface[`v1:GET /api/v1/notebook/schedule/${g.workspaceId}`]).toBe(1)
  })

  it("fails for TRAIN when neither surface answers", async () => {
    emu.current.control.faults.set({
      surfaces: {
        "v2:workspace.GetScheduleConfig": "InvalidAction",
        "v1:POST /api/v1/resource_prices/logic_compute_groups/": "404",
      },
    })
    const g = h200()
    const e = await failure(emu.current, listSpecs(g.workspaceId, g.id, "TRAIN"))
    expect(e).toMatchObject({ _tag: "InspireError", reason: "PlatformError" })
  })
})

describe("hpcSupportOf", () => {
  it("rules HPC out only when the list names other job families", () => {
    expect(hpcSupportOf(["SCHEDULE_CONFIG_TYPE_HPC"])).toBe("yes")
    expect(hpcSupportOf('["hpc_job"]')).toBe("yes")
    expect(hpcSupportOf(["SCHEDULE_CONFIG_TYPE_TRAIN", "SCHEDULE_CONFIG_TYPE_DSW"])).toBe("no")
    expect(hpcSupportOf([])).toBe("unknown")
    expect(hpcSupportOf(["GPU", "X1"])).toBe("unknown")
    expect(hpcSupportOf(undefined)).toBe("unknown")
  })
})
