import { z } from "zod"
import { Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"

/** The utilisation metrics the platform reports per pod, each as a 0–1 fraction. */
export const MetricName = z.enum(["gpu_usage_rate", "gpu_memory_usage_rate", "cpu_usage_rate", "memory_usage_rate"])
export type MetricName = z.infer<typeof MetricName>

/** One sample as the platform sends it: `t` in epoch seconds, `v` a fraction between 0 and 1. */
export const MetricPoint = z.object({ t: z.number().nonnegative(), v: z.number().min(0).max(1) })
export type MetricPoint = z.infer<typeof MetricPoint>

/** One metric of one pod; points may be unsorted and may repeat a timestamp. */
export const MetricSeries = z.object({ metric: MetricName, pod: z.string().min(1), points: z.array(MetricPoint) })
export type MetricSeries = z.infer<typeof MetricSeries>

/** The whole input of the health analysis: any number of series, for any number of pods. */
export const MetricSeriesList = z.array(MetricSeries)
export type MetricSeriesList = z.infer<typeof MetricSeriesList>

/** A cleaned sample: timestamps unique and ascending, the value in percentage points (0–100). */
export interface MetricSample {
  readonly t: number
  readonly pct: number
}

/** The cleaned samples of every metric of one pod (or of the whole job). */
export type PodMetricSamples = Readonly<Record<MetricName, ReadonlyArray<MetricSample>>>

/** A pod's name beside its cleaned samples. */
export interface PodSeries {
  readonly pod: string
  readonly samples: PodMetricSamples
}

const PRECISION = 1e6

/** Rounds to 1e-6 points so that threshold comparisons are not decided by binary floating-point noise. */
export const roundPoints = (x: number): number => Math.round(x * PRECISION) / PRECISION

/** Converts a 0–1 fraction into percentage points (0.07 reads as exactly 7, not 7.000000000000001). */
export const toPercent = (fraction: number): number => roundPoints(fraction * 100)

const byPod = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/**
 * Sorts points by time and merges repeated timestamps into their mean, so the result does not depend on
 * the order in which the platform happened to send them.
 */
export const toSamples = (points: ReadonlyArray<MetricPoint>): MetricSample[] => {
  const sums = new Map<number, { sum: number; n: number }>()
  for (const { t, v } of points) {
    const acc = sums.get(t)
    sums.set(t, acc ? { sum: acc.sum + v, n: acc.n + 1 } : { sum: v, n: 1 })
  }
  return [...sums.entries()].sort(([a], [b]) => a - b).map(([t, { sum, n }]) => ({ t, pct: toPercent(sum / n) }))
}

const emptyPoints = (): Record<MetricName, MetricPoint[]> => ({
  gpu_usage_rate: [],
  gpu_memory_usage_rate: [],
  cpu_usage_rate: [],
  memory_usage_rate: [],
})

/** Groups series by pod (several series of one pod and metric are merged), pods in name order. */
export const groupByPod = (series: ReadonlyArray<MetricSeries>): PodSeries[] => {
  const pods = new Map<string, Record<MetricName, MetricPoint[]>>()
  for (const s of series) {
    const metrics = pods.get(s.pod) ?? emptyPoints()
    metrics[s.metric].push(...s.points)
    pods.set(s.pod, metrics)
  }
  return [...pods.entries()]
    .sort(([a], [b]) => byPod(a, b))
    .map(([pod, m]) => ({
      pod,
      samples: {
        gpu_usage_rate: toSamples(m.gpu_usage_rate),
        gpu_memory_usage_rate: toSamples(m.gpu_memory_usage_rate),
        cpu_usage_rate: toSamples(m.cpu_usage_rate),
        memory_usage_rate: toSamples(m.memory_usage_rate),
      },
    }))
}

/** The mean across series at each timestamp, over the series that have a sample there. */
export const meanAcross = (series: ReadonlyArray<ReadonlyArray<MetricSample>>): MetricSample[] => {
  const sums = new Map<number, { sum: number; n: number }>()
  for (const samples of series) {
    for (const { t, pct } of samples) {
      const acc = sums.get(t)
      sums.set(t, acc ? { sum: acc.sum + pct, n: acc.n + 1 } : { sum: pct, n: 1 })
    }
  }
  return [...sums.entries()].sort(([a], [b]) => a - b).map(([t, { sum, n }]) => ({ t, pct: roundPoints(sum / n) }))
}

/** The whole job as one virtual pod: every metric averaged across pods at each timestamp. */
export const aggregatePods = (pods: ReadonlyArray<PodSeries>): PodMetricSamples => ({
  gpu_usage_rate: meanAcross(pods.map((p) => p.samples.gpu_usage_rate)),
  gpu_memory_usage_rate: meanAcross(pods.map((p) => p.samples.gpu_memory_usage_rate)),
  cpu_usage_rate: meanAcross(pods.map((p) => p.samples.cpu_usage_rate)),
  memory_usage_rate: meanAcross(pods.map((p) => p.samples.memory_usage_rate)),
})

/** Validates raw platform input into metric series, or explains the first problem found. */
export const decodeMetricSeries = (input: unknown): Either.Either<MetricSeriesList, InspireError> => {
  const parsed = MetricSeriesList.safeParse(input)
  if (parsed.success) return Either.right(parsed.data)
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? issue.path.join(".") : msg("verdict-series-top")
  return Either.left(
    invalidInput(
      msg("verdict-series-malformed", { where, problem: issue?.message ?? msg("verdict-series-invalid") }),
      msg("verdict-series-hint", { shape: "{ metric, pod, points: [{ t: epoch seconds, v: fraction 0–1 }] }" }),
      { candidates: MetricName.options },
    ),
  )
}
