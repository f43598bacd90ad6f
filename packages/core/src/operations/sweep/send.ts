import { stopJob } from "../../api/jobs/kinds.js"
import { formatInstant } from "../../domain/time.js"
import { Clock, Effect } from "../../effect.js"
import { amendError, type InspireError, invalidInput } from "../../errors.js"
import { textData } from "../../words/kept.js"
import { msg } from "../../words/message.js"
import { callWord, type Text, text } from "../../words/text.js"
import type { OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { sleepReporting } from "../common/heartbeat.js"
import { nextStep } from "../common/output.js"
import { findTwins, settleSending } from "./existing.js"
import type { SweepInput } from "./input.js"
import { isActive, readSweepJobs } from "./jobs.js"
import {
  clearStopRequest,
  type ManifestJob,
  readManifest,
  refusalOf,
  type SweepManifest,
  stopMark,
  withSweepLock,
  writeManifest,
} from "./manifest.js"
import type { SweepRunResult } from "./result.js"
import type { submitRow } from "./submit.js"

// How a sweep's creates are sent. Each create is one turn under the sweep's lock: the manifest read
// afresh, the intent written, the create sent, its job id written. Between two turns the lock is free,
// so `stop` can record itself, and a run notices the stop before its next create; two runs of one sweep
// take turns and never send a job twice (each decides from the manifest as it is under the lock).

/** The call that runs a stopped sweep on purpose: run with resume. */
export const resumeWord = (file: string | undefined): Text =>
  callWord("sweep", { action: "run", ...(file !== undefined ? { file } : {}), resume: true })

/** How many of a sweep's jobs are not created (yet): what a stop holds back. */
export const unsentOf = (m: SweepManifest): number => m.jobs.filter((j) => j.state !== "created").length

/** A run of a stopped sweep, refused: stop holds its unsent jobs back until a run says resume. */
export const stoppedError = (m: SweepManifest, file: string | undefined, stoppedAt: number): InspireError => {
  return invalidInput(
    msg("sweep-stopped-refused", { name: m.name, id: m.id, at: formatInstant(stoppedAt), count: unsentOf(m) }),
    msg("sweep-stopped-refused-hint", {
      resume: resumeWord(file),
      status: callWord("sweep", { action: "status", sweep: m.id }),
    }),
  )
}

/** What a send does about a stop recorded before it: refuse (run), clear it (run with resume), or go on (resubmit). */
export type OnStopped = "refuse" | "resume" | "continue"

/** How far a sweep's jobs are, by their manifest states. */
export const counts = (rows: ReadonlyArray<{ readonly state: string }>, submitted: number, adopted: number) => ({
  submitted,
  adopted,
  created: rows.filter((r) => r.state === "created").length,
  pending: rows.filter((r) => r.state === "pending" || r.state === "sending").length,
  failed: rows.filter((r) => r.state === "failed").length,
})

/** What sendJobs returns, before the run adds the sweep's summary. */
export type Sent = Omit<SweepRunResult, "sweep" | "totalCostPerHour" | "peakCostPerHour" | "maxRunning">

const held = (m: SweepManifest) => m.jobs.filter((j) => j.state === "created" || j.state === "sending").length

/** The manifest as it is now (under the lock), its "sending" jobs settled by their markers. */
const fresh = (start: SweepManifest) =>
  Effect.gen(function* () {
    const current = (yield* readManifest(start.id)) ?? start
    if (!current.jobs.some((j) => j.state === "sending")) return { m: current, adopted: 0 }
    const settled = yield* settleSending(current)
    const adopted = settled.filter((j, i) => j.state === "created" && current.jobs[i]?.state === "sending").length
    return { m: { ...current, jobs: [...settled] }, adopted }
  })

/**
 * Sends the sweep's missing creates, in order: the intent written before each create, the job id after;
 * a job a lost answer hid is found by its marker first (settleSending). A stop recorded after the send
 * began (the manifest's stoppedAt changed) ends it before the next create. With max_running, a job waits
 * until fewer of the sweep's jobs are queued or running, re-reading their states every poll_seconds, for
 * up to wait_seconds; then the call returns and a re-run goes on.
 */
export const sendJobs = (
  start: SweepManifest,
  input: Pick<SweepInput, "continue_on_error" | "wait_seconds" | "poll_seconds" | "file">,
  context: OperationContext,
  send: (job: ManifestJob) => ReturnType<typeof submitRow>,
  options: {
    readonly action: "run" | "resubmit"
    readonly onStopped: OnStopped
    readonly only?: ReadonlySet<number>
    /** Rows found on the platform before the run (index → job id): recorded as created, never sent. */
    readonly adopt?: ReadonlyMap<number, string>
  },
): Effect.Effect<Sent, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const { action, only } = options
    const mine = (j: ManifestJob) => only === undefined || only.has(j.index)
    const save = (m: SweepManifest, jobs: ReadonlyArray<ManifestJob>) =>
      Effect.gen(function* () {
        const next = { ...m, jobs: [...jobs], updatedAt: yield* Clock.currentTimeMillis }
        yield* writeManifest(next)
        return next
      })
    const put = (m: SweepManifest, index: number, patch: Partial<ManifestJob>) =>
      save(
        m,
        m.jobs.map((j) => (j.index === index ? { ...j, ...patch } : j)),
      )
    // The stop this send began under; a different one, asked or recorded while it sends, ends it.
    let seenStop: number | undefined
    // A job the platform refused before exists nowhere: a new run tries it again.
    let adopted = 0
    let m = yield* withSweepLock(
      start.id,
      Effect.gen(function* () {
        const now = yield* fresh(start)
        const stoppedAt = yield* stopMark(now.m)
        if (stoppedAt !== undefined && options.onStopped === "refuse" && unsentOf(now.m) > 0)
          return yield* Effect.fail(stoppedError(now.m, input.file, stoppedAt))
        adopted += now.adopted
        const { stoppedAt: _cleared, ...rest } = now.m
        if (options.onStopped === "resume") yield* clearStopRequest(now.m)
        const base = {
          ...(options.onStopped === "resume" ? rest : now.m),
          ...(start.maxRunning !== undefined ? { maxRunning: start.maxRunning } : {}),
        }
        seenStop = options.onStopped === "resume" ? undefined : stoppedAt
        return yield* save(
          base,
          base.jobs.map((j) => {
            const found = j.state === "created" ? undefined : options.adopt?.get(j.index)
            if (found !== undefined) {
              adopted++
              return { ...j, state: "created" as const, jobId: found, error: undefined }
            }
            return j.state === "failed" && mine(j) ? { ...j, state: "pending" as const } : j
          }),
        )
      }),
    )
    const deadline = (yield* Clock.currentTimeMillis) + input.wait_seconds * 1000
    const warnings: Text[] = []
    const tried = new Set<number>()
    const sentNow = new Set<number>()
    const total = m.jobs.filter((j) => j.state === "pending" && mine(j)).length
    let submitted = 0
    let waitedOut = false
    let stopped = false
    for (;;) {
      const next = m.jobs.find((j) => j.state === "pending" && mine(j) && !tried.has(j.index))
      if (next === undefined) break
      let room = held(m)
      if (m.maxRunning !== undefined) {
        const free = yield* waitForRoom(m, m.maxRunning, deadline, input.poll_seconds, context)
        if (!free) {
          waitedOut = true
          break
        }
        room = held(m)
      }
      const turn = yield* withSweepLock(
        m.id,
        Effect.gen(function* () {
          const now = yield* fresh(m)
          adopted += now.adopted
          const current = now.m
          if ((yield* stopMark(current)) !== seenStop) return { m: current, outcome: "stopped" as const }
          const job = current.jobs.find((j) => j.index === next.index)
          // Another run sent it, or took the room max_running left, since this one looked: look again.
          if (job?.state !== "pending" || (current.maxRunning !== undefined && held(current) > room))
            return { m: current, outcome: "again" as const }
          tried.add(job.index)
          context.progress({
            message: msg("sweep-progress-submitting", { name: job.name }),
            current: submitted + 1,
            total,
          })
          const sending = yield* put(current, job.index, { state: "sending" })
          const r = yield* Effect.either(send(job))
          if (r._tag === "Right") {
            submitted++
            sentNow.add(job.index)
            const created = yield* put(sending, job.index, {
              state: "created",
              jobId: r.right.jobId ?? "",
              error: undefined,
            })
            return { m: created, outcome: "sent" as const }
          }
          const e = r.left
          // Not sent, or refused: nothing exists; unknown: the marker settles it on the next run.
          if (e.created === "unknown") return yield* Effect.fail(progressError(e, sending, job))
          // The manifest keeps the refusal in English and as data, to be worded for whoever reads it.
          const refused = yield* put(sending, job.index, {
            state: "failed",
            error: e.message,
            errorText: textData(e.text),
          })
          if (!input.continue_on_error) return yield* Effect.fail(progressError(e, refused, job))
          warnings.push(msg("sweep-not-created", { name: job.name, message: e.text }))
          return { m: refused, outcome: "refused" as const }
        }),
      )
      m = turn.m
      if (turn.outcome === "stopped") {
        stopped = true
        break
      }
    }
    m = yield* keepOneOfTwins(m, sentNow, warnings)
    const left = m.jobs.filter((j) => j.state === "pending").length
    if (stopped)
      warnings.push(msg("sweep-stopped-while-sending", { action, count: left, call: resumeWord(input.file) }))
    else if (waitedOut) warnings.push(msg("sweep-waited-out", { count: left, max: m.maxRunning ?? 0 }))
    return {
      action,
      dryRun: false,
      jobs: m.jobs.map((j) => ({
        index: j.index,
        name: j.name,
        params: j.params,
        state: j.state,
        ...(j.jobId !== undefined ? { jobId: j.jobId } : {}),
        ...(j.error !== undefined ? { error: refusalOf(j) } : {}),
        ...(j.costPerHour !== undefined ? { costPerHour: j.costPerHour } : {}),
      })),
      counts: counts(m.jobs, submitted, adopted),
      warnings,
      next: [
        nextStep("sweep", { action: "status", sweep: m.id }),
        ...(left > 0 && !stopped
          ? [nextStep("sweep", { action: "run", ...(input.file !== undefined ? { file: input.file } : {}) })]
          : []),
      ],
    }
  })

