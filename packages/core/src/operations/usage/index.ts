import { z } from "zod"
import { knownProjects } from "../../api/resources/resolve.js"
import { taskDimensions } from "../../api/resources/usage.js"
import { IDLE_GPU_BELOW_PERCENT } from "../../domain/metrics/thresholds.js"
import { summarize, usageTask, usageViews } from "../../domain/usage.js"
import { Clock, Effect } from "../../effect.js"
import { msg } from "../../words/message.js"
import { callWord, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { resolveReadWorkspace } from "../common/support.js"
import { projectBudget } from "./budgets.js"
import { UsageOutput } from "./output.js"
import { renderUsage, type UsageResult } from "./render.js"

export type { UsageResult } from "./render.js"

const Input = z.object({
  workspace: z.string().optional().describe("Workspace (name or id); default: the defaultWorkspace setting"),
})

/** inspire_usage: who holds a workspace's GPUs now, how busy they keep them, and the projects' budgets. */
export const usageOperation = defineOperation({
  name: "usage",
  title: "Who uses the GPUs of a workspace, and the budgets",
  description: text`Who holds a workspace's GPUs now (everyone's tasks): GPUs, running tasks and real utilisation by user, project, task type and priority, idle holders flagged; plus your projects' budgets and spending where visible. Next: ${callWord("metrics")} for an idle job's verdict, ${callWord("stop")} to free GPUs you hold idle.`,
  input: Input,
  output: UsageOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: {
    path: ["usage"],
    summary: "Who holds the GPUs of a workspace (by user, project, type, priority) and the budgets",
  },
  examples: [{}, { workspace: "{workspace}" }],
  run: (input, context) =>
    Effect.gen(function* () {
      // Without any workspace, the standard error with the workspaces as candidates.
      const workspace = yield* resolveReadWorkspace({ workspace: input.workspace })
      context.progress({ message: msg("usage-progress", { workspace: workspace.name }) })
      const attached = new Set(workspace.projects.map((p) => p.id))
      const [rows, projects] = yield* Effect.all([taskDimensions(workspace.id), knownProjects()], { concurrency: 2 })
      const budgets = yield* Effect.forEach(
        projects.filter((p) => attached.has(p.id)),
        (p) => projectBudget(p, workspace.id),
        { concurrency: 2 },
      )
      const tasks = rows.map(usageTask).sort((a, b) => b.gpus - a.gpus || a.name.localeCompare(b.name))
      const totals = summarize(workspace.id, workspace.name, tasks)
      const idle = tasks.filter((t) => t.idle)
      const warnings = [
        ...(idle.length > 0
          ? [
              msg("usage-idle-warning", {
                tasks: idle.length,
                gpus: totals.idleGpus,
                limit: IDLE_GPU_BELOW_PERCENT,
                list: idle.map((t) => `${t.name} (${t.user.name || t.user.id}, ${t.gpus})`).join(", "),
                call: callWord("metrics"),
              }),
            ]
          : []),
      ]
      return {
        workspace: { id: workspace.id, name: workspace.name },
        totals,
        ...usageViews(tasks),
        tasks,
        budgets,
        warnings,
        readAt: yield* Clock.currentTimeMillis,
      } satisfies UsageResult
    }),
  render: (r: UsageResult) => renderUsage(r),
})
