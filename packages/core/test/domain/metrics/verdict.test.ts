import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { analyzeGpuHealth as analyzeEither } from "../../../src/domain/metrics/report.js"
import type { MetricSeries } from "../../../src/domain/metrics/series.js"
import { HEALTH_STATE_PRECEDENCE } from "../../../src/domain/metrics/verdict.js"
import { renderDeep } from "../../../src/words/render.js"
import { around, series, T0, times } from "./fixtures.js"

// Clock times are shown in the process's zone; these tests pin UTC unless they name a zone. Verdicts and
// evidence are messages, read here in English.
const analyzeGpuHealth = (series: ReadonlyArray<MetricSeries>, options: { timeZone?: string } = { timeZone: "UTC" }) =>
  renderDeep(Either.getOrThrow(analyzeEither(series, options)), "library")

interface Job {
  readonly gpu?: ReadonlyArray<number>
  readonly gpuMemory?: ReadonlyArray<number>
  readonly cpu?: ReadonlyArray<number>
  readonly memory?: ReadonlyArray<number>
  readonly step?: number
}

// One pod's metrics as the platform sends them, every 5 minutes from 09:00 UTC unless told otherwise.
const job = ({ gpu, gpuMemory, cpu, memory, step = 300 }: Job): MetricSeries[] => [
  ...(gpu ? [series("gpu_usage_rate", "job-0", gpu, T0, step)] : []),
  ...(gpuMemory ? [series("gpu_memory_usage_rate", "job-0", gpuMemory, T0, step)] : []),
  ...(cpu ? [series("cpu_usage_rate", "job-0", cpu, T0, step)] : []),
  ...(memory ? [series("memory_usage_rate", "job-0", memory, T0, step)] : []),
]

const rising = (from: number, by: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + by * i)
const alternating = (a: number, b: number, n: number): number[] => Array.from({ length: n }, (_, i) => (i % 2 ? b : a))