/**
 * After a run's creates: a job another store's run of the sweep made at the same moment too (findTwins)
 * is stopped when it is this run's and newer, and the row adopts the one kept. A look-up that fails
 * leaves a warning, not a failed run: the jobs are created.
 */
const keepOneOfTwins = (m: SweepManifest, sent: ReadonlySet<number>, warnings: Text[]) =>
  Effect.gen(function* () {
    const made = m.jobs.flatMap((j) =>
      sent.has(j.index) && j.state === "created" && j.jobId !== undefined && j.jobId !== ""
        ? [{ index: j.index, name: j.name, key: j.key, jobId: j.jobId }]
        : [],
    )
    const found = yield* Effect.either(findTwins(m.kind, m.workspaceId, made))
    if (found._tag === "Left") {
      warnings.push(msg("sweep-twins-unchecked", { reason: found.left.text }))
      return m
    }
    let current = m
    for (const twin of found.right) {
      const stop = yield* Effect.either(stopJob(twin.mine, m.kind))
      warnings.push(
        stop._tag === "Right"
          ? msg("sweep-twin-stopped", { name: twin.name, mine: twin.mine, keep: twin.keep })
          : msg("sweep-twin-not-stopped", {
              name: twin.name,
              mine: twin.mine,
              keep: twin.keep,
              reason: stop.left.text,
            }),
      )
      current = yield* withSweepLock(
        m.id,
        Effect.gen(function* () {
          const now = (yield* readManifest(m.id)) ?? current
          const next = {
            ...now,
            jobs: now.jobs.map((j) => (j.index === twin.index ? { ...j, jobId: twin.keep } : j)),
            updatedAt: yield* Clock.currentTimeMillis,
          }
          yield* writeManifest(next)
          return next
        }),
      )
    }
    return current
  })

