import { z } from "zod"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput, type SurfaceUnavailable } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { collectPages } from "../../platform/paging.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode, decodeItems, EpochMs, firstAvailable, ListPage, Text } from "../support.js"
import { listJobInstances } from "./instances.js"
import { isHpcJob, isRayJob } from "./log-query.js"

/** One scheduler event of a job or of one of its pods. */
export interface JobEvent {
  readonly type: string
  readonly reason: string
  readonly message: string
  readonly from: string
  readonly objectId: string
  readonly objectType: string
  readonly firstAt: number | undefined
  readonly lastAt: number | undefined
  readonly age: string
}

/** A job's events, oldest first; `collected` says the platform has garbage-collected them (§4.14). */
export interface JobEvents {
  readonly events: ReadonlyArray<JobEvent>
  readonly collected: boolean
  readonly truncated: boolean
}

const RawEvent = z
  .object({
    type: Text,
    reason: Text,
    message: Text,
    from: Text,
    object_id: Text,
    object_type: Text,
    first_timestamp: EpochMs,
    last_timestamp: EpochMs,
    event_timestamp: EpochMs,
    age: Text,
  })
  .transform(
    (e): JobEvent => ({
      type: e.type,
      reason: e.reason,
      message: e.message,
      from: e.from,
      objectId: e.object_id,
      objectType: e.object_type,
      firstAt: e.first_timestamp ?? e.event_timestamp,
      lastAt: e.last_timestamp ?? e.event_timestamp,
      age: e.age,
    }),
  )

// Events of long-finished jobs are garbage-collected: "record not found" (code 100000) means none.
const whenCollected = <R>(read: Effect.Effect<JobEvents, InspireError, R>): Effect.Effect<JobEvents, InspireError, R> =>
  Effect.catchIf(
    read,
    (e) => Number(e.code) === 100000 && /record not found/i.test(e.message),
    () => Effect.succeed({ events: [], collected: true, truncated: false }),
  )

const byTime = (a: JobEvent, b: JobEvent) => (a.lastAt ?? 0) - (b.lastAt ?? 0)

const trainingEvents = (jobId: string, objectType: "job" | "instance", ids: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const body = (page: number, size: number) => ({
      page_num: page,
      page_size: size,
      filter: { object_type: objectType, object_ids: ids },
    })
    const paging = { firstPage: 1 as const, pageSize: 200, maxPages: 20 }
    const read = (call: (page: number, size: number) => Effect.Effect<unknown, InspireError | SurfaceUnavailable>) =>
      collectPages(
        (page, size) => Effect.flatMap(call(page, size), (d) => decode(ListPage, d, "train.ListJobEvents")),
        paging,
      )
    return yield* firstAvailable(msg("api-list-job-events"), [
      read((p, s) => platform.v2("train", "ListJobEvents", body(p, s), { idempotent: true })),
      read((p, s) =>
        platform.v1("POST", "train_job/events/list", body(p, s), {
          idempotent: true,
          referer: `/jobs/distributedTrainingDetail/${jobId}`,
        }),
      ),
    ])
  })

/**
 * A job's events: training via V2 `train.ListJobEvents` (job and instance objects), else V1
 * `train_job/events/list`; HPC via V1 `hpc_jobs/events/list`; Ray via V1 `ray_job/events/list`.
 * Garbage-collected events are "no events".
 */
export const listJobEvents = (
  jobId: string,
  options: { readonly pods?: ReadonlyArray<string> } = {},
): Effect.Effect<JobEvents, InspireError, Platform> =>
  whenCollected(
    Effect.gen(function* () {
      if (jobId.trim() === "")
        return yield* Effect.fail(
          invalidInput(msg("api-no-job-id"), msg("api-pass-job-id-hint", { call: callWord("jobs") })),
        )
      if (isHpcJob(jobId)) return yield* hpcEvents(jobId)
      if (isRayJob(jobId)) return yield* rayEvents(jobId)
      const job = yield* trainingEvents(jobId, "job", [jobId])
      // Pod events explain scheduling and restarts; a job without pods yet simply has none.
      const pods =
        options.pods ??
        (yield* Effect.orElseSucceed(
          Effect.map(listJobInstances(jobId), (list) => list.map((i) => i.pod)),
          () => [] as ReadonlyArray<string>,
        ))
      const instance = pods.length > 0 ? yield* trainingEvents(jobId, "instance", pods) : undefined
      const raws = [...job.items, ...(instance?.items ?? [])]
      const events = [...(yield* decodeItems(RawEvent, raws, "train.ListJobEvents"))].sort(byTime)
      return { events, collected: false, truncated: job.truncated || (instance?.truncated ?? false) }
    }),
  )

const rayEvents = (jobId: string) =>
  Effect.gen(function* () {
    const platform = yield* Platform
    // No filter wrapper, every page at once (§4.7).
    const data = yield* firstAvailable(msg("api-list-ray-events"), [
      platform.v1(
        "POST",
        "ray_job/events/list",
        { ray_job_id: jobId, page_num: 1, page_size: -1, sorter: [{ field: "last_timestamp", sort: "ascend" }] },
        { idempotent: true, referer: "/jobs/ray" },
      ),
    ])
    const page = yield* decode(ListPage, data, "ray_job/events/list")
    const events = [...(yield* decodeItems(RawEvent, page.items, "ray_job/events/list"))].sort(byTime)
    return { events, collected: false, truncated: false }
  })

const hpcEvents = (jobId: string) =>
  Effect.gen(function* () {
    const platform = yield* Platform
    // Camel case at the top, snake case inside (§5.6); pageNum -1 returns everything.
    const data = yield* firstAvailable(msg("api-list-hpc-events"), [
      platform.v1(
        "POST",
        "hpc_jobs/events/list",
        {
          pageNum: -1,
          pageSize: 200,
          filter: { object_ids: [jobId], object_type: "HPC_JOB" },
          sorter: [{ field: "last_timestamp", sort: "ascend" }],
        },
        { idempotent: true, referer: `/jobs/hpcDetail/${jobId}` },
      ),
    ])
    const page = yield* decode(ListPage, data, "hpc_jobs/events/list")
    const events = [...(yield* decodeItems(RawEvent, page.items, "hpc_jobs/events/list"))].sort(byTime)
    return { events, collected: false, truncated: false }
  })
