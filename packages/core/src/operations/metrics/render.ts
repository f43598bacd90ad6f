import { shortPodName } from "../../domain/ids.js"
import type { GpuHealthReport } from "../../domain/metrics/report.js"
import type { MetricName } from "../../domain/metrics/series.js"
import type { SeriesStats } from "../../domain/metrics/stats.js"
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

/** One pod's statistics in percent. */
export type PodStats = MetricsSummary["perPod"][number]

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

/** The summary of a finished job: a verdict still "warming up" becomes "finished; too few samples". */
export const finishedEarly = (s: MetricsSummary): MetricsSummary => {
  if (s.state !== "warming-up") return { ...s, perPod: s.perPod.map(settled) }
  const count = /\((\d+) of (\d+) samples\)/.exec(s.verdict)
  return {
    ...settled(s),
    verdict: `finished; too few samples for a verdict${count !== null ? ` (${count[1]} of ${count[2]} needed)` : ""}`,
    evidence: ["the job ended before enough samples were taken; this is not a failure", ...s.evidence],
    perPod: s.perPod.map(settled),
  }
}

const stat = (s: { avg: number; p90: number; max: number } | null) =>
  s === null ? "-" : `${s.avg.toFixed(0)}/${s.p90.toFixed(0)}/${s.max.toFixed(0)}%`

const SHORT: Readonly<Record<MetricName, string>> = {
  gpu_usage_rate: "gpu",
  gpu_memory_usage_rate: "gpu mem",
  cpu_usage_rate: "cpu",
  memory_usage_rate: "mem",
}

const short = shortPodName

const sparklines = (series: ReadonlyArray<SeriesRow>) =>
  renderTable(
    series,
    [
      { header: "POD", cell: (s) => short(s.pod) },
      { header: "METRIC", cell: (s) => SHORT[s.metric] },
      { header: "TREND (0–100%)", cell: (s) => sparkline(s.points.map((p) => p.v)) },
    ],
    "(no series)",
  )

/** Verdict first, then per-pod stats and a sparkline per series; raw and download stay short. */
export const renderMetrics = (r: MetricsResult): string => {
  const window = `${formatTime(r.window.start * 1000)} – ${formatTime(r.window.end * 1000)} every ${r.window.intervalSeconds}s`
  if (r.download !== undefined)
    return `Wrote ${r.download.rows} rows (${r.download.bytes} bytes) of ${r.jobId} metrics (${window}) to ${r.download.path}.`
  const series = r.series ?? []
  if (r.summary === undefined)
    return [`${r.jobId} ${r.status}: ${series.length} series, ${window}`, sparklines(series)].join("\n")
  const s = r.summary
  const out = [
    `${s.state.toUpperCase()}: ${s.verdict}`,
    ...s.evidence.map((e) => `  - ${e}`),
    "",
    `${r.jobId} ${r.status}, ${window}`,
  ]
  out.push(
    renderTable(s.perPod, [
      { header: "POD", cell: (p) => short(p.pod) },
      { header: "STATE", cell: (p) => p.state },
      { header: "GPU avg/p90/max", cell: (p) => stat(p.gpu), align: "right" },
      { header: "GPU MEM", cell: (p) => stat(p.gpuMemory), align: "right" },
      { header: "CPU", cell: (p) => stat(p.cpu), align: "right" },
    ]),
  )
  if (s.idleWindows.length > 0)
    out.push(
      `idle windows: ${s.idleWindows.map((w) => `${formatTime(w.start * 1000)} for ${Math.round(w.durationSeconds / 60)} min${w.ongoing ? " (ongoing)" : ""}`).join("; ")}`,
    )
  if (s.reclaim.level !== "none")
    out.push(
      renderFields([
        ["reclaim risk", s.reclaim.level],
        ["low GPU for", `${Math.round(s.reclaim.lowSeconds / 60)} min`],
      ]),
    )
  out.push("", sparklines(series))
  return out.join("\n")
}
