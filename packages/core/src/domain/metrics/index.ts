export { type ClockFormatter, clockFor, DEFAULT_TIME_ZONE, formatClock } from "./clock.js"
export * from "./health.js"
export * from "./report.js"
export {
  aggregatePods,
  decodeMetricSeries,
  groupByPod,
  MetricName,
  MetricPoint,
  type MetricSample,
  MetricSeries,
  MetricSeriesList,
  type PodMetricSamples,
  type PodSeries,
  toSamples,
} from "./series.js"
export { halfToHalfChange, type SeriesStats, summarizeSamples } from "./stats.js"
export * from "./thresholds.js"
export * from "./verdict.js"
