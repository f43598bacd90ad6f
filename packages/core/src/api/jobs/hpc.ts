import type { StatusFilter } from "../../domain/status.js"
import { matchesStatusFilter } from "../../domain/status.js"
import type { RegistryId } from "../../domain/workspaces.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { collectPages } from "../../platform/paging.js"
import { newSubmitId } from "../../platform/recover.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { decode, decodeItems, firstAvailable, ListPage, WRITE, writeWithFallback } from "../support.js"
import { type CheckedCreate, checkHpcJob } from "./checks.js"
import { type CreatedJob, type CreateOptions, submitOnce } from "./create.js"
import { type HpcJob, type JobDataset, RawHpcJob, scriptMarkerMatch, toHpcJob, withMarker } from "./schema.js"
import { type JobList, type ListedStatus, listBody, retryTooEarly, type StopResult, stopWith } from "./training.js"

const REFERER = "/jobs/hpc"

/** An HPC job to create, ids resolved (INSPIRE-API.md §4.6.1). */
export interface CreateHpcJobInput {
  readonly name: string
  /** The Slurm body only: no `#!`, no `#SBATCH` lines; launch work with `srun`. */
  readonly entrypoint: string
  readonly workspaceId: string
  readonly projectId: string
  readonly groupId: string
  /** An HPC quota id. */
  readonly specId: string
  readonly image: string
  readonly imageType?: "SOURCE_PRIVATE" | "SOURCE_PUBLIC" | "SOURCE_OFFICIAL"
  readonly instanceCount: number
  readonly numberOfTasks: number
  readonly cpusPerTask: number
  /** Memory per CPU in GiB; sent as `"<n>G"`. */
  readonly memoryPerCpuGi: number
  readonly priority: number
  readonly priorityCap?: number
  readonly workspaceRegistry?: RegistryId
  readonly ttlAfterFinishSeconds?: number
  readonly creatorId?: string
  /**
   * Dataset versions to mount. Only the console's create takes them (V1 `hpc_jobs`, §4.6.2), which also
   * needs the spec's size (`cpuCount`, `memoryGi`); without datasets the create goes through OA.
   */
  readonly datasets?: ReadonlyArray<JobDataset>
  readonly cpuCount?: number
  readonly memoryGi?: number
  /** Ask the platform to notify the user when the job ends (the console's create only). */
  readonly enableNotification?: boolean
}

// A bare create's stand-in for the entrypoint lint (lintHpcEntrypoint), which the submit pipeline runs
// and reports as findings in its own words.
const entrypointAdvice = (input: CreateHpcJobInput): ReadonlyArray<Text> => [
  ...(/slurm/i.test(input.image) ? [] : [msg("api-hpc-no-slurm")]),
  ...(/\bsrun\b/.test(input.entrypoint) ? [] : [msg("api-hpc-no-srun")]),
]

/** The OA `hpc_jobs/create` body for a checked name and image (what a dry run shows). */
export const hpcBody = (input: CreateHpcJobInput, name: string, image: string) => ({
  name,
  workspace_id: input.workspaceId,
  project_id: input.projectId,
  logic_compute_group_id: input.groupId,
  entrypoint: input.entrypoint,
  image,
  image_type: input.imageType ?? "SOURCE_PRIVATE",
  instance_count: input.instanceCount,
  spec_id: input.specId,
  task_priority: input.priority,
  number_of_tasks: input.numberOfTasks,
  cpus_per_task: input.cpusPerTask,
  memory_per_cpu: `${input.memoryPerCpuGi}G`,
  ...(input.ttlAfterFinishSeconds !== undefined ? { ttl_after_finish_seconds: input.ttlAfterFinishSeconds } : {}),
})

/** The console's `POST /api/v1/hpc_jobs` body (§4.6.2), the one create that mounts datasets. */
export const consoleHpcBody = (input: CreateHpcJobInput, name: string, image: string) => ({
  job_name: name,
  workspace_id: input.workspaceId,
  project_id: input.projectId,
  logic_compute_group_id: input.groupId,
  priority: input.priority,
  ...(input.enableNotification === true ? { enable_notification: true } : {}),
  dataset_info: (input.datasets ?? []).map((d) => ({
    dataset_id: d.datasetId,
    version_id: d.versionId,
    ...(d.path !== undefined ? { path: d.path } : {}),
  })),
  sbatch_script: {
    number_of_tasks: input.numberOfTasks,
    cpus_per_task: input.cpusPerTask,
    memory_per_cpu: `${input.memoryPerCpuGi}G`,
    entrypoint: input.entrypoint,
  },
  slurm_cluster_spec: {
    predef_quota_id: input.specId,
    cpu: input.cpuCount ?? 0,
    mem_gi: input.memoryGi ?? 0,
    image,
    image_type: input.imageType ?? "SOURCE_PRIVATE",
    instance_count: input.instanceCount,
    spec_price: {
      cpu_type: "",
      cpu_count: input.cpuCount ?? 0,
      gpu_type: "",
      gpu_count: 0,
      memory_size_gib: input.memoryGi ?? 0,
      logic_compute_group_id: input.groupId,
      quota_id: input.specId,
    },
  },
})

/** Whether an HPC create goes through the console's create: it mounts datasets or asks for a notification. */
export const viaConsole = (input: CreateHpcJobInput): boolean =>
  (input.datasets ?? []).length > 0 || input.enableNotification === true

