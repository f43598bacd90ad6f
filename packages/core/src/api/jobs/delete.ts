import { Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { type PlannedRequest, planned } from "../../platform/dry-run.js"
import { msg } from "../../words/message.js"
import { firstAvailable } from "../support.js"
import { getJob, type JobKind } from "./kinds.js"

// Deleting a finished job (V1 only): training `train_job/delete`, HPC `DELETE hpc_jobs/{id}`, Ray
// `ray_job/delete`. The platform refuses a job that has not ended. A delete is sent once, never repeated
// blindly: when its answer is lost or unreadable, the job is read again, and only a job the platform no
// longer knows is reported deleted.

/** The request that deletes a job, as a plan shows it. */
export const deleteRequest = (kind: JobKind, id: string): PlannedRequest =>
  kind === "train"
    ? planned("POST", "api/v1/train_job/delete", { job_id: id })
    : kind === "hpc"
      ? planned("DELETE", `api/v1/hpc_jobs/${encodeURIComponent(id)}`)
      : planned("POST", "api/v1/ray_job/delete", { ray_job_id: id })

const send = (kind: JobKind, id: string) =>
  Effect.flatMap(Platform, (p) => {
    const options = { idempotent: false, write: true } as const
    return firstAvailable(msg("api-delete-job"), [
      kind === "train"
        ? p.v1("POST", "train_job/delete", { job_id: id }, { ...options, referer: "/jobs/distributedTraining" })
        : kind === "hpc"
          ? p.v1("DELETE", `hpc_jobs/${encodeURIComponent(id)}`, undefined, { ...options, referer: "/jobs/hpc" })
          : p.v1("POST", "ray_job/delete", { ray_job_id: id }, { ...options, referer: "/jobs/ray" }),
    ])
  })

/**
 * Deletes a finished job once. A refusal (the job still runs, or is not the account's) fails as the
 * platform said; any other failure is settled by reading the job: gone means deleted, still there
 * means the delete did not happen, and the original failure is reported.
 */
export const deleteJob = (kind: JobKind, id: string): Effect.Effect<void, InspireError, Platform> =>
  Effect.gen(function* () {
    const sent = yield* Effect.either(send(kind, id))
    if (Either.isRight(sent)) return
    const e = sent.left
    if (["InvalidInput", "Forbidden", "NotFound", "Conflict"].includes(e.reason)) return yield* Effect.fail(e)
    const after = yield* Effect.either(getJob(kind, id))
    if (Either.isLeft(after) && after.left.reason === "NotFound") return
    return yield* Effect.fail(e)
  })
