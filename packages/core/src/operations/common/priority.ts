import { type CheckedPriority, checkPriority } from "../../domain/priority.js"
import type { Project } from "../../domain/projects.js"
import type { Spec } from "../../domain/specs.js"
import { Effect, Either } from "../../effect.js"
import { amendError, type InspireError } from "../../errors.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { fieldWord, text } from "../../words/text.js"
import { defaultOf } from "./defaults.js"

/**
 * What a call falls back to when neither the argument nor defaultPriority gives a priority: submits use
 * the project's cap; notebooks and servings use 4 (the first level that is not pre-empted) lowered to it.
 */
export type PriorityFallback = "cap" | "four-under-cap"

/** Where a priority came from, for the error when it fails the checks. */
type PrioritySource = "argument" | "defaultPriority" | "fallback"

// The shared lookup: the argument, else defaultPriority, else the fallback; checked against the project's
// cap and the spec's allowed levels.
const lookUp = (given: number | undefined, project: Project, spec: Spec, fallback: PriorityFallback) =>
  Effect.gen(function* () {
    const configured = given === undefined ? yield* defaultOf("defaultPriority") : undefined
    const source: PrioritySource =
      given !== undefined ? "argument" : configured !== undefined ? "defaultPriority" : "fallback"
    const last = fallback === "cap" ? project.priorityCap : Math.min(4, project.priorityCap)
    const priority = given ?? configured ?? last
    return {
      source,
      checked: checkPriority(priority, { cap: project.priorityCap, allowedLevels: spec.allowedPriorityLevels }),
    }
  })

/** The priority of a submit: the argument, else defaultPriority, else the project's cap; a failure names its source. */
export const resolvePriority = (
  given: number | undefined,
  project: Project,
  spec: Spec,
): Effect.Effect<CheckedPriority, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const { source, checked } = yield* lookUp(given, project, spec, "cap")
    if (Either.isRight(checked)) return checked.right
    const e = checked.left
    return yield* Effect.fail(
      amendError(e, {
        message: msg("common-ops-priority-refused", { message: e.text, project: project.name, source }),
        hint:
          given === undefined
            ? text`${e.hint} ${msg("common-ops-priority-pass", { field: fieldWord("priority") })}`
            : e.hint,
      }),
    )
  })

/** The priority of a call (notebooks and servings pass "four-under-cap"), its check failure returned as is. */
export const choosePriority = (
  given: number | undefined,
  project: Project,
  spec: Spec,
  fallback: PriorityFallback,
): Effect.Effect<CheckedPriority, InspireError, ActiveProfile> =>
  Effect.flatMap(lookUp(given, project, spec, fallback), ({ checked }) => checked)
