import { msg } from "../../words/message.js"
import { plain, type Text } from "../../words/text.js"
import type { ClockFormatter } from "./clock.js"
import {
  assessCpuStarvation,
  assessInstability,
  assessMemory,
  assessReclaim,
  assessTrend,
  findIdleWindows,
  type HealthFlags,
  type IdleWindow,
} from "./health.js"
import type { MetricSample, PodMetricSamples } from "./series.js"
import { mean, type SeriesStats, summarizeSamples } from "./stats.js"
import {
  BUSY_GPU_AVG_PERCENT,
  HEALTHY_GPU_AVG_PERCENT,
  IDLE_GPU_BELOW_PERCENT,
  MEMORY_HIGH_AVG_ABOVE_PERCENT,
  MEMORY_TIGHT_P90_ABOVE_PERCENT,
  MIN_SAMPLES_FOR_VERDICT,
  RECLAIM_GPU_BELOW_PERCENT,
  RECLAIM_HAZARD_SECONDS,
  STARVED_CPU_ABOVE_PERCENT,
  STARVED_GPU_BELOW_PERCENT,
  UNSTABLE_STD_DEV_ABOVE_POINTS,
} from "./thresholds.js"

/**
 * The verdict states, first match wins. Losing the GPUs outranks everything and is reported even on few
 * samples, because a 3 h low run is evidence enough. Below it, too few samples say nothing else reliably.
 * A GPU doing nothing (stalled, idle) is the costliest waste; a CPU-starved GPU is busy but slowed; full or
 * leaking memory threatens a crash that has not happened yet; swings and low use are the mildest.
 */
export const HEALTH_STATE_PRECEDENCE = [
  "no-data",
  "reclaim-risk",
  "warming-up",
  // A finished job whose samples stopped before a verdict could be made (the operation knows it finished).
  "too-few-samples",
  "stalled",
  "idle",
  "starved",
  "memory",
  "unstable",
  "underused",
  "healthy",
] as const
export type HealthState = (typeof HEALTH_STATE_PRECEDENCE)[number]

/** The health of one pod (or of the whole job); every number is in percentage points or epoch seconds. */
export interface PodHealth {
  readonly pod: string
  readonly state: HealthState
  readonly verdict: Text
  /** The numbers behind the verdict, the deciding one first. */
  readonly evidence: ReadonlyArray<Text>
  readonly gpu: SeriesStats | null
  readonly gpuMemory: SeriesStats | null
  readonly cpu: SeriesStats | null
  readonly memory: SeriesStats | null
  readonly idleWindows: ReadonlyArray<IdleWindow>
  readonly flags: HealthFlags
}

type Topic = "gpu" | "stability" | "trend" | "idle" | "starvation" | "memory" | "reclaim"

interface Context {
  readonly gpuSamples: ReadonlyArray<MetricSample>
  readonly gpu: SeriesStats | null
  readonly idleWindows: ReadonlyArray<IdleWindow>
  readonly flags: HealthFlags
  readonly clock: ClockFormatter
}

const pct = (x: number): string => `${x.toFixed(1)}%`
const signed = (x: number): Text => msg("verdict-points", { value: `${x >= 0 ? "+" : ""}${x.toFixed(1)}` })
const hours = (seconds: number): string => `${(seconds / 3600).toFixed(1)} h`
const minutes = (seconds: number): number => Math.round(seconds / 60)
const duration = (seconds: number): string => (seconds < 7200 ? `${minutes(seconds)} min` : hours(seconds))

