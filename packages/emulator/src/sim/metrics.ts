import type { Emu } from "../context.js"
import { ApiError, internal } from "../errors.js"
import type { Task } from "../state/types.js"
import { type Body, num, obj, str, strList } from "../validate.js"
import { podNames } from "./behaviour.js"

const TASK_TYPES: Record<string, Task["kind"]> = {
  distributed_training: "train",
  hpc_job: "hpc",
  interactive_modeling: "notebook",
  inference_serving: "serving",
  ray_job: "ray",
}

const MONTH_S = 31 * 86_400
const MAX_POINTS = 2000
/** Nominal seconds after which a `#emu:stall` job stops making progress. */
const STALL_AFTER = 60

/** Deterministic noise in [-1, 1]. */
const noise = (seed: number): number => {
  const x = Math.sin(seed * 12.9898) * 43758.5453
  return (x - Math.floor(x)) * 2 - 1
}

const clamp = (v: number): number => Math.round(Math.min(1, Math.max(0, v)) * 10_000) / 10_000

const value = (t: Task, metric: string, at: number, start: number, end: number, pod: number, stallAt: number) => {
  const n = noise(at / 1000 + pod * 7.31)
  const progress = end > start ? (at - start) / (end - start) : 0
  const stalled = t.behaviour === "stall" && at - start >= stallAt
  const idle = ["idle", "network", "exit1", "noruntime"].includes(t.behaviour)
  switch (metric) {
    case "gpu_usage_rate":
      return clamp(idle ? 0.01 + 0.01 * Math.abs(n) : stalled ? 0 : 0.88 + 0.08 * n)
    case "gpu_memory_usage_rate":
      if (t.behaviour === "oom") return clamp(0.6 + 0.39 * progress + 0.005 * n)
      return clamp(idle ? 0.04 : 0.72 + 0.02 * n)
    case "cpu_usage_rate":
      return clamp(idle || stalled ? 0.02 + 0.01 * Math.abs(n) : 0.35 + 0.05 * n)
    case "memory_usage_rate":
      return clamp(idle ? 0.1 : 0.42 + 0.02 * n)
    default:
      // Throughput metrics are bytes per second.
      return idle || stalled ? 0 : Math.round(4.5e7 + 1.5e7 * n)
  }
}

/**
 * A running task's GPU utilisation (0–1) at `at`: the first pod's sample of the series GetTaskMetric
 * serves, so the task dimension's `gpu.usage_rate` and the metrics agree (an idle or stalled job is idle
 * in both).
 */
export const gpuRateAt = (emu: Emu, t: Task, at: number): number => {
  const run = t.runs.at(-1)
  if (!run) return 0
  const nominalEnd = t.runSeconds > 0 ? run.start + emu.clock.scaled(t.runSeconds) : at
  return value(t, "gpu_usage_rate", at, run.start, nominalEnd, 0, emu.clock.scaled(STALL_AFTER))
}

/** GetTaskMetric (§4.13, §5.8): one series per pod, rates as fractions, timestamps as epoch-second strings. */
export const queryMetrics = (emu: Emu, body: Body) => {
  const filter = obj(body, "filter")
  const taskType = str(filter, "task_type")
  const kind = TASK_TYPES[taskType]
  if (!kind) {
    throw new ApiError(
      "internal",
      `query metric failed: server returned HTTP status 422 Unprocessable Entity: unknown task_type "${taskType}"`,
      100000,
    )
  }
  const range = obj(body, "time_range")
  const startS = num(range, "start_timestamp")
  const endS = num(range, "end_timestamp", Math.floor(emu.clock.now() / 1000))
  if (endS - startS > MONTH_S) throw internal("查询时间区间不能超过1个月")
  const metric = strList(body, "metric_types")[0] ?? "gpu_usage_rate"
  emu.engine.update()
  const t = emu.store.state.tasks.find((x) => x.id === str(filter, "task_id") && x.kind === kind)
  if (!t || t.lcgId !== str(filter, "logic_compute_group_id")) return { time_seris_metric_groups: [] }
  const round = kind === "train" ? num(filter, "running_round", t.round) : t.runs.length - 1
  const run = t.runs[round]
  if (!run) return { time_seris_metric_groups: [] }
  const now = emu.clock.now()
  const from = Math.max(startS * 1000, run.start)
  const to = Math.min(endS * 1000, run.end ?? now, now)
  let step = Math.max(1, num(range, "interval_second", 60)) * 1000
  while ((to - from) / step > MAX_POINTS) step *= 2
  const stallAt = emu.clock.scaled(STALL_AFTER)
  const nominalEnd = t.runSeconds > 0 ? run.start + emu.clock.scaled(t.runSeconds) : to
  const pods = podNames({ ...t, round })
  const groups = pods.map((pod, i) => {
    const series: { timestamp: string; data: number }[] = []
    if (to >= from) {
      const first = Math.ceil(from / step) * step
      for (let at = first > to ? from : first; at <= to; at += step) {
        series.push({
          timestamp: String(Math.floor(at / 1000)),
          data: value(t, metric, at, run.start, nominalEnd, i, stallAt),
        })
      }
    }
    return { group_name: pod, metric_type: metric, resource_name: t.alloc[i]?.node ?? "", time_series: series }
  })
  return { time_seris_metric_groups: groups }
}
