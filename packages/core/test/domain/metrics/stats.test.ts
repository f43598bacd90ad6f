import { describe, expect, it } from "vitest"
import {
  halfToHalfChange,
  mean,
  percentile,
  populationStdDev,
  summarizeSamples,
} from "../../../src/domain/metrics/stats.js"
import { samples } from "./fixtures.js"

describe("percentile (linear interpolation, rank = p·(n − 1))", () => {
  it("interpolates between the closest ranks", () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBeCloseTo(2.5, 12)
    expect(percentile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 12)
    expect(percentile([10, 20, 30, 40, 50], 0.9)).toBeCloseTo(46, 12)
    expect(percentile([10, 20, 30, 40, 50], 0.5)).toBe(30)
  })

  it("hits the extremes at p = 0 and p = 1, and sorts its input first", () => {
    expect(percentile([50, 10, 40, 20, 30], 0)).toBe(10)
    expect(percentile([50, 10, 40, 20, 30], 1)).toBe(50)
    expect(percentile([50, 10, 40, 20, 30], 0.25)).toBe(20)
  })

  it("returns the only value of a single sample and NaN for none", () => {
    expect(percentile([7], 0.9)).toBe(7)
    expect(percentile([], 0.5)).toBeNaN()
  })
})

describe("mean and populationStdDev", () => {
  it("computes the population (not sample) standard deviation", () => {
    expect(mean([2, 4, 4, 4, 5, 5, 7, 9])).toBe(5)
    expect(populationStdDev([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2)
    expect(populationStdDev([0, 50])).toBe(25)
    expect(populationStdDev([42])).toBe(0)
  })

  it("is NaN for no values", () => {
    expect(mean([])).toBeNaN()
    expect(populationStdDev([])).toBeNaN()
  })
})

describe("summarizeSamples", () => {
  it("summarises a series with known values", () => {
    expect(summarizeSamples(samples([10, 20, 30, 40, 50]))).toEqual({
      count: 5,
      avg: 30,
      p50: 30,
      p90: 46,
      min: 10,
      max: 50,
      last: 50,
      stdDev: 14.142136,
    })
  })

  it("takes `last` from the latest timestamp, not the largest value", () => {
    const stats = summarizeSamples(samples([90, 95, 12]))
    expect(stats?.last).toBe(12)
    expect(stats?.max).toBe(95)
  })

  it("is null for an empty series", () => {
    expect(summarizeSamples([])).toBeNull()
  })
})

describe("halfToHalfChange", () => {
  it("subtracts the first half's mean from the second half's", () => {
    expect(halfToHalfChange([10, 20, 50, 60])).toBe(40)
    expect(halfToHalfChange([60, 50, 20, 10])).toBe(-40)
  })

  it("leaves the middle sample of an odd count out of both halves", () => {
    expect(halfToHalfChange([10, 1000, 30])).toBe(20)
  })

  it("is null below two samples", () => {
    expect(halfToHalfChange([5])).toBeNull()
    expect(halfToHalfChange([])).toBeNull()
  })
})
