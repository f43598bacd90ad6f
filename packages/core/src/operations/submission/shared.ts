import { Effect, Either } from "effect"
import { findImageByAddress } from "../../api/images/platform.js"
import { listSpecs } from "../../api/resources/specs.js"
import { currentUser } from "../../api/resources/user.js"
import { composeCommand } from "../../domain/command-prefix.js"
import { type Finding, hasErrors } from "../../domain/lint/index.js"
import { type CheckedPriority, checkPriority } from "../../domain/priority.js"
import type { Project } from "../../domain/projects.js"
import { parseShm } from "../../domain/resources.js"
import {
  chooseSpec,
  type ScheduleType,
  type Spec,
  type SpecCandidate,
  type SpecListing,
  toCandidate,
} from "../../domain/specs.js"
import { InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { defaultOf, type Target } from "../defaults.js"
import { renderSpecCandidates } from "./describe.js"

/** A follow-up call an agent can make, as tool name and input. */
export interface NextCall {
  readonly tool: string
  readonly input: Readonly<Record<string, string | number | boolean>>
}

/** The request a dry run would have sent. */
export interface DryRunRequest {
  readonly surface: string
  readonly body: unknown
}

/** What submit, submit_hpc and resubmit return. */
export interface SubmitResult {
  readonly kind: "training" | "hpc"
  readonly dryRun: boolean
  /** Undefined on a dry run. */
  readonly jobId?: string
  readonly consoleUrl?: string
  readonly status?: string
  /** True when the create's answer was lost and the job was found on the platform instead. */
  readonly recovered?: boolean
  readonly name: string
  readonly project: { readonly id: string; readonly name: string; readonly enName: string }
  readonly workspace: { readonly id: string; readonly name: string; readonly network: string }
  readonly computeGroup: { readonly id: string; readonly name: string }
  readonly spec: SpecCandidate
  readonly image: string
  readonly priority: number
  /** The training command or HPC entrypoint exactly as sent (commandPrefix applied). */
  readonly command: string
  readonly instanceCount: number
  readonly shmGi?: number
  readonly slurm?: { readonly numberOfTasks: number; readonly cpusPerTask: number; readonly memoryPerCpu: string }
  readonly resubmittedFrom?: string
  readonly request?: DryRunRequest
  readonly warnings: ReadonlyArray<string>
  readonly findings: ReadonlyArray<Finding>
  readonly next: ReadonlyArray<NextCall>
}

const OTHER_TYPES: ReadonlyArray<ScheduleType> = ["TRAIN", "HPC", "DSW", "SERVING"]

/**
 * The spec a task asked for among its group's specs of one schedule type. On failure the other types'
 * specs are read too, so the error can say "this is a notebook spec", and the candidates table goes into
 * the hint so a person sees the choices.
 */
export const pickSpec = (
  target: Target,
  type: ScheduleType,
  wanted: string | undefined,
): Effect.Effect<Spec, InspireError, Platform> =>
  Effect.gen(function* () {
    const group = target.group
    if (group === undefined) return yield* Effect.fail(invalidInput("No compute group.", "Pass compute_group."))
    const own: SpecListing = { scheduleType: type, specs: yield* listSpecs(target.workspace.id, group.id, type) }
    const ask = (listings: ReadonlyArray<SpecListing>) =>
      chooseSpec({
        listings,
        scheduleType: type,
        computeGroupId: group.id,
        computeGroupName: group.name,
        ...(wanted !== undefined ? { spec: wanted } : {}),
      })
    const first = ask([own])
    if (Either.isRight(first)) return first.right
    let error = first.left
    if (wanted !== undefined && wanted.trim() !== "" && own.specs.length > 0) {
      const others = yield* Effect.forEach(
        OTHER_TYPES.filter((t) => t !== type),
        (t) =>
          Effect.map(Effect.either(listSpecs(target.workspace.id, group.id, t)), (r) => ({
            scheduleType: t,
            specs: Either.isRight(r) ? r.right : [],
          })),
        { concurrency: 3 },
      )
      const again = ask([own, ...others])
      if (Either.isLeft(again)) error = again.left
    }
    const candidates = (error.candidates ?? []) as ReadonlyArray<SpecCandidate>
    if (candidates.length === 0) return yield* Effect.fail(error)
    return yield* Effect.fail(
      invalidInput(error.message, `${error.hint} Pass spec=<ID>:\n${renderSpecCandidates(candidates)}`, {
        candidates,
      }),
    )
  })

/** The priority of a submit: the argument, else defaultPriority, else the project's cap; checked against both. */
export const resolvePriority = (
  given: number | undefined,
  project: Project,
  spec: Spec,
): Effect.Effect<CheckedPriority, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    const fallback = given === undefined ? yield* defaultOf("defaultPriority") : undefined
    const priority = given ?? fallback ?? project.priorityCap
    const checked = checkPriority(priority, { cap: project.priorityCap, allowedLevels: spec.allowedPriorityLevels })
    if (Either.isRight(checked)) return checked.right
    const e = checked.left
    const source =
      given !== undefined ? "" : fallback !== undefined ? " It came from defaultPriority." : " It is the project's cap."
    return yield* Effect.fail(
      new InspireError({
        ...e,
        message: `${e.message} (project ${project.name})${source}`,
        hint: given === undefined ? `${e.hint} Pass priority explicitly.` : e.hint,
      }),
    )
  })

