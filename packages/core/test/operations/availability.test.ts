import { beforeEach, describe, expect, it } from "vitest"
import { availabilityOperation } from "../../src/operations/availability/index.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded, trainingSpaceProfile } from "./harness.js"

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
})

const WHOLE = "整节点任务空间"
const nodeListings = () =>
  Object.entries(emu.current.control.requests().bySurface)
    .filter(([k]) => /ListNodeDimension|list_node_dimension/.test(k))
    .reduce((n, [, v]) => n + v, 0)
const apiRequests = () =>
  Object.entries(emu.current.control.requests().bySurface).reduce(
    (n, [k, v]) => n + (/^(v1|v2|oa):/.test(k) ? v : 0),
    0,
  )

describe("availability", () => {
  it("per group: schedulable and fully free nodes, the fragmentation, pre-emptible GPUs, nodes out of service", async () => {
    const r = succeeded(await call(emu.current, availabilityOperation, { workspace: WHOLE }))
    expect(r.result.workspaces.map((w) => w.name)).toEqual([WHOLE])
    const groups = new Map(r.result.workspaces[0]?.groups.map((g) => [g.name, g]))
    // Two GPUs free on each of four nodes: eight free, yet no 8-GPU instance fits.
    expect(groups.get("H100-碎片")).toMatchObject({
      schedulableNodes: 4,
      fullyFreeNodes: 0,
      gpus: { total: 32, used: 24, free: 8 },
      fragmentation: "2 free: 4 nodes",
    })
    // One free node, one held by another tenant's priority-2 job, one cordoned, one in maintenance in the fault pool.
    expect(groups.get("H200-整节点")).toMatchObject({
      schedulableNodes: 2,
      fullyFreeNodes: 1,
      gpus: { total: 16, used: 8, free: 8, preemptible: 8 },
      freePerNode: [
        { free: 8, nodes: 1 },
        { free: 0, nodes: 1 },
      ],
      unschedulable: { cordoned: 1, maintenance: 0, faulty: 1, notReady: 0 },
    })
    expect(r.result.fit).toBeUndefined()
    expect(r.text).toMatch(
      /GROUP\s+GPU\s+NODES\s+FULLY FREE\s+FREE\/TOTAL\s+PRE-EMPTIBLE\s+FREE PER NODE\s+OUT OF SERVICE/,
    )
    expect(r.text).toMatch(/H100-碎片\s+NVIDIA H100 \(80GB\)\s+4\s+0\s+8\/32\s+\d+\s+2 free: 4 nodes/)
    expect(r.text).toContain("1 cordoned, 1 faulty")
  })

  it("ranks where 8-GPU instances fit: now, by pre-emption at priority 4+, queueing, never", async () => {
    // At priority 3 nothing is pre-empted: the fragmented group only queues.
    const one = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 8, instances: 1, priority: 3 }),
    )
    const verdicts = (r: typeof one) =>
      Object.fromEntries(r.result.fit?.ranked.map((f) => [f.computeGroup.name, f.verdict]) ?? [])
    expect(verdicts(one)).toMatchObject({ "H200-整节点": "now", "H100-整节点": "now", "H100-碎片": "queue" })
    expect(one.result.fit?.ranked.at(-1)?.computeGroup.name).toBe("H100-碎片")
    expect(one.result.fit?.ranked.at(-1)?.reason).toContain("spread over too many nodes")
    const two = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 8, instances: 2, priority: 6 }),
    )
    expect(verdicts(two)["H200-整节点"]).toBe("preempt")
    expect(two.result.warnings[0]).toContain("No group can start 2 instance(s) at once")
    const low = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 8, instances: 2, priority: 3 }),
    )
    expect(verdicts(low)["H200-整节点"]).toBe("queue")
    const huge = succeeded(await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 16 }))
    expect(huge.result.fit?.ranked.every((f) => f.verdict === "never" && /nodes have 8/.test(f.reason))).toBe(true)
    expect(huge.text).toMatch(/Fit: 1 × 16 GPU\(s\) per instance, priority 4/)
  })

  it("fits a spec by name only in the groups that offer it", async () => {
    const r = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, spec: "8*H100 160核 1800GiB" }),
    )
    // One of the fragmented group's nodes holds a tenant's priority-2 work: 2 free + 6 pre-emptible.
    expect(r.result.fit?.ranked.map((f) => [f.computeGroup.name, f.verdict])).toEqual([
      ["H100-整节点", "now"],
      ["H100-碎片", "preempt"],
    ])
    const e = failed(await call(emu.current, availabilityOperation, { workspace: WHOLE, spec: "no-such-spec" }))
    expect(e.reason).toBe("InvalidInput")
    const both = failed(await call(emu.current, availabilityOperation, { spec: "x", gpus: 1 }))
    expect(both.message).toContain("spec or gpus, not both")
  })

  it("reads only the workspaces asked about: defaultWorkspace, else every one; one node listing each", async () => {
    const profile = trainingSpaceProfile(emu.current)
    const before = nodeListings()
    const r = succeeded(await call(emu.current, availabilityOperation, {}, profile))
    expect(r.result.workspaces.map((w) => w.name)).toEqual(["分布式训练空间"])
    expect(nodeListings() - before).toBe(1)
    // Warm: groups and specs come from the kept discovery; only the nodes are read again.
    const warmFrom = apiRequests()
    succeeded(await call(emu.current, availabilityOperation, {}, profile))
    expect(apiRequests() - warmFrom).toBeLessThanOrEqual(3)
    expect(nodeListings() - before).toBe(2)
    const all = succeeded(await call(emu.current, availabilityOperation, {}, profileFor(emu.current)))
    expect(all.result.workspaces.length).toBe(11)
  })
})
