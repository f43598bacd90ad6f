import { describe, expect, it } from "vitest"
import {
  assessCpuStarvation,
  assessInstability,
  assessMemory,
  assessReclaim,
  assessTrend,
  findIdleWindows,
  findSteadyRise,
  isPossibleLeak,
} from "../../../src/domain/metrics/health.js"
import type { MetricSample } from "../../../src/domain/metrics/series.js"
import { summarizeSamples } from "../../../src/domain/metrics/stats.js"
import {
  IDLE_GPU_BELOW_PERCENT,
  RECLAIM_GPU_BELOW_PERCENT,
  RECLAIM_HAZARD_SECONDS,
  RECLAIM_WARNING_SECONDS,
  STARVED_CPU_ABOVE_PERCENT,
  STARVED_GPU_BELOW_PERCENT,
} from "../../../src/domain/metrics/thresholds.js"
import { samples, T0, times } from "./fixtures.js"

describe("findIdleWindows", () => {
  it("treats exactly 5% as busy and 4.99% as idle", () => {
    expect(IDLE_GPU_BELOW_PERCENT).toBe(5)
    expect(findIdleWindows(samples([80, 5, 5, 5, 80]))).toEqual([])
    expect(findIdleWindows(samples([80, 4.99, 4.99, 4.99, 80]))).toEqual([
      { start: T0 + 300, end: T0 + 900, durationSeconds: 600, samples: 3, ongoing: false },
    ])
  })

  it("needs two consecutive idle samples: a single dip is not a window", () => {
    expect(findIdleWindows(samples([80, 0, 80, 1, 80]))).toEqual([])
    expect(findIdleWindows(samples([80, 0, 0, 80]))).toHaveLength(1)
  })

  it("lists every window oldest first and flags only one open at the last sample as ongoing", () => {
    const windows = findIdleWindows(samples([0, 0, 90, 90, 2, 3, 4]))
    expect(windows).toEqual([
      { start: T0, end: T0 + 300, durationSeconds: 300, samples: 2, ongoing: false },
      { start: T0 + 1200, end: T0 + 1800, durationSeconds: 600, samples: 3, ongoing: true },
    ])
  })

  it("does not call a single idle last sample an ongoing window", () => {
    expect(findIdleWindows(samples([90, 90, 0]))).toEqual([])
    expect(findIdleWindows([])).toEqual([])
  })
})

describe("assessInstability", () => {
  it("is unstable only strictly above 25 points of standard deviation", () => {
    expect(assessInstability(samples([0, 50, 0, 50]))).toEqual({ stdDev: 25, unstable: false })
    expect(assessInstability(samples([0, 50.02, 0, 50.02]))).toEqual({ stdDev: 25.01, unstable: true })
  })

  it("reports nothing for an empty series", () => {
    expect(assessInstability([])).toEqual({ stdDev: null, unstable: false })
  })
})

describe("assessTrend", () => {
  it("is flat at exactly 15 points either way and moves just beyond", () => {
    expect(assessTrend(samples([50, 50, 65, 65]))).toEqual({ direction: "flat", changePoints: 15 })
    expect(assessTrend(samples([50, 50, 65.01, 65.01]))).toEqual({ direction: "rising", changePoints: 15.01 })
    expect(assessTrend(samples([65, 65, 50, 50]))).toEqual({ direction: "flat", changePoints: -15 })
    expect(assessTrend(samples([65.01, 65.01, 50, 50]))).toEqual({ direction: "falling", changePoints: -15.01 })
  })

  it("is flat with no change figure below two samples", () => {
    expect(assessTrend(samples([90]))).toEqual({ direction: "flat", changePoints: null })
  })
})

