import { deleteJob, deleteRequest } from "../../api/jobs/delete.js"
import type { JobKind } from "../../api/jobs/kinds.js"
import { Clock, Effect, Either } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, confirmWord, fieldWord } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { missingTask, resolveTask } from "../common/lookup.js"
import type { Plan } from "../common/plan.js"
import type { TaskType } from "../common/tasks/list.js"
import { readTask } from "../job-detail/read.js"
import { batchTasks, targetsNeeded } from "./batch.js"
import { confirmedFor, idsOf, rowsOfIds } from "./ids.js"
import type { StopInput, StopOperationResult } from "./index.js"
import type { StoppedTask } from "./one.js"

// inspire_stop's delete action: finished training, HPC and Ray jobs removed from the platform, one by id
// or a batch by filters. Like a batch stop it only lists without confirm, and a confirmed batch acts on
// exactly the ids it showed; a job that has not ended is never deleted (stop it first).

const TYPES: Readonly<Record<string, ReadonlyArray<TaskType>>> = {
  train: ["train"],
  hpc: ["hpc"],
  ray: ["ray"],
  all: ["train", "hpc", "ray"],
}

const NOUN: Readonly<Record<JobKind, string>> = { train: "job", hpc: "HPC job", ray: "Ray job" }

const HOURS: Readonly<Record<string, number>> = { h: 1, d: 24, w: 168 }

/** `older_than` in milliseconds: a whole number of hours, days or weeks (`12h`, `30d`, `2w`). */
const olderThanMs = (raw: string | undefined): Either.Either<number | undefined, InspireError> => {
  if (raw === undefined) return Either.right(undefined)
  const m = /^\s*(\d+)\s*([hdw])\s*$/i.exec(raw)
  const hours = m?.[1] !== undefined && m[2] !== undefined ? Number(m[1]) * (HOURS[m[2].toLowerCase()] ?? 0) : 0
  return hours > 0
    ? Either.right(hours * 3_600_000)
    : Either.left(
        invalidInput(
          msg("stop-delete-older-than", { raw, field: fieldWord("older_than") }),
          msg("stop-delete-older-than-hint"),
        ),
      )
}

const isDeletable = (type: string): type is JobKind => type === "train" || type === "hpc" || type === "ray"

const counts = (tasks: ReadonlyArray<StoppedTask>) => ({
  stopped: 0,
  alreadyFinished: 0,
  deleted: tasks.filter((t) => t.outcome === "deleted").length,
  failed: tasks.filter((t) => t.outcome === "failed").length,
})

const planOf = (tasks: ReadonlyArray<StoppedTask>): Plan => {
  const doomed = tasks.filter((t) => t.outcome === "would-delete")
  return {
    summary: msg("stop-delete-plan", { count: doomed.length }),
    targets: doomed.map((t) => ({
      kind: NOUN[t.type as JobKind],
      id: t.id,
      name: t.name,
      change: msg("stop-change-deleted", { before: t.before }),
    })),
    requests: doomed.map((t) => deleteRequest(t.type as JobKind, t.id)),
  }
}

/** A job's kind, or the refusal of a task that is not a training, HPC or Ray job. */
const deletableKind = (ref: { readonly id: string; readonly kind: string }): Either.Either<JobKind, InspireError> =>
  isDeletable(ref.kind)
    ? Either.right(ref.kind)
    : Either.left(
        invalidInput(
          msg("stop-delete-kind", { id: ref.id }),
          msg("stop-delete-kind-hint", {
            notebook: callWord("notebook", { action: "delete" }),
            models: callWord("models", { action: "delete" }),
          }),
        ),
      )

/** A job as a delete finds it: would-delete when it has ended, else not-finished. */
const readJob = (id: string, kind: JobKind) =>
  Effect.map(
    readTask(id, kind),
    (detail): StoppedTask => ({
      id: detail.id,
      type: kind,
      name: detail.name,
      workspace: detail.workspace,
      before: `${detail.status.family} (${detail.status.raw})`,
      outcome: detail.status.terminal ? "would-delete" : "not-finished",
    }),
  )

/** Several jobs named by id: each read, one that has not ended or is unknown left alone. */
const severalJobs = (input: StopInput, ids: ReadonlyArray<string>) =>
  rowsOfIds(ids, ["train", "hpc", "ray"], input.workspace, deletableKind, readJob)

