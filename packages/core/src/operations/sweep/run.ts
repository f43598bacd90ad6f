import { Clock, Effect } from "../../effect.js"
import { amendError, type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { fieldWord, type Text } from "../../words/text.js"
import type { OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { nextStep } from "../common/output.js"
import type { PlannedRequest } from "../common/plan.js"
import type { SubmitResult } from "../common/submission/shared.js"
import { type Existing, findExisting, NOTHING_EXISTS } from "./existing.js"
import { expandSweep, type SweepRow } from "./expand.js"
import { inlineSweep, jobNoun, readSweepFile, type SweepFile } from "./file.js"
import { fitsOf } from "./fit.js"
import type { SweepInput } from "./input.js"
import { type ManifestJob, readManifest, type SweepManifest, scopeOf, stopMark, sweepIdOf } from "./manifest.js"
import type { SweepRunResult, SweepRunRow } from "./result.js"
import { counts, resumeWord, sendJobs, stoppedError, unsentOf } from "./send.js"
import { costOf, submitRow } from "./submit.js"

/** The sweep a run names: its file, or its definition given inline. */
export const loadSweep = (input: SweepInput, context: OperationContext): Effect.Effect<SweepFile, InspireError> => {
  if (input.file !== undefined && input.definition !== undefined)
    return Effect.fail(invalidInput(msg("sweep-file-and-definition"), msg("sweep-file-and-definition-hint")))
  if (input.file !== undefined) return readSweepFile(input.file, context.workingDir)
  if (input.definition !== undefined) return inlineSweep(input.definition)
  return Effect.fail(invalidInput(msg("sweep-run-needs-sweep"), msg("sweep-run-needs-sweep-hint")))
}

/** The highest cost per hour the sweep can reach: all its jobs at once, or its costliest `maxRunning`. */
const peakOf = (costs: ReadonlyArray<number>, maxRunning: number | undefined): number =>
  round(
    [...costs]
      .sort((a, b) => b - a)
      .slice(0, maxRunning ?? costs.length)
      .reduce((a, b) => a + b, 0),
  )

const round = (n: number) => Math.round(n * 100) / 100

interface Checked {
  readonly rows: ReadonlyArray<SweepRunRow>
  readonly placed: ReadonlyArray<SubmitResult>
  readonly requests: ReadonlyArray<PlannedRequest>
  readonly warnings: ReadonlyArray<Text>
  readonly workspaceId: string
}

/** Every job checked by its submit's dry run (reads only, discovery kept): nothing is created if one is wrong. */
const checkRows = (
  sweep: SweepFile,
  rows: ReadonlyArray<SweepRow>,
  context: OperationContext,
): Effect.Effect<Checked, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const out: SweepRunRow[] = []
    const placed: SubmitResult[] = []
    const requests: PlannedRequest[] = []
    // The rows' warnings once each: the same words (the same parts) are the same warning.
    const warnings = new Map<string, Text>()
    let workspaceId = ""
    for (const row of rows) {
      context.progress({
        message: msg("sweep-progress-checking", { name: row.name }),
        current: row.index,
        total: rows.length,
      })
      const r = yield* Effect.mapError(submitRow({ kind: sweep.kind, row, dryRun: true, locate: sweep.locate }), (e) =>
        amendError(e, { message: msg("sweep-row-error", { index: row.index, name: row.name, message: e.text }) }),
      )
      workspaceId ||= r.workspace.id
      placed.push(r)
      for (const w of r.warnings) warnings.set(JSON.stringify(w.parts), w)
      requests.push(...(r.plan?.requests ?? []))
      out.push({
        index: row.index,
        name: r.name,
        params: row.params,
        command: r.command,
        spec: r.spec.name,
        computeGroup: r.computeGroup.name,
        instances: r.instanceCount,
        ...((cost) => (cost !== undefined ? { costPerHour: cost } : {}))(costOf(r)),
        state: "pending",
      })
    }
    return { rows: out, placed, requests, warnings: [...warnings.values()], workspaceId }
  })

/** The result's sweep block and totals, from the checked rows. */
const summaryOf = (
  sweep: SweepFile,
  id: string,
  rows: ReadonlyArray<SweepRunRow>,
  maxRunning: number | undefined,
  jobs: number,
) => {
  const costs = rows.flatMap((r) => (r.costPerHour !== undefined ? [r.costPerHour] : []))
  return {
    sweep: { id, name: sweep.name, source: sweep.source, kind: sweep.kind, jobs },
    totalCostPerHour: round(costs.reduce((a, b) => a + b, 0)),
    peakCostPerHour: peakOf(costs, maxRunning),
    ...(maxRunning !== undefined ? { maxRunning } : {}),
    ...(sweep.recover !== undefined ? { recover: sweep.recover } : {}),
  }
}

