import { z } from "zod"
import type { RegistryId } from "../../domain/workspaces.js"
import { type Duration, Effect } from "../../effect.js"
import { amendError, type InspireError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { createOnce } from "../../platform/create-once.js"
import { newSubmitId } from "../../platform/recover.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, type Text as Words } from "../../words/text.js"
import { CreatedId, decode, firstAvailable, writeWithFallback } from "../support.js"
import { type CheckedCreate, checkTrainingJob } from "./checks.js"
import { type JobDataset, SUBMIT_ID_ENV, type TrainingJob } from "./schema.js"
import { getTrainingJob, listTrainingJobs } from "./training.js"

/** A training job to create, with every id already resolved (INSPIRE-API.md §4.5.1). */
export interface CreateTrainingJobInput {
  readonly name: string
  readonly command: string
  readonly workspaceId: string
  readonly projectId: string
  readonly groupId: string
  readonly specId: string
  /** A display-domain address, `host/namespace/name:tag`. */
  readonly image: string
  readonly imageType?: "SOURCE_PRIVATE" | "SOURCE_PUBLIC" | "SOURCE_OFFICIAL"
  /** The training framework; `pytorch` when not given. */
  readonly framework?: string
  readonly instanceCount: number
  readonly shmGi: number
  readonly priority: number
  /** The project's priority cap, when known, so an over-cap priority is refused before sending. */
  readonly priorityCap?: number
  /** GPUs per instance, when known, for the shared-memory warning. */
  readonly gpuCount?: number
  /** Memory per instance in GiB (the spec's), when known, for the shared-memory warning. */
  readonly memoryGi?: number
  readonly workspaceRegistry?: RegistryId
  readonly maxRunningTimeMs?: number
  readonly envs?: ReadonlyArray<{ readonly name: string; readonly value: string }>
  readonly autoFaultTolerance?: boolean
  readonly faultToleranceMaxRetry?: number
  /** Dataset versions to mount (`dataset_info`); sent only when there are some. */
  readonly datasets?: ReadonlyArray<JobDataset>
  /** The creator's user id, so the duplicate check only matches this user's jobs. */
  readonly creatorId?: string
}

/** Tuning for a create on a slow or flaky platform. */
export interface CreateOptions {
  /** Pauses between look-ups after an ambiguous failure. */
  readonly lookups?: ReadonlyArray<Duration.DurationInput>
  /** The create request's own timeout. */
  readonly timeout?: Duration.DurationInput
  /**
   * The create's marker, when the caller derives it (a sweep's job: the same on every run of the sweep,
   * so a re-run finds the job a lost answer hid); a fresh one when absent.
   */
  readonly submitId?: string
  /** Read the created job back (its status and console link); false saves a request per create. */
  readonly readBack?: boolean
}

/** A created job: its id, its detail when it could be read, and how the create went. */
export interface CreatedJob<J> {
  readonly jobId: string
  readonly job: J | undefined
  /** True when the answer was lost and the job was found on the platform instead. */
  readonly recovered: boolean
  readonly attempts: number
  readonly warnings: ReadonlyArray<Words>
}

/** The id a create answers with (`job_id`, a Ray job's `ray_job_id`, else `id`). */
const CreateAnswer = z
  .object({ job_id: CreatedId.optional(), ray_job_id: CreatedId.optional(), id: CreatedId.optional() })
  .refine((a) => (a.job_id ?? a.ray_job_id ?? a.id) !== undefined, "the answer carries no job_id")
  .transform((a) => a.job_id ?? a.ray_job_id ?? a.id ?? "")

/** Reads a create's answer; an answer without an id leaves the outcome unknown, so it is ambiguous. */
const readCreateAnswer = (data: unknown, surface: string): Effect.Effect<string, InspireError> =>
  Effect.mapError(decode(CreateAnswer, data, surface), (e) => amendError(e, { ambiguous: true }))

/** The OA `train_job/create` body for a checked name and image (what a dry run shows). */
export const trainingBody = (input: CreateTrainingJobInput, name: string, image: string) => ({
  name,
  command: input.command,
  workspace_id: input.workspaceId,
  project_id: input.projectId,
  logic_compute_group_id: input.groupId,
  framework: input.framework ?? "pytorch",
  task_priority: input.priority,
  framework_config: [
    {
      image,
      image_type: input.imageType ?? "SOURCE_PRIVATE",
      instance_count: input.instanceCount,
      spec_id: input.specId,
      shm_gi: input.shmGi,
    },
  ],
  ...(input.maxRunningTimeMs !== undefined ? { max_running_time_ms: String(input.maxRunningTimeMs) } : {}),
  ...(input.envs !== undefined && input.envs.length > 0 ? { envs: input.envs } : {}),
  ...(input.autoFaultTolerance !== undefined ? { auto_fault_tolerance: input.autoFaultTolerance } : {}),
  ...(input.autoFaultTolerance === true && input.faultToleranceMaxRetry !== undefined
    ? { fault_tolerance_max_retry: input.faultToleranceMaxRetry }
    : {}),
  ...(input.datasets !== undefined && input.datasets.length > 0
    ? {
        dataset_info: input.datasets.map((d) => ({
          dataset_id: d.datasetId,
          version_id: d.versionId,
          ...(d.path !== undefined ? { path: d.path } : {}),
        })),
      }
    : {}),
})

/** The training body with the create's marker among its environment variables (replacing any given). */
const markedTrainingBody = (input: CreateTrainingJobInput, name: string, image: string, submitId: string) =>
  trainingBody(
    {
      ...input,
      envs: [...(input.envs ?? []).filter((e) => e.name !== SUBMIT_ID_ENV), { name: SUBMIT_ID_ENV, value: submitId }],
    },
    name,
    image,
  )

/**
 * Whether a listed training job is the one this create made: its marker says so. "check" when the list
 * does not carry `envs`: then the job's detail decides.
 */
const markerMatch = (job: TrainingJob, name: string, submitId: string): "yes" | "no" | "check" =>
  job.name !== name ? "no" : job.submitId === undefined ? "check" : job.submitId === submitId ? "yes" : "no"

/**
 * Creates a training job exactly once: OA `train_job/create` with the simplified schema, V2
 * `train.CreateJob` when OA could not be sent (no token). An ambiguous failure is settled by listing the
 * workspace's jobs, never by resending blindly.
 */
export const createTrainingJob = (
  input: CreateTrainingJobInput,
  options: CreateOptions = {},
): Effect.Effect<CreatedJob<TrainingJob>, InspireError, Platform | ActiveProfile> =>
  Effect.flatMap(checkTrainingJob(input), (checked) => sendTrainingJob(checked, options))

/** Sends a checked training create (see `createTrainingJob`); its warnings are the checks'. */
export const sendTrainingJob = (
  checked: CheckedCreate<CreateTrainingJobInput>,
  options: CreateOptions = {},
): Effect.Effect<CreatedJob<TrainingJob>, InspireError, Platform> =>
  Effect.gen(function* () {
    const { input, name } = checked
    const submitId = options.submitId ?? (yield* newSubmitId())
    return yield* submitOnce({
      what: msg("api-the-training-job"),
      via: { openapi: "train_job/create", v2: ["train", "CreateJob"] },
      body: markedTrainingBody(input, name, checked.image, submitId),
      options,
      warnings: checked.warnings,
      list: () =>
        Effect.map(listTrainingJobs({ workspaceId: input.workspaceId, pageSize: 50, maxPages: 4 }), (l) => l.jobs),
      // The marker alone decides; no time window or name can tell two submits of `exp-001` apart.
      same: (j) => markerMatch(j, name, submitId),
      detail: getTrainingJob,
    })
  })

/** Where a create goes: OA with V2 behind it, or a V1 path alone (with the console page it is sent from). */
export type CreateSurface =
  | { readonly openapi: string; readonly v2: readonly [service: string, action: string] }
  | { readonly v1: string; readonly referer: string }

/**
 * Sends a job create through createOnce: OA first, V2 only when OA never acted (or the one V1 path), and
 * after an ambiguous failure a look-up in the workspace's list: `same` says "yes", "no", or "check" (the
 * detail decides).
 */
export const submitOnce = <J extends { readonly id: string }>(spec: {
  readonly what: Words
  readonly via: CreateSurface
  readonly body: unknown
  readonly options: CreateOptions
  readonly warnings: ReadonlyArray<Words>
  readonly list: () => Effect.Effect<ReadonlyArray<J>, InspireError, Platform>
  readonly same: (job: J, since: number) => boolean | "yes" | "no" | "check"
  readonly detail: (id: string) => Effect.Effect<J, InspireError, Platform>
}): Effect.Effect<CreatedJob<J>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const call = {
      idempotent: false,
      write: true,
      ...(spec.options.timeout !== undefined ? { timeout: spec.options.timeout } : {}),
    }
    const via = spec.via
    const create = Effect.flatMap(
      "v1" in via
        ? firstAvailable(msg("api-create-what", { what: spec.what }), [
            platform.v1("POST", via.v1, spec.body, { ...call, referer: via.referer }),
          ])
        : writeWithFallback(
            msg("api-create-what", { what: spec.what }),
            platform.openapi(via.openapi, spec.body, call),
            platform.v2(via.v2[0], via.v2[1], spec.body, call),
          ),
      (data) => readCreateAnswer(data, "v1" in via ? via.v1 : via.openapi),
    )
    const find = (since: number) =>
      Effect.provideService(
        Effect.gen(function* () {
          for (const job of yield* spec.list()) {
            const verdict = spec.same(job, since)
            if (verdict === true || verdict === "yes") return job.id
            if (verdict === "check" && spec.same(yield* spec.detail(job.id), since) === "yes") return job.id
          }
          return undefined
        }),
        Platform,
        platform,
      )
    const created = yield* createOnce({
      create,
      find,
      now: platform.clock.now,
      what: spec.what,
      listHint: callWord("jobs"),
      ...(spec.options.lookups !== undefined ? { lookups: spec.options.lookups } : {}),
    })
    const detail = spec.options.readBack === false ? undefined : yield* Effect.either(spec.detail(created.value))
    return {
      jobId: created.value,
      job: detail?._tag === "Right" ? detail.right : undefined,
      recovered: created.recovered,
      attempts: created.attempts,
      warnings: spec.warnings,
    }
  })