/** The image of a submit: the argument, else defaultImage; neither is an error saying where images are listed. */
export const resolveImage = (given: string | undefined): Effect.Effect<string, InspireError, ActiveProfile> =>
  Effect.flatMap(defaultOf("defaultImage"), (fallback) => {
    const image = given ?? fallback
    if (image !== undefined && image.trim() !== "") return Effect.succeed(image)
    return Effect.fail(
      invalidInput(
        "No image was given and no defaultImage is set.",
        'Pass image (a display-domain address; inspire_images lists the registered ones), or set defaultImage with inspire_config(action="set", key="defaultImage", value="…").',
      ),
    )
  })

const IMAGE_TYPES = ["SOURCE_PRIVATE", "SOURCE_PUBLIC", "SOURCE_OFFICIAL"] as const

/** An image source the create accepts. */
export type ImageType = (typeof IMAGE_TYPES)[number]

/** Narrows a stored or listed image source to one the create accepts. */
export const imageTypeOf = (raw: string): ImageType | undefined => IMAGE_TYPES.find((t) => t === raw.toUpperCase())

/**
 * The registered image behind an address: its source (the create must send the matching image_type) and
 * warnings when it is not registered or not ready. An unreadable image list only costs the warning.
 */
export const registeredImage = (
  address: string,
  workspaceId: string,
): Effect.Effect<
  { readonly imageType?: ImageType; readonly warnings: ReadonlyArray<string> },
  never,
  Platform | ActiveProfile
> =>
  Effect.map(Effect.either(findImageByAddress(address, workspaceId)), (found) => {
    if (Either.isLeft(found)) return { warnings: [] }
    const image = found.right
    if (image === undefined)
      return {
        warnings: [
          `${address} is not among the images registered for this workspace; the platform refuses unregistered images. Register it under 镜像管理 → 新建镜像 (inspire_images lists the registered ones).`,
        ],
      }
    const imageType = imageTypeOf(image.source)
    return {
      ...(imageType !== undefined ? { imageType } : {}),
      warnings:
        image.status !== "" && image.status.toUpperCase() !== "READY"
          ? [`The image is ${image.status}, not READY.`]
          : [],
    }
  })

/** Shared memory in GiB from the argument (bare numbers are GiB) or defaultShm (MB), else `fallback`. */
export const resolveShm = (
  given: string | number | undefined,
  fallback: number,
): Effect.Effect<{ readonly shmGi: number; readonly note?: string }, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    if (given !== undefined) return { shmGi: yield* fromEither(parseShm(given, "GiB")) }
    const mb = yield* defaultOf("defaultShm")
    if (mb !== undefined) {
      const shmGi = yield* fromEither(parseShm(mb, "MB"))
      return { shmGi, note: `shm from defaultShm: ${mb} MB = ${shmGi} GiB.` }
    }
    return { shmGi: fallback, note: `No shm or defaultShm given: using ${fallback} GiB.` }
  })

