import { type MetricSample, roundPoints } from "./series.js"
import { halfToHalfChange, populationStdDev } from "./stats.js"
import {
  IDLE_GPU_BELOW_PERCENT,
  IDLE_MIN_SAMPLES,
  LEAK_DIP_TOLERANCE_POINTS,
  LEAK_MIN_HALF_SHARE,
  LEAK_MIN_SAMPLES,
  LEAK_RISE_ABOVE_POINTS,
  MEMORY_HIGH_AVG_ABOVE_PERCENT,
  MEMORY_TIGHT_P90_ABOVE_PERCENT,
  MIN_SAMPLES_FOR_VERDICT,
  RECLAIM_GPU_BELOW_PERCENT,
  RECLAIM_HAZARD_SECONDS,
  RECLAIM_WARNING_SECONDS,
  STARVED_CPU_ABOVE_PERCENT,
  STARVED_FRACTION_ABOVE,
  STARVED_GPU_BELOW_PERCENT,
  TREND_CHANGE_ABOVE_POINTS,
  UNSTABLE_STD_DEV_ABOVE_POINTS,
} from "./thresholds.js"

/** A run of idle GPU samples; `durationSeconds` runs from its first to its last idle sample. */
export interface IdleWindow {
  readonly start: number
  readonly end: number
  readonly durationSeconds: number
  readonly samples: number
  /** True when the window still holds at the last sample. */
  readonly ongoing: boolean
}

export interface Instability {
  readonly stdDev: number | null
  readonly unstable: boolean
}

export type TrendDirection = "rising" | "falling" | "flat"

export interface GpuTrend {
  readonly direction: TrendDirection
  /** Mean of the second half minus mean of the first half, in points; null below two samples. */
  readonly changePoints: number | null
}

/** The rise of a series that is still going on at its last sample. */
export interface SteadyRise {
  readonly start: number
  readonly end: number
  readonly samples: number
  readonly risePoints: number
  readonly firstHalfRisePoints: number
  readonly secondHalfRisePoints: number
}

export interface MemoryPressure {
  readonly avg: number | null
  readonly p90: number | null
  readonly tight: boolean
  readonly high: boolean
  readonly possibleLeak: boolean
  /** The rise behind `possibleLeak`, null when there is none. */
  readonly leak: SteadyRise | null
}

export interface CpuStarvation {
  /** Timestamps present in both the CPU and the GPU series. */
  readonly pairedSamples: number
  readonly starvedSamples: number
  readonly fraction: number | null
  readonly starved: boolean
}

export type ReclaimLevel = "none" | "warning" | "hazard"

export interface ReclaimHazard {
  readonly level: ReclaimLevel
  /** First sample of the low run that reaches the last sample; null when the last sample is not low. */
  readonly lowSince: number | null
  readonly lowSeconds: number
  readonly hoursSoFar: number
  /** Seconds left before the platform's limit; null when no low run is going on. */
  readonly secondsUntilReclaim: number | null
}

export interface HealthFlags {
  readonly instability: Instability
  readonly trend: GpuTrend
  readonly memory: MemoryPressure
  readonly cpuStarvation: CpuStarvation
  readonly reclaim: ReclaimHazard
}

/**
 * Whether GPU utilisation (percent) is idle: strictly under IDLE_GPU_BELOW_PERCENT. The one rule behind the
 * metrics verdict's idle windows and the usage view's idle holders.
 */
export const isIdleGpu = (pct: number): boolean => pct < IDLE_GPU_BELOW_PERCENT

/** Runs of at least IDLE_MIN_SAMPLES consecutive samples under IDLE_GPU_BELOW_PERCENT, oldest first. */
export const findIdleWindows = (gpu: ReadonlyArray<MetricSample>): IdleWindow[] => {
  const windows: IdleWindow[] = []
  let runStart: number | undefined
  // One step past the end closes a run that is still open at the last sample.
  for (let i = 0; i <= gpu.length; i++) {
    const sample = gpu[i]
    if (sample !== undefined && isIdleGpu(sample.pct)) {
      runStart ??= i
      continue
    }
    const first = runStart === undefined ? undefined : gpu[runStart]
    const last = gpu[i - 1]
    if (runStart !== undefined && first && last && i - runStart >= IDLE_MIN_SAMPLES) {
      windows.push({
        start: first.t,
        end: last.t,
        durationSeconds: last.t - first.t,
        samples: i - runStart,
        ongoing: i === gpu.length,
      })
    }
    runStart = undefined
  }
  return windows
}

/** Whether GPU utilisation swings more than UNSTABLE_STD_DEV_ABOVE_POINTS around its mean. */
export const assessInstability = (gpu: ReadonlyArray<MetricSample>): Instability => {
  if (gpu.length === 0) return { stdDev: null, unstable: false }
  const stdDev = roundPoints(populationStdDev(gpu.map((s) => s.pct)))
  return { stdDev, unstable: stdDev > UNSTABLE_STD_DEV_ABOVE_POINTS }
}

/** Rising or falling when the half-to-half change is beyond ±TREND_CHANGE_ABOVE_POINTS, else flat. */
export const assessTrend = (samples: ReadonlyArray<MetricSample>): GpuTrend => {
  const changePoints = halfToHalfChange(samples.map((s) => s.pct))
  if (changePoints === null) return { direction: "flat", changePoints }
  if (changePoints > TREND_CHANGE_ABOVE_POINTS) return { direction: "rising", changePoints }
  if (changePoints < -TREND_CHANGE_ABOVE_POINTS) return { direction: "falling", changePoints }
  return { direction: "flat", changePoints }
}