/** An HPC job's detail: OA `hpc_jobs/detail`, else V2 `hpc.GetJob`, else V1 `GET hpc_jobs/{id}`. */
export const getHpcJob = (jobId: string): Effect.Effect<HpcJob, InspireError, Platform> =>
  Effect.gen(function* () {
    if (jobId.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("api-no-hpc-job-id"), msg("api-pass-job-id-hint", { call: callWord("jobs") })),
      )
    const platform = yield* Platform
    const data = yield* firstAvailable(msg("api-read-hpc-job"), [
      platform.openapi("hpc_jobs/detail", { job_id: jobId }, { idempotent: true }),
      platform.v2("hpc", "GetJob", { job_id: jobId }, { idempotent: true }),
      platform.v1("GET", `hpc_jobs/${encodeURIComponent(jobId)}`, undefined, {
        idempotent: true,
        referer: `/jobs/hpcDetail/${jobId}`,
      }),
    ])
    return toHpcJob(yield* decode(RawHpcJob, data, "hpc_jobs/detail"), platform.baseUrl)
  })

/** What to list: a workspace, optionally a status family and a creator. */
export interface ListHpcJobsInput {
  readonly workspaceId: string
  readonly status?: StatusFilter
  readonly createdBy?: string
  readonly pageSize?: number
  readonly maxPages?: number
}

/** Every HPC job of a workspace: V2 `hpc.ListJobs`, falling back to V1 `hpc_jobs/list` (e.g. on InvalidAction). */
export const listHpcJobs = (input: ListHpcJobsInput): Effect.Effect<JobList<HpcJob>, InspireError, Platform> =>
  Effect.gen(function* () {
    if (input.workspaceId.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("api-no-workspace"), msg("api-pass-workspace-hint", { call: callWord("status") })),
      )
    const platform = yield* Platform
    const body = listBody(input)
    const paging = { firstPage: 1 as const, pageSize: input.pageSize ?? 100, maxPages: input.maxPages ?? 100 }
    const collected = yield* firstAvailable(msg("api-list-hpc-jobs"), [
      collectPages(
        (page, size) =>
          Effect.flatMap(platform.v2("hpc", "ListJobs", body(page, size), { idempotent: true }), (d) =>
            decode(ListPage, d, "hpc.ListJobs"),
          ),
        paging,
      ),
      collectPages(
        (page, size) =>
          Effect.flatMap(
            platform.v1("POST", "hpc_jobs/list", body(page, size), {
              idempotent: true,
              referer: `${REFERER}?spaceId=${input.workspaceId}`,
            }),
            (d) => decode(ListPage, d, "hpc_jobs/list"),
          ),
        paging,
      ),
    ])
    const raws = yield* decodeItems(RawHpcJob, collected.items, "hpc.ListJobs")
    const jobs = raws
      .map((r) => toHpcJob(r, platform.baseUrl))
      .filter((j) => input.status === undefined || matchesStatusFilter(j.status, input.status))
    return { jobs, total: collected.total, truncated: collected.truncated }
  })

/**
 * Creates an HPC job exactly once: OA `hpc_jobs/create`, V2 `hpc.CreateJob` when OA could not be sent.
 * Its warnings include the entrypoint advice that the submit pipeline's lint gives instead.
 */
export const createHpcJob = (
  input: CreateHpcJobInput,
  options: CreateOptions = {},
): Effect.Effect<CreatedJob<HpcJob>, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const checked = yield* checkHpcJob(input)
    const created = yield* sendHpcJob(checked, options)
    return { ...created, warnings: [...created.warnings, ...entrypointAdvice(input)] }
  })

/** Sends a checked HPC create (see `createHpcJob`); its warnings are the checks'. */
export const sendHpcJob = (
  checked: CheckedCreate<CreateHpcJobInput>,
  options: CreateOptions = {},
): Effect.Effect<CreatedJob<HpcJob>, InspireError, Platform> =>
  Effect.gen(function* () {
    const { input, name } = checked
    const submitId = options.submitId ?? (yield* newSubmitId())
    const marked = { ...input, entrypoint: withMarker(input.entrypoint, submitId) }
    const consoleCreate = viaConsole(input)
    return yield* submitOnce({
      what: msg("api-the-hpc-job"),
      via: consoleCreate
        ? { v1: "hpc_jobs", referer: REFERER }
        : { openapi: "hpc_jobs/create", v2: ["hpc", "CreateJob"] },
      body: consoleCreate ? consoleHpcBody(marked, name, checked.image) : hpcBody(marked, name, checked.image),
      options,
      warnings: checked.warnings,
      list: () => Effect.map(listHpcJobs({ workspaceId: input.workspaceId, pageSize: 50, maxPages: 4 }), (l) => l.jobs),
      same: (j) => scriptMarkerMatch(j, name, submitId),
      detail: getHpcJob,
    })
  })

/** Stops an HPC job (OA `hpc_jobs/stop`, V2 `hpc.StopJob`); `listed` skips the detail read, as for training. */
export const stopHpcJob = (jobId: string, listed?: ListedStatus): Effect.Effect<StopResult, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const send = retryTooEarly(
      writeWithFallback(
        msg("api-stop-what", { what: msg("api-the-hpc-job") }),
        platform.openapi("hpc_jobs/stop", { job_id: jobId }, WRITE),
        platform.v2("hpc", "StopJob", { job_id: jobId }, WRITE),
      ),
    )
    const fatal = (e: InspireError) => ["InvalidInput", "NotFound"].includes(e.reason)
    return yield* stopWith(jobId, getHpcJob(jobId), send, fatal, listed)
  })
