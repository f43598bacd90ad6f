import { Effect, Either } from "effect"
import { findImageByAddress } from "../api/images/platform.js"
import type { PlatformImage } from "../api/images/schema.js"
import type { ComputeGroupInfo } from "../api/resources/groups.js"
import { resolveWorkspace } from "../api/resources/resolve.js"
import { listSpecs } from "../api/resources/specs.js"
import type { Workspace } from "../api/resources/workspaces.js"
import { checkJobImage, parseImageRef, toDisplayAddress } from "../domain/images.js"
import { type CheckedPriority, checkPriority } from "../domain/priority.js"
import type { Project } from "../domain/projects.js"
import { chooseSpec, type ScheduleType, type Spec, type SpecListing } from "../domain/specs.js"
import { InspireError, invalidInput } from "../errors.js"
import type { Platform } from "../platform/client.js"
import { ActiveProfile, registryTable } from "../profile.js"
import { defaultOf, resolveTarget } from "./defaults.js"

type Needs = Platform | ActiveProfile

const ALL_TYPES: ReadonlyArray<ScheduleType> = ["TRAIN", "DSW", "HPC", "SERVING"]

/**
 * The workspace of a call that needs no project or group (lists, Harbor checks): the argument, else
 * defaultWorkspace. Only an explicit project narrows it, so a default project never blocks a read.
 */
export const resolveReadWorkspace = (input: {
  readonly workspace?: string | undefined
  readonly project?: string | undefined
}): Effect.Effect<Workspace, InspireError, Needs> =>
  Effect.gen(function* () {
    const name = input.workspace ?? (yield* defaultOf("defaultWorkspace"))
    // Without any workspace, resolveTarget fails with the standard error and the workspace candidates.
    if (name === undefined) return (yield* resolveTarget(input, { needGroup: false })).workspace
    return yield* resolveWorkspace(name, input.project)
  })

/**
 * The spec of a schedule type in a group. When the given id is not one, the other types' specs are read
 * too, so the error can say "it is a spec for training jobs, not notebooks" beside the right candidates.
 */
export const chooseTypedSpec = (
  workspaceId: string,
  group: ComputeGroupInfo,
  scheduleType: ScheduleType,
  spec: string | undefined,
): Effect.Effect<Spec, InspireError, Needs> =>
  Effect.gen(function* () {
    const own: SpecListing = { scheduleType, specs: yield* listSpecs(workspaceId, group.id, scheduleType) }
    const ask = (listings: ReadonlyArray<SpecListing>) =>
      chooseSpec({
        listings,
        scheduleType,
        computeGroupId: group.id,
        computeGroupName: group.name,
        ...(spec !== undefined ? { spec } : {}),
      })
    const first = ask([own])
    if (Either.isRight(first) || spec === undefined || spec.trim() === "") return yield* first
    const others: SpecListing[] = []
    for (const type of ALL_TYPES.filter((t) => t !== scheduleType)) {
      const listed = yield* Effect.either(listSpecs(workspaceId, group.id, type))
      if (Either.isRight(listed)) others.push({ scheduleType: type, specs: listed.right })
    }
    return yield* ask([own, ...others])
  })

/** A registered image for a notebook or serving, with what the user should know about the address. */
export interface ResolvedImage {
  readonly image: PlatformImage
  readonly warnings: ReadonlyArray<string>
}

/**
 * Resolves the image a notebook or serving will run to its platform registration. A full address must
 * be a display-domain one (a push domain fails with the fix); a short name (`my-train:v1`) is looked up in
 * the workspace's registry. An image that is pushed but not registered fails with the 镜像管理 steps.
 */
