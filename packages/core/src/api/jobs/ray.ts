import { z } from "zod"
import { matchesStatusFilter, type NormalizedStatus, normalizeStatus, type StatusFilter } from "../../domain/status.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { collectPages } from "../../platform/paging.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode, decodeItems, EpochMs, firstAvailable, ListPage, Num, Text, WRITE } from "../support.js"
import { commonOf, type JobCommon, RawJobBase, splitMarker } from "./schema.js"
import { type JobList, type ListedStatus, retryTooEarly, type StopResult, stopWith } from "./training.js"

// Ray jobs (弹性计算): a head node and worker groups that scale between their min and max replicas. The
// platform serves them on V1 only, under the console's `/jobs/ray` page, by `ray_job_id`.

const REFERER = "/jobs/ray"

/** One worker group of a Ray job. */
export interface RayWorkerGroup {
  readonly name: string
  readonly minReplicas: number | undefined
  readonly maxReplicas: number | undefined
  /** How many of its workers run now (the detail says; a listing may not). */
  readonly currentReplicas: number | undefined
  readonly specId: string
}

/** A Ray job, normalised. */
export interface RayJob extends JobCommon {
  readonly kind: "ray"
  /** The entrypoint without this client's marker line. */
  readonly entrypoint: string
  /** The marker of the create that made it ("" when none, or when a listing does not show the entrypoint). */
  readonly submitId: string
  readonly description: string
  readonly workerGroups: ReadonlyArray<RayWorkerGroup>
  /** Shared memory of each node in GiB, when the platform says. */
  readonly shmGi: number | undefined
}

const RawNode = z
  .object({
    mirror_url: Text,
    image: Text,
    image_type: Text,
    logic_compute_group_id: Text,
    quota_id: Text,
    shm_gi: Num,
  })
  .nullish()

const RawGroup = z.object({
  group_name: Text,
  min_replicas: Num,
  max_replicas: Num,
  current_replicas: Num,
  quota_id: Text,
})

/** A Ray job as `ray_job/list` and `ray_job/detail` return it. */
const RawRayJob = z.lazy(() =>
  RawJobBase.extend({
    ray_job_id: Text,
    entrypoint: Text,
    description: Text,
    head_node: RawNode,
    worker_groups: z.array(RawGroup).nullish().catch(undefined),
  }),
)

const toRayJob = (raw: z.output<typeof RawRayJob>, baseUrl: string): RayJob => {
  const id = raw.ray_job_id || raw.job_id || raw.id
  const head = raw.head_node ?? undefined
  return {
    ...commonOf(
      { ...raw, job_id: id },
      "ray",
      new URL(`${REFERER}?spaceId=${encodeURIComponent(raw.workspace_id)}`, baseUrl).toString(),
    ),
    groupId: raw.logic_compute_group_id || head?.logic_compute_group_id || "",
    kind: "ray",
    ...(({ script, submitId }) => ({ entrypoint: script, submitId }))(splitMarker(raw.entrypoint)),
    description: raw.description,
    image: head?.mirror_url || head?.image || "",
    imageType: head?.image_type ?? "",
    specId: head?.quota_id ?? "",
    shmGi: head?.shm_gi,
    workerGroups: (raw.worker_groups ?? []).map((g) => ({
      name: g.group_name,
      minReplicas: g.min_replicas,
      maxReplicas: g.max_replicas,
      currentReplicas: g.current_replicas,
      specId: g.quota_id,
    })),
  }
}

const requireId = (id: string) =>
  id.trim() === ""
    ? Effect.fail(invalidInput(msg("api-no-ray-job-id"), msg("api-pass-job-id-hint", { call: callWord("jobs") })))
    : Effect.void

/** A Ray job's detail (V1 `ray_job/detail`, which takes `ray_job_id` only). */
export const getRayJob = (id: string): Effect.Effect<RayJob, InspireError, Platform> =>
  Effect.gen(function* () {
    yield* requireId(id)
    const platform = yield* Platform
    const data = yield* firstAvailable(msg("api-read-ray-job"), [
      platform.v1("POST", "ray_job/detail", { ray_job_id: id }, { idempotent: true, referer: REFERER }),
    ])
    return toRayJob(yield* decode(RawRayJob, data, "ray_job/detail"), platform.baseUrl)
  })

