import { stopJob } from "../../api/jobs/kinds.js"
import { stopServing } from "../../api/servings/servings.js"
import { taskKindOf } from "../../domain/ids.js"
import { Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { ClientServices } from "../catalogue/services.js"
import { resolveTask, type TaskLookup } from "../common/lookup.js"
import type { StopInput } from "./index.js"
import { type StoppedTask, stoppableKind } from "./one.js"
import { previewOne } from "./plan.js"

// Several tasks named by id at once (`job_id` as a list): each is looked up and read on its own, one the
// platform does not know is reported not-found while the others go on, and a confirmed call acts only
// on the ids it was confirmed with (`targets`, when given). A name that names nothing, an ambiguous one
// or a notebook's id fails the whole call before anything is sent.

/** The ids `job_id` names: none, one, or several (each once, in order). */
export const idsOf = (raw: StopInput["job_id"]): ReadonlyArray<string> =>
  raw === undefined ? [] : typeof raw === "string" ? [raw] : [...new Set(raw.map((id) => id.trim()))]

const notFound = (id: string, type: StoppedTask["type"]): StoppedTask => ({
  id,
  type,
  name: "",
  workspace: "",
  before: "",
  outcome: "not-found",
})

/**
 * Each id's row as `read` finds it; an id whose task the platform does not know (by its id) is a
 * not-found row. `check` refuses a kind the call does not act on.
 */
export const rowsOfIds = <K extends StoppedTask["type"]>(
  ids: ReadonlyArray<string>,
  kinds: ReadonlyArray<TaskLookup>,
  workspace: string | undefined,
  check: (ref: { readonly id: string; readonly kind: string }) => Either.Either<K, InspireError>,
  read: (id: string, type: K) => Effect.Effect<StoppedTask, InspireError, ClientServices>,
): Effect.Effect<ReadonlyArray<StoppedTask>, InspireError, ClientServices> =>
  Effect.map(
    Effect.forEach(
      ids,
      (raw) =>
        Effect.gen(function* () {
          const named = yield* Effect.either(resolveTask(raw, kinds, workspace))
          if (Either.isLeft(named)) {
            // A well-formed id nobody has: said for this id, the others go on.
            const byId = taskKindOf(raw)
            const type = Either.isRight(byId) ? check(byId.right) : undefined
            if (named.left.reason === "NotFound" && type !== undefined && Either.isRight(type) && Either.isRight(byId))
              return notFound(byId.right.id, type.right)
            return yield* Effect.fail(named.left)
          }
          const type = yield* check(named.right)
          return yield* Effect.catchIf(
            read(named.right.id, type),
            (e) => e.reason === "NotFound",
            () => Effect.succeed(notFound(named.right.id, type)),
          )
        }),
      { concurrency: 2 },
    ),
    // Two names of the same task are one row: it is acted on once.
    (rows) => rows.filter((t, i) => rows.findIndex((u) => u.id === t.id) === i),
  )

/** Whether a confirmed call acts on this row: it was among the ids confirmed, when they were given. */
export const confirmedFor = (input: StopInput, t: StoppedTask): boolean =>
  input.targets === undefined || input.targets.includes(t.id)

/** Several tasks named by id, to stop: what each is now, nothing sent. */
export const stopRowsOfIds = (input: StopInput, ids: ReadonlyArray<string>) =>
  rowsOfIds(
    ids,
    ["train", "hpc", "serving", "ray"],
    input.workspace,
    (ref) => Either.map(stoppableKind(ref.id), (r) => r.type),
    previewOne,
  )

/** Stops one row that would stop (a serving, or a job with its kind's API); any other row as it is. */
export const stopShown = (input: StopInput) => (t: StoppedTask) =>
  t.outcome !== "would-stop" || !confirmedFor(input, t)
    ? Effect.succeed(t)
    : Effect.map(
        Effect.either(
          t.type === "inference"
            ? Effect.map(stopServing(t.id), (r) => (r.sent ? ("stopped" as const) : ("already-finished" as const)))
            : Effect.map(stopJob(t.id, t.type), (r) => r.outcome),
        ),
        (r): StoppedTask =>
          Either.isRight(r) ? { ...t, outcome: r.right } : { ...t, outcome: "failed", error: r.left.text },
      )
