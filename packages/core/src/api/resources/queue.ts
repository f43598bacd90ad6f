import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { RawTrainingJob, type TrainingJob, toTrainingJob, toTrainingSettings } from "../jobs/schema.js"
import { decode, decodeItems, firstAvailable, ListPage } from "../support.js"

/** A job waiting for resources in a compute group. */
export interface QueuedJob {
  readonly id: string
  readonly createdAt: number | undefined
  readonly groupId: string
  /** GPUs of all its instances (0: CPU work); undefined when the listing does not say. */
  readonly gpus: number | undefined
  /** The submitted priority (1–10), when known. */
  readonly priority: number | undefined
}

// Raw statuses of a job the scheduler has not placed yet (§5.1): not `creating`, which already holds nodes.
const QUEUED = /^(job_)?(queuing|queueing|queued|pending)$/i

/** Whether a raw job status says the scheduler has not placed it yet (not `creating`, which holds nodes). */
export const isQueued = (raw: string): boolean => QUEUED.test(raw)

const PAGE_SIZE = 100

/** A job's GPUs over all its instances: per instance × instances when the spec says, else `gpu_count`. */
const gpusOf = (j: TrainingJob): number =>
  j.spec?.gpuCount !== undefined && j.nodeCount !== undefined ? j.spec.gpuCount * j.nodeCount : (j.gpuCount ?? 0)

const queuedOf = (j: TrainingJob): QueuedJob => ({
  id: j.id,
  createdAt: j.createdAt,
  groupId: j.groupId,
  gpus: j.spec?.gpuCount !== undefined || j.gpuCount !== undefined ? gpusOf(j) : undefined,
  priority: j.priority.submitted,
})

/** A training job holding GPUs of a compute group, and how long it may still hold them. */
export interface HoldingJob {
  readonly groupId: string
  /** GPUs of all its instances. */
  readonly gpus: number
  /** Its max running time less the time it has run; undefined when it set none. */
  readonly remainingMs: number | undefined
}

/** A workspace's waiting training jobs (everyone's) and the ones holding GPUs, from one listing. */
export interface TrainingQueue {
  readonly queued: ReadonlyArray<QueuedJob>
  readonly holding: ReadonlyArray<HoldingJob>
}

const HOLDING = /^(job_)?(creating|running)$/i

/**
 * The training jobs queued in a workspace (everyone's) and the running or starting ones with their max
 * running time: V2 `train.ListJobs` with `status_list` (§4.5), else V1 `train_job/list`, one page of up
 * to 100, which is enough to say who is ahead. The status is checked again here, in case a surface
 * ignores the filter.
 */
export const trainingQueue = (workspaceId: string): Effect.Effect<TrainingQueue, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const body = {
      workspace_id: workspaceId,
      status_list: ["job_queuing", "job_creating", "job_running"],
      page_num: 1,
      page_size: PAGE_SIZE,
    }
    const data = yield* firstAvailable(msg("api-list-queued"), [
      platform.v2("train", "ListJobs", body, { idempotent: true }),
      platform.v1("POST", "train_job/list", body, {
        idempotent: true,
        referer: `/jobs/distributedTraining?spaceId=${workspaceId}`,
      }),
    ])
    const page = yield* decode(ListPage, data, "train.ListJobs")
    const raws = yield* decodeItems(RawTrainingJob, page.items, "train.ListJobs")
    const jobs = raws.map((r) => ({
      job: toTrainingJob(r, platform.baseUrl),
      max: toTrainingSettings(r).maxRunningTimeMs,
    }))
    return {
      queued: jobs.filter(({ job }) => QUEUED.test(job.status.raw)).map(({ job }) => queuedOf(job)),
      holding: jobs
        .filter(({ job }) => HOLDING.test(job.status.raw))
        .map(({ job, max }) => ({
          groupId: job.groupId,
          gpus: gpusOf(job),
          remainingMs: max !== undefined ? Math.max(0, max - (job.runningTimeMs ?? 0)) : undefined,
        })),
    }
  })