export const resolveRegisteredImage = (
  raw: string,
  workspace: Workspace,
): Effect.Effect<ResolvedImage, InspireError, Needs> =>
  Effect.gen(function* () {
    const ref = yield* parseImageRef(raw)
    const registries = registryTable(yield* ActiveProfile)
    const warnings: string[] = []
    if (ref.host !== undefined) {
      const checked = yield* checkJobImage(raw, { registries, workspaceRegistry: workspace.policy.registry })
      warnings.push(...checked.warnings)
    }
    const found = yield* findImageByAddress(raw.trim(), workspace.id)
    if (found === undefined) {
      const display = Either.getOrElse(
        toDisplayAddress(raw, { registries, registry: workspace.policy.registry }),
        () => raw,
      )
      const name = ref.repository.split("/").at(-1) ?? ref.repository
      return yield* Effect.fail(
        invalidInput(
          `The image ${display} is not registered on the platform for ${workspace.name}; a pushed image cannot be used until it is.`,
          `Register it under 镜像管理 → 新建镜像 (镜像名称 ${name}, 版本号 ${ref.tag ?? "latest"}), or pick a registered one with inspire_images(search="${name}").`,
        ),
      )
    }
    if (ref.host === undefined) warnings.push(`Image ${raw} resolved to the registered ${found.address}.`)
    return { image: found, warnings }
  })

/** The image of a call: the argument, else defaultImage; neither is an error saying where to find one. */
export const imageOrDefault = (given: string | undefined): Effect.Effect<string, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const image = given ?? (yield* defaultOf("defaultImage"))
    if (image !== undefined && image.trim() !== "") return image
    return yield* Effect.fail(
      invalidInput(
        "No image was given and no defaultImage is set.",
        'Pass image (a display-domain address; inspire_images lists registered ones), or set one with inspire_config(action="set", key="defaultImage", value="…").',
      ),
    )
  })

/**
 * The priority of a call: the argument, else defaultPriority, else 4 (the first level that is not
 * pre-empted) lowered to the project's cap; checked against the cap and the spec's allowed levels.
 */
export const choosePriority = (
  given: number | undefined,
  project: Project,
  spec: Spec,
): Effect.Effect<CheckedPriority, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const priority = given ?? (yield* defaultOf("defaultPriority")) ?? Math.min(4, project.priorityCap)
    return yield* checkPriority(priority, { cap: project.priorityCap, allowedLevels: spec.allowedPriorityLevels })
  })

// Only input mistakes are re-hinted: other failures' hints are about the platform, not the call.
const rehint = (
  e: InspireError,
  hint: (old: string) => string,
  reasons: ReadonlyArray<InspireError["reason"]> = ["InvalidInput"],
): InspireError =>
  !reasons.includes(e.reason)
    ? e
    : new InspireError({
        reason: e.reason,
        message: e.message,
        hint: hint(e.hint),
        ...(e.candidates !== undefined ? { candidates: e.candidates } : {}),
        ...(e.fix !== undefined ? { fix: e.fix } : {}),
      })

/** Replaces the hint of a malformed or unknown id's failure (the API layer's hints name lower-level tools). */
export const withHint = <A, R>(
  effect: Effect.Effect<A, InspireError, R>,
  hint: string,
): Effect.Effect<A, InspireError, R> =>
  Effect.mapError(effect, (e) => rehint(e, () => hint, ["InvalidInput", "NotFound"]))

/** Adds the placement warnings (e.g. a defaulted compute group) to an invalid-input failure's hint. */
export const hintWithWarnings = <A, R>(
  effect: Effect.Effect<A, InspireError, R>,
  warnings: ReadonlyArray<string>,
): Effect.Effect<A, InspireError, R> =>
  warnings.length === 0
    ? effect
    : Effect.mapError(effect, (e) =>
        rehint(e, (old) => `${old} (${warnings.join(" ")} Pass compute_group to choose another.)`),
      )

/** Warnings without repeats, in first-seen order. */
export const uniqueWarnings = (...lists: ReadonlyArray<ReadonlyArray<string>>): ReadonlyArray<string> => [
  ...new Set(lists.flat()),
]
