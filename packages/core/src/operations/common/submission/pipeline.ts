import { type CheckedCreate, type CommonCreateInput, withImageType } from "../../../api/jobs/checks.js"
import type { CreatedJob, CreateOptions } from "../../../api/jobs/create.js"
import { parseDatasetRef, validateDatasets } from "../../../api/jobs/datasets.js"
import type { JobCommon, JobDataset } from "../../../api/jobs/schema.js"
import type { CheckedPriority } from "../../../domain/priority.js"
import type { QueuePlace } from "../../../domain/queue.js"
import type { Spec } from "../../../domain/specs.js"
import { Effect } from "../../../effect.js"
import { amendError, type InspireError } from "../../../errors.js"
import { Platform } from "../../../platform/client.js"
import { msg } from "../../../words/message.js"
import type { Text } from "../../../words/text.js"
import type { ClientServices } from "../../catalogue/services.js"
import type { SubmitInput } from "../../submit.js"
import { resolveTarget, type Target } from "../defaults.js"
import { type ImageType, imageOrDefault, registeredImage, submitImageHint } from "../image.js"
import { type PlacementCheck, placementCheck } from "../placement.js"
import { planned } from "../plan.js"
import { resolvePriority } from "../priority.js"
import { pickSpec } from "../spec.js"
import { uniqueWarnings } from "../support.js"
import { placesInQueue, type WaitingRef, waitingRefOf } from "../waiting.js"
import { nextCalls, placeOf, type SubmitResult } from "./shared.js"

/**
 * The fields of the submit inputs every kind reads alike: placeSubmission, commonCreateFields and
 * submitBase read them from the submission, and each kind its gates. A field of a submit input outside
 * this list is the kind's own to read (see `allRead`).
 */
type SharedKey =
  | "name"
  | "workspace"
  | "project"
  | "compute_group"
  | "spec"
  | "image"
  | "priority"
  | "instance_count"
  | "allow_network_commands"
  | "dataset"
  | "dry_run"

/** What no user gives: set by the operation that hands the submission to the pipeline. */
export interface SubmissionExtras {
  /** False for a resubmit of a stored command, which already carries the prefix. */
  readonly applyPrefix: boolean
  readonly imageType?: ImageType | undefined
  readonly resubmittedFrom?: string
  /** How the create is sent (a sweep's job: its derived marker, no read-back); the defaults when absent. */
  readonly createOptions?: CreateOptions
  /** False when the caller does not want each create's group checked for room now (a sweep's jobs). */
  readonly checkPlacement?: boolean
}

/** What every submission carries besides its kind's own fields: the shared fields of the inputs, typed as parsed. */
export type Submission = Pick<SubmitInput, SharedKey> & SubmissionExtras

/** What a submission names of its placement, image and priority (names or ids, else the defaults). */
export type SubmissionPlace = Pick<
  Submission,
  "workspace" | "project" | "compute_group" | "spec" | "image" | "priority" | "instance_count" | "checkPlacement"
>

/**
 * The shared part of a submission, once its kind has taken its own fields out by destructuring: it
 * compiles only when nothing else is left, so a field added to a submit input that no pipeline reads is
 * a compile error here (its type is not assignable to `never`).
 */
export const allRead = <T extends Submission>(
  rest: T & { readonly [K in Exclude<keyof T, keyof Submission>]: never },
): Submission => rest

/** Where a submission runs, with its spec, image and checked priority. */
export interface Placed {
  readonly target: Target
  readonly spec: Spec
  readonly image: string
  readonly priority: CheckedPriority
}

/** Resolves a submission's target, then its spec of `type`, its image and its priority, in that order. */
export const placeSubmission = (
  s: SubmissionPlace,
  type: "TRAIN" | "HPC" | "RAY_JOB",
): Effect.Effect<Placed, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const target = yield* resolveTarget(s, {
      needGroup: true,
      auto: { scheduleType: type, spec: s.spec, instances: s.instance_count, priority: s.priority },
    })
    // The placement check reads the workspace's discovery after the other checks: the spec is taken from it.
    const spec = yield* pickSpec(target, type, s.spec, s.checkPlacement === false ? "kept" : "load")
    const image = yield* imageOrDefault(s.image, submitImageHint())
    const priority = yield* resolvePriority(s.priority, target.project, spec)
    return { target, spec, image, priority }
  })

