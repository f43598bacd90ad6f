import { z } from "zod"
import { stopJob } from "../../api/jobs/kinds.js"
import { stopServing } from "../../api/servings/servings.js"
import { StatusFilter } from "../../domain/status.js"
import { Effect, Either } from "../../effect.js"
import { invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, confirmWord, fieldWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation, type OutputOf } from "../catalogue/operation.js"
import { refersTo } from "../catalogue/refs.js"
import { described, textOutput } from "../catalogue/schema.js"
import { missingTask, resolveTask } from "../common/lookup.js"
import { dryRunField, PlanOutput, renderPlan } from "../common/plan.js"
import { renderTable } from "../common/render.js"
import type { TaskRow, TaskType } from "../common/tasks/list.js"
import { batchTasks, targetsNeeded } from "./batch.js"
import { deleteTasks } from "./delete.js"
import { idsOf, stopRowsOfIds, stopShown } from "./ids.js"
import { type StoppedTask, stopOne, stoppableKind } from "./one.js"
import { previewOne, stopPlan } from "./plan.js"

const TYPES: Readonly<Record<string, ReadonlyArray<TaskType>>> = {
  train: ["train"],
  hpc: ["hpc"],
  inference: ["inference"],
  ray: ["ray"],
  all: ["train", "hpc", "inference", "ray"],
}

const Input = z.object({
  action: z.enum(["stop", "delete"]).default("stop").describe("stop (default), or delete finished jobs"),
  job_id: refersTo(
    z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe("One task or a list: job-…, hpc-job-…, rj-…, sv-… ids, names or id prefixes"),
    "train",
    "hpc",
    "serving",
    "ray",
  ),
  workspace: z
    .string()
    .optional()
    .describe("Batch: the workspace (name or ws- id); else where names are looked up; default defaultWorkspace"),
  status: StatusFilter.optional().describe("Batch: only tasks in this status family, e.g. waiting or running"),
  name: z.string().optional().describe("Batch: only names containing this text, or matching a glob like exp-*"),
  type: z
    .enum(["train", "hpc", "inference", "ray", "all"])
    .default("all")
    .describe("Batch: task type (inference = servings)"),
  mine: z.boolean().default(true).describe("Batch: only your own tasks"),
  older_than: z.string().optional().describe("For delete: only jobs at least this old, e.g. 30d, 12h"),
  confirm: z
    .boolean()
    .default(false)
    .describe("Required for a batch, a list, a serving or a delete; else what would change is only listed"),
  targets: z.array(z.string()).optional().describe("With confirm: act only on these ids (those the listing showed)"),
  dry_run: dryRunField(),
})

const StopOutput = () =>
  z.object({
    mode: z.enum(["single", "batch"]).describe("One task by id, or several (by ids or filters)"),
    stopped: z.boolean().describe("False when nothing was sent because confirm was missing"),
    dryRun: z.boolean().describe("True when nothing was sent because dry_run was given"),
    tasks: z
      .array(
        z.object({
          id: z.string().describe("Task id"),
          type: z.enum(["train", "hpc", "inference", "ray"]).describe("Task type"),
          name: z.string().describe("Task name"),
          workspace: z.string().describe("Workspace name"),
          before: z.string().describe("Status before the stop"),
          after: z.string().optional().describe("Status after the stop"),
          outcome: z
            .enum([
              "stopped",
              "already-finished",
              "would-stop",
              "deleted",
              "would-delete",
              "not-finished",
              "not-found",
              "failed",
            ])
            .describe("What happened to it (not-finished: not deleted, it has not ended)"),
          error: textOutput().optional().describe("Why it failed"),
        }),
      )
      .describe("The tasks concerned"),
    counts: z
      .object({ stopped: z.number(), alreadyFinished: z.number(), deleted: z.number(), failed: z.number() })
      .describe("Tasks per outcome"),
    hint: described(textOutput().optional(), text`What to do next, e.g. pass ${confirmWord()}`),
    plan: PlanOutput().optional(),
  })

/** The parsed input of inspire_stop. */
export type StopInput = z.output<typeof Input>