/** The one job named, read: refused when it is not a job or has not ended. */
const oneJob = (input: StopInput, id: string) =>
  Effect.gen(function* () {
    const named = yield* resolveTask(id, ["train", "hpc", "ray"], input.workspace)
    const kind = yield* deletableKind(named)
    const detail = yield* missingTask(readTask(named.id, kind), named, input.workspace)
    const before = `${detail.status.family} (${detail.status.raw})`
    if (!detail.status.terminal)
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("stop-delete-running", { name: detail.name || detail.id, status: before }),
          hint: msg("stop-delete-running-hint", { call: callWord("stop", { job_id: detail.id }) }),
        }),
      )
    const task: StoppedTask = {
      id: detail.id,
      type: kind,
      name: detail.name,
      workspace: detail.workspace,
      before,
      outcome: "would-delete",
    }
    return task
  })

/** The batch a filter names: finished jobs to delete, the others shown as left alone. */
const batch = (input: StopInput) =>
  Effect.gen(function* () {
    const older = yield* olderThanMs(input.older_than)
    if ((input.status ?? "all") === "all" && (input.name ?? "") === "" && older === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("stop-delete-filter"),
          msg("stop-delete-filter-hint", {
            status: fieldWord("status", "failed"),
            older: fieldWord("older_than", "30d"),
          }),
        ),
      )
    const types = TYPES[input.type]
    if (types === undefined)
      return yield* Effect.fail(
        invalidInput(msg("stop-delete-type", { type: input.type }), msg("stop-delete-type-hint")),
      )
    const listed = yield* batchTasks(input, types)
    const now = yield* Clock.currentTimeMillis
    return listed.tasks
      .filter((t) => listed.targeted || older === undefined || (t.createdAt ?? now) <= now - older)
      .map(
        (t): StoppedTask => ({
          id: t.id,
          type: t.type as StoppedTask["type"],
          name: t.name,
          workspace: t.workspace,
          before: `${t.family} (${t.rawStatus})`,
          outcome: t.terminal ? "would-delete" : "not-finished",
        }),
      )
  })

const deleteOne = (t: StoppedTask) =>
  t.outcome !== "would-delete" || !isDeletable(t.type)
    ? Effect.succeed(t)
    : Effect.map(
        Effect.either(deleteJob(t.type, t.id)),
        (r): StoppedTask =>
          Either.isRight(r) ? { ...t, outcome: "deleted" } : { ...t, outcome: "failed", error: r.left.text },
      )

/** inspire_stop with action delete. */
export const deleteTasks = (input: StopInput): Effect.Effect<StopOperationResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const ids = idsOf(input.job_id)
    const mode = ids.length === 1 ? ("single" as const) : ("batch" as const)
    const shown =
      ids[0] !== undefined && ids.length === 1
        ? [yield* oneJob(input, ids[0])]
        : ids.length > 1
          ? yield* severalJobs(input, ids)
          : yield* batch(input)
    const base = { mode, stopped: false }
    if (input.dry_run) return { ...base, dryRun: true, tasks: shown, counts: counts(shown), plan: planOf(shown) }
    // Ids named one by one are the ids shown; a batch by filters must say which of its listing it means.
    if (ids.length === 0 && input.confirm && input.targets === undefined)
      return yield* Effect.fail(targetsNeeded(shown, "would-delete"))
    if (!input.confirm)
      return {
        ...base,
        dryRun: false,
        tasks: shown,
        counts: counts(shown),
        hint: msg("stop-delete-confirm", {
          count: shown.filter((t) => t.outcome === "would-delete").length,
          confirm: confirmWord(mode === "batch"),
        }),
      }
    // One at a time: each delete is sent once and settled before the next.
    const tasks = yield* Effect.forEach(
      shown,
      (t) => (ids.length > 1 && !confirmedFor(input, t) ? Effect.succeed(t) : deleteOne(t)),
      { concurrency: 1 },
    )
    const c = counts(tasks)
    const live = tasks.filter((t) => t.outcome === "not-finished").map((t) => t.id)
    return {
      ...base,
      dryRun: false,
      tasks,
      counts: c,
      ...(c.failed > 0
        ? { hint: msg("stop-some-failed") }
        : ids.length > 1 && live.length > 0
          ? {
              hint: msg("stop-delete-ids-live", {
                count: live.length,
                call: callWord("stop", { job_id: live.length === 1 ? live[0] : live, confirm: true }),
              }),
            }
          : {}),
    }
  })
