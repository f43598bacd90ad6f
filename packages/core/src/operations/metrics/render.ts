import { shortPodName } from "../../domain/ids.js"
import type { GpuHealthReport } from "../../domain/metrics/report.js"
import type { MetricName } from "../../domain/metrics/series.js"
import type { SeriesStats } from "../../domain/metrics/stats.js"
import { MIN_SAMPLES_FOR_VERDICT } from "../../domain/metrics/thresholds.js"
import { msg } from "../../words/message.js"
import { joinText, type Text, text } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import { formatTime, renderFields, renderTable } from "../common/render.js"
import type { MetricsOutput } from "./output.js"
import { sparkline } from "./sparkline.js"

/** The result of inspire_metrics in any mode: its output schema's type. */
export interface MetricsResult extends OutputOf<ReturnType<typeof MetricsOutput>> {}

/** One series in percent, time in epoch seconds. */
export type SeriesRow = NonNullable<MetricsResult["series"]>[number]

/** The health summary of a job. */
export type MetricsSummary = NonNullable<MetricsResult["summary"]>

const trio = (s: SeriesStats | null) => (s === null ? null : { avg: s.avg, p90: s.p90, max: s.max })

/** The summary part of a health report, trimmed to what people and agents read. */
export const summaryOf = (r: GpuHealthReport): MetricsSummary => ({
  verdict: r.verdict,
  state: r.state,
  evidence: r.evidence,
  pods: r.pods,
  perPod: r.perPod.map((p) => ({
    pod: p.pod,
    state: p.state,
    gpu: trio(p.gpu),
    gpuMemory: trio(p.gpuMemory),
    cpu: trio(p.cpu),
  })),
  idleWindows: r.idleWindows,
  reclaim: r.flags.reclaim,
})

// "Warming up" of a job that has ended means its samples stopped too soon to judge: no failure, no trend.
const settled = <P extends { readonly state: string }>(p: P): P =>
  p.state === "warming-up" ? { ...p, state: "too-few-samples" } : p

/**
 * The summary of a finished job: a verdict still "warming up" becomes "finished; too few samples".
 * `samples` is how many GPU samples the job's verdict read.
 */
export const finishedEarly = (s: MetricsSummary, samples: number | undefined): MetricsSummary => {
  if (s.state !== "warming-up") return { ...s, perPod: s.perPod.map(settled) }
  return {
    ...settled(s),
    verdict:
      samples !== undefined
        ? msg("metrics-finished-early-count", { count: samples, needed: MIN_SAMPLES_FOR_VERDICT })
        : msg("metrics-finished-early"),
    evidence: [msg("metrics-finished-early-evidence"), ...s.evidence],
    perPod: s.perPod.map(settled),
  }
}

const stat = (s: { avg: number; p90: number; max: number } | null) =>
  s === null ? "-" : `${s.avg.toFixed(0)}/${s.p90.toFixed(0)}/${s.max.toFixed(0)}%`

const SHORT: Readonly<Record<MetricName, string>> = {
  gpu_usage_rate: "gpu",
  gpu_memory_usage_rate: "gpu-mem",
  cpu_usage_rate: "cpu",
  memory_usage_rate: "mem",
}

const short = shortPodName

const sparklines = (series: ReadonlyArray<SeriesRow>) =>
  renderTable(
    series,
    [
      { header: msg("job-detail-col-pod"), cell: (s) => short(s.pod) },
      { header: msg("metrics-col-metric"), cell: (s) => msg(`metrics-name-${SHORT[s.metric]}`) },
      { header: msg("metrics-col-trend"), cell: (s) => sparkline(s.points.map((p) => p.v)) },
    ],
    msg("metrics-no-series"),
  )

/** Verdict first, then per-pod stats and a sparkline per series; raw and download stay short. */
export const renderMetrics = (r: MetricsResult): Text => {
  const window = msg("metrics-window", {
    from: formatTime(r.window.start * 1000),
    to: formatTime(r.window.end * 1000),
    interval: r.window.intervalSeconds,
  })
  if (r.download !== undefined)
    return msg("metrics-downloaded", {
      rows: r.download.rows,
      bytes: r.download.bytes,
      id: r.jobId,
      window,
      path: r.download.path,
    })
  const series = r.series ?? []
  if (r.summary === undefined)
    return joinText(
      [msg("metrics-raw-head", { id: r.jobId, status: r.status, count: series.length, window }), sparklines(series)],
      "\n",
    )
  const s = r.summary
  const out: Array<Text | string> = [
    text`${s.state.toUpperCase()}: ${s.verdict}`,
    ...s.evidence.map((e) => text`  - ${e}`),
    "",
    text`${r.jobId} ${r.status}, ${window}`,
  ]
  out.push(
    renderTable(s.perPod, [
      { header: msg("job-detail-col-pod"), cell: (p) => short(p.pod) },
      { header: msg("metrics-col-state"), cell: (p) => p.state },
      { header: msg("metrics-col-gpu"), cell: (p) => stat(p.gpu), align: "right" },
      { header: msg("metrics-col-gpu-memory"), cell: (p) => stat(p.gpuMemory), align: "right" },
      { header: msg("metrics-col-cpu"), cell: (p) => stat(p.cpu), align: "right" },
    ]),
  )
  if (s.idleWindows.length > 0)
    out.push(
      msg("metrics-idle-windows", {
        windows: joinText(
          s.idleWindows.map((w) => {
            const args = { start: formatTime(w.start * 1000), minutes: Math.round(w.durationSeconds / 60) }
            return w.ongoing ? msg("metrics-idle-window-ongoing", args) : msg("metrics-idle-window", args)
          }),
          msg("metrics-list-sep"),
        ),
      }),
    )
  if (s.reclaim.level !== "none")
    out.push(
      renderFields([
        [msg("metrics-label-reclaim"), s.reclaim.level],
        [msg("metrics-label-low-gpu"), `${Math.round(s.reclaim.lowSeconds / 60)} min`],
      ]),
    )
  out.push("", sparklines(series))
  return joinText(out, "\n")
}
