import { stopJob } from "../../api/jobs/kinds.js"
import { Clock, Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { confirmWord, fieldWord, joinText } from "../../words/text.js"
import type { OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { nextStep } from "../common/output.js"
import type { Plan } from "../common/plan.js"
import { stopRequest } from "../stop/plan.js"
import { attemptKey, fillJob } from "./expand.js"
import { jobNoun } from "./file.js"
import type { SweepInput } from "./input.js"
import { type PlatformJob, readSweepJobs } from "./jobs.js"
import {
  clearStopRequest,
  findManifest,
  type ManifestJob,
  readManifest,
  requestStop,
  type SweepManifest,
  stopMark,
  sweepIdOf,
  withSweepLock,
  writeManifest,
} from "./manifest.js"
import type { SweepChangeResult, SweepRunResult } from "./result.js"
import { loadSweep } from "./run.js"
import { sendJobs, unsentOf } from "./send.js"
import { sweepRef } from "./status.js"
import { submitRow } from "./submit.js"

/** The sweep stop and resubmit act on: named (name, id, prefix), or by its file or definition. */
const manifestOf = (
  input: SweepInput,
  context: OperationContext,
): Effect.Effect<SweepManifest | { readonly name: string; readonly id: string }, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (input.sweep !== undefined) return yield* findManifest(input.sweep)
    if (input.file === undefined && input.definition === undefined)
      return yield* Effect.fail(invalidInput(msg("sweep-which"), msg("sweep-which-hint")))
    const sweep = yield* loadSweep(input, context)
    const id = sweepIdOf(sweep.hash)
    return (yield* readManifest(id)) ?? { name: sweep.name, id }
  })

const NOUN = (m: SweepManifest) => jobNoun(m.kind)

/** inspire_sweep stop: stops the sweep's queued and running jobs and holds back the unsent (confirm; dry_run plans). */
export const sweepStop = (
  input: SweepInput,
  context: OperationContext,
): Effect.Effect<SweepChangeResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const found = yield* manifestOf(input, context)
    if (!("jobs" in found)) return nothingRun("stop", found, input.dry_run)
    const m = found
    const type = m.kind
    const liveOf = (seen: ReadonlyMap<string, PlatformJob>, jobs: SweepManifest["jobs"]) =>
      jobs.flatMap((j) => {
        const p = j.jobId !== undefined ? seen.get(j.jobId) : undefined
        return p !== undefined && !p.status.terminal ? [p] : []
      })
    const live = liveOf(yield* readSweepJobs(m), m.jobs)
    // The jobs not sent yet: a stop holds them back (recorded in the manifest) until a run says resume.
    const unsent = m.stoppedAt === undefined ? unsentOf(m) : 0
    const targets = [
      ...live.map((p) => ({
        kind: NOUN(m),
        id: p.id,
        name: p.name,
        change: msg("sweep-change-stop", { family: p.status.family, raw: p.status.raw }),
      })),
      ...(unsent > 0
        ? [{ kind: "sweep", id: m.id, name: m.name, change: msg("sweep-change-hold", { count: unsent }) }]
        : []),
    ]
    const plan: Plan = {
      summary:
        targets.length === 0
          ? msg("sweep-stop-nothing", { name: m.name, stopped: m.stoppedAt !== undefined ? "yes" : "no" })
          : msg("sweep-stop-summary", {
              name: m.name,
              id: m.id,
              what: joinText(
                [
                  ...(live.length > 0 ? [msg("sweep-stop-live", { count: live.length })] : []),
                  ...(unsent > 0 ? [msg("sweep-stop-unsent", { count: unsent })] : []),
                ],
                ", ",
              ),
            }),
      targets,
      requests: live.map((p) => stopRequest(type, p.id)),
    }
    const base = { action: "stop" as const, sweep: sweepRef(m) }
    if (input.dry_run || !input.confirm || targets.length === 0)
      return {
        ...base,
        changed: [],
        ...(input.dry_run || targets.length === 0 ? { plan } : {}),
        message:
          targets.length === 0
            ? plan.summary
            : input.dry_run
              ? msg("sweep-would-stop", { live: live.length, unsent })
              : msg("sweep-stop-needs-confirm", { name: m.name, confirm: confirmWord() }),
        next:
          targets.length > 0 && !input.dry_run
            ? [nextStep("sweep", { action: "stop", sweep: m.id, confirm: true })]
            : [],
      }
    // The stop is recorded first, under the lock a run takes for each create: a run in progress sends
    // nothing after it. Then the jobs are read again, so one created just before is stopped too.
    // A new mark each time: a resubmit sending under an earlier stop notices this one.
    const at = Math.max(yield* Clock.currentTimeMillis, ((yield* stopMark(m)) ?? 0) + 1)
    yield* requestStop(m, at)
    const stopped = yield* withSweepLock(
      m.id,
      Effect.gen(function* () {
        const current = (yield* readManifest(m.id)) ?? m
        const next = { ...current, stoppedAt: at }
        yield* writeManifest(next)
        yield* clearStopRequest(next)
        return next
      }),
    )
    const now = liveOf(yield* readSweepJobs(stopped), stopped.jobs)
    const changed: string[] = []
    for (const p of now) {
      context.progress({
        message: msg("sweep-progress-stopping", { name: p.name }),
        current: changed.length + 1,
        total: now.length,
      })
      const r = yield* stopJob(p.id, type, { raw: p.status.raw, terminal: p.status.terminal })
      if (r.outcome === "stopped") changed.push(p.id)
    }
    const held = unsentOf(stopped)
    return {
      ...base,
      changed,
      held,
      message:
        held > 0
          ? msg("sweep-stopped-held", { count: changed.length, name: m.name, held, resume: fieldWord("resume") })
          : msg("sweep-stopped", { count: changed.length, name: m.name }),
      next: [nextStep("sweep", { action: "status", sweep: m.id })],
    }
  })

