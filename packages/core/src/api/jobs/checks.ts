import { checkJobImage } from "../../domain/images.js"
import { checkPriority } from "../../domain/priority.js"
import { shmWarnings, validateName } from "../../domain/resources.js"
import type { RegistryId } from "../../domain/workspaces.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { fromEither } from "../support.js"
import type { CreateTrainingJobInput } from "./create.js"
import type { CreateHpcJobInput } from "./hpc.js"
import type { CreateRayJobInput } from "./ray-create.js"

// The local checks of a job create, and the only maker of a checked create: the senders (create.ts,
// hpc.ts) take nothing else, so a create is never sent unchecked, and a caller that checked first (the
// submit pipeline) hands the result on instead of having it checked again.

// `what` names the value as the start of a sentence, e.g. msg("api-field-instance-count").
const positiveInt = (n: number, what: Text) =>
  Number.isInteger(n) && n > 0
    ? Effect.void
    : Effect.fail(invalidInput(msg("api-not-positive", { what, value: n }), msg("api-not-positive-hint")))

/** What every create names, as the local checks read it. */
export interface CommonCreateInput {
  readonly name: string
  readonly image: string
  readonly priority: number
  readonly priorityCap?: number
  readonly instanceCount: number
  readonly workspaceRegistry?: RegistryId
  readonly workspaceId: string
  readonly projectId: string
  readonly groupId: string
  readonly specId: string
}

// The checks every create makes before anything is sent; returns the checked name and image and warnings.
const checkCommon = (
  input: CommonCreateInput,
): Effect.Effect<{ name: string; image: string; warnings: Text[] }, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const profile = yield* ActiveProfile
    const name = yield* fromEither(validateName(input.name, "job name"))
    const image = yield* fromEither(
      checkJobImage(input.image, {
        registries: registryTable(profile),
        ...(input.workspaceRegistry !== undefined ? { workspaceRegistry: input.workspaceRegistry } : {}),
      }),
    )
    const priority = yield* fromEither(
      checkPriority(input.priority, input.priorityCap !== undefined ? { cap: input.priorityCap } : {}),
    )
    yield* positiveInt(input.instanceCount, msg("api-field-instance-count"))
    for (const [key, value] of Object.entries({
      workspace: input.workspaceId,
      project: input.projectId,
      "compute group": input.groupId,
      spec: input.specId,
    }))
      if (value.trim() === "")
        return yield* Effect.fail(
          invalidInput(
            msg("api-no-place-id", { key: key === "compute group" ? "group" : key }),
            msg("api-no-place-id-hint", { key: key === "compute group" ? "group" : key, call: callWord("status") }),
          ),
        )
    return { name, image: image.address, warnings: [...image.warnings, ...priority.warnings] }
  })

declare const checkedBy: unique symbol

/**
 * A create that passed its local checks: the name and image address as they will be sent, and every
 * warning the checks found. Only this module's checks make one (see above).
 */
export interface CheckedCreate<I extends CommonCreateInput> {
  readonly input: I
  readonly name: string
  readonly image: string
  readonly warnings: ReadonlyArray<Text>
  readonly [checkedBy]: I
}

// The checks every create makes, then the kind's own (`own` fails or returns its warnings).
const checkCreate = <I extends CommonCreateInput>(
  input: I,
  own: (input: I) => Effect.Effect<ReadonlyArray<Text>, InspireError>,
): Effect.Effect<CheckedCreate<I>, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const common = yield* checkCommon(input)
    const warnings = [...common.warnings, ...(yield* own(input))]
    return { input, name: common.name, image: common.image, warnings } as unknown as CheckedCreate<I>
  })

/** A checked create with the image source the registration reported; the checks do not read it. */
export const withImageType = <I extends CommonCreateInput & { readonly imageType?: ImageType }>(
  checked: CheckedCreate<I>,
  imageType: ImageType | undefined,
): CheckedCreate<I> => (imageType === undefined ? checked : { ...checked, input: { ...checked.input, imageType } })

type ImageType = NonNullable<CreateTrainingJobInput["imageType"]>

