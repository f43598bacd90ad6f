import { nextLine } from "../common/output.js"
import { renderPlan } from "../common/plan.js"
import { formatDuration, formatTime, renderTable } from "../common/render.js"
import type { SweepChangeResult, SweepListResult, SweepResult, SweepRunResult, SweepStatusResult } from "./result.js"

const lines = (...parts: ReadonlyArray<string | undefined>): string =>
  parts.filter((p): p is string => p !== undefined && p !== "").join("\n")

const cost = (n: number | undefined) => (n === undefined ? "-" : n.toFixed(2))

const short = (text: string | undefined, max: number) =>
  text === undefined ? "" : text.length > max ? `${text.slice(0, max - 1)}…` : text

const nexts = (r: { readonly next: SweepResult["next"] }) => r.next.map((n) => `next: ${nextLine(n)}`).join("\n")

const renderRun = (r: SweepRunResult): string => {
  const head = `Sweep ${r.sweep.name} (${r.sweep.id}, ${r.sweep.jobs} jobs from ${r.sweep.source})`
  const totals = `Estimated cost: ${cost(r.totalCostPerHour)}/h for every job at once${r.maxRunning !== undefined ? `; at most ${cost(r.peakCostPerHour)}/h with max_running ${r.maxRunning}` : ""}.`
  if (r.dryRun)
    return lines(
      r.plan !== undefined ? renderPlan({ ...r.plan, targets: [], requests: [] }) : undefined,
      head,
      renderTable(r.jobs, [
        { header: "#", cell: (j) => String(j.index) },
        { header: "NAME", cell: (j) => j.name },
        { header: "COMMAND", cell: (j) => short(j.command, 48) },
        { header: "SPEC", cell: (j) => j.spec ?? "" },
        { header: "GROUP", cell: (j) => j.computeGroup ?? "" },
        { header: "N", cell: (j) => String(j.instances ?? "") },
        { header: "COST/H", cell: (j) => cost(j.costPerHour) },
      ]),
      totals,
      (r.fits ?? [])
        .map(
          (f) =>
            `fit: ${f.jobs} job(s) of ${f.instances} × ${f.spec} in ${f.computeGroup}: ${f.verdict} (${f.reason})${
              f.together !== undefined
                ? `\nat once${r.maxRunning !== undefined ? ` (max_running ${r.maxRunning})` : ""}: ${f.together.summary}`
                : ""
            }`,
        )
        .join("\n"),
      r.warnings.map((w) => `warning: ${w}`).join("\n"),
      nexts(r),
    )
  const c = r.counts
  return lines(
    head,
    `${r.action === "resubmit" ? "Resubmitted" : "Submitted"} ${c.submitted}${c.adopted > 0 ? `, found ${c.adopted} already on the platform (their answers were lost)` : ""}; ${c.created} of ${r.sweep.jobs} created, ${c.pending} pending, ${c.failed} refused.`,
    renderTable(r.jobs, [
      { header: "#", cell: (j) => String(j.index) },
      { header: "NAME", cell: (j) => j.name },
      { header: "STATE", cell: (j) => j.state },
      { header: "JOB", cell: (j) => j.jobId ?? "" },
      { header: "ERROR", cell: (j) => short(j.error, 60) },
    ]),
    r.warnings.map((w) => `warning: ${w}`).join("\n"),
    nexts(r),
  )
}

const renderStatus = (r: SweepStatusResult): string =>
  lines(
    `Sweep ${r.sweep.name} (${r.sweep.id}): ${Object.entries(r.counts)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}`,
    renderTable(r.jobs, [
      { header: "NAME", cell: (j) => j.name },
      { header: "STATUS", cell: (j) => (j.status !== undefined ? j.status.family : j.state) },
      { header: "RUNTIME", cell: (j) => (j.runtimeMs !== undefined ? formatDuration(j.runtimeMs) : "-") },
      { header: "VERDICT", cell: (j) => j.verdict ?? "" },
      { header: "DIAGNOSIS", cell: (j) => short(j.diagnosis ?? j.error, 70) },
      { header: "JOB", cell: (j) => j.jobId ?? "" },
    ]),
    r.notes.join("\n"),
    nexts(r),
  )

const renderList = (r: SweepListResult): string =>
  lines(
    renderTable(
      r.sweeps,
      [
        { header: "ID", cell: (s) => s.id },
        { header: "NAME", cell: (s) => s.name },
        { header: "JOBS", cell: (s) => `${s.created}/${s.jobs}` },
        { header: "FILE", cell: (s) => s.source },
        { header: "LAST RUN", cell: (s) => formatTime(s.updatedAt) },
      ],
      "(no sweeps run with this profile)",
    ),
    nexts(r),
  )

const renderChange = (r: SweepChangeResult): string =>
  lines(r.plan !== undefined ? renderPlan(r.plan) : undefined, r.plan === undefined ? r.message : undefined, nexts(r))

/** inspire_sweep's result for people. */
export const renderSweep = (r: SweepResult): string =>
  "sweeps" in r
    ? renderList(r)
    : r.action === "status"
      ? renderStatus(r as SweepStatusResult)
      : r.action === "stop" || !("dryRun" in r)
        ? renderChange(r as SweepChangeResult)
        : renderRun(r)
