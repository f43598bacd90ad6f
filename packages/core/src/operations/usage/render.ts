import type { OutputOf } from "../catalogue/operation.js"
import { formatDuration, formatTime, renderFields, renderTable } from "../common/render.js"
import type { UsageOutput } from "./output.js"

/** What inspire_usage returns: its output schema's type. */
export interface UsageResult extends OutputOf<ReturnType<typeof UsageOutput>> {}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

const pct = (v: number | undefined): string | undefined => (v === undefined ? undefined : `${v.toFixed(1)}%`)

/** Points with thousands separators and at most two decimals, as the console shows them. */
const points = (v: number | undefined): string | undefined =>
  v === undefined ? undefined : v.toLocaleString("en-US", { maximumFractionDigits: 2 })

const groupTable = (heading: string, groups: UsageResult["byUser"]): string =>
  renderTable(groups, [
    { header: heading, cell: (g) => g.name },
    { header: "GPUS", cell: (g) => g.gpus, align: "right" },
    { header: "RUNNING", cell: (g) => g.running, align: "right" },
    { header: "TASKS", cell: (g) => g.tasks, align: "right" },
    { header: "GPU UTIL", cell: (g) => pct(g.utilisation), align: "right" },
    { header: "IDLE GPUS", cell: (g) => (g.idleGpus > 0 ? g.idleGpus : ""), align: "right" },
  ])

const taskTable = (tasks: UsageResult["tasks"]): string =>
  renderTable(
    tasks,
    [
      { header: "TASK", cell: (t) => t.name },
      { header: "USER", cell: (t) => t.user.name || t.user.id },
      { header: "PROJECT", cell: (t) => t.project.name || t.project.id },
      { header: "TYPE", cell: (t) => t.type },
      { header: "PRIORITY", cell: (t) => (t.priority === undefined ? undefined : `${t.priority} ${t.priorityLevel}`) },
      { header: "STATUS", cell: (t) => t.status },
      { header: "GPUS", cell: (t) => t.gpus, align: "right" },
      { header: "GPU UTIL", cell: (t) => pct(t.utilisation), align: "right" },
      { header: "RUNNING FOR", cell: (t) => (t.status === "RUNNING" ? formatDuration(t.runningMs) : undefined) },
      { header: "IDLE", cell: (t) => (t.idle ? "IDLE" : "") },
    ],
    "(no tasks)",
  )

const budgetTable = (budgets: UsageResult["budgets"]): string =>
  renderTable(
    budgets,
    [
      { header: "PROJECT", cell: (b) => b.project.name },
      { header: "TOTAL", cell: (b) => points(b.overview?.total), align: "right" },
      { header: "USED", cell: (b) => points(b.overview?.used), align: "right" },
      { header: "REMAINING", cell: (b) => points(b.overview?.remain), align: "right" },
      { header: "TRAIN", cell: (b) => points(b.overview?.byKind.train), align: "right" },
      { header: "INFERENCE", cell: (b) => points(b.overview?.byKind.inference), align: "right" },
      { header: "STORAGE", cell: (b) => points(b.overview?.byKind.storage), align: "right" },
    ],
    "(none of your projects is attached to this workspace)",
  )

// What a budget section could not show, said where it would have been.
const notes = (budgets: UsageResult["budgets"]): string[] =>
  budgets.flatMap((b) =>
    [b.overviewNote, b.membersNote].filter((n): n is string => n !== undefined).map((n) => `! ${n}`),
  )

const memberTables = (budgets: UsageResult["budgets"]): string[] =>
  budgets.flatMap((b) =>
    b.members === undefined
      ? []
      : [
          "",
          `Members of ${b.project.name}:`,
          renderTable(b.members, [
            { header: "MEMBER", cell: (m) => m.name || m.id },
            { header: "BUDGET", cell: (m) => points(m.budget), align: "right" },
            { header: "USED", cell: (m) => points(m.used), align: "right" },
            { header: "REMAINING", cell: (m) => points(m.remain), align: "right" },
          ]),
        ],
  )

/** The usage people read: totals, the four views, the tasks, then the budgets and what could not be read. */
export const renderUsage = (r: UsageResult): string =>
  [
    renderFields([
      ["Workspace", `${r.workspace.name} (${r.workspace.id})`],
      ["GPUs held", `${r.totals.gpus} by ${plural(r.totals.running, "running task")} (${r.totals.tasks} listed)`],
      ["GPU utilisation", pct(r.totals.utilisation)],
      [
        "Idle",
        r.totals.idleTasks > 0
          ? `${plural(r.totals.idleGpus, "GPU")} in ${plural(r.totals.idleTasks, "task")}`
          : "none",
      ],
      ["Read", formatTime(r.readAt)],
    ]),
    "",
    groupTable("USER", r.byUser),
    "",
    groupTable("PROJECT", r.byProject),
    "",
    groupTable("TYPE", r.byType),
    "",
    groupTable("PRIORITY", r.byPriority),
    "",
    taskTable(r.tasks),
    "",
    "Budgets (points):",
    budgetTable(r.budgets),
    ...notes(r.budgets),
    ...memberTables(r.budgets),
    ...(r.warnings.length > 0 ? ["", ...r.warnings.map((w) => `warning: ${w}`)] : []),
  ].join("\n")
