import { z } from "zod"
import { DISCOVERED_TYPES } from "../../api/resources/discover.js"
import { NetworkPolicy, RegistryId } from "../../domain/workspaces.js"
import { once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"
import { IdName } from "../common/output.js"

/** What inspire_status returns. */
export const StatusOutput = once(() => {
  const SpecOutput = z.object({
    id: z.string().describe("Spec (quota) id, the `spec` of a submit"),
    name: z.string().describe("Spec name"),
    gpuCount: z.number().describe("GPUs per instance (0 for CPU specs)"),
    gpuDisplay: z.string().describe("GPU type as people read it"),
    cpuCount: z.number().describe("CPUs per instance"),
    memoryGi: z.number().describe("Memory per instance in GiB"),
    pricePerHour: z.number().optional().describe("Price per hour, when stated"),
    allowedPriorityLevels: z
      .array(z.string())
      .optional()
      .describe("Priority levels the spec allows; absent when it allows every level"),
  })

  const specsByType = z
    .object(
      Object.fromEntries(
        DISCOVERED_TYPES.map((t) => [t, z.array(SpecOutput).optional().describe(`${t} specs, cheapest first`)]),
      ) as Record<(typeof DISCOVERED_TYPES)[number], z.ZodOptional<z.ZodArray<typeof SpecOutput>>>,
    )
    .describe("Specs of the schedule type asked for (absent without one); ids of one type fail for another")

  const Group = z.object({
    id: z.string().describe("Compute group id (lcg-…)"),
    name: z.string().describe("Compute group name, the `compute_group` of a submit"),
    gpuType: z.string().describe("GPU type"),
    gpuDisplay: z.string().describe("GPU type as people read it"),
    gpus: z
      .object({
        total: z.number().describe("GPUs in the group"),
        used: z.number().describe("GPUs in use"),
        free: z.number().describe("GPUs free now"),
        schedulableNodes: z.number().describe("Nodes that take work"),
        unschedulableNodes: z.number().describe("Cordoned, under maintenance, not ready or faulty nodes"),
      })
      .optional()
      .describe("GPU availability; absent when the node listing could not be read"),
    specs: specsByType.optional(),
    specCounts: z
      .object(
        Object.fromEntries(DISCOVERED_TYPES.map((t) => [t, z.number().optional()])) as Record<
          (typeof DISCOVERED_TYPES)[number],
          z.ZodOptional<z.ZodNumber>
        >,
      )
      .describe("How many specs of each schedule type the group has; list them with schedule_type"),
    skipped: z.array(z.enum(DISCOVERED_TYPES)).describe("Schedule types the group does not run"),
  })

  const Workspace = z.object({
    id: z.string().describe("Workspace id (ws-…)"),
    name: z.string().describe("Workspace name"),
    enabled: z.boolean().describe("False when calls into it are refused"),
    network: NetworkPolicy.describe("Internet access: online, offline or unknown"),
    registry: RegistryId.describe("Harbor registry of the workspace: qb or sj"),
    policyKnown: z.boolean().describe("False when the workspace is not in the policy table (network unknown)"),
    note: textOutput().optional().describe("A note on the workspace's policy"),
    projects: z.array(IdName()).describe("Projects attached to it; a task must use one of them"),
    groups: z.array(Group).describe("Compute groups with GPUs and specs"),
    problems: z.array(textOutput()).describe("What could not be read; the rest is still shown"),
  })

  const Project = z.object({
    id: z.string().describe("Project id"),
    name: z.string().describe("Project name"),
    enName: z.string().describe("English name, the {en_name} of storage paths"),
    budget: z.number().optional().describe("Budget, when stated"),
    remainBudget: z.number().optional().describe("Remaining budget, when stated"),
    priorityCap: z.number().describe("Highest priority the project may use"),
    priorityCapKnown: z.boolean().describe("False when the platform did not state a cap and 4 is assumed"),
    storage: z
      .object({
        projectHdd: z.string().describe("/inspire/hdd/project/<en_name>/"),
        projectSsd: z.string().describe("/inspire/ssd/project/<en_name>/"),
        globalUser: z.string().optional().describe("/inspire/hdd/global_user/<username>/"),
      })
      .describe("Shared storage paths"),
    workspaces: z.array(IdName()).describe("Workspaces the project can use"),
  })

  return z.object({
    user: z.object({ name: z.string(), loginName: z.string() }).describe("The account: name and login name"),
    projects: z.array(Project).describe("The account's projects"),
    workspaces: z.array(Workspace).describe("Workspaces with policy, registry, compute groups and specs"),
    scheduleTypes: z
      .array(z.enum(DISCOVERED_TYPES))
      .describe("Schedule types whose specs are listed (none: counted only)"),
    warnings: z.array(textOutput()).describe("Budget warnings"),
    discoveredAt: z.number().describe("When the platform was asked (epoch ms; older than now when cached)"),
  })
})
