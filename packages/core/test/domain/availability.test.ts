import { describe, expect, it } from "vitest"
import {
  describeFragmentation as describeFragmentationOf,
  isLowPriority,
  type NodeView,
  nodeCondition,
  summarizeNodes,
} from "../../src/domain/availability.js"
import { fitGroup as fitGroupOf, rankFits as rankFitsOf } from "../../src/domain/fit.js"
import { renderDeep, renderWords } from "../../src/words/render.js"

// Reasons are messages, read here in English.
const fitGroup = (...args: Parameters<typeof fitGroupOf>) => renderDeep(fitGroupOf(...args), "library")
const rankFits = <G extends { readonly name: string }>(...args: Parameters<typeof rankFitsOf<G>>) =>
  renderDeep(rankFitsOf(...args), "library")
const describeFragmentation = (...args: Parameters<typeof describeFragmentationOf>) =>
  renderWords(describeFragmentationOf(...args), "library")

const node = (name: string, used: number, over: Partial<NodeView> = {}): NodeView => ({
  name,
  condition: "schedulable",
  gpuTotal: 8,
  gpuUsed: used,
  tasks: used > 0 ? 1 : 0,
  lowPriorityGpus: 0,
  ...over,
})

// Eight free GPUs, two on each of four nodes: no 8-GPU instance fits.
const fragmented = [node("f1", 6), node("f2", 6), node("f3", 6), node("f4", 6)]
// One node fully free, one held by low-priority work, one by normal work; plus out-of-service nodes.
const mixed = [
  node("m1", 0),
  node("m2", 8, { lowPriorityGpus: 8 }),
  node("m3", 8),
  node("m4", 0, { condition: "cordoned" }),
  node("m5", 0, { condition: "maintenance" }),
  node("m6", 0, { condition: "faulty" }),
]

describe("node condition (§3.7)", () => {
  it("orders the fault pool, maintenance, a cordon, then a status other than Ready", () => {
    expect(nodeCondition({ status: "Ready" })).toBe("schedulable")
    expect(nodeCondition({ status: "READY", cordonType: "" })).toBe("schedulable")
    expect(nodeCondition({ status: "Ready", cordonType: "manual" })).toBe("cordoned")
    expect(nodeCondition({ status: "NotReady", isMaint: true, pool: "fault" })).toBe("faulty")
    expect(nodeCondition({ status: "Ready", isMaint: true })).toBe("maintenance")
    expect(nodeCondition({ status: "NotReady" })).toBe("not-ready")
  })

  it("reads low priority as 1–3, the stored codes 11–19 or LOW (§5.3)", () => {
    expect([1, 2, 3, 4, 6, 11, 13, 20, 35, "LOW", "2", "NORMAL", undefined].map(isLowPriority)).toEqual([
      true,
      true,
      true,
      false,
      false,
      true,
      true,
      false,
      false,
      true,
      true,
      false,
      false,
    ])
  })
})

describe("group availability", () => {
  it("counts schedulable, fully free and out-of-service nodes, pre-emptible GPUs and the fragmentation", () => {
    const a = summarizeNodes(mixed)
    expect(a).toMatchObject({
      schedulableNodes: 3,
      fullyFreeNodes: 1,
      gpusPerNode: 8,
      gpus: { total: 24, used: 16, free: 8, preemptible: 8 },
      unschedulable: { cordoned: 1, maintenance: 1, faulty: 1, "not-ready": 0 },
    })
    expect(describeFragmentation(a.freePerNode)).toBe("8 free: 1 node, 0 free: 2 nodes")
    expect(describeFragmentation(summarizeNodes(fragmented).freePerNode)).toBe("2 free: 4 nodes")
    expect(describeFragmentation([])).toBe("no schedulable node")
  })
})

describe("fit", () => {
  it("a fragmented group has eight free GPUs yet no room for an 8-GPU instance: it queues", () => {
    const f = fitGroup(fragmented, { gpusPerInstance: 8, instances: 1, priority: 6 })
    expect(f).toMatchObject({ verdict: "queue", instancesNow: 0 })
    expect(f.reason).toContain("spread over too many nodes")
    expect(fitGroup(fragmented, { gpusPerInstance: 2, instances: 4, priority: 4 }).verdict).toBe("now")
  })

  it("pre-emptible capacity counts only at priority 4 or more", () => {
    const two = { gpusPerInstance: 8, instances: 2 }
    expect(fitGroup(mixed, { ...two, priority: 4 })).toMatchObject({ verdict: "preempt", instancesNow: 1 })
    const low = fitGroup(mixed, { ...two, priority: 3 })
    expect(low.verdict).toBe("queue")
    expect(low.reason).toContain("priority 4+ could pre-empt")
    expect(fitGroup(mixed, { gpusPerInstance: 8, instances: 1, priority: 1 }).verdict).toBe("now")
  })

  it("an instance larger than a node, or more instances than the nodes hold, never fits", () => {
    expect(fitGroup(mixed, { gpusPerInstance: 16, instances: 1, priority: 6 })).toMatchObject({
      verdict: "never",
      reason: "an instance needs 16 GPUs but its nodes have 8",
    })
    expect(fitGroup(mixed, { gpusPerInstance: 8, instances: 4, priority: 6 }).verdict).toBe("never")
    expect(
      fitGroup([node("x", 0, { condition: "cordoned" })], { gpusPerInstance: 1, instances: 1, priority: 6 }).verdict,
    ).toBe("never")
  })

  it("ranks now, then pre-emption, then queue, then never; the most room first within a verdict", () => {
    const request = { gpusPerInstance: 8, instances: 1, priority: 6 }
    const ranked = rankFits([
      { group: { name: "never" }, nodes: [node("n", 0, { gpuTotal: 4 })], request },
      { group: { name: "fragmented" }, nodes: fragmented, request },
      { group: { name: "one-free" }, nodes: mixed, request },
      { group: { name: "two-free" }, nodes: [node("a", 0), node("b", 0)], request },
      { group: { name: "preempt" }, nodes: [node("p", 8, { lowPriorityGpus: 8 })], request },
    ])
    expect(ranked.map((r) => [r.group.name, r.verdict])).toEqual([
      ["two-free", "now"],
      ["one-free", "now"],
      ["preempt", "preempt"],
      ["fragmented", "queue"],
      ["never", "never"],
    ])
  })
})