const nothingRun = (
  action: "stop" | "resubmit",
  s: { readonly name: string; readonly id: string },
  dryRun: boolean,
): SweepChangeResult => {
  const summary = msg("sweep-never-run", { action, name: s.name, id: s.id })
  return {
    action,
    sweep: { id: s.id, name: s.name, source: "", kind: "train", jobs: 0 },
    changed: [],
    ...(dryRun ? { plan: { summary, targets: [], requests: [] } } : {}),
    message: summary,
    next: [],
  }
}

/**
 * inspire_sweep resubmit: the sweep's failed or stopped jobs (and those whose create the platform refused)
 * submitted again, each with a new derived marker, the old job id kept in the manifest.
 */
export const sweepResubmit = (
  input: SweepInput,
  context: OperationContext,
): Effect.Effect<SweepRunResult | SweepChangeResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (!input.failed)
      return yield* Effect.fail(
        invalidInput(
          msg("sweep-resubmit-which"),
          msg("sweep-resubmit-which-hint", { field: fieldWord("failed", true) }),
        ),
      )
    const found = yield* manifestOf(input, context)
    if (!("jobs" in found)) return nothingRun("resubmit", found, input.dry_run)
    const m = found
    const seen = yield* readSweepJobs(m)
    const again = m.jobs.filter((j) => {
      if (j.state === "failed" || (j.state === "pending" && j.attempt > 0)) return true
      const p = j.jobId !== undefined ? seen.get(j.jobId) : undefined
      return j.state === "created" && (p?.status.family === "failed" || p?.status.family === "stopped")
    })
    const rowJob = (j: ManifestJob) => fillJob(m.kind, m.job, j.params, j.index)
    const locate = () => msg("sweep-locate", { name: m.name, id: m.id })
    if (input.dry_run) {
      const checked = yield* Effect.forEach(again, (j) =>
        submitRow({ kind: m.kind, row: { index: j.index, job: rowJob(j) }, dryRun: true, locate }),
      )
      return {
        action: "resubmit",
        sweep: sweepRef(m),
        changed: [],
        plan: {
          summary:
            again.length === 0
              ? msg("sweep-resubmit-nothing", { name: m.name })
              : msg("sweep-resubmit-summary", { count: again.length, name: m.name, id: m.id }),
          targets: again.map((j) => ({
            kind: NOUN(m),
            id: j.jobId ?? j.name,
            name: j.name,
            change: msg("sweep-change-resubmit"),
          })),
          requests: checked.flatMap((r) => r.plan?.requests ?? []),
        },
        message: msg("sweep-would-resubmit", { count: again.length }),
        next: [],
      }
    }
    const only = new Set(again.map((j) => j.index))
    // Read again under the lock (another resubmit may have run since), and renew only a job still
    // holding the failed job id seen above. The new markers are written before anything is sent.
    const renewed = yield* withSweepLock(
      m.id,
      Effect.gen(function* () {
        const current = (yield* readManifest(m.id)) ?? m
        const seenFailed = new Map(again.map((j) => [j.index, j.jobId]))
        const renewed: SweepManifest = {
          ...current,
          jobs: current.jobs.map((j) => {
            if (!only.has(j.index) || j.state !== "created" || j.jobId !== seenFailed.get(j.index)) return j
            const attempt = j.attempt + 1
            const { jobId: _gone, ...rest } = j
            return {
              ...rest,
              state: "pending" as const,
              attempt,
              key: attemptKey(j.key, attempt),
              previous: [...j.previous, j.jobId ?? ""],
            }
          }),
        }
        yield* writeManifest(renewed)
        return renewed
      }),
    )
    // A resubmit is deliberate: it goes on under an earlier stop, and ends at a stop made while it sends.
    const sent = yield* sendJobs(
      renewed,
      input,
      context,
      (j) =>
        submitRow({
          kind: m.kind,
          row: { index: j.index, job: rowJob(j) },
          dryRun: false,
          submitId: j.key,
          locate,
        }),
      { action: "resubmit", onStopped: "continue", only },
    )
    return { ...sent, sweep: sweepRef(renewed), totalCostPerHour: 0, peakCostPerHour: 0 }
  })