/**
 * The rise still going on at the last sample: take the longest suffix in which no step falls by more than
 * LEAK_DIP_TOLERANCE_POINTS, then start it at the last occurrence of its minimum, so a long plateau before
 * the climb neither dilutes nor hides it. Null when the last sample is that minimum (nothing rises).
 */
export const findSteadyRise = (samples: ReadonlyArray<MetricSample>): SteadyRise | null => {
  if (samples.length < 2) return null
  let from = samples.length - 1
  while (from > 0) {
    const prev = samples[from - 1]
    const cur = samples[from]
    if (!prev || !cur || cur.pct < prev.pct - LEAK_DIP_TOLERANCE_POINTS) break
    from--
  }
  let low = from
  for (let i = from + 1; i < samples.length; i++) {
    const s = samples[i]
    const min = samples[low]
    if (s && min && s.pct <= min.pct) low = i
  }
  const run = samples.slice(low)
  const first = run[0]
  const middle = run[Math.floor((run.length - 1) / 2)]
  const last = run.at(-1)
  if (run.length < 2 || !first || !middle || !last) return null
  return {
    start: first.t,
    end: last.t,
    samples: run.length,
    risePoints: roundPoints(last.pct - first.pct),
    firstHalfRisePoints: roundPoints(middle.pct - first.pct),
    secondHalfRisePoints: roundPoints(last.pct - middle.pct),
  }
}

/**
 * A possible leak: a rise over at least LEAK_MIN_SAMPLES samples, of more than LEAK_RISE_ABOVE_POINTS,
 * with each half carrying at least LEAK_MIN_HALF_SHARE of it.
 */
export const isPossibleLeak = (rise: SteadyRise | null): boolean => {
  if (rise === null) return false
  const share = rise.risePoints * LEAK_MIN_HALF_SHARE
  return (
    rise.samples >= LEAK_MIN_SAMPLES &&
    rise.risePoints > LEAK_RISE_ABOVE_POINTS &&
    rise.firstHalfRisePoints >= share &&
    rise.secondHalfRisePoints >= share
  )
}

/** GPU memory flags, each reported on its own: tight (p90), high (average) and possible leak. */
export const assessMemory = (
  memory: ReadonlyArray<MetricSample>,
  stats: { readonly avg: number; readonly p90: number } | null,
): MemoryPressure => {
  const rise = findSteadyRise(memory)
  const possibleLeak = isPossibleLeak(rise)
  return {
    avg: stats?.avg ?? null,
    p90: stats?.p90 ?? null,
    tight: stats !== null && stats.p90 > MEMORY_TIGHT_P90_ABOVE_PERCENT,
    high: stats !== null && stats.avg > MEMORY_HIGH_AVG_ABOVE_PERCENT,
    possibleLeak,
    leak: possibleLeak ? rise : null,
  }
}

/**
 * CPU above STARVED_CPU_ABOVE_PERCENT while the GPU is under STARVED_GPU_BELOW_PERCENT, on timestamps both
 * series share. Flagged when that holds on more than STARVED_FRACTION_ABOVE of at least
 * MIN_SAMPLES_FOR_VERDICT paired samples: fewer pairs cannot tell starvation from a data-loading pause.
 */
export const assessCpuStarvation = (
  gpu: ReadonlyArray<MetricSample>,
  cpu: ReadonlyArray<MetricSample>,
): CpuStarvation => {
  const cpuAt = new Map(cpu.map((s) => [s.t, s.pct]))
  let pairedSamples = 0
  let starvedSamples = 0
  for (const g of gpu) {
    const c = cpuAt.get(g.t)
    if (c === undefined) continue
    pairedSamples++
    if (c > STARVED_CPU_ABOVE_PERCENT && g.pct < STARVED_GPU_BELOW_PERCENT) starvedSamples++
  }
  if (pairedSamples === 0) return { pairedSamples, starvedSamples, fraction: null, starved: false }
  const fraction = starvedSamples / pairedSamples
  const starved = pairedSamples >= MIN_SAMPLES_FOR_VERDICT && fraction > STARVED_FRACTION_ABOVE
  return { pairedSamples, starvedSamples, fraction, starved }
}

/**
 * The platform's reclaim rule: the run of samples under RECLAIM_GPU_BELOW_PERCENT that ends at the last
 * sample, measured from its first sample (a lower bound: the GPU may have dropped just after the sample
 * before). A hazard from RECLAIM_HAZARD_SECONDS, a warning from RECLAIM_WARNING_SECONDS, both inclusive.
 */
export const assessReclaim = (gpu: ReadonlyArray<MetricSample>): ReclaimHazard => {
  let from = gpu.length
  while (from > 0 && (gpu[from - 1]?.pct ?? Number.POSITIVE_INFINITY) < RECLAIM_GPU_BELOW_PERCENT) from--
  const first = gpu[from]
  const last = gpu.at(-1)
  if (!first || !last) {
    return { level: "none", lowSince: null, lowSeconds: 0, hoursSoFar: 0, secondsUntilReclaim: null }
  }
  const lowSeconds = last.t - first.t
  const level: ReclaimLevel =
    lowSeconds >= RECLAIM_HAZARD_SECONDS ? "hazard" : lowSeconds >= RECLAIM_WARNING_SECONDS ? "warning" : "none"
  return {
    level,
    lowSince: first.t,
    lowSeconds,
    hoursSoFar: roundPoints(lowSeconds / 3600),
    secondsUntilReclaim: Math.max(0, RECLAIM_HAZARD_SECONDS - lowSeconds),
  }
}
