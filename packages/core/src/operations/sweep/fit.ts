import { Effect, Either } from "../../effect.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { rankPlaces } from "../common/fit.js"
import { readNodes } from "../common/nodes-read.js"
import type { SubmitResult } from "../common/submission/shared.js"

// The placement finder's verdict for each distinct placement of a sweep's preview: one node read per
// workspace, whatever the number of jobs. A preview that cannot read the nodes says so and goes on.

/** Where a group of the sweep's jobs would go, and whether it starts now. */
export interface SweepFit {
  readonly computeGroup: string
  readonly spec: string
  readonly instances: number
  /** How many of the sweep's jobs share this placement. */
  readonly jobs: number
  /** now, preempt, queue or never, as the availability ranking says; "unknown" when the nodes were not read. */
  readonly verdict: string
  readonly reason: Text
  /** The sweep's whole ask here: max_running of these jobs (all of them when unlimited) at once. */
  readonly together?: SweepTogether
}

/** Whether a sweep's jobs in one placement can run at once: how many start now, and what the rest do. */
export interface SweepTogether {
  /** Jobs asked at once: max_running, or every job of the placement when unlimited. */
  readonly jobs: number
  /** How many of them the group has room for now. */
  readonly now: number
  /** now, preempt, queue or never for all of them at once (never: the group cannot hold them all at once). */
  readonly verdict: string
  /** In a few words: "all 12 fit now", "6 of 12 fit now; the rest queue". */
  readonly summary: Text
}

// What the rest of the jobs do when the group has no room for all of them now.
const restOf = (verdict: string) => (verdict === "preempt" ? msg("sweep-rest-preempt") : msg("sweep-rest-queue"))

/** The sentence of a whole ask: every job fits now, or how many do and what the rest do. */
const togetherSummary = (t: Pick<SweepTogether, "jobs" | "now" | "verdict">): Text =>
  t.now >= t.jobs
    ? msg("sweep-fits-all", { jobs: t.jobs })
    : msg("sweep-fits-some", { now: t.now, jobs: t.jobs, rest: restOf(t.verdict) })

type Placement = Pick<SubmitResult, "workspace" | "computeGroup" | "spec" | "instanceCount" | "priority" | "kind">

/**
 * The fit verdict of each distinct placement among the checked jobs: one job's, and the sweep's whole
 * ask (max_running of them at once, or all when unlimited), both from the same node read.
 */
export const fitsOf = (
  placed: ReadonlyArray<Placement>,
  maxRunning: number | undefined,
): Effect.Effect<ReadonlyArray<SweepFit>, never, ClientServices> =>
  Effect.gen(function* () {
    const groups = new Map<string, { readonly p: Placement; jobs: number }>()
    for (const p of placed) {
      const key = `${p.workspace.id}|${p.computeGroup.id}|${p.spec.id}|${p.instanceCount}|${p.priority}`
      const seen = groups.get(key)
      if (seen !== undefined) seen.jobs++
      else groups.set(key, { p, jobs: 1 })
    }
    const out: SweepFit[] = []
    const byWorkspace = new Map<string, ReadonlyArray<{ readonly p: Placement; readonly jobs: number }>>()
    for (const g of groups.values())
      byWorkspace.set(g.p.workspace.id, [...(byWorkspace.get(g.p.workspace.id) ?? []), g])
    for (const [workspace, list] of byWorkspace) {
      const read = yield* Effect.either(readNodes({ workspace, queue: true }))
      for (const { p, jobs } of list) {
        const base = { computeGroup: p.computeGroup.name, spec: p.spec.name, instances: p.instanceCount, jobs }
        if (Either.isLeft(read)) {
          out.push({ ...base, verdict: "unknown", reason: msg("sweep-nodes-unread", { reason: read.left.text }) })
          continue
        }
        const rank = (instances: number) =>
          rankPlaces(read.right.places, {
            spec: p.spec.id,
            instances,
            priority: p.priority,
            scheduleType: p.kind === "hpc" ? "HPC" : p.kind === "ray" ? "RAY_JOB" : "TRAIN",
          }).find((r) => r.computeGroup.id === p.computeGroup.id)
        const ranked = rank(p.instanceCount)
        if (ranked === undefined) {
          out.push({ ...base, verdict: "unknown", reason: msg("sweep-nodes-unlisted") })
          continue
        }
        // The whole ask: so many jobs' instances at once in the group, each job whole or not at all.
        const asked = Math.min(jobs, maxRunning ?? jobs)
        const all = rank(asked * p.instanceCount) ?? ranked
        // More than the group can ever hold at once is "never" with no room said: the room is one job's.
        const room = all.verdict === "never" ? ranked.instancesNow : all.instancesNow
        const now = Math.min(asked, Math.floor(room / Math.max(1, p.instanceCount)))
        const together = { jobs: asked, now, verdict: all.verdict }
        out.push({
          ...base,
          verdict: ranked.verdict,
          reason: ranked.reason,
          together: { ...together, summary: togetherSummary(together) },
        })
      }
    }
    return out
  })