describe("verdicts from realistic series", () => {
  it("training normally: GPU high and steady", () => {
    const report = analyzeGpuHealth(
      job({ gpu: around(92, 24), gpuMemory: around(70, 24), cpu: around(40, 24), memory: around(30, 24) }),
    )
    expect(report.state).toBe("healthy")
    expect(report.verdict).toBe("training normally (GPU avg 92.1%)")
    expect(report.evidence[0]).toMatch(/^GPU utilisation avg 92\.1%, .* over 24 samples$/)
    expect(report.gpu).toMatchObject({ count: 24, max: 93, min: 91, last: 92.5 })
    expect(report.idleWindows).toEqual([])
    expect(report.flags.trend.direction).toBe("flat")
    expect(report.cpu?.count).toBe(24)
    expect(report.memory?.count).toBe(24)
  })

  it("idle since HH:MM: idle from the start, with the offset", () => {
    const report = analyzeGpuHealth(job({ gpu: times(1, 12) }))
    expect(report.state).toBe("idle")
    expect(report.verdict).toBe("idle since 09:00 +00:00")
    expect(report.evidence[0]).toBe("idle (GPU < 5%) since 09:00 +00:00: 55 min, 12 samples")
    expect(report.idleWindows).toEqual([
      { start: T0, end: T0 + 3300, durationSeconds: 3300, samples: 12, ongoing: true },
    ])
  })

  it("idle since HH:MM in the time zone asked for", () => {
    expect(analyzeGpuHealth(job({ gpu: times(1, 12) }), { timeZone: "Asia/Shanghai" }).verdict).toBe(
      "idle since 17:00 +08:00",
    )
    expect(analyzeGpuHealth(job({ gpu: times(1, 12) }), { timeZone: "Asia/Kolkata" }).verdict).toBe(
      "idle since 14:30 +05:30",
    )
  })

  it("stalled after N min: busy for an hour, then idle and still idle", () => {
    const report = analyzeGpuHealth(job({ gpu: [...around(90, 12), ...times(0, 6)] }))
    expect(report.state).toBe("stalled")
    expect(report.verdict).toBe("stalled after 60 min (idle since 10:00 +00:00)")
    expect(report.flags.trend.direction).toBe("falling")
  })

  it("idle, not stalled, when the GPU was never busy before the window", () => {
    const report = analyzeGpuHealth(job({ gpu: [...times(20, 12), ...times(0, 6)] }))
    expect(report.state).toBe("idle")
    expect(report.verdict).toBe("idle since 10:00 +00:00")
  })

  it("stalled once the GPU averaged exactly 30% before the drop, idle just below", () => {
    expect(analyzeGpuHealth(job({ gpu: [...times(30, 6), ...times(0, 6)] })).state).toBe("stalled")
    expect(analyzeGpuHealth(job({ gpu: [...times(29.99, 6), ...times(0, 6)] })).state).toBe("idle")
  })

  it("not idle when the GPU recovered: the earlier window stays in the evidence", () => {
    const report = analyzeGpuHealth(job({ gpu: [...around(90, 6), 0, 0, 0, ...around(90, 6)] }))
    expect(report.state).not.toBe("idle")
    expect(report.idleWindows).toHaveLength(1)
    expect(report.idleWindows[0]?.ongoing).toBe(false)
    expect(report.evidence.join("\n")).toContain("1 earlier idle window")
  })

  it("starved by CPU: CPU saturated while the GPU waits", () => {
    const report = analyzeGpuHealth(job({ gpu: around(20, 12), cpu: around(95, 12) }))
    expect(report.state).toBe("starved")
    expect(report.verdict).toBe("starved by CPU (100% of samples)")
    expect(report.evidence[0]).toBe("CPU > 70% while GPU < 30% on 100% of 12 paired samples")
  })

  it("GPU memory nearly full", () => {
    const report = analyzeGpuHealth(job({ gpu: around(92, 12), gpuMemory: around(95, 12) }))
    expect(report.state).toBe("memory")
    expect(report.verdict).toBe("GPU memory nearly full (p90 96.0%)")
    expect(report.flags.memory).toMatchObject({ tight: true, high: true, possibleLeak: false })
    expect(report.evidence[0]).toMatch(/^GPU memory avg 95\.\d%/)
  })

  it("possible memory leak: GPU memory climbing steadily", () => {
    const report = analyzeGpuHealth(job({ gpu: around(92, 12), gpuMemory: rising(40, 3, 12) }))
    expect(report.state).toBe("memory")
    expect(report.verdict).toBe("possible memory leak (+33.0 points over 12 samples)")
    expect(report.flags.memory).toMatchObject({ tight: false, high: false, possibleLeak: true })
    expect(report.evidence[0]).toContain("rose +33.0 points over 12 samples since 09:00 +00:00")
  })

  it("names both memory problems when memory is full and still climbing", () => {
    const report = analyzeGpuHealth(job({ gpu: around(92, 12), gpuMemory: rising(70, 2.5, 12) }))
    expect(report.verdict).toMatch(/^GPU memory nearly full \(p90 9\d\.\d%\), possible memory leak \(\+27\.5 points/)
  })

  it("high memory on average alone is evidence, not a verdict", () => {
    const report = analyzeGpuHealth(job({ gpu: around(92, 12), gpuMemory: times(85, 12) }))
    expect(report.state).toBe("healthy")
    expect(report.flags.memory).toMatchObject({ high: true, tight: false })
  })

  it("unstable utilisation: GPU swinging between 10% and 95%", () => {
    const report = analyzeGpuHealth(job({ gpu: alternating(10, 95, 12) }))
    expect(report.state).toBe("unstable")
    expect(report.verdict).toBe("unstable utilisation (std dev 42.5 points)")
    expect(report.evidence[0]).toBe("std dev 42.5 points (unstable above 25)")
  })

  it("GPU underused: steady but low", () => {
    const report = analyzeGpuHealth(job({ gpu: times(35, 12) }))
    expect(report.state).toBe("underused")
    expect(report.verdict).toBe("GPU underused (avg 35.0%)")
  })

  it("healthy from an average of exactly 50%, underused just below", () => {
    expect(analyzeGpuHealth(job({ gpu: times(50, 12) })).state).toBe("healthy")
    expect(analyzeGpuHealth(job({ gpu: times(49.99, 12) })).state).toBe("underused")
  })

  it("at risk of reclaim: under 15% for 3 hours", () => {
    const report = analyzeGpuHealth(job({ gpu: times(10, 37) }))
    expect(report.state).toBe("reclaim-risk")
    expect(report.verdict).toBe("at risk of reclaim (idle 3.0 h)")
    expect(report.flags.reclaim).toMatchObject({ level: "hazard", hoursSoFar: 3, lowSince: T0 })
    expect(report.evidence[0]).toBe("GPU under 15% since 09:00 +00:00 (3.0 h); the platform reclaims at 3.0 h")
  })

  it("not yet at risk one sample short of 3 hours, but warned", () => {
    const report = analyzeGpuHealth(job({ gpu: times(10, 36) }))
    expect(report.state).toBe("underused")
    expect(report.flags.reclaim.level).toBe("warning")
    expect(report.verdict).toBe("GPU underused (avg 10.0%); reclaimed in ~5 min if GPU stays under 15%")
  })

  it("adds the early reclaim warning to an idle verdict after 2 hours", () => {
    const report = analyzeGpuHealth(job({ gpu: times(2, 25) }))
    expect(report.verdict).toBe("idle since 09:00 +00:00; reclaimed in ~60 min if GPU stays under 15%")
    expect(analyzeGpuHealth(job({ gpu: times(2, 24) })).verdict).toBe("idle since 09:00 +00:00")
  })

  it("warming up below 5 samples, judged from 5", () => {
    const few = analyzeGpuHealth(job({ gpu: around(92, 4) }))
    expect(few.state).toBe("warming-up")
    expect(few.verdict).toBe("warming up (4 of 5 samples)")
    expect(analyzeGpuHealth(job({ gpu: around(92, 5) })).state).toBe("healthy")
  })

  it("no data for empty input, empty series, or series without GPU utilisation", () => {
    for (const input of [[], job({ gpu: [] }), job({ cpu: around(50, 12), gpuMemory: around(50, 12) })]) {
      const report = analyzeGpuHealth(input)
      expect(report.state).toBe("no-data")
      expect(report.verdict).toBe("no data")
      expect(report.gpu).toBeNull()
      expect(report.evidence).toEqual(["no GPU utilisation samples"])
    }
    expect(analyzeGpuHealth([]).perPod).toEqual([])
  })
})

describe("verdict precedence", () => {
  it("is documented in this order", () => {
    expect(HEALTH_STATE_PRECEDENCE).toEqual([
      "no-data",
      "reclaim-risk",
      "warming-up",
      "too-few-samples",
      "stalled",
      "idle",
      "starved",
      "memory",
      "unstable",
      "underused",
      "healthy",
    ])
  })

  it("reclaim risk outranks idle", () => {
    const report = analyzeGpuHealth(job({ gpu: times(0, 37) }))
    expect(report.idleWindows[0]?.ongoing).toBe(true)
    expect(report.state).toBe("reclaim-risk")
  })

  it("reclaim risk outranks warming up: three sparse samples spanning 3 hours", () => {
    const report = analyzeGpuHealth(job({ gpu: times(10, 3), step: 5400 }))
    expect(report.gpu?.count).toBe(3)
    expect(report.state).toBe("reclaim-risk")
  })

  it("warming up outranks idle", () => {
    expect(analyzeGpuHealth(job({ gpu: times(0, 4) })).state).toBe("warming-up")
  })

  it("stalled outranks starved", () => {
    const report = analyzeGpuHealth(job({ gpu: [...times(90, 4), ...times(0, 8)], cpu: times(95, 12) }))
    expect(report.flags.cpuStarvation.starved).toBe(true)
    expect(report.state).toBe("stalled")
  })

  it("starved outranks memory", () => {
    const report = analyzeGpuHealth(job({ gpu: around(20, 12), cpu: around(95, 12), gpuMemory: times(95, 12) }))
    expect(report.flags.memory.tight).toBe(true)
    expect(report.state).toBe("starved")
  })

  it("memory outranks unstable", () => {
    const report = analyzeGpuHealth(job({ gpu: alternating(10, 95, 12), gpuMemory: times(95, 12) }))
    expect(report.flags.instability.unstable).toBe(true)
    expect(report.state).toBe("memory")
  })

  it("unstable outranks underused, and lone idle samples do not make it idle", () => {
    const report = analyzeGpuHealth(job({ gpu: alternating(4, 60, 12) }))
    expect(report.gpu?.avg).toBe(32)
    expect(report.idleWindows).toEqual([])
    expect(report.state).toBe("unstable")
  })
})