const fromEither = <A>(e: Either.Either<A, InspireError>): Effect.Effect<A, InspireError> =>
  Either.isRight(e) ? Effect.succeed(e.right) : Effect.fail(e.left)

/** The command as the platform will run it: commandPrefix (when applied) and the placeholders filled in. */
export const composeFor = (
  command: string,
  project: Project,
  applyPrefix: boolean,
): Effect.Effect<{ readonly command: string; readonly prefix?: string }, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const prefix = applyPrefix ? yield* defaultOf("commandPrefix") : undefined
    const text = `${prefix ?? ""} ${command}`
    const user = text.includes("{username}") ? yield* Effect.either(currentUser()) : undefined
    const username = user !== undefined && Either.isRight(user) ? user.right.loginName : undefined
    const composed = yield* fromEither(
      composeCommand({
        command,
        ...(prefix !== undefined ? { prefix } : {}),
        vars: { en_name: project.enName, ...(username !== undefined ? { username } : {}) },
      }),
    )
    return { command: composed, ...(prefix !== undefined ? { prefix } : {}) }
  })

/**
 * Applies `allow_network_commands` to lint findings: network errors become warnings when allowed; any
 * error left refuses the submit, naming each problem and its fix.
 */
export const gateFindings = (
  findings: ReadonlyArray<Finding>,
  allowNetwork: boolean,
  what: string,
): Effect.Effect<ReadonlyArray<Finding>, InspireError> => {
  const kept = findings.map((f) =>
    allowNetwork && f.level === "error" && f.rule === "offline-network" ? { ...f, level: "warning" as const } : f,
  )
  if (!hasErrors(kept)) return Effect.succeed(kept)
  const errors = kept.filter((f) => f.level === "error")
  const network = errors.some((f) => f.rule === "offline-network")
  return Effect.fail(
    invalidInput(
      `The ${what} would fail on the platform: ${errors.map((f) => f.message).join(" ")}`,
      errors.map((f) => f.fix).join(" ") +
        (network
          ? " If the command only reaches something the workspace can reach (a mirror, shared storage), pass allow_network_commands: true."
          : ""),
      { candidates: errors },
    ),
  )
}

/** Warnings without repeats, in first-seen order. */
export const unique = (warnings: ReadonlyArray<string>): ReadonlyArray<string> => [...new Set(warnings)]

/** The calls that follow a submit: watch the job, read its logs and metrics, wait for it. */
export const nextCalls = (jobId: string, kind: "training" | "hpc"): ReadonlyArray<NextCall> => [
  { tool: "inspire_jobs", input: { type: kind === "hpc" ? "hpc" : "train", status: "all" } },
  { tool: "inspire_job_detail", input: { job_id: jobId } },
  { tool: "inspire_logs", input: { job_id: jobId, lines: 50 } },
  ...(kind === "training" ? [{ tool: "inspire_metrics", input: { job_id: jobId, time_range: "30m" } }] : []),
  { tool: "inspire_wait", input: { job_id: jobId } },
]

/** The parts of a result that say where a task runs. */
export const placeOf = (target: Target, spec: Spec) => ({
  project: { id: target.project.id, name: target.project.name, enName: target.project.enName },
  workspace: { id: target.workspace.id, name: target.workspace.name, network: target.workspace.policy.network },
  computeGroup: { id: target.group?.id ?? "", name: target.group?.name ?? "" },
  spec: toCandidate(spec),
})

/** Whether a workspace has internet access, as the lint wants it (undefined when unknown). */
export const onlineOf = (target: Target): boolean | undefined =>
  target.workspace.policy.network === "online"
    ? true
    : target.workspace.policy.network === "offline"
      ? false
      : undefined
