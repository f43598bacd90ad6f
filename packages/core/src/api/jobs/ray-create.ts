import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { newSubmitId } from "../../platform/recover.js"
import { msg } from "../../words/message.js"
import type { CheckedCreate, CommonCreateInput } from "./checks.js"
import { type CreatedJob, type CreateOptions, submitOnce } from "./create.js"
import { getRayJob, listRayJobs, type RayJob } from "./ray.js"
import { scriptMarkerMatch, withMarker } from "./schema.js"

/** One worker group of a Ray job to create: its workers scale between `minReplicas` and `maxReplicas`. */
export interface RayWorkerGroupInput {
  readonly name: string
  /** A Ray spec of the head's compute group. */
  readonly specId: string
  readonly minReplicas: number
  readonly maxReplicas: number
}

/** A Ray job to create, ids resolved (INSPIRE-API.md §4.7): a head node and its worker groups. */
export interface CreateRayJobInput extends CommonCreateInput {
  /** The driver's command, run on the head node. */
  readonly entrypoint: string
  /**
   * The image's registration id (the platform's `mirror_id`), beside its display address (`image`).
   * `groupId` and `specId` are the head's: every worker group runs in that group, on a Ray spec of it.
   */
  readonly imageId: string
  readonly imageType?: "SOURCE_PRIVATE" | "SOURCE_PUBLIC" | "SOURCE_OFFICIAL"
  readonly workers: ReadonlyArray<RayWorkerGroupInput>
  /** Shared memory of every node in GiB; the platform's default when absent. */
  readonly shmGi?: number
  /** Always 1: one head (the checks every create shares read it). */
  readonly instanceCount: 1
  readonly description?: string
}

/** The V1 `ray_job/create` body for a checked name (what a dry run shows). */
export const rayBody = (input: CreateRayJobInput, name: string) => {
  const node = {
    mirror_id: input.imageId,
    image_type: input.imageType ?? "SOURCE_PRIVATE",
    logic_compute_group_id: input.groupId,
  }
  const shm = input.shmGi !== undefined ? { shm_gi: input.shmGi } : {}
  return {
    name,
    description: input.description ?? "",
    workspace_id: input.workspaceId,
    project_id: input.projectId,
    task_priority: input.priority,
    entrypoint: input.entrypoint,
    head_node: { ...node, quota_id: input.specId, ...shm },
    worker_groups: input.workers.map((w) => ({
      group_name: w.name,
      ...node,
      min_replicas: w.minReplicas,
      max_replicas: w.maxReplicas,
      quota_id: w.specId,
      ...shm,
    })),
  }
}

/**
 * Sends a checked Ray create exactly once (V1 `ray_job/create`; a lost answer is settled by the marker in
 * its entrypoint); its warnings are the checks'.
 */
export const sendRayJob = (
  checked: CheckedCreate<CreateRayJobInput>,
  options: CreateOptions = {},
): Effect.Effect<CreatedJob<RayJob>, InspireError, Platform> =>
  Effect.gen(function* () {
    const { input, name } = checked
    const submitId = options.submitId ?? (yield* newSubmitId())
    return yield* submitOnce({
      what: msg("api-the-ray-job"),
      via: { v1: "ray_job/create", referer: "/jobs/ray" },
      body: rayBody({ ...input, entrypoint: withMarker(input.entrypoint, submitId) }, name),
      options,
      warnings: checked.warnings,
      list: () => Effect.map(listRayJobs({ workspaceId: input.workspaceId, pageSize: 50, maxPages: 4 }), (l) => l.jobs),
      same: (j) => scriptMarkerMatch(j, name, submitId),
      detail: getRayJob,
    })
  })