/** The create fields every job kind fills in the same way from its submission and placement. */
export const commonCreateFields = (s: Submission, placed: Placed) => ({
  name: s.name,
  workspaceId: placed.target.workspace.id,
  projectId: placed.target.project.id,
  groupId: placed.target.group?.id ?? "",
  specId: placed.spec.id,
  image: placed.image,
  instanceCount: s.instance_count,
  priority: placed.priority.priority,
  priorityCap: placed.target.project.priorityCap,
  workspaceRegistry: placed.target.workspace.policy.registry,
})

/**
 * The datasets a submission mounts, checked by the platform in its workspace (versions and mount paths
 * filled in) before anything is created; none when it names none.
 */
export const datasetsOf = (
  s: Submission,
  placed: Placed,
): Effect.Effect<{ readonly datasets?: ReadonlyArray<JobDataset> }, InspireError, ClientServices> =>
  s.dataset === undefined || s.dataset.length === 0
    ? Effect.succeed({})
    : Effect.gen(function* () {
        const refs = yield* Effect.forEach(s.dataset ?? [], (raw) => parseDatasetRef(raw, "dataset"))
        return { datasets: yield* validateDatasets(placed.target.workspace.id, refs) }
      })

/**
 * Whether the placed group can start the submission now, or where else in its workspace it could
 * (placement.ts): warnings, never a failure. Asked once every other check has passed, so a refused
 * submit costs no node listing.
 */
export const placementOf = (
  s: Submission,
  placed: Placed,
  scheduleType: "TRAIN" | "HPC",
): Effect.Effect<PlacementCheck, never, ClientServices> =>
  s.checkPlacement === false
    ? Effect.succeed({ warnings: [] })
    : placementCheck(s.compute_group, placed.target, {
        scheduleType,
        spec: placed.spec,
        instances: s.instance_count,
        priority: placed.priority.priority,
      })

/**
 * A create input checked once, by its kind's `check` (checkTrainingJob, checkHpcJob), with the image
 * source it must send: the one given (a resubmit knows it) or the registered image's, with the
 * registration's warnings. The checked create is what the sender takes, so nothing checks it again.
 */
export const checkCreateInput = <I extends CommonCreateInput & { readonly imageType?: ImageType }>(
  check: (input: I) => Effect.Effect<CheckedCreate<I>, InspireError, ClientServices>,
  input: I,
  known: ImageType | undefined,
): Effect.Effect<
  { readonly checked: CheckedCreate<I>; readonly imageWarnings: ReadonlyArray<Text> },
  InspireError,
  ClientServices
> =>
  Effect.gen(function* () {
    const checked = yield* check(input)
    const registered = known !== undefined ? { warnings: [] } : yield* registeredImage(checked.image, input.workspaceId)
    return { checked: withImageType(checked, known ?? registered.imageType), imageWarnings: registered.warnings }
  })

/** The parts of a submit result that a dry run and a create share. */
export type SubmitBase = Omit<
  SubmitResult,
  "dryRun" | "jobId" | "consoleUrl" | "status" | "recovered" | "request" | "warnings" | "next"
>

/**
 * The parts of a submit result a dry run and a create share; `own` holds the kind's layout (shm, Slurm),
 * placed after the node count.
 */
export const submitBase = (
  kind: SubmitResult["kind"],
  s: Submission,
  placed: Placed,
  checked: { readonly name: string; readonly image: string },
  command: string,
  own: Pick<SubmitResult, "shmGi" | "slurm" | "workers">,
  findings: SubmitResult["findings"],
): SubmitBase => ({
  kind,
  name: checked.name,
  ...placeOf(placed.target, placed.spec),
  image: checked.image,
  priority: placed.priority.priority,
  command,
  instanceCount: s.instance_count,
  ...own,
  ...(s.resubmittedFrom !== undefined ? { resubmittedFrom: s.resubmittedFrom } : {}),
  findings,
})

