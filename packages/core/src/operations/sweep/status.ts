import { Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import { fieldWord, type Text, text } from "../../words/text.js"
import { type OperationContext, quietContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { nextStep } from "../common/output.js"
import { jobDetailOperation } from "../job-detail/index.js"
import { metricsOperation } from "../metrics/index.js"
import type { SweepInput } from "./input.js"
import { type PlatformJob, readSweepJobs } from "./jobs.js"
import { findManifest, listManifests, type ManifestJob, refusalOf, type SweepManifest } from "./manifest.js"
import type { SweepListResult, SweepStatusResult, SweepStatusRow } from "./result.js"

/** At most this many running jobs get a metrics verdict, and failed ones a diagnosis, per status call. */
const DETAIL_LIMIT = 20

// The verdict of a running job as metrics gives it (HEALTHY, IDLE, STALLED, …).
const verdictOf = (jobId: string) =>
  Effect.map(
    metricsOperation.run(
      metricsOperation.input.parse({ job_id: jobId, mode: "summary", time_range: "30m" }),
      quietContext,
    ),
    (r) => (r.summary !== undefined ? { state: r.summary.state.toUpperCase(), text: r.summary.verdict } : undefined),
  )

// The likeliest cause of a failed or stopped job, in one line, as job_detail diagnoses it.
const diagnosisOf = (jobId: string) =>
  Effect.map(
    jobDetailOperation.run(jobDetailOperation.input.parse({ job_id: jobId, log_lines: 50 }), quietContext),
    (r) => {
      const [first] = r.diagnosis?.findings ?? []
      if (first === undefined) return undefined
      // The cause and the line that shows it, as one sentence (no trailing space when there is no line).
      const evidence = first.evidence.trimEnd()
      return evidence === "" ? first.cause : text`${first.cause} ${evidence}`
    },
  )

const rowOf = (j: ManifestJob, p: PlatformJob | undefined): SweepStatusRow => ({
  index: j.index,
  name: j.name,
  params: j.params,
  state: j.state,
  ...(j.jobId !== undefined ? { jobId: j.jobId } : {}),
  ...(p !== undefined ? { status: { family: p.status.family, raw: p.status.raw } } : {}),
  ...(p?.runningTimeMs !== undefined ? { runtimeMs: p.runningTimeMs } : {}),
  ...(j.error !== undefined ? { error: refusalOf(j) } : {}),
  ...(j.costPerHour !== undefined ? { costPerHour: j.costPerHour } : {}),
  ...(j.attempt > 0 ? { attempt: j.attempt } : {}),
})

/** Every job of a sweep with its platform state; verdicts and diagnoses when asked (bounded). */
const statusOf = (
  m: SweepManifest,
  details: boolean,
  context: OperationContext,
): Effect.Effect<SweepStatusResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const seen = yield* readSweepJobs(m)
    const rows = m.jobs.map((j) => rowOf(j, j.jobId !== undefined ? seen.get(j.jobId) : undefined))
    const notes: Text[] = []
    if (details) {
      const running = rows.filter((r) => r.status?.family === "running" && r.jobId !== undefined)
      const failed = rows.filter(
        (r) => (r.status?.family === "failed" || r.status?.family === "stopped") && r.jobId !== undefined,
      )
      for (const [list, what] of [
        [running, "verdicts"],
        [failed, "diagnoses"],
      ] as const)
        if (list.length > DETAIL_LIMIT)
          notes.push(msg("sweep-details-capped", { what, limit: DETAIL_LIMIT, count: list.length }))
      context.progress({ message: msg("sweep-progress-verdicts", { count: Math.min(running.length, DETAIL_LIMIT) }) })
      const verdicts = yield* Effect.forEach(
        running.slice(0, DETAIL_LIMIT),
        (r) => Effect.either(verdictOf(r.jobId ?? "")),
        { concurrency: 2 },
      )
      const causes = yield* Effect.forEach(
        failed.slice(0, DETAIL_LIMIT),
        (r) => Effect.either(diagnosisOf(r.jobId ?? "")),
        { concurrency: 2 },
      )
      const byIndex = new Map<number, Partial<SweepStatusRow>>()
      running.slice(0, DETAIL_LIMIT).forEach((r, i) => {
        const v = verdicts[i]
        if (v !== undefined && Either.isRight(v) && v.right !== undefined)
          byIndex.set(r.index, { verdict: v.right.state, verdictText: v.right.text })
      })
      failed.slice(0, DETAIL_LIMIT).forEach((r, i) => {
        const c = causes[i]
        if (c !== undefined && Either.isRight(c) && c.right !== undefined) byIndex.set(r.index, { diagnosis: c.right })
      })
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]
        const extra = row !== undefined ? byIndex.get(row.index) : undefined
        if (row !== undefined && extra !== undefined) rows[i] = { ...row, ...extra }
      }
    }
    if (m.stoppedAt !== undefined && rows.some((r) => r.state !== "created"))
      notes.push(msg("sweep-stopped-note", { resume: fieldWord("resume") }))
    const counts: Record<string, number> = {}
    for (const r of rows) {
      const key = r.status?.family ?? r.state
      counts[key] = (counts[key] ?? 0) + 1
    }
    const failedCount = rows.filter((r) => r.status?.family === "failed" || r.status?.family === "stopped").length
    const pending = rows.filter((r) => r.state !== "created").length
    return {
      action: "status",
      sweep: sweepRef(m),
      jobs: rows,
      counts,
      notes,
      next: [
        ...(failedCount > 0 ? [nextStep("sweep", { action: "resubmit", sweep: m.id, failed: true })] : []),
        ...(pending > 0
          ? [
              nextStep("sweep", {
                action: "run",
                file: m.source,
                ...(m.stoppedAt !== undefined ? { resume: true } : {}),
              }),
            ]
          : []),
      ],
    }
  })

/** The sweep block of a result. */
export const sweepRef = (m: SweepManifest) => ({
  id: m.id,
  name: m.name,
  source: m.source,
  kind: m.kind,
  jobs: m.jobs.length,
})

/** inspire_sweep status: one sweep's jobs, or the list of sweeps when none is named. */
export const sweepStatus = (
  input: SweepInput,
  context: OperationContext,
): Effect.Effect<SweepStatusResult | SweepListResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (input.sweep === undefined) {
      const all = yield* listManifests
      return {
        action: "status",
        sweeps: all.map((m) => ({
          ...sweepRef(m),
          created: m.jobs.filter((j) => j.state === "created").length,
          updatedAt: m.updatedAt,
        })),
        next: all[0] !== undefined ? [nextStep("sweep", { action: "status", sweep: all[0].id })] : [],
      }
    }
    return yield* statusOf(yield* findManifest(input.sweep), input.details, context)
  })
