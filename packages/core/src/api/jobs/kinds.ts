import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { getHpcJob, stopHpcJob } from "./hpc.js"
import { getRayJob, type RayJob, stopRayJob } from "./ray.js"
import type { HpcJob, TrainingJob } from "./schema.js"
import { getTrainingJob, type ListedStatus, type StopResult, stopTrainingJob } from "./training.js"

/** The kinds of job (not servings or notebooks): training, HPC and Ray. */
export type JobKind = "train" | "hpc" | "ray"

/** A job's detail, read with the API of its kind. */
export const getJob = (
  kind: JobKind,
  id: string,
): Effect.Effect<TrainingJob | HpcJob | RayJob, InspireError, Platform> =>
  kind === "train"
    ? Effect.map(getTrainingJob(id), (j): TrainingJob | HpcJob | RayJob => j)
    : kind === "hpc"
      ? Effect.map(getHpcJob(id), (j): TrainingJob | HpcJob | RayJob => j)
      : Effect.map(getRayJob(id), (j): TrainingJob | HpcJob | RayJob => j)

/**
 * Stops a job with the API of its kind (a finished one is reported, not an error); `listed`: its status
 * as a listing just showed it, which skips the detail read.
 */
export const stopJob = (
  id: string,
  kind: JobKind,
  listed?: ListedStatus,
): Effect.Effect<StopResult, InspireError, Platform> =>
  kind === "train" ? stopTrainingJob(id, listed) : kind === "hpc" ? stopHpcJob(id, listed) : stopRayJob(id, listed)