/** A dry run's result: the exact body that would have been sent to `surface`, and no next calls. */
export const dryRunResult = (
  base: SubmitBase,
  surface: string,
  body: unknown,
  warnings: ReadonlyArray<Text>,
): SubmitResult => ({
  ...base,
  dryRun: true,
  request: { surface, body },
  plan: {
    summary: msg("submission-plan-summary", { kind: base.kind, name: base.name, workspace: base.workspace.name }),
    targets: [
      {
        kind: base.kind === "hpc" ? "HPC job" : base.kind === "ray" ? "Ray job" : "job",
        id: base.name,
        name: base.name,
        change: msg("submission-plan-change", {
          count: base.instanceCount,
          spec: base.spec.name,
          group: base.computeGroup.name,
          priority: base.priority,
        }),
      },
    ],
    requests: [planned("POST", surface, body)],
  },
  warnings: uniqueWarnings(warnings),
  next: [],
})

/**
 * How a submission's create is sent: without a read-back (a create's answer is its id; the platform queues
 * every new job, and its queue place comes from the placement check's reading), unless the caller says.
 */
export const sendOptionsOf = (s: Submission): CreateOptions => ({ readBack: false, ...s.createOptions })

/**
 * A created job's result, with its console page, its status (read back, else waiting: the platform queues
 * every new job) and the calls that follow. `warnings` are the submit's; the create's own
 * (`created.warnings`) are its checks', already among them.
 */
export const createdResult = (
  base: SubmitBase,
  created: CreatedJob<{ readonly consoleUrl: string; readonly status: { readonly family: string } }>,
  consoleUrl: string,
  warnings: ReadonlyArray<Text>,
  queue?: QueuePlace,
): SubmitResult => ({
  ...base,
  dryRun: false,
  jobId: created.jobId,
  consoleUrl,
  status: created.job?.status.family ?? "waiting",
  ...(queue !== undefined ? { queue } : {}),
  recovered: created.recovered,
  warnings: uniqueWarnings(warnings),
  next: nextCalls(created.jobId, base.kind),
})

/**
 * A created job's place in its group's queue, from what the placement check read just before the create
 * (its nodes and the queue then): no request of its own. A job read back is placed when it says it waits;
 * one not read back waits (the platform queues every new job), placed as submitted. None when the
 * submission skipped the placement check (a sweep's jobs).
 */
export const queueOfCreated = (
  created: CreatedJob<JobCommon>,
  kind: "train" | "hpc",
  s: Submission,
  placed: Placed,
  check: PlacementCheck,
): Effect.Effect<QueuePlace | undefined, never, ClientServices> =>
  Effect.gen(function* () {
    if (s.checkPlacement === false) return undefined
    const group = placed.target.group?.id ?? ""
    const ref: WaitingRef | undefined =
      created.job !== undefined
        ? waitingRefOf(created.job, kind, s.instance_count)
        : group === ""
          ? undefined
          : {
              id: created.jobId,
              kind,
              workspaceId: placed.target.workspace.id,
              groupId: group,
              projectId: placed.target.project.id,
              specId: placed.spec.id,
              priority: placed.priority.priority,
              // Stamped by the platform as it answered: its time, not this machine's.
              createdAt: yield* (yield* Platform).clock.now,
              instances: s.instance_count,
            }
    if (ref === undefined) return undefined
    return (yield* placesInQueue([ref], { read: check.read })).get(ref.id)
  })

/**
 * A submit's failure that does not say whether the job exists came before the create was sent (the
 * reads that place and check it; createOnce says "no" or "unknown" for every failure of its own).
 */
export const sayCreated = <A, R>(submit: Effect.Effect<A, InspireError, R>): Effect.Effect<A, InspireError, R> =>
  Effect.mapError(submit, (e) => (e.created === undefined ? amendError(e, { created: "no" }) : e))
