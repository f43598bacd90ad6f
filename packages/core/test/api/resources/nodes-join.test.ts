import { describe, expect, it } from "vitest"
import { isMixed, lowSharesByNode, toNodeView } from "../../../src/api/resources/nodes.js"

// A node shared by high- and low-priority work: only the low part is pre-emptible, and only the task
// dimension says how big it is (§4.4.1, §4.4.2).

const mixedNode = {
  name: "n1",
  status: "Ready",
  gpu: { total: 8, used: 7 },
  cpu: { total: 192, used: 140 },
  memory: { total: 2000, used: 1200 },
  tasks_associated: [{ priority: 6 }, { priority: 12 }],
}
const task = (id: string, priority: number, gpus: number, nodes: string[]) => ({
  id,
  name: id,
  status: "RUNNING",
  type: "distributed_training",
  priority,
  runningMs: 0,
  project: { id: "", name: "" },
  user: { id: "", name: "" },
  nodes: nodes.length,
  placedOn: nodes,
  gpu: { total: gpus, used: gpus, usageRate: 0.5 },
  cpu: { total: gpus * 20, used: 0, usageRate: 0 },
  memory: { total: gpus * 200, used: 0, usageRate: 0 },
})

describe("pre-emptible GPUs on a mixed node", () => {
  it("are the low-priority tasks' share there, from the task dimension", () => {
    expect(isMixed(mixedNode)).toBe(true)
    expect(isMixed({ ...mixedNode, tasks_associated: [{ priority: 2 }] })).toBe(false)
    // A 2-node low job (6 GPUs, 3 per node) and a high one; the stored code 12 is priority 2.
    const shares = lowSharesByNode([task("low", 12, 6, ["n1", "n2"]), task("high", 6, 4, ["n1"])])
    expect(shares.get("n1")).toEqual({ gpus: 3, cpus: 60, memGib: 600 })
    expect(toNodeView(mixedNode, shares.get("n1"))).toMatchObject({
      gpuUsed: 7,
      lowPriorityGpus: 3,
      cpu: { total: 192, used: 140 },
      lowPriorityCpus: 60,
      lowPriorityMemGib: 600,
    })
  })

  it("without the task dimension, a mixed node offers none; an all-low node offers everything it holds", () => {
    expect(toNodeView(mixedNode).lowPriorityGpus).toBe(0)
    const allLow = { ...mixedNode, tasks_associated: [{ priority: 2 }, { priority: "LOW" }] }
    expect(toNodeView(allLow)).toMatchObject({ lowPriorityGpus: 7, lowPriorityCpus: 140, lowPriorityMemGib: 1200 })
  })
})
