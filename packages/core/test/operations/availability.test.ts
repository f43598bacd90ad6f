import { Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { createTrainingJob } from "../../src/api/jobs/index.js"
import { availabilityOperation } from "../../src/operations/availability/index.js"
import { syncClock, trainingInput } from "../api/jobs/fixture.js"
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
    expect(two.result.warnings[0]).toContain("No group can start 2 instances at once")
    const low = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 8, instances: 2, priority: 3 }),
    )
    expect(verdicts(low)["H200-整节点"]).toBe("queue")
    const huge = succeeded(await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 16 }))
    expect(huge.result.fit?.ranked.every((f) => f.verdict === "never" && /nodes have 8/.test(f.reason))).toBe(true)
    expect(huge.text).toMatch(/Fit: 1 × 16 GPUs per instance, priority 4/)
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

type State = ReturnType<typeof emu.current.control.state>
const taskListings = () =>
  Object.entries(emu.current.control.requests().bySurface)
    .filter(([k]) => /ListTaskDimension|list_task_dimension/.test(k))
    .reduce((n, [, v]) => n + v, 0)
const verdictOf = (
  r: { result: { fit?: { ranked: ReadonlyArray<{ computeGroup: { name: string } }> } | undefined } },
  g: string,
) =>
  r.result.fit?.ranked.find((f) => f.computeGroup.name === g) as
    | { verdict: string; reason: string; queuedAhead: number }
    | undefined

describe("availability beyond whole nodes", () => {
  it("counts a mixed node's low-priority GPUs as pre-emptible, from the task dimension, and fits with them", async () => {
    // H100-碎片's third node: 4 GPUs of priority-6 work beside 2 of a priority-2 session (plus 6 + 6 on two all-low nodes).
    const r = succeeded(await call(emu.current, availabilityOperation, { workspace: WHOLE }))
    const frag = r.result.workspaces[0]?.groups.find((g) => g.name === "H100-碎片")
    expect(frag?.gpus).toEqual({ total: 32, used: 24, free: 8, preemptible: 14 })
    expect(taskListings()).toBe(1)
    // 4-GPU instances: 2 + 0 + 1 + 2 with pre-emption; without the mixed node's 2 it would be 4.
    const five = { workspace: WHOLE, gpus: 4, instances: 5 }
    const high = succeeded(await call(emu.current, availabilityOperation, { ...five, priority: 6 }))
    expect(verdictOf(high, "H100-碎片")?.verdict).toBe("preempt")
    const low = succeeded(await call(emu.current, availabilityOperation, { ...five, priority: 3 }))
    expect(verdictOf(low, "H100-碎片")?.verdict).toBe("queue")
    // Without the task dimension the mixed node offers nothing, and says so.
    emu.current.control.faults.set({
      surfaces: {
        "v2:workspace.ListTaskDimension": "InvalidAction",
        "v1:POST /api/v1/cluster_metric/list_task_dimension": "InvalidAction",
      },
    })
    const blind = succeeded(await call(emu.current, availabilityOperation, { ...five, priority: 6 }))
    expect(blind.result.workspaces[0]?.groups.find((g) => g.name === "H100-碎片")?.gpus.preemptible).toBe(12)
    expect(blind.result.workspaces[0]?.problems.join("\n")).toContain("task dimension could not be read")
  })

  it("needs the spec's CPU cores beside its GPUs, as the emulator's scheduler does", async () => {
    // Two free GPUs on each of H100-碎片's nodes, but the second has 12 of 192 cores left: room for 6, not 8.
    const s = emu.current.control.state() as State
    const frag = s.groups.find((g) => g.name === "H100-碎片")
    const spec = s.specs.find((x) => x.lcgIds.includes(frag?.id ?? "") && x.gpuCount === 1)
    const r = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, spec: spec?.id, instances: 8, priority: 3 }),
    )
    const fit = verdictOf(r, "H100-碎片")
    expect(fit?.verdict).toBe("queue")
    expect(fit?.reason).toContain("room for 6 of 8 instances now; nodes with free GPUs lack the CPU cores")
    expect(r.text).toMatch(/H100-碎片\s+queues\s+0\s+room for 6 of 8/)
    // The emulator's scheduler agrees: eight such instances wait.
    syncClock(emu.current)
    const ws = s.workspaces.find((w) => w.name === WHOLE)
    const input = { ...trainingInput(emu.current, "eight"), workspaceId: ws?.id ?? "", groupId: frag?.id ?? "" }
    const made = await profileFor(emu.current).run(
      createTrainingJob({ ...input, specId: spec?.id ?? "", instanceCount: 8, priority: 3 }),
    )
    expect(Exit.isSuccess(made)).toBe(true)
    emu.current.control.clock.advance(10)
    const eight = (emu.current.control.state() as State).tasks.find((t) => t.name === "eight")
    expect(eight?.phase).toBe("queued")
  })

  it("a priority the spec does not allow: never at that priority, with the reason", async () => {
    const s = emu.current.control.state() as State
    const lowOnly = s.specs.find((x) => x.allowedPriorityLevels.includes("low"))
    const at = async (priority: number) =>
      succeeded(
        await call(emu.current, availabilityOperation, { workspace: "分布式训练空间", spec: lowOnly?.id, priority }),
      ).result.fit?.ranked[0]
    expect(await at(6)).toMatchObject({
      verdict: "never",
      reason: "never at priority 6 (HIGH): the spec allows LOW only",
    })
    expect((await at(2))?.verdict).not.toBe("never")
  })

  it("says the jobs queued ahead in a group and ranks it below one without a queue", async () => {
    syncClock(emu.current)
    const s = emu.current.control.state() as State
    const ws = s.workspaces.find((w) => w.name === WHOLE)
    const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "H100-整节点")
    const spec = s.specs.find((x) => x.lcgIds.includes(group?.id ?? "") && x.gpuCount === 8)
    // Two whole nodes at priority 6 where one is free: it waits in the queue.
    const input = { ...trainingInput(emu.current, "big"), workspaceId: ws?.id ?? "", groupId: group?.id ?? "" }
    const made = await profileFor(emu.current).run(
      createTrainingJob({ ...input, specId: spec?.id ?? "", instanceCount: 2, priority: 6 }),
    )
    expect(Exit.isSuccess(made)).toBe(true)
    emu.current.control.clock.advance(10)
    const r = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 8, instances: 1, priority: 4 }),
    )
    const ranked = r.result.fit?.ranked.map((f) => [f.computeGroup.name, f.verdict, f.queuedAhead])
    // Both have a free node; the one with a job queued ahead comes second.
    expect(ranked?.slice(0, 2)).toEqual([
      ["H200-整节点", "now", 0],
      ["H100-整节点", "now", 1],
    ])
    expect(verdictOf(r, "H100-整节点")?.reason).toContain("queued ahead: 1")
    expect(r.text).toMatch(/AHEAD/)
    // A job above the queued one's priority is not behind it.
    const urgent = succeeded(
      await call(emu.current, availabilityOperation, { workspace: WHOLE, gpus: 8, instances: 1, priority: 8 }),
    )
    expect(verdictOf(urgent, "H100-整节点")?.queuedAhead).toBe(0)
  })
})
