import { z } from "zod"
import type { QueuePlace } from "../domain/queue.js"
import { StatusFamily, StatusFilter } from "../domain/status.js"
import { Effect } from "../effect.js"
import { msg } from "../words/message.js"
import { callWord, joinText, type Text, text } from "../words/text.js"
import { defineOperation, type OutputOf } from "./catalogue/operation.js"
import { epochMs } from "./common/output.js"
import { QueueRowOutput, queueCell, queueRow } from "./common/queue-output.js"
import { asides, formatDuration, formatTime, renderTable } from "./common/render.js"
import { listTasks, type TaskRow, type TaskType } from "./common/tasks/list.js"
import { placesInQueue } from "./common/waiting.js"

const TYPES: Readonly<Record<string, ReadonlyArray<TaskType>>> = {
  train: ["train"],
  hpc: ["hpc"],
  inference: ["inference"],
  ray: ["ray"],
  notebook: ["notebook"],
  all: ["train", "hpc", "inference", "ray", "notebook"],
}

const Input = z.object({
  type: z
    .enum(["train", "hpc", "inference", "ray", "notebook", "all"])
    .default("all")
    .describe("Task type: train (GPU training), hpc (Slurm), inference (servings), ray, notebook, or all"),
  status: StatusFilter.default("all").describe(
    "Normalised status family: running, waiting (queued/creating), succeeded, failed, stopped, or all",
  ),
  workspace: z
    .string()
    .optional()
    .describe("Workspace name or ws- id; default defaultWorkspace, else every workspace you can see"),
  all_workspaces: z
    .boolean()
    .default(false)
    .describe("Search every workspace you can see, even when defaultWorkspace is set (not with workspace)"),
  project: z.string().optional().describe("Only tasks of this project (name or id)"),
  name: z.string().optional().describe("Only tasks whose name contains this text (or matches a glob with * and ?)"),
  mine: z.boolean().default(true).describe("Only your own tasks (default true); false lists everyone's"),
  limit: z.number().int().min(1).max(1000).default(50).describe("Most rows to return (default 50); counts cover all"),
})

const JobsOutput = () =>
  z.object({
    tasks: z
      .array(
        z.object({
          id: z.string().describe("Task id: job-…, hpc-job-…, sv-…, rj-… or a notebook UUID"),
          type: z.enum(["train", "hpc", "inference", "ray", "notebook"]).describe("Task type"),
          name: z.string().describe("Task name"),
          status: StatusFamily.describe("Normalised status family"),
          rawStatus: z.string().describe("The platform's own status"),
          workspace: z.string().describe("Workspace name"),
          createdAt: epochMs("Created"),
          runningTimeMs: z.number().optional().describe("Running time in ms"),
          gpus: z.number().optional().describe("GPUs it holds"),
          queue: QueueRowOutput().optional(),
        }),
      )
      .describe("Matching tasks, newest first, at most `limit`"),
    total: z.number().describe("How many matched in all, before limit"),
    counts: z.record(z.string(), z.number()).describe("Matches per status family"),
    workspaces: z.array(z.string()).describe("Workspaces searched"),
    scope: z
      .object({
        workspaceFrom: z
          .enum(["query", "default", "all"])
          .describe("Where the searched workspaces came from: workspace, defaultWorkspace, or all of them"),
        type: z.string().describe("Task type searched"),
        status: z.string().describe("Status family searched"),
        mine: z.boolean().describe("Whether only your own tasks were searched"),
        project: z.string().optional().describe("Project filter"),
        name: z.string().optional().describe("Name filter"),
      })
      .describe("What was searched, so an empty result can say where"),
    truncated: z.boolean().describe("True when a page cap cut a list short"),
  })

/** The result of inspire_jobs: its output schema's type. */
export interface JobsResult extends OutputOf<ReturnType<typeof JobsOutput>> {}

/** One listed task. */
export type JobRow = JobsResult["tasks"][number]

const rowOf = (t: TaskRow, place: QueuePlace | undefined): JobRow => ({
  id: t.id,
  type: t.type,
  name: t.name,
  status: t.family,
  rawStatus: t.rawStatus,
  workspace: t.workspace,
  createdAt: t.createdAt,
  runningTimeMs: t.runningTimeMs,
  gpus: t.gpus,
  ...(place !== undefined ? { queue: queueRow(place) } : {}),
})

const FAMILY_ORDER = ["running", "waiting", "stopping", "succeeded", "failed", "stopped", "unknown"]

const cut = (): ReadonlyArray<Text> => asides("note", [msg("jobs-cut")])

const where = (r: JobsResult): Text => {
  if (r.workspaces.length === 0) return msg("jobs-where-none")
  const names =
    r.workspaces.length > 5
      ? msg("jobs-workspace-count", { count: r.workspaces.length })
      : joinText(r.workspaces, msg("jobs-list-sep"))
  if (r.scope.workspaceFrom === "default") return msg("jobs-where-default", { names })
  if (r.scope.workspaceFrom === "all") return msg("jobs-where-all", { names })
  return msg("jobs-where-named", { names })
}

