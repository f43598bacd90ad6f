import { z } from "zod"
import { PriorityLevel } from "../../domain/priority.js"
import { once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"
import { IdName } from "../common/output.js"

/** What inspire_usage returns. */
export const UsageOutput = once(() => {
  const Group = z.object({
    key: z.string().describe("The user id, project id, task type or priority"),
    name: textOutput().describe("What people read: the user's or project's name, the type, the priority and its level"),
    tasks: z.number().describe("Tasks listed (running, starting or queued)"),
    running: z.number().describe("Running tasks"),
    gpus: z.number().describe("GPUs held now"),
    idleGpus: z.number().describe("GPUs held by idle tasks"),
    idleTasks: z.number().describe("Idle tasks"),
    utilisation: z
      .number()
      .optional()
      .describe("GPU-weighted mean GPU utilisation in percent; absent when the platform states none"),
  })

  const Task = z.object({
    id: z.string().describe("Task id"),
    name: z.string().describe("Task name"),
    status: z.string().describe("Status as the task dimension writes it (RUNNING, CREATING, …)"),
    type: z.string().describe("Task type: distributed_training, hpc_job, interactive_modeling, inference_serving, …"),
    priority: z.number().optional().describe("Priority 1–10"),
    priorityLevel: PriorityLevel.optional().describe("LOW (1–3, pre-emptible), NORMAL (4) or HIGH (5–10)"),
    project: IdName().describe("The task's project"),
    user: IdName().describe("Who runs it"),
    nodes: z.number().describe("Nodes it occupies"),
    gpus: z.number().describe("GPUs it holds now"),
    utilisation: z.number().optional().describe("Real GPU utilisation in percent, when stated"),
    idle: z.boolean().describe("Holds GPUs at idle utilisation (the same rule as the metrics verdict's idle)"),
    runningMs: z.number().optional().describe("How long it has run, in ms"),
  })

  const Points = z.number().optional()

  const Budget = z.object({
    project: IdName().describe("The project"),
    overview: z
      .object({
        source: z
          .enum(["overview", "project-list"])
          .describe("overview: the budget overview; project-list: the project list's budget and remainder"),
        total: Points.describe("Budget in points"),
        used: Points.describe("Points spent"),
        remain: Points.describe("Points left"),
        byKind: z
          .object({
            train: Points.describe("Spent on training and other compute"),
            inference: Points.describe("Spent on inference"),
            storage: Points.describe("Spent on storage"),
          })
          .describe("Spending by kind; empty when the platform does not say"),
      })
      .optional()
      .describe("The project's budget; absent when no surface told it"),
    overviewNote: textOutput().optional().describe("Why the overview (or its spending by kind) is missing"),
    members: z
      .array(
        z.object({
          id: z.string().describe("User id"),
          name: z.string().describe("User name"),
          budget: Points.describe("The member's budget in points"),
          used: Points.describe("Points the member spent"),
          remain: Points.describe("Points the member has left"),
        }),
      )
      .optional()
      .describe("Per member; absent when the platform refused or could not say"),
    membersNote: textOutput().optional().describe("Why the member budgets are missing (e.g. refused to this account)"),
  })

  return z.object({
    workspace: IdName().describe("The workspace"),
    totals: Group.describe("The whole workspace"),
    byUser: z.array(Group).describe("Per user, most GPUs first"),
    byProject: z.array(Group).describe("Per project, most GPUs first"),
    byType: z.array(Group).describe("Per task type, most GPUs first"),
    byPriority: z.array(Group).describe("Per priority, most GPUs first"),
    tasks: z.array(Task).describe("The workspace's tasks, GPU holders first"),
    budgets: z.array(Budget).describe("Budgets of the account's projects attached to the workspace"),
    warnings: z.array(textOutput()).describe("Idle GPU holders"),
    readAt: z.number().describe("When the platform was asked (epoch ms)"),
  })
})
