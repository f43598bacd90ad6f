import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { formatClock } from "../../../src/domain/metrics/clock.js"
import { analyzeGpuHealth as analyzeEither } from "../../../src/domain/metrics/report.js"
import type { MetricSeries } from "../../../src/domain/metrics/series.js"
import { InspireError } from "../../../src/errors.js"
import { renderDeep, renderWords } from "../../../src/words/render.js"
import { around, series, T0, times } from "./fixtures.js"

// Clock times are shown in the process's zone; these tests pin UTC unless they name a zone. Verdicts and
// evidence are messages, read here in English.
const analyzeGpuHealth = (series: ReadonlyArray<MetricSeries>, options: { timeZone?: string } = { timeZone: "UTC" }) =>
  renderDeep(Either.getOrThrow(analyzeEither(series, options)), "library")

const gpu = (pod: string, percents: ReadonlyArray<number>): MetricSeries => series("gpu_usage_rate", pod, percents)

describe("analyzeGpuHealth across pods", () => {
  it("names the idle pod when the other is busy, though the mean across pods is not idle", () => {
    const report = analyzeGpuHealth([gpu("worker-0", around(92, 12)), gpu("worker-1", times(0, 12))])
    expect(report.state).toBe("idle")
    expect(report.verdict).toBe("pod worker-1: idle since 09:00 +00:00")
    expect(report.pods).toEqual(["worker-1"])
    expect(report.perPod.map((p) => [p.pod, p.state])).toEqual([
      ["worker-0", "healthy"],
      ["worker-1", "idle"],
    ])
    // The whole-job figures are the mean across pods: about 46%, with no idle window of its own.
    expect(report.gpu?.avg).toBeCloseTo(46.0625, 6)
    expect(report.idleWindows).toEqual([])
    expect(report.evidence[0]).toBe("worker-1: idle (GPU < 5%) since 09:00 +00:00: 55 min, 12 samples")
    expect(report.evidence.at(-1)).toBe("whole job (mean of 2 pods): GPU underused (avg 46.1%)")
  })

  it("names the pod that stalled", () => {
    const report = analyzeGpuHealth([
      gpu("worker-0", around(92, 18)),
      gpu("worker-1", [...around(92, 6), ...times(0, 12)]),
    ])
    expect(report.state).toBe("stalled")
    expect(report.verdict).toBe("pod worker-1: stalled after 30 min (idle since 09:30 +00:00)")
  })

  it("lists every pod sharing the worst state, leading with the first by name", () => {
    const report = analyzeGpuHealth([
      gpu("c", times(0, 12)),
      gpu("a", around(92, 12)),
      gpu("b", [...around(92, 4), ...times(1, 8)]),
      gpu("d", [...around(92, 6), ...times(1, 6)]),
    ])
    expect(report.state).toBe("stalled")
    expect(report.pods).toEqual(["b", "d"])
    expect(report.verdict).toBe("pod b: stalled after 20 min (idle since 09:20 +00:00); also stalled: d")
    expect(report.perPod.map((p) => p.pod)).toEqual(["a", "b", "c", "d"])
  })

  it("puts a pod at risk of reclaim ahead of everything else", () => {
    const report = analyzeGpuHealth([gpu("worker-0", around(92, 37)), gpu("worker-1", times(3, 37))])
    expect(report.state).toBe("reclaim-risk")
    expect(report.verdict).toBe("pod worker-1: at risk of reclaim (idle 3.0 h)")
  })

  it("speaks of the whole job when every pod is idle", () => {
    const report = analyzeGpuHealth([gpu("worker-0", times(0, 12)), gpu("worker-1", times(2, 12))])
    expect(report.state).toBe("idle")
    expect(report.verdict).toBe("idle since 09:00 +00:00")
    expect(report.pods).toEqual([])
    expect(report.idleWindows).toHaveLength(1)
  })

  it("does not let a pod without data or still warming up hide the job's verdict", () => {
    const report = analyzeGpuHealth([
      gpu("worker-0", around(92, 12)),
      gpu("worker-1", around(92, 2)),
      series("cpu_usage_rate", "worker-2", around(50, 12)),
    ])
    expect(report.state).toBe("healthy")
    expect(report.pods).toEqual([])
    expect(report.perPod.map((p) => p.state)).toEqual(["healthy", "warming-up", "no-data"])
  })

  it("judges starvation per pod on that pod's own CPU and GPU", () => {
    const report = analyzeGpuHealth([
      gpu("worker-0", around(92, 12)),
      series("cpu_usage_rate", "worker-0", around(30, 12)),
      gpu("worker-1", around(20, 12)),
      series("cpu_usage_rate", "worker-1", around(95, 12)),
    ])
    expect(report.state).toBe("starved")
    expect(report.pods).toEqual(["worker-1"])
    expect(report.perPod[0]?.flags.cpuStarvation.starved).toBe(false)
  })

  it("a single pod is the whole job: no pod is singled out", () => {
    const report = analyzeGpuHealth([gpu("only", times(0, 12))])
    expect(report.verdict).toBe("idle since 09:00 +00:00")
    expect(report.pods).toEqual([])
    expect(report.perPod).toHaveLength(1)
    expect(report.perPod[0]?.verdict).toBe(report.verdict)
  })
})