// An empty listing says what was searched and how to search more widely (the hint goes to stderr in the CLI).
const emptyScope = (r: JobsResult): Text => {
  const s = r.scope
  const filters = [
    msg("jobs-filter-type", { type: s.type }),
    msg("jobs-filter-status", { status: s.status }),
    s.mine ? msg("jobs-filter-mine") : msg("jobs-filter-everyone"),
    ...(s.project !== undefined ? [msg("jobs-filter-project", { project: s.project })] : []),
    ...(s.name !== undefined ? [msg("jobs-filter-name", { name: s.name })] : []),
  ]
  // The same search in every workspace, then one without the filters (each worded per frontend).
  const kept = {
    ...(s.type !== "all" ? { type: s.type } : {}),
    ...(s.status !== "all" ? { status: s.status } : {}),
    ...(s.mine ? {} : { mine: false }),
    ...(s.project !== undefined ? { project: s.project } : {}),
    ...(s.name !== undefined ? { name: s.name } : {}),
  }
  const narrowed = s.type !== "all" || s.status !== "all" || s.mine || s.project !== undefined || s.name !== undefined
  return joinText(
    [
      msg("jobs-none-in", { where: where(r), filters: joinText(filters, msg("jobs-list-sep")) }),
      ...asides("hint", [
        ...(s.workspaceFrom !== "all"
          ? [msg("jobs-hint-all-workspaces", { call: callWord("jobs", { ...kept, all_workspaces: true }) })]
          : []),
        ...(narrowed
          ? [msg("jobs-hint-everyone", { call: callWord("jobs", { all_workspaces: true, mine: false }) })]
          : []),
      ]),
      ...(r.truncated ? cut() : []),
    ],
    "\n",
  )
}

/** inspire_jobs: lists tasks of every type by normalised status. */
export const jobsOperation = defineOperation({
  name: "jobs",
  title: "List tasks",
  description: text`Lists your tasks (job-…, hpc-job-…, rj-…, sv-…, notebooks) filtered by type, status, workspace, project and name, with a count per status; a waiting row's queue place. Next: ${callWord("job_detail")}, ${callWord("logs")}, ${callWord("metrics")}, ${callWord("stop")}.`,
  input: Input,
  output: JobsOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: { path: ["job", "list"], summary: "List tasks by type and status" },
  run: (input) =>
    Effect.gen(function* () {
      const listing = yield* listTasks({
        workspace: input.workspace,
        project: input.project,
        types: TYPES[input.type] ?? [],
        status: input.status,
        name: input.name,
        mine: input.mine,
        allWorkspaces: input.all_workspaces,
      })
      const shown = listing.tasks.slice(0, input.limit)
      // Only rows that wait are placed in their queues; a listing without one reads nothing more.
      const places = yield* placesInQueue(shown.flatMap((t) => (t.waiting !== undefined ? [t.waiting] : [])))
      const counts: Record<string, number> = {}
      for (const t of listing.tasks) counts[t.family] = (counts[t.family] ?? 0) + 1
      return {
        tasks: shown.map((t) => rowOf(t, places.get(t.id))),
        total: listing.tasks.length,
        counts,
        workspaces: listing.workspaces,
        scope: {
          workspaceFrom: listing.workspaceFrom,
          type: input.type,
          status: input.status,
          mine: input.mine,
          ...(input.project !== undefined ? { project: input.project } : {}),
          ...(input.name !== undefined ? { name: input.name } : {}),
        },
        truncated: listing.truncated,
      } satisfies JobsResult
    }),
  render: (r: JobsResult) => {
    if (r.total === 0) return emptyScope(r)
    const table = renderTable(
      r.tasks,
      [
        { header: msg("jobs-col-id"), cell: (t) => t.id },
        { header: msg("jobs-col-type"), cell: (t) => t.type },
        { header: msg("jobs-col-name"), cell: (t) => t.name },
        { header: msg("jobs-col-status"), cell: (t) => `${t.status} (${t.rawStatus})` },
        { header: msg("jobs-col-workspace"), cell: (t) => t.workspace },
        { header: msg("jobs-col-created"), cell: (t) => formatTime(t.createdAt) },
        { header: msg("jobs-col-running"), cell: (t) => formatDuration(t.runningTimeMs), align: "right" },
        { header: msg("jobs-col-gpus"), cell: (t) => t.gpus, align: "right" },
        ...(r.tasks.some((t) => t.queue !== undefined)
          ? [{ header: msg("queue-col"), cell: (t: JobRow) => queueCell(t.queue) }]
          : []),
      ],
      msg("jobs-none"),
    )
    const counts = FAMILY_ORDER.filter((f) => (r.counts[f] ?? 0) > 0)
      .map((f) => `${f} ${r.counts[f]}`)
      .join(", ")
    const shown =
      r.tasks.length < r.total
        ? msg("jobs-showing", { shown: r.tasks.length, total: r.total })
        : msg("jobs-total", { count: r.total })
    const lines = [table, text`${shown}${counts !== "" ? ` — ${counts}` : ""}`]
    if (r.truncated) lines.push(...cut())
    return joinText(lines, "\n")
  },
})
