import { discoveredSpecs } from "../../api/resources/discover.js"
import type { ComputeGroupInfo } from "../../api/resources/groups.js"
import { listSpecs } from "../../api/resources/specs.js"
import { chooseSpec, type ScheduleType, type Spec, type SpecCandidate, type SpecListing } from "../../domain/specs.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { fieldWord, text } from "../../words/text.js"
import type { Target } from "./defaults.js"
import { renderSpecCandidates } from "./submission/describe.js"

/** The order notebooks and servings read the other schedule types in when a spec id is wrong. */
const DEPLOY_TYPE_ORDER: ReadonlyArray<ScheduleType> = ["TRAIN", "DSW", "HPC", "SERVING"]

/** The order submit, submit_hpc and resubmit read the other schedule types in when a spec id is wrong. */
const SUBMIT_TYPE_ORDER: ReadonlyArray<ScheduleType> = ["TRAIN", "HPC", "DSW", "SERVING"]

/**
 * Where a spec is looked up first: the workspace's kept discovery when fresh ("kept"), or its discovery
 * read now and kept ("load": for a create whose placement check reads it next anyway).
 */
export type SpecDiscovery = "kept" | "load"

/**
 * The spec of a schedule type in a group. When the given id is not one, the other types' specs are read
 * too (in `order`; an unreadable type counts as empty), so the error can say "it is a spec for training
 * jobs, not notebooks" beside the right candidates.
 */
export const chooseTypedSpec = (
  workspaceId: string,
  group: ComputeGroupInfo,
  scheduleType: ScheduleType,
  spec: string | undefined,
  order: ReadonlyArray<ScheduleType> = DEPLOY_TYPE_ORDER,
  discovery: SpecDiscovery = "kept",
): Effect.Effect<Spec, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const ask = (listings: ReadonlyArray<SpecListing>) =>
      chooseSpec({
        listings,
        scheduleType,
        computeGroupId: group.id,
        computeGroupName: group.name,
        ...(spec !== undefined ? { spec } : {}),
      })
    // The workspace's discovery answers when it holds the spec; a refusal is made on a fresh listing.
    const kept = yield* discoveredSpecs(workspaceId, group.id, scheduleType, discovery === "load")
    const fromKept = kept !== undefined && kept.length > 0 ? ask([{ scheduleType, specs: kept }]) : undefined
    if (fromKept !== undefined && Either.isRight(fromKept)) return fromKept.right
    const own: SpecListing = { scheduleType, specs: yield* listSpecs(workspaceId, group.id, scheduleType) }
    const first = ask([own])
    // With no specs of its own type the answer is "no specs" whatever the other types hold.
    if (Either.isRight(first) || spec === undefined || spec.trim() === "" || own.specs.length === 0) return yield* first
    const others = yield* Effect.forEach(
      order.filter((t) => t !== scheduleType),
      (t) =>
        Effect.map(Effect.either(listSpecs(workspaceId, group.id, t)), (r) => ({
          scheduleType: t,
          specs: Either.isRight(r) ? r.right : [],
        })),
      { concurrency: 3 },
    )
    return yield* ask([own, ...others])
  })

/**
 * The spec a task asked for among its group's specs of one schedule type (see chooseTypedSpec); on
 * failure the candidates table goes into the hint so a person sees the choices.
 */
export const pickSpec = (
  target: Target,
  type: ScheduleType,
  wanted: string | undefined,
  discovery: SpecDiscovery = "kept",
): Effect.Effect<Spec, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const group = target.group
    if (group === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-no-group"),
          msg("common-ops-no-group-hint", { field: fieldWord("compute_group") }),
        ),
      )
    const chosen = yield* Effect.either(
      chooseTypedSpec(target.workspace.id, group, type, wanted, SUBMIT_TYPE_ORDER, discovery),
    )
    if (Either.isRight(chosen)) return chosen.right
    const error = chosen.left
    const candidates = (error.candidates ?? []) as ReadonlyArray<SpecCandidate>
    if (candidates.length === 0) return yield* Effect.fail(error)
    return yield* Effect.fail(
      invalidInput(
        error.text,
        // The field stays outside the message: a frontend reads it as data on the error (`parts`).
        text`${error.hint} ${msg("common-ops-pass")} ${fieldWord("spec", "<ID>")}:\n${renderSpecCandidates(candidates)}`,
        {
          candidates,
        },
      ),
    )
  })
