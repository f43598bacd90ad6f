import { msg } from "../../words/message.js"
import { clipped, joinText, plain, type Text, text } from "../../words/text.js"
import { renderPlan } from "../common/plan.js"
import { asides, formatDuration, formatTime, lines, nextSteps, renderTable } from "../common/render.js"
import type { SweepChangeResult, SweepListResult, SweepResult, SweepRunResult, SweepStatusResult } from "./result.js"

const cost = (n: number | undefined) => (n === undefined ? "-" : n.toFixed(2))

const nexts = (r: { readonly next: SweepResult["next"] }): Text => nextSteps(r.next)

const renderRun = (r: SweepRunResult): Text => {
  const head = msg("sweep-run-head", { name: r.sweep.name, id: r.sweep.id, jobs: r.sweep.jobs, source: r.sweep.source })
  const totals =
    r.maxRunning !== undefined
      ? msg("sweep-cost-capped", {
          total: cost(r.totalCostPerHour),
          peak: cost(r.peakCostPerHour),
          max: r.maxRunning,
        })
      : msg("sweep-cost", { total: cost(r.totalCostPerHour) })
  if (r.dryRun)
    return lines(
      r.plan !== undefined ? renderPlan({ ...r.plan, targets: [], requests: [] }) : undefined,
      head,
      renderTable(r.jobs, [
        { header: plain("#"), cell: (j) => String(j.index) },
        { header: msg("sweep-col-name"), cell: (j) => j.name },
        { header: msg("sweep-col-command"), cell: (j) => (j.command === undefined ? "" : clipped(j.command, 48)) },
        { header: msg("sweep-col-spec"), cell: (j) => j.spec ?? "" },
        { header: msg("sweep-col-group"), cell: (j) => j.computeGroup ?? "" },
        { header: msg("sweep-col-instances"), cell: (j) => String(j.instances ?? "") },
        { header: msg("sweep-col-cost"), cell: (j) => cost(j.costPerHour) },
      ]),
      totals,
      joinText(
        (r.fits ?? []).map((f) => {
          const fit = msg("sweep-fit", {
            jobs: f.jobs,
            instances: f.instances,
            spec: f.spec,
            group: f.computeGroup,
            verdict: f.verdict,
            reason: f.reason,
          })
          if (f.together === undefined) return fit
          const together =
            r.maxRunning !== undefined
              ? msg("sweep-fit-together-capped", { max: r.maxRunning, summary: f.together.summary })
              : msg("sweep-fit-together", { summary: f.together.summary })
          return text`${fit}\n${together}`
        }),
        "\n",
      ),
      joinText(asides("warning", r.warnings), "\n"),
      nexts(r),
    )
  const c = r.counts
  return lines(
    head,
    msg("sweep-run-counts", {
      action: r.action,
      submitted: c.submitted,
      adopted: c.adopted,
      created: c.created,
      jobs: r.sweep.jobs,
      pending: c.pending,
      failed: c.failed,
    }),
    renderTable(r.jobs, [
      { header: plain("#"), cell: (j) => String(j.index) },
      { header: msg("sweep-col-name"), cell: (j) => j.name },
      { header: msg("sweep-col-state"), cell: (j) => j.state },
      { header: msg("sweep-col-job"), cell: (j) => j.jobId ?? "" },
      { header: msg("sweep-col-error"), cell: (j) => (j.error === undefined ? "" : clipped(j.error, 60)) },
    ]),
    joinText(asides("warning", r.warnings), "\n"),
    nexts(r),
  )
}

const renderStatus = (r: SweepStatusResult): Text =>
  lines(
    msg("sweep-status-head", {
      name: r.sweep.name,
      id: r.sweep.id,
      counts: Object.entries(r.counts)
        .map(([k, n]) => `${n} ${k}`)
        .join(", "),
    }),
    renderTable(r.jobs, [
      { header: msg("sweep-col-name"), cell: (j) => j.name },
      { header: msg("sweep-col-status"), cell: (j) => (j.status !== undefined ? j.status.family : j.state) },
      {
        header: msg("sweep-col-runtime"),
        cell: (j) => (j.runtimeMs !== undefined ? formatDuration(j.runtimeMs) : "-"),
      },
      { header: msg("sweep-col-verdict"), cell: (j) => j.verdict ?? "" },
      { header: msg("sweep-col-diagnosis"), cell: (j) => clipped(j.diagnosis ?? j.error ?? "", 70) },
      { header: msg("sweep-col-job"), cell: (j) => j.jobId ?? "" },
    ]),
    joinText(r.notes, "\n"),
    nexts(r),
  )

const renderList = (r: SweepListResult): Text =>
  lines(
    renderTable(
      r.sweeps,
      [
        { header: msg("jobs-col-id"), cell: (s) => s.id },
        { header: msg("sweep-col-name"), cell: (s) => s.name },
        { header: msg("sweep-col-jobs"), cell: (s) => `${s.created}/${s.jobs}` },
        { header: msg("sweep-col-file"), cell: (s) => s.source },
        { header: msg("sweep-col-last-run"), cell: (s) => formatTime(s.updatedAt) },
      ],
      msg("sweep-none"),
    ),
    nexts(r),
  )

const renderChange = (r: SweepChangeResult): Text =>
  lines(r.plan !== undefined ? renderPlan(r.plan) : undefined, r.plan === undefined ? r.message : undefined, nexts(r))

/** inspire_sweep's result for people. */
export const renderSweep = (r: SweepResult): Text =>
  "sweeps" in r
    ? renderList(r)
    : r.action === "status"
      ? renderStatus(r as SweepStatusResult)
      : r.action === "stop" || !("dryRun" in r)
        ? renderChange(r as SweepChangeResult)
        : renderRun(r)
