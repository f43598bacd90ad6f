import { z } from "zod"
import { taskKindOf } from "../../domain/ids.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode, decodeItems, firstAvailable, ListPage, Text } from "../support.js"
import { listJobInstances } from "./instances.js"
import { hpcPods } from "./metrics.js"
import { listRayInstances } from "./ray.js"

/** The most lines one log request asks for (§4.12). */
export const MAX_LOG_PAGE = 500

/** One log line. */
export interface LogLine {
  readonly id: string
  readonly message: string
  readonly pod: string
  readonly node: string
  readonly timestampMs: number
  /** The platform's own text of the time (`timestamp_str`, else `time`): Beijing time, often without a zone; never shown. */
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

// Text as `Text` reads it: missing or null is "", a number its decimal; anything else is out of shape.
const textOf = (v: unknown): string | undefined =>
  v === null || v === undefined
    ? ""
    : typeof v === "string"
      ? v
      : typeof v === "number" && Number.isFinite(v)
        ? String(v)
        : undefined

/**
 * RawLine without zod, for lines in the usual shape: a download reads a million of them, and zod's parse
 * allocated several kilobytes per line, most of what a download allocated. Undefined for anything RawLine
 * might read differently; those pages are decoded by RawLine as before.
 */
const quickLine = (raw: unknown): LogLine | undefined => {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return undefined
  const r = raw as Readonly<Record<string, unknown>>
  const id = textOf(r.log_id)
  const message = textOf(r.message)
  const node = textOf(r.node)
  const pod = textOf(r.pod_name)
  const time = textOf(r.time)
  const stamp = textOf(r.timestamp_str)
  const ms = r.timestamp_ms
  const timestampMs = typeof ms === "string" || (typeof ms === "number" && Number.isFinite(ms)) ? Number(ms) : undefined
  if (
    id === undefined ||
    message === undefined ||
    node === undefined ||
    pod === undefined ||
    time === undefined ||
    stamp === undefined ||
    timestampMs === undefined
  )
    return undefined
  return { id: id || `${pod}:${timestampMs}:${message}`, message, pod, node, timestampMs, time: stamp || time }
}

/** The lines of a log page; a page with any line out of the usual shape is read by zod, which says what is wrong. */
export const decodeLogLines = (items: ReadonlyArray<unknown>): Effect.Effect<ReadonlyArray<LogLine>, InspireError> => {
  const lines: LogLine[] = []
  for (const item of items) {
    const line = quickLine(item)
    if (line === undefined) return decodeItems(RawLine, items, "train.GetJobLog")
    lines.push(line)
  }
  return Effect.succeed(lines)
}

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

/** Whether a job id is a Ray job (its logs live under V1 `logs/ray_job`). */
export const isRayJob = (jobId: string): boolean => {
  const ref = taskKindOf(jobId)
  return ref._tag === "Right" && ref.right.kind === "ray"
}

/** The pods asked for, else every pod the platform lists now; empty while a job has none yet. */
export const listedPods = (
  jobId: string,
  pod: string | ReadonlyArray<string> | undefined,
): Effect.Effect<ReadonlyArray<string>, InspireError, Platform> =>
  Effect.gen(function* () {
    const asked = pod === undefined ? [] : typeof pod === "string" ? [pod] : pod
    if (asked.length > 0) return asked
    if (isHpcJob(jobId)) return yield* hpcPods(jobId)
    if (isRayJob(jobId)) return (yield* listRayInstances(jobId)).map((i) => i.pod)
    return (yield* listJobInstances(jobId)).map((i) => i.pod)
  })

/** The pods whose logs are read: the ones asked for, else every pod the platform lists. */
export const podsOf = (
  jobId: string,
  pod: string | ReadonlyArray<string> | undefined,
): Effect.Effect<ReadonlyArray<string>, InspireError, Platform> =>
  Effect.gen(function* () {
    const pods = yield* listedPods(jobId, pod)
    if (pods.length === 0)
      return yield* Effect.fail(
        invalidInput(msg("api-no-pods", { job: jobId }), msg("api-no-pods-hint", { call: callWord("job_detail") })),
      )
    return pods
  })

/** Sends one log query: V2 `train.GetJobLog`, else V1 `logs/train` (HPC: V1 `logs/hpc`; Ray: `logs/ray_job`). */
export const queryLogs = (q: LogQuery): Effect.Effect<ReadonlyArray<LogLine>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const hpc = isHpcJob(q.jobId)
    const ray = isRayJob(q.jobId)
    const timeField = hpc || ray ? "@timestamp" : "time"
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
      msg("api-read-logs"),
      hpc
        ? [platform.v1("POST", "logs/hpc", body, { ...options, referer: `/jobs/hpcDetail/${q.jobId}` })]
        : ray
          ? [platform.v1("POST", "logs/ray_job", body, { ...options, referer: "/jobs/ray" })]
          : [platform.v2("train", "GetJobLog", body, options), platform.v1("POST", "logs/train", body, options)],
    )
    return yield* decodeLogLines(yield* logItems(data))
  })

/**
 * The lines of a log answer, unread. The envelope is checked by ListPage as any list is, but without its
 * lines: zod would copy every page's 500 of them, and a download reads two thousand pages. The lines are
 * read by decodeLogLines.
 */
const logItems = (data: unknown): Effect.Effect<ReadonlyArray<unknown>, InspireError> => {
  const envelope = typeof data === "object" && data !== null && !Array.isArray(data) ? data : undefined
  const { logs, ...rest } = (envelope ?? {}) as Readonly<Record<string, unknown>>
  if (envelope === undefined || !Array.isArray(logs) || rest.jobs != null || rest.events != null)
    return Effect.map(decode(ListPage, data, "train.GetJobLog"), (page) => page.items)
  return Effect.as(decode(ListPage, { ...rest, logs: [] }, "train.GetJobLog"), logs)
}