describe("analyzeGpuHealth input handling", () => {
  it("gives the same report for unsorted input with duplicate timestamps", () => {
    const clean = [gpu("p", [...around(90, 8), ...times(0, 4)])]
    const points = clean[0]?.points ?? []
    const messy: MetricSeries[] = [
      { metric: "gpu_usage_rate", pod: "p", points: [...points].reverse() },
      { metric: "gpu_usage_rate", pod: "p", points: points.filter((_, i) => i % 3 === 0) },
    ]
    const report = analyzeGpuHealth(messy)
    expect(report).toEqual(analyzeGpuHealth(clean))
    expect(report.gpu?.count).toBe(12)
    expect(report.verdict).toBe("stalled after 40 min (idle since 09:40 +00:00)")
  })

  it("averages duplicate timestamps rather than keeping one", () => {
    const report = analyzeGpuHealth([
      { metric: "gpu_usage_rate", pod: "p", points: [{ t: T0, v: 0.02 }] },
      { metric: "gpu_usage_rate", pod: "p", points: [{ t: T0, v: 0.08 }] },
    ])
    expect(report.gpu).toMatchObject({ count: 1, avg: 5, last: 5 })
  })

  it("returns plain JSON-serialisable data", () => {
    const report = analyzeGpuHealth([gpu("a", around(92, 12)), gpu("b", times(0, 12))])
    expect(JSON.parse(JSON.stringify(report))).toEqual(report)
    const keys = ["cpu", "evidence", "flags", "gpu", "gpuMemory", "idleWindows", "memory", "perPod", "pods", "state"]
    expect(Object.keys(report).sort()).toEqual([...keys, "verdict"])
    const warned = analyzeGpuHealth([gpu("a", times(2, 25))])
    expect(Object.keys(warned).sort()).toEqual([...keys, "verdict"])
    expect(Object.keys(warned.perPod[0] ?? {}).sort()).toEqual(
      [...keys.filter((k) => k !== "perPod" && k !== "pods"), "pod", "verdict"].sort(),
    )
  })

  it("rejects an unknown time zone with an InvalidInput error", () => {
    const result = analyzeEither([], { timeZone: "Mars/Olympus_Mons" })
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isLeft(result)) {
      expect(result.left).toBeInstanceOf(InspireError)
      expect(result.left).toMatchObject({ reason: "InvalidInput" })
      expect(result.left.fix !== undefined && renderWords(result.left.fix, "library")).toBe("UTC")
      expect(result.left.message).toContain("Mars/Olympus_Mons")
    }
  })
})

describe("formatClock", () => {
  it("formats 24-hour HH:MM with the offset in the given zone", () => {
    expect(Either.getOrThrow(formatClock(T0, "UTC"))).toBe("09:00 +00:00")
    expect(Either.getOrThrow(formatClock(T0 + 9 * 3600 + 5 * 60, "UTC"))).toBe("18:05 +00:00")
    expect(Either.getOrThrow(formatClock(T0 + 15 * 3600, "UTC"))).toBe("00:00 +00:00")
    expect(Either.getOrThrow(formatClock(T0, "Asia/Shanghai"))).toBe("17:00 +08:00")
    expect(Either.getOrThrow(formatClock(T0, "America/New_York"))).toBe("04:00 -05:00")
    expect(Either.getOrThrow(formatClock(T0))).toMatch(/^\d\d:\d\d [+-]\d\d:\d\d$/)
  })
})
