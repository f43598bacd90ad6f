import type { RayJob } from "../../api/jobs/ray.js"
import type { JobCommon } from "../../api/jobs/schema.js"
import { isQueued } from "../../api/resources/queue.js"
import { knownProjects } from "../../api/resources/resolve.js"
import { placeInQueue, type QueuePlace } from "../../domain/queue.js"
import type { ScheduleType } from "../../domain/specs.js"
import { Effect, Either } from "../../effect.js"
import type { ClientServices } from "../catalogue/services.js"
import { availabilityOf, rankPlaces } from "./fit.js"
import { type NodesRead, readNodes } from "./nodes-read.js"

/** A waiting job to place in its group's queue, as a listing or a detail gives it. */
export interface WaitingRef {
  readonly id: string
  readonly kind: "train" | "hpc" | "ray"
  readonly workspaceId: string
  readonly groupId: string
  readonly projectId: string
  readonly specId: string
  readonly priority: number | undefined
  readonly createdAt: number | undefined
  readonly instances: number | undefined
}

/** What placing a job in its group's queue needs, when it waits (else undefined). */
export const waitingRefOf = (
  j: JobCommon,
  kind: WaitingRef["kind"],
  instances: number | undefined,
): WaitingRef | undefined =>
  isQueued(j.status.raw) && j.groupId !== ""
    ? {
        id: j.id,
        kind,
        workspaceId: j.workspaceId,
        groupId: j.groupId,
        projectId: j.projectId,
        specId: j.specId,
        priority: j.priority.submitted,
        createdAt: j.createdAt,
        instances,
      }
    : undefined

/** A Ray job's pods before it can start: its head and every worker group's fewest replicas. */
export const rayPods = (j: RayJob): number => 1 + j.workerGroups.reduce((n, g) => n + (g.minReplicas ?? 0), 0)

const SCHEDULE: Readonly<Record<WaitingRef["kind"], ScheduleType>> = { train: "TRAIN", hpc: "HPC", ray: "RAY_JOB" }

// The nodes and training queue of one workspace (readNodes with its queue), or undefined when unread; with
// its groups' Ray specs when a Ray job waits there (discovery leaves them out: one listing per group).
const contextOf = (workspaceId: string, ray: boolean) =>
  Effect.map(
    Effect.either(readNodes({ workspaces: [workspaceId], queue: true, ...(ray ? { raySpecs: true } : {}) })),
    (read) => (Either.isRight(read) ? read.right : undefined),
  )

const placeOf = (job: WaitingRef, read: NodesRead | undefined, remain: number | undefined): QueuePlace => {
  const priority = job.priority ?? 0
  const instances = job.instances ?? 1
  const place = read?.places.find((p) => p.workspace.id === job.workspaceId)
  const fit =
    place !== undefined
      ? rankPlaces([place], { spec: job.specId, instances, priority, scheduleType: SCHEDULE[job.kind] })
      : []
  const mine = fit.find((f) => f.computeGroup.id === job.groupId)
  const nodes = place?.nodes.get(job.groupId)
  const gpus = (mine?.gpusPerInstance ?? 0) * instances
  const room =
    mine !== undefined && nodes !== undefined
      ? (({ total, free }) => ({
          fitsNow: mine.verdict === "now" || mine.verdict === "preempt",
          totalGpus: total,
          freeGpus: free,
        }))(availabilityOf(nodes).gpus)
      : undefined
  return placeInQueue(
    {
      id: job.id,
      groupId: job.groupId,
      priority: job.priority,
      createdAt: job.createdAt,
      gpus,
      budgetSpent: remain !== undefined && remain <= 0 && (gpus > 0 || priority > 3),
      room,
    },
    place?.queued ?? [],
    place?.holding ?? [],
  )
}

/** What a create's placement check read (its nodes and queue): nothing is read again, even when it read none. */
export interface Given {
  readonly read: NodesRead | undefined
}

/**
 * Each waiting job's place in its group's queue: per workspace of the jobs, one node listing (the groups and
 * specs from the kept discovery) and one listing of its queued and running training jobs, unless `given`;
 * the project's budget from the kept project list. Nothing is read when no job waits.
 */
export const placesInQueue = (
  jobs: ReadonlyArray<WaitingRef>,
  given?: Given,
): Effect.Effect<ReadonlyMap<string, QueuePlace>, never, ClientServices> =>
  Effect.gen(function* () {
    if (jobs.length === 0) return new Map()
    const workspaces = [...new Set(jobs.map((j) => j.workspaceId))]
    const [contexts, projects] = yield* Effect.all(
      [
        given !== undefined
          ? Effect.succeed(workspaces.map(() => given.read))
          : Effect.forEach(
              workspaces,
              (w) =>
                contextOf(
                  w,
                  jobs.some((j) => j.workspaceId === w && j.kind === "ray"),
                ),
              { concurrency: 2 },
            ),
        Effect.either(knownProjects()),
      ],
      { concurrency: 2 },
    )
    const byWorkspace = new Map(workspaces.map((w, i) => [w, contexts[i]]))
    const remain = (projectId: string) =>
      Either.isRight(projects) ? projects.right.find((p) => p.id === projectId)?.remainBudget : undefined
    return new Map(jobs.map((j) => [j.id, placeOf(j, byWorkspace.get(j.workspaceId), remain(j.projectId))]))
  })