/** What to list: a workspace, optionally a status family and a creator (user id). */
export interface ListRayJobsInput {
  readonly workspaceId: string
  readonly status?: StatusFilter
  readonly createdBy?: string
  readonly pageSize?: number
  readonly maxPages?: number
}

/** Every Ray job of a workspace (V1 `ray_job/list`; a creator goes in `filter_by.user_id`). */
export const listRayJobs = (input: ListRayJobsInput): Effect.Effect<JobList<RayJob>, InspireError, Platform> =>
  Effect.gen(function* () {
    if (input.workspaceId.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("api-no-workspace"), msg("api-pass-workspace-hint", { call: callWord("status") })),
      )
    const platform = yield* Platform
    const mine =
      input.createdBy !== undefined && input.createdBy !== "" ? { filter_by: { user_id: [input.createdBy] } } : {}
    const collected = yield* firstAvailable(msg("api-list-ray-jobs"), [
      collectPages(
        (page, size) =>
          Effect.flatMap(
            platform.v1(
              "POST",
              "ray_job/list",
              { workspace_id: input.workspaceId, page_num: page, page_size: size, ...mine },
              { idempotent: true, referer: `${REFERER}?spaceId=${input.workspaceId}` },
            ),
            (d) => decode(ListPage, d, "ray_job/list"),
          ),
        { firstPage: 1, pageSize: input.pageSize ?? 100, maxPages: input.maxPages ?? 100 },
      ),
    ])
    const raws = yield* decodeItems(RawRayJob, collected.items, "ray_job/list")
    const jobs = raws
      .map((r) => toRayJob(r, platform.baseUrl))
      .filter((j) => input.status === undefined || matchesStatusFilter(j.status, input.status))
    return { jobs, total: collected.total, truncated: collected.truncated }
  })

/** Stops a Ray job (V1 `ray_job/stop`); `listed` skips the detail read, as for the other kinds. */
export const stopRayJob = (id: string, listed?: ListedStatus): Effect.Effect<StopResult, InspireError, Platform> =>
  Effect.gen(function* () {
    yield* requireId(id)
    const platform = yield* Platform
    const send = retryTooEarly(
      firstAvailable(msg("api-stop-what", { what: msg("api-the-ray-job") }), [
        platform.v1("POST", "ray_job/stop", { ray_job_id: id }, { ...WRITE, referer: REFERER }),
      ]),
    )
    return yield* stopWith(id, getRayJob(id), send, (e) => ["InvalidInput", "NotFound"].includes(e.reason), listed)
  })

/** One pod of a Ray job: the head, or a worker of a group. */
export interface RayInstance {
  readonly pod: string
  readonly role: "head" | "worker"
  readonly group: string
  readonly status: NormalizedStatus
  readonly gpus: number | undefined
  readonly createdAt: number | undefined
}

const RawRayInstance = z.object({
  instance_id: Text,
  instance_type: Text,
  worker_group_name: Text,
  status: Text,
  gpu_count: Num,
  created_at: EpochMs,
})

/** A Ray job's pods (V1 `ray_job/instances/list`, every page at once). */
export const listRayInstances = (id: string): Effect.Effect<ReadonlyArray<RayInstance>, InspireError, Platform> =>
  Effect.gen(function* () {
    yield* requireId(id)
    const platform = yield* Platform
    const data = yield* firstAvailable(msg("api-list-ray-pods"), [
      platform.v1(
        "POST",
        "ray_job/instances/list",
        { ray_job_id: id, page_num: 1, page_size: -1 },
        { idempotent: true, referer: REFERER },
      ),
    ])
    const page = yield* decode(ListPage, data, "ray_job/instances/list")
    const raws = yield* decodeItems(RawRayInstance, page.items, "ray_job/instances/list")
    return raws.map((r) => ({
      pod: r.instance_id,
      role: r.instance_type.toLowerCase() === "head" ? ("head" as const) : ("worker" as const),
      group: r.worker_group_name,
      status: normalizeStatus(r.status, "ray"),
      gpus: r.gpu_count,
      createdAt: r.created_at,
    }))
  })
