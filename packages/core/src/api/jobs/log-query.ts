import { Effect } from "effect"
import { z } from "zod"
import { taskKindOf } from "../../domain/ids.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { decode, decodeItems, firstAvailable, ListPage, Text } from "../support.js"
import { listJobInstances } from "./instances.js"
import { hpcPods } from "./metrics.js"

/** The most lines one log request asks for (§4.12). */
export const MAX_LOG_PAGE = 500

/** One log line. */
export interface LogLine {
  readonly id: string
  readonly message: string
  readonly pod: string
  readonly node: string
  readonly timestampMs: number
  readonly time: string
}

const RawLine = z
  .object({
    log_id: Text,
    message: Text,
    node: Text,
    pod_name: Text,
    time: Text,
    timestamp_str: Text,
    timestamp_ms: z.union([z.string(), z.number()]).transform(Number),
  })
  .transform(
    (l): LogLine => ({
      id: l.log_id || `${l.pod_name}:${l.timestamp_ms}:${l.message}`,
      message: l.message,
      pod: l.pod_name,
      node: l.node,
      timestampMs: l.timestamp_ms,
      time: l.timestamp_str || l.time,
    }),
  )

/** One log request: which pods, which window (epoch ms, inclusive), which order, how many. */
export interface LogQuery {
  readonly jobId: string
  readonly pods: ReadonlyArray<string>
  readonly order: "ascend" | "descend"
  readonly size: number
  readonly startMs?: number
  readonly endMs?: number
}

/** Whether a job id is an HPC job (its logs live under V1 `logs/hpc`). */
export const isHpcJob = (jobId: string): boolean => {
  const ref = taskKindOf(jobId)
  return ref._tag === "Right" && ref.right.kind === "hpc"
}

/** The pods whose logs are read: the ones asked for, else every pod the platform lists. */
export const podsOf = (
  jobId: string,
  pod: string | ReadonlyArray<string> | undefined,
): Effect.Effect<ReadonlyArray<string>, InspireError, Platform> =>
  Effect.gen(function* () {
    const asked = pod === undefined ? [] : typeof pod === "string" ? [pod] : pod
    if (asked.length > 0) return asked
    const pods = isHpcJob(jobId) ? yield* hpcPods(jobId) : (yield* listJobInstances(jobId)).map((i) => i.pod)
    if (pods.length === 0)
      return yield* Effect.fail(
        invalidInput(
          `Job ${jobId} has no pods yet, so it has no logs.`,
          "Wait until it leaves the queue (inspire_job_status), then read the logs again.",
        ),
      )
    return pods
  })

/** Sends one log query: V2 `train.GetJobLog`, else V1 `logs/train` (HPC: V1 `logs/hpc`). */
export const queryLogs = (q: LogQuery): Effect.Effect<ReadonlyArray<LogLine>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const hpc = isHpcJob(q.jobId)
    const timeField = hpc ? "@timestamp" : "time"
    const body = {
      page_size: Math.min(Math.max(1, q.size), MAX_LOG_PAGE),
      filter: {
        podNames: q.pods,
        ...(q.startMs !== undefined ? { start_timestamp_ms: String(q.startMs) } : {}),
        ...(q.endMs !== undefined ? { end_timestamp_ms: String(q.endMs) } : {}),
      },
      sorter: [
        { field: timeField, sort: q.order },
        { field: "log-id.keyword", sort: q.order },
      ],
    }
    const options = { idempotent: true, referer: `/jobs/distributedTrainingDetail/${q.jobId}` }
    const data = yield* firstAvailable(
      "read the job's logs",
      hpc
        ? [platform.v1("POST", "logs/hpc", body, { ...options, referer: `/jobs/hpcDetail/${q.jobId}` })]
        : [platform.v2("train", "GetJobLog", body, options), platform.v1("POST", "logs/train", body, options)],
    )
    const page = yield* decode(ListPage, data, "train.GetJobLog")
    return yield* decodeItems(RawLine, page.items, "train.GetJobLog")
  })