/** inspire_sweep run: the preview on a dry run, else every job of the sweep not yet on the platform. */
export const sweepRun = (
  input: SweepInput,
  context: OperationContext,
): Effect.Effect<SweepRunResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const sweep = yield* loadSweep(input, context)
    const rows = yield* expandSweep(sweep)
    const id = sweepIdOf(sweep.hash)
    const maxRunning = input.max_running ?? sweep.limits.max_running
    const known = yield* readManifest(id)
    // A stopped sweep sends nothing until a run says resume (checked again under the lock before sending).
    const stoppedAt = known !== undefined ? yield* stopMark(known) : undefined
    if (stoppedAt !== undefined && !input.resume && !input.dry_run && known !== undefined && unsentOf(known) > 0)
      return yield* Effect.fail(stoppedError(known, input.file, stoppedAt))
    // Jobs already created are not checked again; a re-run checks only what it may still send, and looks
    // those up on the platform first (an earlier run of an edited file, another store or address made them).
    const done = new Set((known?.jobs ?? []).filter((j) => j.state === "created").map((j) => j.key))
    const open = rows.filter((r) => !done.has(r.key))
    const checked = yield* checkRows(sweep, open, context)
    const existing = open.length > 0 ? yield* findExisting(sweep.kind, checked.workspaceId, open) : NOTHING_EXISTS
    if (existing.changed.length > 0 && !input.replace) return yield* Effect.fail(changedError(sweep, existing))
    const found = existingWarnings(existing, input.replace)
    const summary = summaryOf(sweep, id, checked.rows, maxRunning, rows.length)
    const limit = sweep.limits.max_cost_per_hour
    if (limit !== undefined && summary.peakCostPerHour > limit)
      return yield* Effect.fail(
        invalidInput(
          msg("sweep-too-costly", {
            at: sweep.locate(["limits", "max_cost_per_hour"]),
            cost: summary.peakCostPerHour,
            limit,
          }),
          msg("sweep-too-costly-hint", { field: fieldWord("max_running") }),
        ),
      )
    if (input.dry_run) {
      const shown = checked.rows.map((r) => {
        const jobId = existing.adopted.get(r.index)
        return jobId !== undefined ? { ...r, state: "created" as const, jobId } : r
      })
      const fresh = shown.filter((r) => r.state === "pending")
      return {
        action: "run",
        dryRun: true,
        ...summary,
        fits: yield* fitsOf(
          checked.placed.filter((_p, i) => shown[i]?.state === "pending"),
          maxRunning,
        ),
        jobs: shown,
        counts: counts(shown, 0, 0),
        plan: {
          summary: msg("sweep-run-summary", {
            count: fresh.length,
            name: sweep.name,
            id,
            done: done.size + existing.adopted.size,
          }),
          targets: fresh.map((r) => ({
            kind: jobNoun(sweep.kind),
            id: r.name,
            name: r.name,
            change:
              r.costPerHour !== undefined
                ? msg("sweep-change-create-cost", {
                    instances: r.instances ?? 1,
                    spec: r.spec ?? "",
                    group: r.computeGroup ?? "",
                    cost: r.costPerHour,
                  })
                : msg("sweep-change-create", {
                    instances: r.instances ?? 1,
                    spec: r.spec ?? "",
                    group: r.computeGroup ?? "",
                  }),
          })),
          requests: checked.requests,
        },
        warnings: [
          ...checked.warnings,
          ...found,
          ...(stoppedAt !== undefined && !input.resume && known !== undefined && unsentOf(known) > 0
            ? [msg("sweep-stopped-run-warning", { call: resumeWord(input.file), resume: fieldWord("resume") })]
            : []),
        ],
        next: [
          nextStep("sweep", {
            action: "run",
            ...(input.file !== undefined ? { file: input.file } : {}),
            ...(stoppedAt !== undefined ? { resume: true } : {}),
          }),
        ],
      }
    }
    const costs = new Map(checked.rows.map((c) => [c.index, c.costPerHour]))
    const scope = yield* scopeOf
    const now = yield* Clock.currentTimeMillis
    const manifest: SweepManifest = known ?? {
      version: 1,
      id,
      hash: sweep.hash,
      name: sweep.name,
      kind: sweep.kind,
      source: sweep.source,
      scope,
      workspaceId: checked.workspaceId,
      createdAt: now,
      updatedAt: now,
      job: sweep.job,
      jobs: rows.map((r) => ({
        index: r.index,
        name: r.name,
        params: r.params,
        key: r.key,
        state: "pending",
        attempt: 0,
        previous: [],
        ...((cost) => (cost !== undefined ? { costPerHour: cost } : {}))(costs.get(r.index)),
      })),
    }
    // sendJobs reads the manifest again under the sweep's lock before each create.
    const sent = yield* sendJobs(
      { ...manifest, ...(maxRunning !== undefined ? { maxRunning } : {}) },
      input,
      context,
      (job) =>
        submitRow({
          kind: sweep.kind,
          row: { index: job.index, job: rowJob(rows, job) },
          dryRun: false,
          submitId: job.key,
          locate: sweep.locate,
        }),
      { action: "run", onStopped: input.resume ? "resume" : "refuse", adopt: existing.adopted },
    )
    return { ...sent, ...summary, warnings: [...checked.warnings, ...found, ...sent.warnings] }
  })

/** A run refused before anything is sent: some of its names are taken on the platform by other jobs. */
const changedError = (sweep: SweepFile, existing: Existing) =>
  invalidInput(
    msg("sweep-changed-names", {
      name: sweep.name,
      count: existing.changed.length,
      jobs: existing.changed
        .slice(0, 5)
        .map((c) => c.row.name)
        .join(", "),
    }),
    msg("sweep-changed-names-hint", { field: fieldWord("replace") }),
  )

/** What a run says of what the platform already had: replaced names, and a listing cut short. */
const existingWarnings = (existing: Existing, replace: boolean): ReadonlyArray<Text> => [
  ...(replace && existing.changed.length > 0
    ? [
        msg("sweep-replacing", {
          count: existing.changed.length,
          jobs: existing.changed
            .slice(0, 5)
            .map((c) => c.row.name)
            .join(", "),
        }),
      ]
    : []),
  ...(existing.truncated ? [msg("sweep-lookup-truncated")] : []),
]

const rowJob = (rows: ReadonlyArray<SweepRow>, job: ManifestJob) => rows.find((r) => r.index === job.index)?.job ?? {}