describe("findSteadyRise and isPossibleLeak", () => {
  const leak = (percents: ReadonlyArray<number>) => isPossibleLeak(findSteadyRise(samples(percents)))

  it("flags a steady rise of more than 10 points over 5 samples", () => {
    expect(findSteadyRise(samples([50, 53, 56, 59, 62]))).toEqual({
      start: T0,
      end: T0 + 1200,
      samples: 5,
      risePoints: 12,
      firstHalfRisePoints: 6,
      secondHalfRisePoints: 6,
    })
    expect(leak([50, 53, 56, 59, 62])).toBe(true)
  })

  it("needs at least 5 samples", () => {
    expect(leak([50, 54, 58, 62])).toBe(false)
  })

  it("needs a rise strictly above 10 points", () => {
    expect(leak([50, 52.5, 55, 57.5, 60])).toBe(false)
    expect(leak([50, 52.5, 55, 57.5, 60.01])).toBe(true)
  })

  it("tolerates a dip of exactly 1 point but not more", () => {
    expect(leak([50, 55, 54, 57, 59, 62])).toBe(true)
    expect(findSteadyRise(samples([50, 55, 54, 57, 59, 62]))?.samples).toBe(6)
    expect(leak([50, 55, 53.99, 57, 59, 62])).toBe(false)
    expect(findSteadyRise(samples([50, 55, 53.99, 57, 59, 62]))?.samples).toBe(4)
  })

  it("needs each half to carry at least a quarter of the rise (inclusive)", () => {
    expect(leak([50, 51.5, 53, 58, 62])).toBe(true)
    expect(leak([50, 51, 52.99, 58, 62])).toBe(false)
  })

  it("does not take a single jump for a leak", () => {
    expect(leak([60, 60, 60, 60, 60, 71, 71, 71, 71, 71])).toBe(false)
  })

  it("does not take a start-up climb that has levelled off for a leak", () => {
    expect(leak([0, 20, 40, 60, 70, 70, 70, 70, 70, 70])).toBe(false)
  })

  it("finds a recent climb after a long plateau", () => {
    const rise = findSteadyRise(samples([...times(60, 20), 62, 64, 66, 68, 70, 72]))
    expect(rise).toMatchObject({ start: T0 + 19 * 300, samples: 7, risePoints: 12 })
    expect(isPossibleLeak(rise)).toBe(true)
  })

  it("sees no rise once memory has been freed at the last sample", () => {
    expect(findSteadyRise(samples([50, 53, 56, 59, 62, 40]))).toBeNull()
    expect(leak([50, 53, 56, 59, 62, 40])).toBe(false)
    expect(findSteadyRise(samples([50]))).toBeNull()
  })
})

describe("assessMemory", () => {
  const assess = (percents: ReadonlyArray<number>) => {
    const memory = samples(percents)
    return assessMemory(memory, summarizeSamples(memory))
  }

  it("is tight only when p90 is strictly above 90", () => {
    expect(assess(times(90, 10)).tight).toBe(false)
    expect(assess(times(90.01, 10)).tight).toBe(true)
    // p90 of 0..9 steps interpolates between the two largest values
    expect(assess([10, 20, 30, 40, 50, 60, 70, 80, 89, 100]).p90).toBeCloseTo(90.1, 6)
    expect(assess([10, 20, 30, 40, 50, 60, 70, 80, 89, 100]).tight).toBe(true)
  })

  it("is high only when the average is strictly above 80", () => {
    expect(assess(times(80, 10)).high).toBe(false)
    expect(assess(times(80.01, 10))).toMatchObject({ high: true, tight: false, possibleLeak: false })
  })

  it("reports each flag on its own, with the leak behind possibleLeak", () => {
    const m = assess([80, 83, 86, 89, 92, 95])
    expect(m).toMatchObject({ tight: true, high: true, possibleLeak: true })
    expect(m.leak).toMatchObject({ samples: 6, risePoints: 15 })
    expect(assess([40, 40, 40, 40, 40]).leak).toBeNull()
  })

  it("reports nothing without memory samples", () => {
    expect(assessMemory([], null)).toEqual({
      avg: null,
      p90: null,
      tight: false,
      high: false,
      possibleLeak: false,
      leak: null,
    })
  })
})

