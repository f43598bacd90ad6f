import { z } from "zod"
import { type NormalizedStatus, normalizeStatus } from "../../domain/status.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode, decodeItems, EpochMs, firstAvailable, ListPage, Num, Text } from "../support.js"

/** One pod of a training job, named as the platform names it (`<job>-worker-<i>-<round>`, §5.7). */
export interface JobInstance {
  readonly pod: string
  readonly node: string
  readonly type: string
  readonly status: NormalizedStatus
  /** The run round, read from the pod name's last segment. */
  readonly round: number | undefined
  readonly startedAt: number | undefined
  readonly finishedAt: number | undefined
  readonly runningTimeMs: number | undefined
}

const RawInstance = z.object({
  name: Text,
  pod_name: Text,
  instance_type: Text,
  node: Text,
  instance_status: Text,
  status: Text,
  started_at: EpochMs,
  finished_at: EpochMs,
  running_time_ms: Num,
})

const roundOf = (pod: string): number | undefined => {
  const m = /-(\d+)$/.exec(pod)
  return m?.[1] !== undefined ? Number(m[1]) : undefined
}

/** The pods of a training job (authoritative names): V2 `train.ListJobInstances`, else V1 `train_job/instance_list`. */
export const listJobInstances = (jobId: string): Effect.Effect<ReadonlyArray<JobInstance>, InspireError, Platform> =>
  Effect.gen(function* () {
    if (jobId.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("api-no-job-id"), msg("api-pass-job-id-hint", { call: callWord("jobs") })),
      )
    const platform = yield* Platform
    const data = yield* firstAvailable(msg("api-list-pods"), [
      platform.v2("train", "ListJobInstances", { job_id: jobId, page_num: 1, page_size: -1 }, { idempotent: true }),
      platform.v1(
        "POST",
        "train_job/instance_list",
        { jobId, page_num: 1, page_size: -1 },
        { idempotent: true, referer: `/jobs/distributedTrainingDetail/${jobId}` },
      ),
    ])
    const page = yield* decode(ListPage, data, "train.ListJobInstances")
    const raws = yield* decodeItems(RawInstance, page.items, "train.ListJobInstances")
    return raws
      .map((r) => {
        const pod = r.name || r.pod_name
        return {
          pod,
          node: r.node,
          type: r.instance_type,
          status: normalizeStatus(r.instance_status || r.status),
          round: roundOf(pod),
          startedAt: r.started_at,
          finishedAt: r.finished_at,
          runningTimeMs: r.running_time_ms,
        }
      })
      .filter((i) => i.pod !== "")
  })
