import { matchesStatusFilter, type StatusFilter } from "../../domain/status.js"
import { Effect, Either, Schedule } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { collectPages } from "../../platform/paging.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode, decodeItems, firstAvailable, ListPage, WRITE, writeWithFallback } from "../support.js"
import { RawTrainingJob, type TrainingJob, type TrainingSettings, toTrainingJob, toTrainingSettings } from "./schema.js"

const REFERER = "/jobs/distributedTraining"
const PAGE_SIZE = 100

/** What to list: a workspace, optionally a status family, a creator (user id) and a page size. */
export interface ListTrainingJobsInput {
  readonly workspaceId: string
  readonly status?: StatusFilter
  readonly createdBy?: string
  readonly pageSize?: number
  readonly maxPages?: number
}

/** Jobs of a list, and whether the page cap cut it short. */
export interface JobList<J> {
  readonly jobs: ReadonlyArray<J>
  readonly total: number | undefined
  readonly truncated: boolean
}

const requireId = (id: string) =>
  id.trim() === ""
    ? Effect.fail(invalidInput(msg("api-no-training-job-id"), msg("api-pass-job-id-hint", { call: callWord("jobs") })))
    : Effect.void

/** A training job's detail and creation settings: OA `train_job/detail`, else V2 `train.GetJob`, else V1. */
const readTrainingJob = (jobId: string) =>
  Effect.gen(function* () {
    yield* requireId(jobId)
    const platform = yield* Platform
    const body = { job_id: jobId }
    const data = yield* firstAvailable(msg("api-read-training-job"), [
      platform.openapi("train_job/detail", body, { idempotent: true }),
      platform.v2("train", "GetJob", body, { idempotent: true }),
      platform.v1("POST", "train_job/detail", body, {
        idempotent: true,
        referer: `/jobs/distributedTrainingDetail/${jobId}`,
      }),
    ])
    const raw = yield* decode(RawTrainingJob, data, "train_job/detail")
    return { job: toTrainingJob(raw, platform.baseUrl), settings: toTrainingSettings(raw) }
  })

/** A training job's detail: OA `train_job/detail`, else V2 `train.GetJob`, else V1 `train_job/detail`. */
export const getTrainingJob = (jobId: string): Effect.Effect<TrainingJob, InspireError, Platform> =>
  Effect.map(readTrainingJob(jobId), (r) => r.job)

/** A training job's detail and the settings it was created with (envs among them): what a resubmit carries. */
export const getTrainingJobSettings = (
  jobId: string,
): Effect.Effect<{ readonly job: TrainingJob; readonly settings: TrainingSettings }, InspireError, Platform> =>
  readTrainingJob(jobId)

/** The body of a job list page (training and HPC alike): `page_num`/`page_size`, optional creator. */
export const listBody =
  (input: { readonly workspaceId: string; readonly createdBy?: string | undefined }) =>
  (page: number, size: number) => ({
    workspace_id: input.workspaceId,
    page_num: page,
    page_size: size,
    ...(input.createdBy !== undefined && input.createdBy !== "" ? { created_by: input.createdBy } : {}),
  })

/** Every training job of a workspace: V2 `train.ListJobs` (all pages), else V1 `train_job/list`. */
export const listTrainingJobs = (
  input: ListTrainingJobsInput,
): Effect.Effect<JobList<TrainingJob>, InspireError, Platform> =>
  Effect.gen(function* () {
    if (input.workspaceId.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("api-no-workspace"), msg("api-pass-workspace-hint", { call: callWord("status") })),
      )
    const platform = yield* Platform
    const body = listBody(input)
    const collected = yield* firstAvailable(msg("api-list-training-jobs"), [
      collectPages(
        (page, size) =>
          Effect.flatMap(platform.v2("train", "ListJobs", body(page, size), { idempotent: true }), (d) =>
            decode(ListPage, d, "train.ListJobs"),
          ),
        { firstPage: 1, pageSize: input.pageSize ?? PAGE_SIZE, maxPages: input.maxPages ?? 100 },
      ),
      collectPages(
        (page, size) =>
          Effect.flatMap(
            platform.v1("POST", "train_job/list", body(page, size), {
              idempotent: true,
              referer: `${REFERER}?spaceId=${input.workspaceId}`,
            }),
            (d) => decode(ListPage, d, "train_job/list"),
          ),
        { firstPage: 1, pageSize: input.pageSize ?? PAGE_SIZE, maxPages: input.maxPages ?? 100 },
      ),
    ])
    const raws = yield* decodeItems(RawTrainingJob, collected.items, "train.ListJobs")
    const jobs = raws
      .map((r) => toTrainingJob(r, platform.baseUrl))
      .filter((j) => input.status === undefined || matchesStatusFilter(j.status, input.status))
    return { jobs, total: collected.total, truncated: collected.truncated }
  })

