import { z } from "zod"
import { analyzeGpuHealth } from "../../domain/metrics/report.js"
import type { MetricName } from "../../domain/metrics/series.js"
import { isoInstant } from "../../domain/time.js"
import { Effect } from "../../effect.js"
import { callWord, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { jobIdField, lookupWorkspaceField } from "../common/lookup.js"
import { writeDownload } from "../common/tasks/output-file.js"
import { MetricsOutput } from "./output.js"
import { readMetrics } from "./read.js"
import { finishedEarly, type MetricsResult, renderMetrics, type SeriesRow, summaryOf } from "./render.js"

export type { MetricsResult } from "./render.js"

const Input = z.object({
  job_id: jobIdField(),
  workspace: lookupWorkspaceField(),
  mode: z
    .enum(["summary", "raw", "download"])
    .default("summary")
    .describe("summary = health verdict and per-pod stats; raw = the series; download = a CSV file"),
  time_range: z
    .string()
    .default("30m")
    .describe("How far back, e.g. 30m, 3h, 1d (default 30m); for a finished job, back from when it finished"),
  interval: z
    .number()
    .int()
    .optional()
    .describe("Seconds between points: 60, 300, 1800 or 3600; default about 30 points over the range"),
  path: z
    .string()
    .optional()
    .describe(
      "CSV file for download; default <downloads>/<job_id>-<range>.csv; inside the downloads folder (CLI: or here); no '..' or links",
    ),
  overwrite: z.boolean().default(false).describe("Replace an existing CSV file (default: refuse)"),
})

const pct = (v: number) => Math.round(v * 10_000) / 100

/** inspire_metrics: a job's utilisation as a health verdict, raw series or CSV. */
export const metricsOperation = defineOperation({
  name: "metrics",
  title: "GPU and system metrics with a health verdict",
  description: text`Answers whether a training, HPC or Ray job is actually working: mode summary (default) gives a verdict (healthy, idle, stalled, CPU-starved, …) with its evidence and per-pod GPU/CPU statistics; raw returns the series; download writes a CSV to the downloads folder. Next: ${callWord("logs")} for what an idle job prints, ${callWord("stop")} to free idle GPUs.`,
  input: Input,
  output: MetricsOutput,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  effects: {
    writes: false,
    files: true,
    fileInputs: [{ field: "path", overwrite: "overwrite", example: { job_id: "{train_job}", mode: "download" } }],
  },
  cli: { path: ["job", "metrics"], positional: ["job_id"] },
  run: (input, context) =>
    Effect.gen(function* () {
      const read = yield* readMetrics(input.job_id, input.time_range, input.interval, input.workspace)
      const m = read.metrics
      const series: ReadonlyArray<SeriesRow> = m.series.map((s) => ({
        pod: s.pod,
        metric: s.metric as MetricName,
        points: s.points.map((p) => ({ t: p.t, v: pct(p.v) })),
      }))
      const base = {
        jobId: read.jobId,
        jobName: read.jobName,
        status: read.status,
        timeRange: input.time_range,
        window: { start: m.startSeconds, end: m.endSeconds, intervalSeconds: m.intervalSeconds },
      }
      if (input.mode === "raw") return { ...base, mode: "raw", series } satisfies MetricsResult
      if (input.mode === "download") {
        const rows = series.flatMap((s) =>
          s.points.map((p) => `${isoInstant(p.t * 1000)},${s.pod},${s.metric},${p.v}\n`),
        )
        const { path, bytes } = yield* writeDownload(
          {
            path: input.path,
            defaultName: `${read.jobId}-${input.time_range.replace(/\s+/g, "")}.csv`,
            overwrite: input.overwrite,
            content: `time,pod,metric,value\n${rows.join("")}`,
          },
          context,
        )
        return { ...base, mode: "download", download: { path, rows: rows.length, bytes } } satisfies MetricsResult
      }
      const report = yield* analyzeGpuHealth(m.series)
      const summary = summaryOf(report)
      return {
        ...base,
        mode: "summary",
        summary: read.finished ? finishedEarly(summary, report.gpu?.count) : summary,
        series,
      } satisfies MetricsResult
    }),
  render: renderMetrics,
})
