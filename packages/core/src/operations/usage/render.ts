import { formatPoints } from "../../domain/points.js"
import { msg } from "../../words/message.js"
import { joinText, type Text, text } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import { asides, formatDuration, formatTime, renderFields, renderTable } from "../common/render.js"
import type { UsageOutput } from "./output.js"

/** What inspire_usage returns: its output schema's type. */
export interface UsageResult extends OutputOf<ReturnType<typeof UsageOutput>> {}

const pct = (v: number | undefined): string | undefined => (v === undefined ? undefined : `${v.toFixed(1)}%`)

const groupTable = (heading: Text, groups: UsageResult["byUser"]): Text =>
  renderTable(groups, [
    { header: heading, cell: (g) => g.name },
    { header: msg("jobs-col-gpus"), cell: (g) => g.gpus, align: "right" },
    { header: msg("usage-col-running"), cell: (g) => g.running, align: "right" },
    { header: msg("usage-col-tasks"), cell: (g) => g.tasks, align: "right" },
    { header: msg("usage-col-gpu-util"), cell: (g) => pct(g.utilisation), align: "right" },
    { header: msg("usage-col-idle-gpus"), cell: (g) => (g.idleGpus > 0 ? g.idleGpus : ""), align: "right" },
  ])

const taskTable = (tasks: UsageResult["tasks"]): Text =>
  renderTable(
    tasks,
    [
      { header: msg("usage-col-task"), cell: (t) => t.name },
      { header: msg("usage-col-user"), cell: (t) => t.user.name || t.user.id },
      { header: msg("status-col-project"), cell: (t) => t.project.name || t.project.id },
      { header: msg("jobs-col-type"), cell: (t) => t.type },
      {
        header: msg("usage-col-priority"),
        cell: (t) => (t.priority === undefined ? undefined : `${t.priority} ${t.priorityLevel}`),
      },
      { header: msg("jobs-col-status"), cell: (t) => t.status },
      { header: msg("jobs-col-gpus"), cell: (t) => t.gpus, align: "right" },
      { header: msg("usage-col-gpu-util"), cell: (t) => pct(t.utilisation), align: "right" },
      {
        header: msg("usage-col-running-for"),
        cell: (t) => (t.status === "RUNNING" ? formatDuration(t.runningMs) : undefined),
      },
      { header: msg("usage-col-idle"), cell: (t) => (t.idle ? msg("usage-idle-mark") : "") },
    ],
    msg("usage-no-tasks"),
  )

const budgetTable = (budgets: UsageResult["budgets"]): Text =>
  renderTable(
    budgets,
    [
      { header: msg("status-col-project"), cell: (b) => b.project.name },
      { header: msg("usage-col-total"), cell: (b) => formatPoints(b.overview?.total), align: "right" },
      { header: msg("usage-col-used"), cell: (b) => formatPoints(b.overview?.used), align: "right" },
      { header: msg("status-col-remaining"), cell: (b) => formatPoints(b.overview?.remain), align: "right" },
      { header: msg("usage-col-train"), cell: (b) => formatPoints(b.overview?.byKind.train), align: "right" },
      { header: msg("usage-col-inference"), cell: (b) => formatPoints(b.overview?.byKind.inference), align: "right" },
      { header: msg("status-col-storage"), cell: (b) => formatPoints(b.overview?.byKind.storage), align: "right" },
    ],
    msg("usage-no-projects"),
  )

// What a budget section could not show, said where it would have been.
const notes = (budgets: UsageResult["budgets"]): Text[] =>
  budgets.flatMap((b) =>
    [b.overviewNote, b.membersNote].filter((n): n is Text => n !== undefined).map((n) => text`! ${n}`),
  )

const memberTables = (budgets: UsageResult["budgets"]): Array<Text | string> =>
  budgets.flatMap((b) =>
    b.members === undefined
      ? []
      : [
          "",
          msg("usage-members-of", { project: b.project.name }),
          renderTable(b.members, [
            { header: msg("usage-col-member"), cell: (m) => m.name || m.id },
            { header: msg("status-col-budget"), cell: (m) => formatPoints(m.budget), align: "right" },
            { header: msg("usage-col-used"), cell: (m) => formatPoints(m.used), align: "right" },
            { header: msg("status-col-remaining"), cell: (m) => formatPoints(m.remain), align: "right" },
          ]),
        ],
  )

/** The usage people read: totals, the four views, the tasks, then the budgets and what could not be read. */
export const renderUsage = (r: UsageResult): Text =>
  joinText(
    [
      renderFields([
        [msg("usage-label-workspace"), `${r.workspace.name} (${r.workspace.id})`],
        [
          msg("usage-label-gpus-held"),
          msg("usage-gpus-held", { gpus: r.totals.gpus, running: r.totals.running, tasks: r.totals.tasks }),
        ],
        [msg("usage-label-gpu-utilisation"), pct(r.totals.utilisation)],
        [
          msg("usage-label-idle"),
          r.totals.idleTasks > 0
            ? msg("usage-idle-summary", { gpus: r.totals.idleGpus, tasks: r.totals.idleTasks })
            : msg("usage-idle-none"),
        ],
        [msg("usage-label-read"), formatTime(r.readAt)],
      ]),
      "",
      groupTable(msg("usage-col-user"), r.byUser),
      "",
      groupTable(msg("status-col-project"), r.byProject),
      "",
      groupTable(msg("jobs-col-type"), r.byType),
      "",
      groupTable(msg("usage-col-priority"), r.byPriority),
      "",
      taskTable(r.tasks),
      "",
      msg("usage-budgets-head"),
      budgetTable(r.budgets),
      ...notes(r.budgets),
      ...memberTables(r.budgets),
      ...(r.warnings.length > 0 ? ["", ...asides("warning", r.warnings)] : []),
    ],
    "\n",
  )