/** The outcome of a stop: already finished jobs are reported, not treated as errors. */
export interface StopResult {
  readonly jobId: string
  readonly outcome: "stopped" | "already-finished"
  /** The status before the stop, when it was read. */
  readonly previous?: string
}

// Right after create the platform answers Conflict (§6 rule 21): V2 says so by name, OA with its
// generic 100000. Stop is idempotent, so waiting and repeating is safe.
const isTooEarly = (e: InspireError): boolean =>
  e.reason === "Conflict" || (e.reason === "PlatformError" && Number(e.code) === 100000)

// The pauses before each repeat: the job is usually stoppable within a few seconds.
const TOO_EARLY = Schedule.fromDelays("500 millis", "1 second", "2 seconds", "3 seconds")

/** Repeats a stop while the platform says it is too early, with growing pauses. */
export const retryTooEarly = <A, R>(stop: Effect.Effect<A, InspireError, R>): Effect.Effect<A, InspireError, R> =>
  Effect.mapError(Effect.retry(stop, { schedule: TOO_EARLY, while: isTooEarly }), (e) =>
    isTooEarly(e)
      ? new InspireError({
          reason: "Conflict",
          message: msg("api-still-creating", { message: e.text }),
          hint: msg("api-still-creating-hint", { call: callWord("stop") }),
          ...(e.code !== undefined ? { code: e.code } : {}),
        })
      : e,
  )

/** A job's status as a listing just showed it: enough to stop the job without reading its detail first. */
export interface ListedStatus {
  readonly raw: string
  readonly terminal: boolean
}

/**
 * The stop both job kinds share: the state before (read, or as just listed, which saves a request
 * per job in a batch), the request, and, when a listed job's stop fails, a read that tells a job
 * that finished in the meantime from a real failure.
 */
export const stopWith = (
  jobId: string,
  read: Effect.Effect<{ readonly status: ListedStatus }, InspireError, Platform>,
  send: Effect.Effect<unknown, InspireError, Platform>,
  fatal: (e: InspireError) => boolean,
  listed?: ListedStatus,
): Effect.Effect<StopResult, InspireError, Platform> =>
  Effect.gen(function* () {
    const before = listed !== undefined ? Either.right({ status: listed }) : yield* Effect.either(read)
    if (Either.isLeft(before) && fatal(before.left)) return yield* Effect.fail(before.left)
    if (Either.isRight(before) && before.right.status.terminal)
      return { jobId, outcome: "already-finished", previous: before.right.status.raw }
    const sent = yield* Effect.either(send)
    if (Either.isLeft(sent)) {
      const now = listed !== undefined ? yield* Effect.either(read) : undefined
      if (now !== undefined && Either.isRight(now) && now.right.status.terminal)
        return { jobId, outcome: "already-finished", previous: now.right.status.raw }
      return yield* Effect.fail(sent.left)
    }
    return { jobId, outcome: "stopped", ...(Either.isRight(before) ? { previous: before.right.status.raw } : {}) }
  })

/**
 * Stops a training job: OA `train_job/stop`, V2 `train.StopJob` when OA was not sent; Conflict is
 * retried. `listed`: its status from a listing just made (a batch stop), which skips the detail read.
 */
export const stopTrainingJob = (
  jobId: string,
  listed?: ListedStatus,
): Effect.Effect<StopResult, InspireError, Platform> =>
  Effect.gen(function* () {
    yield* requireId(jobId)
    const platform = yield* Platform
    const body = { job_id: jobId }
    const send = retryTooEarly(
      writeWithFallback(
        msg("api-stop-what", { what: msg("api-the-training-job") }),
        platform.openapi("train_job/stop", body, WRITE),
        platform.v2("train", "StopJob", body, WRITE),
      ),
    )
    return yield* stopWith(jobId, getTrainingJob(jobId), send, (e) => e.reason === "NotFound", listed)
  })