/** The result of inspire_stop: its output schema's type. */
export interface StopOperationResult extends OutputOf<ReturnType<typeof StopOutput>> {}

const countsOf = (tasks: ReadonlyArray<StoppedTask>) => ({
  stopped: tasks.filter((t) => t.outcome === "stopped").length,
  alreadyFinished: tasks.filter((t) => t.outcome === "already-finished").length,
  deleted: 0,
  failed: tasks.filter((t) => t.outcome === "failed").length,
})

const stopRow = (t: TaskRow) =>
  Effect.gen(function* () {
    const base = { id: t.id, type: t.type as StoppedTask["type"], name: t.name, workspace: t.workspace }
    const before = `${t.family} (${t.rawStatus})`
    if (t.terminal) return { ...base, before, outcome: "already-finished" } satisfies StoppedTask
    const sent =
      t.type === "inference"
        ? Effect.map(stopServing(t.id), (r) => (r.sent ? "stopped" : "already-finished"))
        : Effect.map(
            // The listing just read the status: no detail read per job, half the requests of a batch.
            stopJob(t.id, t.type === "hpc" || t.type === "ray" ? t.type : "train", {
              raw: t.rawStatus,
              terminal: t.terminal,
            }),
            (r) => r.outcome,
          )
    const outcome = yield* Effect.either(sent)
    return Either.isRight(outcome)
      ? ({ ...base, before, outcome: outcome.right } satisfies StoppedTask)
      : ({ ...base, before, outcome: "failed", error: outcome.left.text } satisfies StoppedTask)
  })

const dryRunOf = (mode: StopOperationResult["mode"], tasks: ReadonlyArray<StoppedTask>): StopOperationResult => ({
  mode,
  stopped: false,
  dryRun: true,
  tasks,
  counts: countsOf(tasks),
  plan: stopPlan(tasks),
})

/** A batch listed and not confirmed: what would stop, and how to confirm it. */
const unconfirmed = (tasks: ReadonlyArray<StoppedTask>, confirm: Text): StopOperationResult => ({
  mode: "batch",
  stopped: false,
  dryRun: false,
  tasks,
  counts: countsOf(tasks),
  hint: msg("stop-batch-confirm", { count: tasks.filter((t) => t.outcome === "would-stop").length, confirm }),
})

/** A batch carried out, each task's outcome counted. */
const batchDone = (tasks: ReadonlyArray<StoppedTask>): StopOperationResult => {
  const counts = countsOf(tasks)
  return {
    mode: "batch",
    stopped: counts.stopped > 0,
    dryRun: false,
    tasks,
    counts,
    ...(counts.failed > 0 ? { hint: msg("stop-some-failed") } : {}),
  }
}

/** Several tasks by id: listed without confirm, each that still runs stopped with it. */
const stopIds = (input: StopInput, ids: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const shown = yield* stopRowsOfIds(input, ids)
    if (input.dry_run) return dryRunOf("batch", shown)
    if (!input.confirm) return unconfirmed(shown, confirmWord())
    return batchDone(yield* Effect.forEach(shown, stopShown(input), { concurrency: 4 }))
  })

