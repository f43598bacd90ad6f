import { getHpcJob, listHpcJobs } from "../../api/jobs/hpc.js"
import { getRayJob, listRayJobs, type RayJob } from "../../api/jobs/ray.js"
import type { HpcJob, TrainingJob } from "../../api/jobs/schema.js"
import { getTrainingJob, listTrainingJobs } from "../../api/jobs/training.js"
import { currentUser } from "../../api/resources/user.js"
import { Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ClientServices } from "../catalogue/services.js"
import type { SweepKind } from "./file.js"
import type { ManifestJob, SweepManifest } from "./manifest.js"

// How a sweep reads its jobs on the platform: one listing of the workspace (a page or two), not a read
// per job; a job the listing cut off is read by its id.

/** A sweep job as the platform shows it. */
export type PlatformJob = TrainingJob | HpcJob | RayJob

const PAGE = 100
const PAGES = 10

/** The account's jobs of the sweep's kind in its workspace (newest first, as the platform lists them). */
export const listWorkspaceJobs = (
  kind: SweepKind,
  workspaceId: string,
): Effect.Effect<
  { readonly jobs: ReadonlyArray<PlatformJob>; readonly truncated: boolean },
  InspireError,
  ClientServices
> =>
  Effect.gen(function* () {
    // Only this account's jobs: a sweep's are among them, and a busy workspace's others cost pages.
    const me = yield* Effect.either(currentUser())
    const input = {
      workspaceId,
      pageSize: PAGE,
      maxPages: PAGES,
      ...(Either.isRight(me) ? { createdBy: me.right.id } : {}),
    }
    return yield* kind === "hpc" ? listHpcJobs(input) : kind === "ray" ? listRayJobs(input) : listTrainingJobs(input)
  })

export const detailOf = (kind: SweepKind, id: string): Effect.Effect<PlatformJob, InspireError, Platform> =>
  kind === "hpc" ? getHpcJob(id) : kind === "ray" ? getRayJob(id) : getTrainingJob(id)

/** The platform's view of each created job of the sweep, by job id (a job that cannot be read is absent). */
export const readSweepJobs = (
  m: Pick<SweepManifest, "kind" | "workspaceId" | "jobs">,
): Effect.Effect<ReadonlyMap<string, PlatformJob>, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const ids = new Set(m.jobs.flatMap((j) => (j.jobId !== undefined ? [j.jobId] : [])))
    const found = new Map<string, PlatformJob>()
    if (ids.size === 0) return found
    const listed = yield* listWorkspaceJobs(m.kind, m.workspaceId)
    for (const job of listed.jobs) if (ids.has(job.id)) found.set(job.id, job)
    const missing = [...ids].filter((id) => !found.has(id))
    const read = yield* Effect.forEach(missing, (id) => Effect.either(detailOf(m.kind, id)), { concurrency: 2 })
    for (const r of read) if (Either.isRight(r)) found.set(r.right.id, r.right)
    return found
  })

/** Whether a job holds a place under max_running: created and not finished (an unreadable one counts). */
export const isActive = (job: ManifestJob, seen: ReadonlyMap<string, PlatformJob>): boolean => {
  if (job.state === "sending") return true
  if (job.state !== "created" || job.jobId === undefined) return false
  const p = seen.get(job.jobId)
  return p === undefined || !p.status.terminal
}
