import { z } from "zod"
import { taskKindOf } from "../../domain/ids.js"
import { MetricName, type MetricSeries } from "../../domain/metrics/series.js"
import { Clock, Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode, firstAvailable, Num, Text } from "../support.js"
import { getHpcJob } from "./hpc.js"
import { getJob } from "./kinds.js"

/** The intervals the platform is known to accept (§5.8, IS). */
export const METRIC_INTERVALS = [60, 300, 1800, 3600] as const

/** What to read: the last `timeRangeSeconds` (ending `endMs`, default now) at `interval` seconds. */
export interface MetricsOptions {
  readonly timeRangeSeconds: number
  readonly interval?: (typeof METRIC_INTERVALS)[number]
  readonly metrics?: ReadonlyArray<MetricName>
  /** The end of the window in epoch ms; defaults to now. */
  readonly endMs?: number
}

/** A job's metric series in the shape `analyzeGpuHealth` takes, plus the query that produced them. */
export interface JobMetrics {
  readonly jobId: string
  readonly groupId: string
  readonly intervalSeconds: number
  readonly startSeconds: number
  readonly endSeconds: number
  readonly series: ReadonlyArray<MetricSeries>
}

const RawPoint = z.object({ timestamp: Num, data: Num })
const RawGroup = z.object({
  group_name: Text,
  metric_type: Text,
  time_series: z.array(RawPoint).nullish(),
})
const RawMetrics = z
  .object({
    time_seris_metric_groups: z.array(RawGroup).nullish(),
    time_series_metric_groups: z.array(RawGroup).nullish(),
  })
  .transform((m) => m.time_seris_metric_groups ?? m.time_series_metric_groups ?? [])

/** The coarsest known interval that still gives about 30 points over the range. */
export const intervalFor = (rangeSeconds: number): (typeof METRIC_INTERVALS)[number] =>
  [...METRIC_INTERVALS].reverse().find((i) => rangeSeconds / i >= 30) ?? 60

const TASK_TYPES = { train: "distributed_training", hpc: "hpc_job", ray: "ray_job" } as const

const placementOf = (jobId: string) =>
  Effect.gen(function* () {
    const ref = taskKindOf(jobId)
    if (ref._tag === "Left") return yield* Effect.fail(ref.left)
    const kind = ref.right.kind
    if (kind !== "train" && kind !== "hpc" && kind !== "ray")
      return yield* Effect.fail(
        invalidInput(msg("api-not-a-job", { job: jobId }), msg("api-not-a-job-hint", { call: callWord("jobs") })),
      )
    const job = yield* getJob(kind, jobId)
    return {
      taskType: TASK_TYPES[kind],
      groupId: job.groupId,
      round: job.kind === "training" ? job.runningRound : undefined,
    }
  })

const queryOne = (
  metric: MetricName,
  filter: Record<string, unknown>,
  timeRange: { start_timestamp: number; end_timestamp: number; interval_second: number },
) =>
  Effect.gen(function* () {
    const platform = yield* Platform
    // Only the first metric type is honoured (§4.13), so each metric is its own call.
    const body = { metric_types: [metric], filter, time_range: timeRange }
    const data = yield* firstAvailable(msg("api-read-metrics"), [
      platform.v2("train", "GetTaskMetric", body, { idempotent: true }),
      platform.v1("POST", "cluster_metric/resource_metric_by_time", body, { idempotent: true }),
    ])
    const groups = yield* decode(RawMetrics, data, "train.GetTaskMetric")
    return groups
      .filter((g) => g.group_name !== "")
      .map(
        (g): MetricSeries => ({
          metric,
          pod: g.group_name,
          points: (g.time_series ?? [])
            .filter((p) => p.timestamp !== undefined && p.data !== undefined)
            .map((p) => ({ t: p.timestamp ?? 0, v: Math.min(1, Math.max(0, p.data ?? 0)) })),
        }),
      )
  })

/**
 * A job's utilisation per pod: V2 `train.GetTaskMetric`, else V1 `cluster_metric/resource_metric_by_time`,
 * one call per metric, the group id taken from the job's detail.
 */
export const getJobMetrics = (
  jobId: string,
  options: MetricsOptions,
): Effect.Effect<JobMetrics, InspireError, Platform> =>
  Effect.gen(function* () {
    if (!(options.timeRangeSeconds > 0))
      return yield* Effect.fail(invalidInput(msg("api-bad-range"), msg("api-bad-range-hint")))
    const place = yield* placementOf(jobId)
    const end = Math.floor((options.endMs ?? (yield* Clock.currentTimeMillis)) / 1000)
    const start = end - Math.floor(options.timeRangeSeconds)
    const interval = options.interval ?? intervalFor(options.timeRangeSeconds)
    const filter = {
      logic_compute_group_id: place.groupId,
      task_type: place.taskType,
      task_id: jobId,
      ...(place.round !== undefined ? { running_round: place.round } : {}),
    }
    const range = { start_timestamp: start, end_timestamp: end, interval_second: interval }
    const metrics = options.metrics ?? MetricName.options
    const series = yield* Effect.forEach(metrics, (m) => queryOne(m, filter, range))
    return {
      jobId,
      groupId: place.groupId,
      intervalSeconds: interval,
      startSeconds: start,
      endSeconds: end,
      series: series.flat(),
    }
  })

/** An HPC job's pod names, as its metric series name them (no instance list is known for HPC, §5.7). */
export const hpcPods = (jobId: string): Effect.Effect<ReadonlyArray<string>, InspireError, Platform> =>
  Effect.gen(function* () {
    const job = yield* getHpcJob(jobId)
    const end = Math.floor((yield* Clock.currentTimeMillis) / 1000) + 86_400
    const start = Math.floor((job.createdAt ?? 0) / 1000) || end - 7 * 86_400
    const series = yield* queryOne(
      "cpu_usage_rate",
      { logic_compute_group_id: job.groupId, task_type: "hpc_job", task_id: jobId },
      { start_timestamp: start, end_timestamp: Math.min(end, start + 30 * 86_400), interval_second: 3600 },
    )
    return series.map((s) => s.pod)
  })
