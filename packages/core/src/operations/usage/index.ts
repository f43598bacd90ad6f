import { z } from "zod"
import { knownProjects } from "../../api/resources/resolve.js"
import { taskDimensions } from "../../api/resources/usage.js"
import { IDLE_GPU_BELOW_PERCENT } from "../../domain/metrics/thresholds.js"
import { summarize, usageTask, usageViews } from "../../domain/usage.js"
import { Clock, Effect } from "../../effect.js"
import { msg } from "../../words/message.js"
import { callWord, joinText, text } from "../../words/text.js"
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
  description: joinText([
    "Who holds the GPUs of a workspace now, from the platform's task dimension (everyone's tasks, not only yours): ",
    "GPUs held, running tasks and real GPU utilisation by user, by project, by task type and by priority, with idle holders flagged ",
    `(GPUs held at under ${IDLE_GPU_BELOW_PERCENT}% utilisation, the metrics verdict's idle rule). `,
    "Also the budget of each of your projects attached to the workspace: total, used and remaining points, spending by kind (train, inference, storage) and per member, where the platform lets this account see them; ",
    "a refused section says so and the rest is still returned. Default workspace: the defaultWorkspace setting. ",
    text`Next: ${callWord("metrics")} for the health verdict of an idle job, ${callWord("stop")} to free GPUs you hold idle.`,
  ]),
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
