import { resolveWorkspace } from "../../api/resources/resolve.js"
import type { Workspace } from "../../api/resources/workspaces.js"
import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { fieldWord, joinText, type Text, text } from "../../words/text.js"
import { defaultOf, resolveTarget } from "./defaults.js"

/**
 * The workspace of a call that needs no project or group (lists, Harbor checks): the argument, else
 * defaultWorkspace. Only an explicit project narrows it, so a default project never blocks a read.
 */
export const resolveReadWorkspace = (input: {
  readonly workspace?: string | undefined
  readonly project?: string | undefined
}): Effect.Effect<Workspace, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const name = input.workspace ?? (yield* defaultOf("defaultWorkspace"))
    // Without any workspace, resolveTarget fails with the standard error and the workspace candidates.
    if (name === undefined) return (yield* resolveTarget(input, { needGroup: false })).workspace
    return yield* resolveWorkspace(name, input.project)
  })

// Only input mistakes are re-hinted: other failures' hints are about the platform, not the call.
const rehint = (
  e: InspireError,
  hint: (old: Text) => Text,
  reasons: ReadonlyArray<InspireError["reason"]> = ["InvalidInput"],
): InspireError =>
  !reasons.includes(e.reason)
    ? e
    : new InspireError({
        reason: e.reason,
        message: e.text,
        hint: hint(e.hint),
        ...(e.candidates !== undefined ? { candidates: e.candidates } : {}),
        ...(e.fix !== undefined ? { fix: e.fix } : {}),
      })

/** Replaces the hint of a malformed or unknown id's failure (the API layer's hints name lower-level tools). */
export const withHint = <A, R>(
  effect: Effect.Effect<A, InspireError, R>,
  hint: Text,
): Effect.Effect<A, InspireError, R> =>
  Effect.mapError(effect, (e) => rehint(e, () => hint, ["InvalidInput", "NotFound"]))

/** Adds the placement warnings (e.g. a defaulted compute group) to an invalid-input failure's hint. */
export const hintWithWarnings = <A, R>(
  effect: Effect.Effect<A, InspireError, R>,
  warnings: ReadonlyArray<Text>,
): Effect.Effect<A, InspireError, R> =>
  warnings.length === 0
    ? effect
    : Effect.mapError(effect, (e) =>
        rehint(
          e,
          (old) =>
            text`${old} ${msg("common-ops-placement-warnings", { warnings: joinText(warnings, " "), field: fieldWord("compute_group") })}`,
        ),
      )

/** Warnings without repeats (the same parts), in first-seen order. */
export const uniqueWarnings = (...lists: ReadonlyArray<ReadonlyArray<Text>>): ReadonlyArray<Text> => [
  ...new Map(lists.flat().map((w) => [JSON.stringify(w.parts), w] as const)).values(),
]
