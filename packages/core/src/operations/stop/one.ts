import { stopJob } from "../../api/jobs/kinds.js"
import { getServing, stopServing } from "../../api/servings/servings.js"
import { taskKindOf } from "../../domain/ids.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { readTask } from "../job-detail/read.js"
import type { StopOperationResult } from "./index.js"

/** What happened to one task: a row of the result. */
export type StoppedTask = StopOperationResult["tasks"][number]

/** The kind of a stoppable id; a notebook's is refused with where to go instead. */
export const stoppableKind = (raw: string): Either.Either<{ id: string; type: StoppedTask["type"] }, InspireError> =>
  Either.flatMap(taskKindOf(raw), (ref): Either.Either<{ id: string; type: StoppedTask["type"] }, InspireError> => {
    if (ref.kind === "train" || ref.kind === "hpc" || ref.kind === "ray")
      return Either.right({ id: ref.id, type: ref.kind })
    if (ref.kind === "serving") return Either.right({ id: ref.id, type: "inference" as const })
    return Either.left(
      invalidInput(
        msg("stop-notebook", { id: ref.id, call: callWord("notebook", { action: "stop", notebook_id: ref.id }) }),
        msg("stop-notebook-hint", { call: callWord("notebook", { action: "list" }) }),
      ),
    )
  })

const statusText = (s: { family: string; raw: string }) => `${s.family} (${s.raw})`

/** Stops one task by id and reads its state before and after. */
export const stopOne = (
  id: string,
  type: StoppedTask["type"],
  confirm: boolean,
): Effect.Effect<StoppedTask & { readonly needsConfirm: boolean }, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (type === "inference") {
      const serving = yield* getServing(id)
      const base = { id: serving.id, type, name: serving.name, workspace: serving.workspaceId }
      const before = statusText(serving.status)
      if (serving.status.terminal) return { ...base, before, outcome: "already-finished", needsConfirm: false }
      // A live service may be answering users: say what it is and wait for an explicit yes.
      if (!confirm) return { ...base, before, outcome: "would-stop", needsConfirm: true }
      const done = yield* stopServing(id)
      const after = yield* Effect.either(getServing(id))
      return {
        ...base,
        before,
        outcome: done.sent ? "stopped" : "already-finished",
        ...(Either.isRight(after) ? { after: statusText(after.right.status) } : {}),
        needsConfirm: false,
      }
    }
    const detail = yield* readTask(id, type)
    const base = { id: detail.id, type, name: detail.name, workspace: detail.workspace }
    const result = yield* stopJob(id, type)
    const after = yield* Effect.either(readTask(id, type))
    return {
      ...base,
      before: statusText(detail.status),
      outcome: result.outcome,
      ...(Either.isRight(after) ? { after: statusText(after.right.status) } : {}),
      needsConfirm: false,
    }
  })
