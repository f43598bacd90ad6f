import { Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import { text } from "../../words/text.js"
import { type ClockFormatter, clockFor } from "./clock.js"
import { aggregatePods, groupByPod, type MetricSeries } from "./series.js"
import { analyzePod, HEALTH_STATE_PRECEDENCE, type HealthState, type PodHealth } from "./verdict.js"

export interface AnalysisOptions {
  /** IANA time zone for the "HH:MM +08:00" clock times in verdicts; the process's by default. */
  readonly timeZone?: string
}

/**
 * The health of a job. `gpu`, `gpuMemory`, `cpu`, `memory`, `idleWindows` and `flags` describe the whole job
 * (each metric averaged across pods at each timestamp); when the verdict is about particular pods, they are
 * named in `pods` and their own figures are in `perPod`.
 */
export interface GpuHealthReport extends Omit<PodHealth, "pod"> {
  /** The pods the verdict singles out; empty when it describes the whole job. */
  readonly pods: ReadonlyArray<string>
  /** Every pod's own analysis, in pod-name order. */
  readonly perPod: ReadonlyArray<PodHealth>
}

// A pod without data or still warming up is not news about the job: it must not hide the whole-job verdict.
const ESCALATES: ReadonlySet<HealthState> = new Set([
  "reclaim-risk",
  "stalled",
  "idle",
  "starved",
  "memory",
  "unstable",
])

const rank = (state: HealthState): number => HEALTH_STATE_PRECEDENCE.indexOf(state)

const withoutPod = ({ pod: _pod, ...rest }: PodHealth): Omit<PodHealth, "pod"> => rest

/**
 * Analyses GPU metrics into a verdict a person understands, with its evidence. Each pod is judged on its
 * own and the job on the mean across pods; a pod whose state outranks the job's (one idle pod among busy
 * ones) becomes the verdict, naming the pod. An unknown time zone is an InvalidInput error.
 */
export const analyzeGpuHealth = (
  series: ReadonlyArray<MetricSeries>,
  options: AnalysisOptions = {},
): Either.Either<GpuHealthReport, InspireError> =>
  Either.map(clockFor(options.timeZone), (clock) => analyzeWith(series, clock))

const analyzeWith = (series: ReadonlyArray<MetricSeries>, clock: ClockFormatter): GpuHealthReport => {
  const pods = groupByPod(series)
  const perPod = pods.map((p) => analyzePod(p.pod, p.samples, clock))
  const whole = analyzePod("all pods", aggregatePods(pods), clock)
  const worse = perPod.filter((p) => ESCALATES.has(p.state) && rank(p.state) < rank(whole.state))
  const top = Math.min(...worse.map((p) => rank(p.state)))
  const named = worse.filter((p) => rank(p.state) === top)
  const lead = named[0]
  if (perPod.length < 2 || lead === undefined) return { ...withoutPod(whole), pods: [], perPod }
  const others = named.slice(1).map((p) => p.pod)
  const verdict =
    others.length > 0
      ? msg("verdict-pod-also", { pod: lead.pod, verdict: lead.verdict, state: lead.state, others: others.join(", ") })
      : msg("verdict-pod", { pod: lead.pod, verdict: lead.verdict })
  return {
    ...withoutPod(whole),
    state: lead.state,
    verdict,
    evidence: [
      ...lead.evidence.map((line) => text`${lead.pod}: ${line}`),
      msg("verdict-ev-whole", { count: perPod.length, verdict: whole.verdict }),
    ],
    pods: named.map((p) => p.pod),
    perPod,
  }
}
