import { Either } from "effect"
import { describe, expect, it } from "vitest"
import {
  aggregatePods,
  decodeMetricSeries,
  groupByPod,
  MetricSeries,
  meanAcross,
  toPercent,
  toSamples,
} from "../../../src/domain/metrics/series.js"
import { samples, T0 } from "./fixtures.js"

describe("MetricSeries schema", () => {
  it("accepts the platform's shape", () => {
    const input = { metric: "gpu_usage_rate", pod: "job-0", points: [{ t: T0, v: 0.5 }] }
    expect(MetricSeries.parse(input)).toEqual(input)
  })

  it("accepts both ends of the 0–1 range and rejects anything outside it", () => {
    const at = (v: number) => MetricSeries.safeParse({ metric: "cpu_usage_rate", pod: "p", points: [{ t: 1, v }] })
    expect(at(0).success).toBe(true)
    expect(at(1).success).toBe(true)
    expect(at(1.0001).success).toBe(false)
    expect(at(-0.0001).success).toBe(false)
    expect(at(Number.NaN).success).toBe(false)
    expect(at(Number.POSITIVE_INFINITY).success).toBe(false)
  })

  it("rejects unknown metrics, empty pod names and negative timestamps", () => {
    expect(MetricSeries.safeParse({ metric: "gpu_temp", pod: "p", points: [] }).success).toBe(false)
    expect(MetricSeries.safeParse({ metric: "gpu_usage_rate", pod: "", points: [] }).success).toBe(false)
    const negative = { metric: "gpu_usage_rate", pod: "p", points: [{ t: -1, v: 0.1 }] }
    expect(MetricSeries.safeParse(negative).success).toBe(false)
  })
})

describe("decodeMetricSeries", () => {
  it("returns the series when valid", () => {
    const input = [{ metric: "gpu_usage_rate", pod: "job-0", points: [] }]
    expect(decodeMetricSeries(input)).toEqual(Either.right(input))
  })

  it("returns an InvalidInput error naming where the input is wrong", () => {
    const result = decodeMetricSeries([{ metric: "gpu_usage_rate", pod: "job-0", points: [{ t: 1, v: 42 }] }])
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isRight(result)) return
    expect(result.left.reason).toBe("InvalidInput")
    expect(result.left.message).toContain("0.points.0.v")
    expect(result.left.candidates).toContain("gpu_memory_usage_rate")
    const topLevel = decodeMetricSeries({ not: "an array" })
    expect(Either.isLeft(topLevel) && topLevel.left.message).toContain("the top level")
  })
})

describe("toPercent", () => {
  it("converts fractions to exact percentage points", () => {
    expect(toPercent(0.07)).toBe(7)
    expect(toPercent(0.0499)).toBe(4.99)
    expect(toPercent(0.15)).toBe(15)
    expect(toPercent(1)).toBe(100)
  })
})

describe("toSamples", () => {
  it("sorts points by time", () => {
    const points = [
      { t: 30, v: 0.3 },
      { t: 10, v: 0.1 },
      { t: 20, v: 0.2 },
    ]
    expect(toSamples(points)).toEqual([
      { t: 10, pct: 10 },
      { t: 20, pct: 20 },
      { t: 30, pct: 30 },
    ])
  })

  it("merges duplicate timestamps into their mean, whatever their order", () => {
    const a = toSamples([
      { t: 10, v: 0.2 },
      { t: 10, v: 0.4 },
      { t: 5, v: 0.9 },
    ])
    const b = toSamples([
      { t: 10, v: 0.4 },
      { t: 5, v: 0.9 },
      { t: 10, v: 0.2 },
    ])
    expect(a).toEqual([
      { t: 5, pct: 90 },
      { t: 10, pct: 30 },
    ])
    expect(b).toEqual(a)
  })

  it("returns nothing for no points", () => {
    expect(toSamples([])).toEqual([])
  })
})

describe("groupByPod", () => {
  it("merges series of the same pod and metric and orders pods by name", () => {
    const grouped = groupByPod([
      { metric: "gpu_usage_rate", pod: "worker-1", points: [{ t: 2, v: 0.5 }] },
      { metric: "gpu_usage_rate", pod: "worker-0", points: [{ t: 2, v: 0.9 }] },
      { metric: "gpu_usage_rate", pod: "worker-1", points: [{ t: 1, v: 0.4 }] },
      { metric: "cpu_usage_rate", pod: "worker-1", points: [{ t: 1, v: 0.1 }] },
    ])
    expect(grouped.map((p) => p.pod)).toEqual(["worker-0", "worker-1"])
    expect(grouped[1]?.samples.gpu_usage_rate).toEqual([
      { t: 1, pct: 40 },
      { t: 2, pct: 50 },
    ])
    expect(grouped[1]?.samples.cpu_usage_rate).toEqual([{ t: 1, pct: 10 }])
    expect(grouped[0]?.samples.gpu_memory_usage_rate).toEqual([])
  })
})

describe("meanAcross and aggregatePods", () => {
  it("averages the pods present at each timestamp", () => {
    const mean = meanAcross([samples([90, 90, 90], 0, 10), samples([30, 10], 0, 10)])
    expect(mean).toEqual([
      { t: 0, pct: 60 },
      { t: 10, pct: 50 },
      { t: 20, pct: 90 },
    ])
  })

  it("aggregates every metric of every pod", () => {
    const pods = groupByPod([
      { metric: "gpu_usage_rate", pod: "a", points: [{ t: 0, v: 1 }] },
      { metric: "gpu_usage_rate", pod: "b", points: [{ t: 0, v: 0 }] },
      { metric: "memory_usage_rate", pod: "b", points: [{ t: 0, v: 0.33 }] },
    ])
    const whole = aggregatePods(pods)
    expect(whole.gpu_usage_rate).toEqual([{ t: 0, pct: 50 }])
    expect(whole.memory_usage_rate).toEqual([{ t: 0, pct: 33 }])
    expect(whole.cpu_usage_rate).toEqual([])
  })
})
