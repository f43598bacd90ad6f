import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { confirmWord, fieldWord } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { listTasks, type TaskRow, type TaskType } from "../common/tasks/list.js"
import type { StopInput } from "./index.js"
import type { StoppedTask } from "./one.js"

// What a batch stop and a batch delete share: a confirmed batch acts on exactly the tasks its listing
// showed (`targets`), whatever their status now; a task that came to match after they were shown is not
// touched, and a confirmed batch without them is refused.

/** The tasks of a batch: those matching its filters, or, once confirmed, those of `targets` still listed. */
export const batchTasks = (
  input: StopInput,
  types: ReadonlyArray<TaskType>,
): Effect.Effect<
  { readonly tasks: ReadonlyArray<TaskRow>; readonly targeted: boolean },
  InspireError,
  ClientServices
> =>
  Effect.gen(function* () {
    const targets = input.confirm && input.targets !== undefined ? new Set(input.targets) : undefined
    const listed = yield* listTasks({
      workspace: input.workspace,
      types,
      status: targets !== undefined ? "all" : (input.status ?? "all"),
      name: input.name,
      mine: input.mine,
    })
    return {
      tasks: targets === undefined ? listed.tasks : listed.tasks.filter((t) => targets.has(t.id)),
      targeted: targets !== undefined,
    }
  })

/**
 * A batch confirmed without the ids its listing showed: refused, with those ids, so what is done is what
 * was shown (the CLI sends them itself; an agent passes the ids of the listing it was given).
 */
export const targetsNeeded = (tasks: ReadonlyArray<StoppedTask>, outcome: StoppedTask["outcome"]) =>
  invalidInput(
    msg("stop-batch-needs-targets", { field: fieldWord("targets") }),
    msg("stop-batch-needs-targets-hint", { confirm: confirmWord(true) }),
    { candidates: tasks.filter((t) => t.outcome === outcome).map((t) => t.id) },
  )