// A failure in the middle of a sweep says how far it got, and that running it again goes on from there.
const progressError = (e: InspireError, m: SweepManifest, job: ManifestJob): InspireError => {
  const created = m.jobs.filter((j) => j.state === "created").length
  return amendError(e, {
    message: msg("sweep-progress-error", {
      name: m.name,
      index: job.index,
      job: job.name,
      message: e.text,
      created,
      total: m.jobs.length,
    }),
    hint: text`${e.hint} ${msg("sweep-progress-error-hint", { unknown: e.created === "unknown" ? "yes" : "no" })}`,
  })
}

/** Waits until fewer than `max` of the sweep's jobs are active; false when the deadline comes first. */
const waitForRoom = (
  m: SweepManifest,
  max: number,
  deadline: number,
  pollSeconds: number,
  context: OperationContext,
): Effect.Effect<boolean, InspireError, ClientServices> =>
  Effect.gen(function* () {
    let known = held(m)
    if (known < max) return true
    for (;;) {
      const seen = yield* readSweepJobs(m)
      known = m.jobs.filter((j) => isActive(j, seen)).length
      if (known < max) return true
      const now = yield* Clock.currentTimeMillis
      if (now >= deadline) return false
      const waiting = { message: msg("sweep-progress-waiting", { count: known, max }) }
      context.progress(waiting)
      yield* sleepReporting(Math.min(pollSeconds * 1000, deadline - now), context, () => waiting)
    }
  })