/** inspire_stop: stops one task, or a confirmed batch of matching tasks. */
export const stopOperation = defineOperation({
  name: "stop",
  title: "Stop or delete a task or a batch of tasks",
  description: text`Stops training/HPC/Ray jobs or servings by job_id (one, or a list), or a workspace's tasks matching status, name and type (a batch): a serving, a list or a batch needs ${confirmWord()}, else what would stop is only listed. action delete removes finished jobs the same ways (always confirmed). Notebooks stop with ${callWord("notebook")}. Next: ${callWord("jobs")} to check.`,
  input: Input,
  output: StopOutput,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  effects: { by: "action", writes: ["stop", "delete"] },
  examples: [
    { job_id: "{train_job}" },
    { job_id: "{serving}", confirm: true },
    { status: "running", name: "dry-*" },
    { action: "delete", status: "failed", older_than: "30d" },
  ],
  actions: {
    stop: {
      summary: "Stop jobs or servings by id, or a batch of matching tasks",
      fields: ["job_id", "workspace", "status", "name", "type", "mine"],
      cli: { path: ["job", "stop"], positional: ["job_id"], lastOptional: true, many: true },
    },
    delete: {
      summary: "Delete finished jobs by id, or a batch of matching finished jobs",
      fields: ["job_id", "workspace", "status", "name", "type", "mine", "older_than"],
      cli: { path: ["job", "delete"], positional: ["job_id"], lastOptional: true, many: true },
    },
  },
  run: (input) =>
    Effect.gen(function* () {
      if (input.action === "delete") return yield* deleteTasks(input)
      const ids = idsOf(input.job_id)
      if (ids.length > 1) return yield* stopIds(input, ids)
      if (ids[0] !== undefined) {
        const named = yield* resolveTask(ids[0], ["train", "hpc", "serving", "ray"], input.workspace)
        const ref = yield* stoppableKind(named.id)
        if (input.dry_run)
          return dryRunOf("single", [yield* missingTask(previewOne(ref.id, ref.type), named, input.workspace)])
        const { needsConfirm, ...task } = yield* missingTask(
          stopOne(ref.id, ref.type, input.confirm),
          named,
          input.workspace,
        )
        return {
          mode: "single",
          stopped: task.outcome === "stopped",
          dryRun: false,
          tasks: [task],
          counts: countsOf([task]),
          ...(needsConfirm
            ? {
                hint: msg("stop-serving-confirm", {
                  name: task.name || task.id,
                  before: task.before,
                  confirm: confirmWord(),
                }),
              }
            : {}),
        } satisfies StopOperationResult
      }
      if ((input.status === undefined || input.status === "all") && (input.name === undefined || input.name === ""))
        return yield* Effect.fail(
          invalidInput(
            msg("stop-batch-filter"),
            msg("stop-batch-filter-hint", { status: fieldWord("status", "waiting"), name: fieldWord("name", "exp-*") }),
          ),
        )
      const listing = yield* batchTasks(input, TYPES[input.type] ?? [])
      const preview = listing.tasks.map(
        (t): StoppedTask => ({
          id: t.id,
          type: t.type as StoppedTask["type"],
          name: t.name,
          workspace: t.workspace,
          before: `${t.family} (${t.rawStatus})`,
          outcome: t.terminal ? "already-finished" : "would-stop",
        }),
      )
      if (input.dry_run) return dryRunOf("batch", preview)
      if (input.confirm && input.targets === undefined) return yield* Effect.fail(targetsNeeded(preview, "would-stop"))
      if (!input.confirm) return unconfirmed(preview, confirmWord(true))
      // Bounded: the process limiter paces requests, and a few at a time keeps the queue short.
      return batchDone(yield* Effect.forEach(listing.tasks, stopRow, { concurrency: 4 }))
    }),
  render: (r: StopOperationResult) => {
    const table = renderTable(
      r.tasks,
      [
        { header: msg("jobs-col-id"), cell: (t) => t.id },
        { header: msg("jobs-col-type"), cell: (t) => t.type },
        { header: msg("jobs-col-name"), cell: (t) => t.name },
        { header: msg("stop-col-before"), cell: (t) => t.before },
        { header: msg("stop-col-after"), cell: (t) => t.after },
        {
          header: msg("stop-col-outcome"),
          cell: (t) => (t.error !== undefined ? msg("stop-outcome-failed", { error: t.error }) : t.outcome),
        },
      ],
      msg("jobs-none"),
    )
    const c = r.counts
    const summary =
      c.deleted > 0 || r.tasks.some((t) => ["would-delete", "not-finished", "deleted"].includes(t.outcome))
        ? msg("stop-delete-summary", { deleted: c.deleted, failed: c.failed })
        : c.failed > 0
          ? msg("stop-summary-failed", { stopped: c.stopped, finished: c.alreadyFinished, failed: c.failed })
          : msg("stop-summary", { stopped: c.stopped, finished: c.alreadyFinished })
    if (r.plan !== undefined) return joinText([table, renderPlan(r.plan)], "\n")
    return joinText([table, summary, ...(r.hint !== undefined ? [r.hint] : [])], "\n")
  },
})