const evidenceOf = (ctx: Context): Partial<Record<Topic, Text>> => {
  const { gpu, flags, clock } = ctx
  const lines: Partial<Record<Topic, Text>> = {}
  if (gpu === null) return lines
  lines.gpu = msg("verdict-ev-gpu", {
    avg: pct(gpu.avg),
    p50: pct(gpu.p50),
    p90: pct(gpu.p90),
    max: pct(gpu.max),
    last: pct(gpu.last),
    count: gpu.count,
  })
  lines.stability = msg("verdict-ev-stability", {
    value: gpu.stdDev.toFixed(1),
    limit: UNSTABLE_STD_DEV_ABOVE_POINTS,
  })
  const { trend } = flags
  if (trend.changePoints !== null) {
    lines.trend = msg("verdict-ev-trend", { direction: trend.direction, change: signed(trend.changePoints) })
  }
  const open = ctx.idleWindows.find((w) => w.ongoing)
  const earlier = ctx.idleWindows.filter((w) => !w.ongoing).length
  if (open !== undefined) {
    const args = {
      limit: IDLE_GPU_BELOW_PERCENT,
      since: clock(open.start),
      duration: duration(open.durationSeconds),
      samples: open.samples,
    }
    lines.idle =
      earlier > 0 ? msg("verdict-ev-idle-open-earlier", { ...args, earlier }) : msg("verdict-ev-idle-open", args)
  } else if (earlier > 0) lines.idle = msg("verdict-ev-idle-earlier", { earlier })
  const cpu = flags.cpuStarvation
  if (cpu.fraction !== null) {
    lines.starvation = msg("verdict-ev-starvation", {
      cpu: STARVED_CPU_ABOVE_PERCENT,
      gpu: STARVED_GPU_BELOW_PERCENT,
      share: Math.round(cpu.fraction * 100),
      count: cpu.pairedSamples,
    })
  }
  const mem = flags.memory
  if (mem.avg !== null && mem.p90 !== null) {
    const leak = mem.leak
    const args = {
      avg: pct(mem.avg),
      high: MEMORY_HIGH_AVG_ABOVE_PERCENT,
      p90: pct(mem.p90),
      tight: MEMORY_TIGHT_P90_ABOVE_PERCENT,
    }
    lines.memory = leak
      ? msg("verdict-ev-memory-leak", {
          ...args,
          rise: signed(leak.risePoints),
          count: leak.samples,
          since: clock(leak.start),
        })
      : msg("verdict-ev-memory", args)
  }
  const reclaim = flags.reclaim
  if (reclaim.lowSince !== null) {
    lines.reclaim = msg("verdict-ev-reclaim", {
      limit: RECLAIM_GPU_BELOW_PERCENT,
      since: clock(reclaim.lowSince),
      low: hours(reclaim.lowSeconds),
      at: hours(RECLAIM_HAZARD_SECONDS),
    })
  }
  return lines
}

interface Decision {
  readonly state: HealthState
  readonly verdict: Text
  readonly lead: Topic
}

const memoryVerdict = (flags: HealthFlags): Text => {
  const { p90, leak } = flags.memory
  const full = flags.memory.tight && p90 !== null ? msg("verdict-memory-full", { p90: pct(p90) }) : undefined
  const leaking = leak ? msg("verdict-memory-leak", { rise: signed(leak.risePoints), count: leak.samples }) : undefined
  if (full !== undefined && leaking !== undefined) return msg("verdict-memory-both", { full, leak: leaking })
  return full ?? leaking ?? plain("")
}

