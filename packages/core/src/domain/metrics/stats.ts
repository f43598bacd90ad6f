import { type MetricSample, roundPoints } from "./series.js"

/** Summary of one cleaned series, in percentage points; `last` is the value at the latest timestamp. */
export interface SeriesStats {
  readonly count: number
  readonly avg: number
  readonly p50: number
  readonly p90: number
  readonly min: number
  readonly max: number
  readonly last: number
  /** Population standard deviation (divides by n, not n − 1: the samples are the whole run, not a draw). */
  readonly stdDev: number
}

/** Arithmetic mean; NaN for no values, like Math.max() is -Infinity. */
export const mean = (values: ReadonlyArray<number>): number => {
  if (values.length === 0) return Number.NaN
  return values.reduce((sum, v) => sum + v, 0) / values.length
}

/** Population standard deviation; NaN for no values. */
export const populationStdDev = (values: ReadonlyArray<number>): number => {
  const m = mean(values)
  return Math.sqrt(mean(values.map((v) => (v - m) ** 2)))
}

/**
 * The p-quantile (p in 0–1) by linear interpolation between closest ranks (rank = p·(n − 1), as numpy's
 * default and spreadsheet PERCENTILE.INC do); NaN for no values. Interpolation is chosen over nearest-rank
 * so that a short series does not jump from one sample to the next at a threshold.
 */
export const percentile = (values: ReadonlyArray<number>, p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(Math.max(p, 0), 1) * (sorted.length - 1)
  const lo = sorted[Math.floor(rank)]
  const hi = sorted[Math.ceil(rank)]
  if (lo === undefined || hi === undefined) return Number.NaN
  return lo + (hi - lo) * (rank - Math.floor(rank))
}

/** Summary statistics of a cleaned series, or null when it has no samples. */
export const summarizeSamples = (samples: ReadonlyArray<MetricSample>): SeriesStats | null => {
  const last = samples.at(-1)
  if (last === undefined) return null
  const values = samples.map((s) => s.pct)
  return {
    count: values.length,
    avg: roundPoints(mean(values)),
    p50: roundPoints(percentile(values, 0.5)),
    p90: roundPoints(percentile(values, 0.9)),
    // reduce, not Math.min(...values): a day of 10 s samples would overflow the argument list
    min: values.reduce((a, b) => Math.min(a, b)),
    max: values.reduce((a, b) => Math.max(a, b)),
    last: last.pct,
    stdDev: roundPoints(populationStdDev(values)),
  }
}

/**
 * Mean of the second half minus mean of the first half, in points; null below two samples. With an odd
 * count the middle sample belongs to neither half, so both halves weigh the same number of samples.
 */
export const halfToHalfChange = (values: ReadonlyArray<number>): number | null => {
  const half = Math.floor(values.length / 2)
  if (half === 0) return null
  return roundPoints(mean(values.slice(values.length - half)) - mean(values.slice(0, half)))
}
