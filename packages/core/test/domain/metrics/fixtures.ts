import type { MetricName, MetricSample, MetricSeries } from "../../../src/domain/metrics/series.js"

/** 2025-01-15 09:00:00 UTC, 17:00 in Shanghai. */
export const T0 = Date.UTC(2025, 0, 15, 9, 0) / 1000

/** The platform's usual five-minute step. */
const STEP = 300

/** A series from percentage values, one every `step` seconds from `start`, as the platform sends it. */
export const series = (
  metric: MetricName,
  pod: string,
  percents: ReadonlyArray<number>,
  start: number = T0,
  step: number = STEP,
): MetricSeries => ({ metric, pod, points: percents.map((p, i) => ({ t: start + i * step, v: p / 100 })) })

/** Cleaned samples from percentage values, one every `step` seconds from `start`. */
export const samples = (percents: ReadonlyArray<number>, start: number = T0, step: number = STEP): MetricSample[] =>
  percents.map((pct, i) => ({ t: start + i * step, pct }))

/** `n` copies of a value. */
export const times = (value: number, n: number): number[] => Array.from({ length: n }, () => value)

/** Values that wobble by ±1 point around a centre, so "steady" series are not suspiciously flat. */
export const around = (centre: number, n: number): number[] =>
  Array.from({ length: n }, (_, i) => centre + ([0, 1, -1, 0.5][i % 4] ?? 0))