describe("fit beyond GPUs", () => {
  // 8 GPUs, 192 cores and 2000 GiB per node; `used` GPUs, and cores and memory held beside them.
  const sized = (name: string, used: number, cpus: number, mem: number, over: Partial<NodeView> = {}): NodeView =>
    node(name, used, { cpu: { total: 192, used: cpus }, memGib: { total: 2000, used: mem }, ...over })
  const spec1 = { gpusPerInstance: 1, cpusPerInstance: 20, memGibPerInstance: 200 }

  it("needs the spec's CPU cores and memory free on the node beside its GPUs, and says which is short", () => {
    // Two free GPUs on each node, but 12 cores left on one and 150 GiB on another.
    const nodes = [sized("a", 6, 120, 1200), sized("b", 6, 180, 1200), sized("c", 6, 120, 1850)]
    const cpuShort = fitGroup(nodes, { ...spec1, instances: 6, priority: 3 })
    expect(cpuShort).toMatchObject({ verdict: "queue", instancesNow: 2 })
    expect(cpuShort.reason).toContain("nodes with free GPUs lack the CPU cores and memory")
    expect(cpuShort.reason).toContain("an instance needs 20 cores, 200 GiB")
    expect(fitGroup(nodes, { ...spec1, instances: 2, priority: 3 }).verdict).toBe("now")
    // The same nodes read by GPUs alone hold all six.
    expect(fitGroup(nodes, { gpusPerInstance: 1, instances: 6, priority: 3 }).verdict).toBe("now")
    // Larger than any node's cores or memory: never.
    expect(fitGroup(nodes, { ...spec1, cpusPerInstance: 200, instances: 1, priority: 6 })).toMatchObject({
      verdict: "never",
      reason: "an instance needs 200 CPU cores but its nodes have 192",
    })
    expect(fitGroup(nodes, { ...spec1, memGibPerInstance: 2048, instances: 1, priority: 6 }).reason).toBe(
      "an instance needs 2048 GiB of memory but its nodes have 2000",
    )
  })

  it("pre-emption frees the low-priority work's cores and memory with its GPUs", () => {
    const full = sized("p", 8, 180, 1900, { lowPriorityGpus: 4, lowPriorityCpus: 80, lowPriorityMemGib: 800 })
    const need = { gpusPerInstance: 4, cpusPerInstance: 80, memGibPerInstance: 800, instances: 1 }
    expect(fitGroup([full], { ...need, priority: 6 }).verdict).toBe("preempt")
    // Without the cores it frees, the GPUs alone would not do.
    expect(fitGroup([{ ...full, lowPriorityCpus: 0 }], { ...need, priority: 6 }).verdict).toBe("queue")
  })

  it("a priority the spec does not allow never runs there, with the reason", () => {
    const f = fitGroup([node("a", 0)], { gpusPerInstance: 1, instances: 1, priority: 6, allowedLevels: ["low"] })
    expect(f).toMatchObject({ verdict: "never", reason: "never at priority 6 (HIGH): the spec allows LOW only" })
    expect(
      fitGroup([node("a", 0)], { gpusPerInstance: 1, instances: 1, priority: 2, allowedLevels: ["low"] }).verdict,
    ).toBe("now")
  })

  it("jobs queued ahead make 'now' doubtful: said, and ranked below a group without a queue", () => {
    const request = { gpusPerInstance: 8, instances: 1, priority: 4 }
    const ranked = rankFits([
      { group: { name: "a-queued" }, nodes: [node("a1", 0), node("a2", 0)], request: { ...request, queuedAhead: 3 } },
      { group: { name: "b-clear" }, nodes: [node("b1", 0)], request },
    ])
    expect(ranked.map((r) => [r.group.name, r.verdict, r.queuedAhead])).toEqual([
      ["b-clear", "now", 0],
      ["a-queued", "now", 3],
    ])
    expect(ranked[1]?.reason).toMatch(/fit now .*unless the jobs queued ahead take the room first; queued ahead: 3$/)
  })
})