// Follows HEALTH_STATE_PRECEDENCE; no-data is settled by the caller.
const decide = (ctx: Context, gpu: SeriesStats): Decision => {
  const { flags, clock } = ctx
  if (flags.reclaim.level === "hazard") {
    return {
      state: "reclaim-risk",
      verdict: msg("verdict-reclaim-risk", { idle: hours(flags.reclaim.lowSeconds) }),
      lead: "reclaim",
    }
  }
  if (gpu.count < MIN_SAMPLES_FOR_VERDICT) {
    return {
      state: "warming-up",
      verdict: msg("verdict-warming-up", { count: gpu.count, needed: MIN_SAMPLES_FOR_VERDICT }),
      lead: "gpu",
    }
  }
  const open = ctx.idleWindows.find((w) => w.ongoing)
  const first = ctx.gpuSamples[0]
  if (open && first) {
    const before = ctx.gpuSamples.filter((s) => s.t < open.start).map((s) => s.pct)
    if (before.length > 0 && mean(before) >= BUSY_GPU_AVG_PERCENT) {
      const after = minutes(open.start - first.t)
      const verdict = msg("verdict-stalled", { minutes: after, since: clock(open.start) })
      return { state: "stalled", verdict, lead: "idle" }
    }
    return { state: "idle", verdict: msg("verdict-idle", { since: clock(open.start) }), lead: "idle" }
  }
  const cpu = flags.cpuStarvation
  if (cpu.starved && cpu.fraction !== null) {
    return {
      state: "starved",
      verdict: msg("verdict-starved", { share: Math.round(cpu.fraction * 100) }),
      lead: "starvation",
    }
  }
  if (flags.memory.tight || flags.memory.possibleLeak)
    return { state: "memory", verdict: memoryVerdict(flags), lead: "memory" }
  if (flags.instability.unstable) {
    return {
      state: "unstable",
      verdict: msg("verdict-unstable", { value: gpu.stdDev.toFixed(1) }),
      lead: "stability",
    }
  }
  if (gpu.avg < HEALTHY_GPU_AVG_PERCENT)
    return { state: "underused", verdict: msg("verdict-underused", { avg: pct(gpu.avg) }), lead: "gpu" }
  return { state: "healthy", verdict: msg("verdict-healthy", { avg: pct(gpu.avg) }), lead: "gpu" }
}

const TOPIC_ORDER: ReadonlyArray<Topic> = ["gpu", "stability", "trend", "idle", "starvation", "memory", "reclaim"]

/** Analyses one pod's cleaned samples (or the whole job's, averaged) into a state, a verdict and its evidence. */
export const analyzePod = (pod: string, samples: PodMetricSamples, clock: ClockFormatter): PodHealth => {
  const gpuSamples = samples.gpu_usage_rate
  const gpu = summarizeSamples(gpuSamples)
  const gpuMemory = summarizeSamples(samples.gpu_memory_usage_rate)
  const idleWindows = findIdleWindows(gpuSamples)
  const flags: HealthFlags = {
    instability: assessInstability(gpuSamples),
    trend: assessTrend(gpuSamples),
    memory: assessMemory(samples.gpu_memory_usage_rate, gpuMemory),
    cpuStarvation: assessCpuStarvation(gpuSamples, samples.cpu_usage_rate),
    reclaim: assessReclaim(gpuSamples),
  }
  const base = {
    pod,
    gpu,
    gpuMemory,
    cpu: summarizeSamples(samples.cpu_usage_rate),
    memory: summarizeSamples(samples.memory_usage_rate),
    idleWindows,
    flags,
  }
  if (gpu === null)
    return { ...base, state: "no-data", verdict: msg("verdict-no-data"), evidence: [msg("verdict-ev-no-data")] }
  const ctx: Context = { gpuSamples, gpu, idleWindows, flags, clock }
  const decision = decide(ctx, gpu)
  const lines = evidenceOf(ctx)
  const order = [decision.lead, ...TOPIC_ORDER.filter((t) => t !== decision.lead)]
  const evidence = order.map((t) => lines[t]).filter((l): l is Text => l !== undefined)
  const { level, secondsUntilReclaim } = flags.reclaim
  if (level !== "warning" || secondsUntilReclaim === null)
    return { ...base, state: decision.state, verdict: decision.verdict, evidence }
  const verdict = msg("verdict-reclaim-warning", {
    verdict: decision.verdict,
    minutes: minutes(secondsUntilReclaim),
    limit: RECLAIM_GPU_BELOW_PERCENT,
  })
  return { ...base, state: decision.state, verdict, evidence }
}
