import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { RawTrainingJob, toTrainingJob } from "../jobs/schema.js"
import { decode, decodeItems, firstAvailable, ListPage } from "../support.js"

/** A job waiting for resources in a compute group. */
export interface QueuedJob {
  readonly groupId: string
  /** GPUs per instance (0: CPU work); undefined when the listing does not say. */
  readonly gpus: number | undefined
  /** The submitted priority (1–10), when known. */
  readonly priority: number | undefined
}

// Raw statuses of a job the scheduler has not placed yet (§5.1): not `creating`, which already holds nodes.
const QUEUED = /^(job_)?(queuing|queueing|queued|pending)$/i

const PAGE_SIZE = 100

/**
 * The training jobs queued in a workspace, everyone's (§4.5: V2 `train.ListJobs` with `status`
 * `job_queuing`, else V1 `train_job/list`): one page of up to 100, which is enough to say "queued
 * ahead". The status is checked again here, in case a surface ignores the filter.
 */
export const queuedTrainingJobs = (
  workspaceId: string,
): Effect.Effect<ReadonlyArray<QueuedJob>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const body = { workspace_id: workspaceId, status: "job_queuing", page_num: 1, page_size: PAGE_SIZE }
    const data = yield* firstAvailable(msg("api-list-queued"), [
      platform.v2("train", "ListJobs", body, { idempotent: true }),
      platform.v1("POST", "train_job/list", body, {
        idempotent: true,
        referer: `/jobs/distributedTraining?spaceId=${workspaceId}`,
      }),
    ])
    const page = yield* decode(ListPage, data, "train.ListJobs")
    const raws = yield* decodeItems(RawTrainingJob, page.items, "train.ListJobs")
    return raws
      .map((r) => toTrainingJob(r, platform.baseUrl))
      .filter((j) => QUEUED.test(j.status.raw))
      .map((j) => ({ groupId: j.groupId, gpus: j.gpuCount, priority: j.priority.submitted }))
  })
