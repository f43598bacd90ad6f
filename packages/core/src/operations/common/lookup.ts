import { z } from "zod"
import { getModel, listModels, type ModelDetail } from "../../api/models/models.js"
import { otherIdKind, type TaskKind, type TaskRef, taskKindOf } from "../../domain/ids.js"
import { type LookupKind, lookupNotFound, pickOrFail, whereWord, wholeIdKind } from "../../domain/lookup.js"
import { Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import { refersTo } from "../catalogue/refs.js"
import type { ClientServices } from "../catalogue/services.js"
import { listTasks, type TaskType, workspacesToSearch } from "./tasks/list.js"

/**
 * The resolvers of the fields that take an id (each field is tagged with its kind, catalogue/refs.ts): an
 * id is used as it is, with no request; a name or an id prefix costs one list of that kind per workspace
 * searched (the one given, else defaultWorkspace, else every workspace you can see), and is picked by the
 * one rule of domain/lookup.ts, failing in its one shape. Notebooks resolve in api/jupyter/lab.ts
 * (`resolveNotebook`, which also reads console and Jupyter URLs), sweeps in sweep/manifest.ts.
 */

/** The workspace field of an operation that takes a task by name or id prefix and has no workspace of its own. */
export const lookupWorkspaceField = () =>
  z.string().optional().describe("Workspace to look names up in; default defaultWorkspace, else all")

/** The required `job_id` of a read that takes a task of any kind, by id, name or unique id prefix. */
export const taskIdField = () =>
  refersTo(
    z.string().min(1).describe("Task id (job-…, hpc-job-…, sv-…, rj-…, a notebook's UUID), name or unique id prefix"),
    "train",
    "hpc",
    "serving",
    "ray",
    "notebook",
  )

/** The required `job_id` of a read of a training or HPC job, by id, name or unique id prefix. */
export const jobIdField = () =>
  refersTo(
    z.string().min(1).describe("Job id (job-…, hpc-job-…, rj-…), name or unique id prefix"),
    "train",
    "hpc",
    "ray",
  )

/** The task kinds a field may take. */
export type TaskLookup = "train" | "hpc" | "serving" | "ray" | "notebook"

const TYPE: Readonly<Record<TaskLookup, TaskType>> = {
  train: "train",
  hpc: "hpc",
  serving: "inference",
  ray: "ray",
  notebook: "notebook",
}
const KIND: Readonly<Record<TaskType, TaskKind>> = {
  train: "train",
  hpc: "hpc",
  inference: "serving",
  ray: "ray",
  notebook: "notebook",
}

/** How messages name what a field takes: its one kind, a training or HPC job, or a task. */
const lookupKindOf = (kinds: ReadonlyArray<TaskLookup>): LookupKind => {
  const [only] = kinds
  if (kinds.length === 1 && only !== undefined) return only
  return kinds.every((k) => k === "train" || k === "hpc") ? "job" : "task"
}

/**
 * A task of one of `kinds`, named by its id, its name or a unique id prefix. An id of another kind comes
 * back as it is, for the operation's own refusal (a serving's id where a job is wanted says where to go).
 */
export const resolveTask = (
  raw: string,
  kinds: ReadonlyArray<TaskLookup>,
  workspace?: string | undefined,
): Effect.Effect<TaskRef, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const wanted = raw.trim()
    const ref = taskKindOf(wanted)
    if (wanted === "" && Either.isLeft(ref)) return yield* Effect.fail(ref.left)
    if (Either.isRight(ref) && (wholeIdKind(wanted) !== undefined || !kinds.some((k) => k === ref.right.kind)))
      return ref.right
    const listing = yield* listTasks({ workspace, types: kinds.map((k) => TYPE[k]), status: "all", mine: false })
    const picked = pickOrFail(lookupKindOf(kinds), listing.tasks, wanted, whereWord(listing.workspaces))
    if (!("error" in picked)) return { id: picked.item.id, kind: KIND[picked.item.type] }
    // Nothing has that name: the id of a workspace, a group, … pasted here is said as such.
    if (picked.error.reason === "NotFound" && Either.isLeft(ref) && otherIdKind(wanted) !== undefined)
      return yield* Effect.fail(ref.left)
    return yield* Effect.fail(picked.error)
  })

/**
 * A read by id whose NotFound is said as a lookup's: "no training job job-… in workspace …", with the
 * call that lists them, not the platform's path and its words.
 */
export const missingAs = <A, R>(
  read: Effect.Effect<A, InspireError, R>,
  kind: LookupKind,
  id: string,
  workspace?: string | undefined,
): Effect.Effect<A, InspireError, R | ClientServices> =>
  Effect.catchIf(
    read,
    (e) => e.reason === "NotFound",
    () =>
      // A read by id looks everywhere the account can see: with no workspace given, that is what is said,
      // at no further request.
      workspace === undefined
        ? Effect.fail(lookupNotFound(kind, id, msg("domain-lookup-where-visible")))
        : Effect.flatMap(Effect.either(workspacesToSearch(workspace, undefined)), (scope) =>
            Effect.fail(
              Either.isRight(scope)
                ? lookupNotFound(kind, id, whereWord(scope.right.workspaces.map((w) => w.name)))
                : // A workspace that is not one of the account's is what to fix, not the task.
                  ["InvalidInput", "NotFound"].includes(scope.left.reason)
                  ? scope.left
                  : lookupNotFound(kind, id, msg("domain-lookup-where-visible")),
            ),
          ),
  )

// How a task missing by id is named: by the kind its id says.
const LOOKUP_OF: Readonly<Record<TaskKind, LookupKind>> = {
  train: "train",
  hpc: "hpc",
  serving: "serving",
  notebook: "notebook",
  ray: "ray",
}

/** `missingAs` for a task read by its id, named by the kind its id says. */
export const missingTask = <A, R>(
  read: Effect.Effect<A, InspireError, R>,
  ref: TaskRef,
  workspace?: string | undefined,
): Effect.Effect<A, InspireError, R | ClientServices> => missingAs(read, LOOKUP_OF[ref.kind], ref.id, workspace)

/** A model named by its id, its name or a unique id prefix, with its versions; `missing` when none is named. */
export const resolveModel = (
  raw: string | undefined,
  workspace: string | undefined,
  missing: InspireError,
): Effect.Effect<ModelDetail, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const wanted = raw?.trim() ?? ""
    if (wanted === "") return yield* Effect.fail(missing)
    if (wholeIdKind(wanted) === "model") return yield* missingAs(getModel(wanted), "model", wanted, workspace)
    const scope = yield* workspacesToSearch(workspace, undefined)
    const lists = yield* Effect.forEach(scope.workspaces, (w) => listModels({ workspaceId: w.id }), {
      concurrency: 2,
    })
    const picked = pickOrFail(
      "model",
      lists.flatMap((l) => l.models),
      wanted,
      whereWord(scope.workspaces.map((w) => w.name)),
    )
    if ("error" in picked) return yield* Effect.fail(picked.error)
    return yield* getModel(picked.item.id)
  })