describe("assessCpuStarvation", () => {
  const gpu = (percents: ReadonlyArray<number>) => samples(percents)
  const cpu = (percents: ReadonlyArray<number>) => samples(percents)

  it("needs CPU strictly above 70% and GPU strictly below 30%", () => {
    expect([STARVED_CPU_ABOVE_PERCENT, STARVED_GPU_BELOW_PERCENT]).toEqual([70, 30])
    expect(assessCpuStarvation(gpu(times(20, 5)), cpu(times(70, 5))).starvedSamples).toBe(0)
    expect(assessCpuStarvation(gpu(times(20, 5)), cpu(times(70.01, 5)))).toEqual({
      pairedSamples: 5,
      starvedSamples: 5,
      fraction: 1,
      starved: true,
    })
    expect(assessCpuStarvation(gpu(times(30, 5)), cpu(times(95, 5))).starvedSamples).toBe(0)
    expect(assessCpuStarvation(gpu(times(29.99, 5)), cpu(times(95, 5))).starved).toBe(true)
  })

  it("flags only when strictly more than half of the paired samples are starved", () => {
    const half = assessCpuStarvation(gpu([10, 10, 10, 90, 90, 90]), cpu(times(95, 6)))
    expect(half).toMatchObject({ fraction: 0.5, starved: false })
    const most = assessCpuStarvation(gpu([10, 10, 10, 10, 90, 90, 90]), cpu(times(95, 7)))
    expect(most.starved).toBe(true)
    expect(most.fraction).toBeCloseTo(4 / 7, 12)
  })

  it("needs at least 5 paired samples", () => {
    expect(assessCpuStarvation(gpu(times(10, 4)), cpu(times(95, 4)))).toMatchObject({ fraction: 1, starved: false })
  })

  it("pairs samples by timestamp and ignores the unpaired", () => {
    const offset = samples(times(95, 10), T0 + 150)
    expect(assessCpuStarvation(gpu(times(10, 10)), offset)).toEqual({
      pairedSamples: 0,
      starvedSamples: 0,
      fraction: null,
      starved: false,
    })
    const partly: MetricSample[] = [...samples(times(95, 5)), ...samples(times(95, 5), T0 + 150)]
    expect(assessCpuStarvation(gpu(times(10, 10)), partly).pairedSamples).toBe(5)
  })
})

describe("assessReclaim", () => {
  // A busy sample, then low samples every 600 s whose last one is `lowSeconds` after the first.
  const lowFor = (lowSeconds: number, pct = 10): MetricSample[] => {
    const low = Array.from({ length: Math.floor(lowSeconds / 600) + 1 }, (_, i) => ({ t: T0 + i * 600, pct }))
    const last = { t: T0 + lowSeconds, pct }
    return [{ t: T0 - 600, pct: 90 }, ...low.filter((s) => s.t < last.t), last]
  }

  it("is a hazard from exactly 3 h under 15%", () => {
    expect(RECLAIM_HAZARD_SECONDS).toBe(10800)
    expect(assessReclaim(lowFor(10800))).toEqual({
      level: "hazard",
      lowSince: T0,
      lowSeconds: 10800,
      hoursSoFar: 3,
      secondsUntilReclaim: 0,
    })
    expect(assessReclaim(lowFor(10799)).level).toBe("warning")
  })

  it("warns from exactly 2 h", () => {
    expect(RECLAIM_WARNING_SECONDS).toBe(7200)
    expect(assessReclaim(lowFor(7200))).toMatchObject({ level: "warning", hoursSoFar: 2, secondsUntilReclaim: 3600 })
    expect(assessReclaim(lowFor(7199)).level).toBe("none")
  })

  it("counts only samples strictly under 15%", () => {
    expect(RECLAIM_GPU_BELOW_PERCENT).toBe(15)
    expect(assessReclaim(lowFor(10800, 15))).toMatchObject({ level: "none", lowSince: null, lowSeconds: 0 })
    expect(assessReclaim(lowFor(10800, 14.99)).level).toBe("hazard")
  })

  it("measures only the run that reaches the last sample", () => {
    const recovered = [...lowFor(10800), { t: T0 + 11400, pct: 60 }]
    expect(assessReclaim(recovered)).toMatchObject({ level: "none", lowSince: null })
    const again = [...recovered, { t: T0 + 12000, pct: 5 }, { t: T0 + 12600, pct: 5 }]
    expect(assessReclaim(again)).toMatchObject({ level: "none", lowSince: T0 + 12000, lowSeconds: 600 })
  })

  it("covers the whole series when every sample is low, and nothing when there are none", () => {
    expect(assessReclaim(samples(times(0, 37))).lowSeconds).toBe(10800)
    expect(assessReclaim([])).toEqual({
      level: "none",
      lowSince: null,
      lowSeconds: 0,
      hoursSoFar: 0,
      secondsUntilReclaim: null,
    })
  })
})