/** The checks of a training create: the common ones, shared memory, and the shared-memory warnings. */
export const checkTrainingJob = (
  input: CreateTrainingJobInput,
): Effect.Effect<CheckedCreate<CreateTrainingJobInput>, InspireError, ActiveProfile> =>
  checkCreate(input, (i) =>
    Effect.as(
      positiveInt(i.shmGi, msg("api-field-shm")),
      shmWarnings({
        shmGi: i.shmGi,
        gpuCount: i.gpuCount ?? 1,
        instanceCount: i.instanceCount,
        ...(i.memoryGi !== undefined ? { memoryGi: i.memoryGi } : {}),
      }),
    ),
  )

// The refusals of an HPC create: an empty body, a `#!` or `#SBATCH` line, a Slurm layout that is not whole.
const checkEntrypoint = (input: CreateHpcJobInput): Effect.Effect<ReadonlyArray<Text>, InspireError> => {
  if (input.entrypoint.trim() === "") return Effect.fail(invalidInput(msg("api-hpc-empty"), msg("api-hpc-empty-hint")))
  if (/^\s*#!|^\s*#SBATCH/m.test(input.entrypoint))
    return Effect.fail(invalidInput(msg("api-hpc-header"), msg("api-hpc-header-hint")))
  for (const [what, n] of [
    [msg("api-field-tasks"), input.numberOfTasks],
    [msg("api-field-cpus"), input.cpusPerTask],
    [msg("api-field-memory"), input.memoryPerCpuGi],
  ] as const)
    if (!Number.isInteger(n) || n <= 0)
      return Effect.fail(invalidInput(msg("api-not-positive", { what, value: n }), msg("api-not-positive-hint")))
  return Effect.succeed([])
}

/** The checks of an HPC create: the common ones and the entrypoint's refusals. */
export const checkHpcJob = (
  input: CreateHpcJobInput,
): Effect.Effect<CheckedCreate<CreateHpcJobInput>, InspireError, ActiveProfile> => checkCreate(input, checkEntrypoint)

// A worker group's name becomes part of its pods' names: a DNS label's letters, short enough for a suffix.
const GROUP_NAME = /^[a-z]([-a-z0-9]{0,38}[a-z0-9])?$/

// The refusals of a Ray create: an empty entrypoint; no worker group, a name that is not usable or used
// twice, replicas that are not 1 ≤ min ≤ max.
const checkRayWorkers = (input: CreateRayJobInput): Effect.Effect<ReadonlyArray<Text>, InspireError> => {
  if (input.entrypoint.trim() === "") return Effect.fail(invalidInput(msg("api-ray-empty"), msg("api-ray-empty-hint")))
  if (input.workers.length === 0)
    return Effect.fail(invalidInput(msg("api-ray-no-workers"), msg("api-ray-workers-hint")))
  const seen = new Set<string>()
  for (const w of input.workers) {
    if (!GROUP_NAME.test(w.name) || seen.has(w.name))
      return Effect.fail(invalidInput(msg("api-ray-group-name", { name: w.name }), msg("api-ray-workers-hint")))
    seen.add(w.name)
    const whole = Number.isInteger(w.minReplicas) && Number.isInteger(w.maxReplicas)
    if (!whole || w.minReplicas < 1 || w.maxReplicas < w.minReplicas)
      return Effect.fail(
        invalidInput(
          msg("api-ray-replicas", { name: w.name, min: w.minReplicas, max: w.maxReplicas }),
          msg("api-ray-workers-hint"),
        ),
      )
    if (w.specId.trim() === "")
      return Effect.fail(
        invalidInput(
          msg("api-no-place-id", { key: "spec" }),
          msg("api-no-place-id-hint", { key: "spec", call: callWord("status") }),
        ),
      )
  }
  return Effect.succeed([])
}

/** The checks of a Ray create: the common ones and its worker groups'. */
export const checkRayJob = (
  input: CreateRayJobInput,
): Effect.Effect<CheckedCreate<CreateRayJobInput>, InspireError, ActiveProfile> => checkCreate(input, checkRayWorkers)
