import { z } from "zod"
import { once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"
import { GroupRef, WorkspaceRef } from "../common/output.js"

const VERDICTS = ["now", "preempt", "queue", "never"] as const

/** What inspire_availability returns. */
export const AvailabilityOutput = once(() => {
  const Group = z.object({
    id: z.string().describe("Compute group id (lcg-…)"),
    name: z.string().describe("Compute group name, the `compute_group` of a submit"),
    gpu: z.string().describe("GPU type as people read it (CPU for CPU groups)"),
    schedulableNodes: z
      .number()
      .describe("Nodes that take work (§3.7: Ready, not cordoned, not in maintenance or the fault pool)"),
    fullyFreeNodes: z.number().describe("Schedulable nodes without any task"),
    gpusPerNode: z.number().describe("GPUs of the group's largest schedulable node"),
    gpus: z
      .object({
        total: z.number().describe("GPUs of the schedulable nodes"),
        used: z.number().describe("GPUs held"),
        free: z.number().describe("GPUs free now"),
        preemptible: z
          .number()
          .describe(
            "GPUs held by priority 1–3 work that a priority ≥ 4 job may pre-empt (on nodes shared with other work, its part from the task dimension)",
          ),
      })
      .describe("GPUs of the schedulable nodes"),
    freePerNode: z
      .array(z.object({ free: z.number(), nodes: z.number() }))
      .describe("How many schedulable nodes have each count of free GPUs, most first (the fragmentation)"),
    fragmentation: textOutput().describe("The same, as people read it: `8 free: 3 nodes, 4 free: 2 nodes`"),
    unschedulable: z
      .object({
        cordoned: z.number(),
        maintenance: z.number(),
        faulty: z.number().describe("Nodes in the fault pool"),
        notReady: z.number().describe("Nodes whose status is not Ready"),
      })
      .describe("Nodes given no work, by why"),
  })
  const Workspace = z.object({
    id: z.string().describe("Workspace id"),
    name: z.string().describe("Workspace name"),
    groups: z.array(Group).describe("Its compute groups"),
    problems: z.array(textOutput()).describe("What could not be read (the rest is still shown)"),
  })
  const Fit = z.object({
    workspace: WorkspaceRef(),
    computeGroup: GroupRef(),
    gpusPerInstance: z.number().describe("GPUs each instance needs there"),
    spec: z.string().optional().describe("The spec's id in that group, when a spec was asked for"),
    verdict: z
      .enum(VERDICTS)
      .describe(
        "now: starts at once; preempt: starts by pre-empting low-priority work; queue: waits; never: cannot run there (or not at this priority)",
      ),
    reason: textOutput().describe(
      "Why, in words: GPUs, CPU cores and memory per node, the spec's priority levels, the queue",
    ),
    instancesNow: z.number().describe("Instances the group has room for now"),
    queuedAhead: z
      .number()
      .describe("Training jobs queued in the group at this priority or above, for the same kind of resources"),
  })
  return z.object({
    workspaces: z.array(Workspace).describe("The workspaces asked about"),
    fit: z
      .object({
        spec: z.string().optional().describe("The spec asked for"),
        gpus: z.number().optional().describe("The GPUs per instance asked for"),
        instances: z.number().describe("Instances asked for"),
        priority: z.number().describe("The priority the pre-emption verdicts assume"),
        ranked: z.array(Fit).describe("Every candidate group, best first"),
      })
      .optional()
      .describe("Where a spec (or GPUs per instance) × instances fits, when one was asked for"),
    readAt: z.number().describe("When the nodes were read (epoch ms)"),
    warnings: z.array(textOutput()).describe("Things to know"),
  })
})
