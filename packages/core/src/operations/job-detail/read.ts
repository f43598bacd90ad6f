import { getHpcJob } from "../../api/jobs/hpc.js"
import { listJobInstances } from "../../api/jobs/instances.js"
import type { RayJob } from "../../api/jobs/ray.js"
import { getRayJob, listRayInstances } from "../../api/jobs/ray.js"
import type { HpcJob, JobDataset, TrainingJob } from "../../api/jobs/schema.js"
import { getTrainingJobSettings } from "../../api/jobs/training.js"
import { getNotebook } from "../../api/notebooks/read.js"
import { getServing } from "../../api/servings/servings.js"
import type { TaskKind } from "../../domain/ids.js"
import type { StatusFamily } from "../../domain/status.js"
import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { plain, type Text } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { rayPods, type WaitingRef, waitingRefOf } from "../common/waiting.js"

/** One pod of a task. */
export interface PodRow {
  readonly pod: string
  readonly node: string
  readonly status: string
  readonly startedAt: number | undefined
  readonly finishedAt: number | undefined
}

/** A task's configuration and state, whatever its kind. */
export interface TaskDetail {
  readonly id: string
  readonly kind: TaskKind
  readonly name: string
  readonly status: { readonly family: StatusFamily; readonly raw: string; readonly terminal: boolean }
  readonly subStatus: string
  readonly subMessage: string
  readonly workspace: string
  readonly project: string
  readonly computeGroup: string
  readonly image: string
  readonly command: string
  readonly spec: {
    readonly id: string
    readonly gpus?: number | undefined
    readonly gpuType?: string | undefined
    readonly cpus?: number | undefined
    readonly memoryGib?: number | undefined
  }
  readonly priority: number | undefined
  readonly priorityLevel: string | undefined
  readonly instances: number | undefined
  readonly shmGi: number | undefined
  readonly hpc?: {
    readonly numberOfTasks: number | undefined
    readonly cpusPerTask: number | undefined
    readonly memoryPerCpu: string
    readonly nodes: ReadonlyArray<string>
  }
  /** For Ray jobs: each worker group's replicas. */
  readonly ray?: {
    readonly groups: ReadonlyArray<{
      readonly name: string
      readonly min: number | undefined
      readonly max: number | undefined
      readonly current: number | undefined
    }>
  }
  /** The dataset versions it mounts: `id:version`, and where when the platform said. */
  readonly datasets?: ReadonlyArray<string>
  readonly pods: ReadonlyArray<PodRow>
  readonly timing: {
    readonly createdAt: number | undefined
    readonly startedAt: number | undefined
    readonly finishedAt: number | undefined
    readonly runningTimeMs: number | undefined
  }
  readonly consoleUrl: string
  readonly warnings: ReadonlyArray<Text>
}

const statusOf = (s: { family: StatusFamily; raw: string; terminal: boolean }) => ({
  family: s.family,
  raw: s.raw,
  terminal: s.terminal,
})

const common = (j: TrainingJob | HpcJob | RayJob) => ({
  id: j.id,
  name: j.name,
  status: statusOf(j.status),
  subStatus: j.subStatus,
  subMessage: j.subMsg,
  workspace: j.workspaceName,
  project: j.projectName,
  computeGroup: j.groupName,
  image: j.image,
  priority: j.priority.submitted,
  priorityLevel: j.priority.level,
  consoleUrl: j.consoleUrl,
})

/** A task's detail, and what placing it in its group's queue needs when it waits. */
export interface ReadTask {
  readonly detail: TaskDetail
  readonly waiting?: WaitingRef | undefined
}

const mounts = (datasets: ReadonlyArray<JobDataset>) =>
  datasets.length > 0
    ? { datasets: datasets.map((d) => `${d.datasetId}:${d.versionId}${d.path !== undefined ? ` → ${d.path}` : ""}`) }
    : {}

const training = (id: string) =>
  Effect.gen(function* () {
    const { job: j, settings } = yield* getTrainingJobSettings(id)
    // A queued job has no pods yet; the detail is still worth showing.
    const instances = yield* Effect.orElseSucceed(listJobInstances(id), () => [])
    const starts = instances.flatMap((i) => (i.startedAt !== undefined ? [i.startedAt] : []))
    const detail = {
      ...common(j),
      kind: "train",
      command: j.command,
      spec: {
        id: j.specId || (j.spec?.quotaId ?? ""),
        gpus: j.spec?.gpuCount ?? j.gpuCount,
        gpuType: j.spec?.gpuDisplay || j.spec?.gpuType,
        cpus: j.spec?.cpuCount,
        memoryGib: j.spec?.memoryGib,
      },
      instances: j.nodeCount,
      shmGi: j.shmGi,
      ...mounts(settings.datasets),
      pods: instances.map((i) => ({
        pod: i.pod,
        node: i.node,
        status: i.status.raw,
        startedAt: i.startedAt,
        finishedAt: i.finishedAt,
      })),
      timing: {
        createdAt: j.createdAt,
        startedAt: starts.length > 0 ? Math.min(...starts) : undefined,
        finishedAt: j.finishedAt,
        runningTimeMs: j.runningTimeMs,
      },
      warnings: [],
    } satisfies TaskDetail
    return { detail, waiting: waitingRefOf(j, "train", j.nodeCount) }
  })

const hpc = (id: string) =>
  Effect.map(
    getHpcJob(id),
    (j): ReadTask => ({
      waiting: waitingRefOf(j, "hpc", j.instanceCount),
      detail: {
        ...common(j),
        kind: "hpc",
        command: j.entrypoint,
        spec: { id: j.specId },
        instances: j.instanceCount,
        shmGi: undefined,
        hpc: {
          numberOfTasks: j.numberOfTasks,
          cpusPerTask: j.cpusPerTask,
          memoryPerCpu: j.memoryPerCpu,
          nodes: j.nodes,
        },
        ...mounts(j.datasets),
        pods: [],
        timing: {
          createdAt: j.createdAt,
          startedAt: undefined,
          finishedAt: j.finishedAt,
          runningTimeMs: j.runningTimeMs,
        },
        // The API layer says this one in English, with no message of the catalogue.
        warnings: j.warnings.map((w) => plain(w)),
      },
    }),
  )

const ray = (id: string) =>
  Effect.gen(function* () {
    const j = yield* getRayJob(id)
    // A queued job has no pods yet; the detail is still worth showing.
    const pods = yield* Effect.orElseSucceed(listRayInstances(id), () => [])
    const detail = {
      ...common(j),
      kind: "ray",
      command: j.entrypoint,
      spec: { id: j.specId },
      instances: pods.length > 0 ? pods.length : undefined,
      shmGi: undefined,
      ray: {
        groups: j.workerGroups.map((g) => ({
          name: g.name,
          min: g.minReplicas,
          max: g.maxReplicas,
          current: g.currentReplicas,
        })),
      },
      pods: pods.map((p) => ({
        pod: p.pod,
        node: "",
        status: p.status.raw,
        startedAt: p.createdAt,
        finishedAt: undefined,
      })),
      timing: {
        createdAt: j.createdAt,
        startedAt: undefined,
        finishedAt: j.finishedAt,
        runningTimeMs: j.runningTimeMs,
      },
      warnings: [],
    } satisfies TaskDetail
    return { detail, waiting: waitingRefOf(j, "ray", rayPods(j)) }
  })

const serving = (id: string) =>
  Effect.map(
    getServing(id),
    (s): TaskDetail => ({
      id: s.id,
      kind: "serving",
      name: s.name,
      status: statusOf(s.status),
      subStatus: "",
      subMessage: "",
      workspace: s.workspaceId,
      project: s.projectName,
      computeGroup: s.logicComputeGroupName || s.logicComputeGroupId,
      image: s.image,
      command: s.command,
      spec: { id: s.specId },
      priority: /^\d+$/.test(s.priority) ? Number(s.priority) : undefined,
      priorityLevel: undefined,
      instances: s.replicas,
      shmGi: undefined,
      pods: [],
      timing: { createdAt: s.createdAt, startedAt: undefined, finishedAt: undefined, runningTimeMs: undefined },
      consoleUrl: s.accessUrl,
      warnings: [],
    }),
  )

const notebook = (id: string) =>
  Effect.map(
    getNotebook(id),
    (n): TaskDetail => ({
      id: n.id,
      kind: "notebook",
      name: n.name,
      status: statusOf(n.status),
      subStatus: n.subStatus,
      subMessage: "",
      workspace: n.workspaceName,
      project: n.projectName,
      computeGroup: n.logicComputeGroupName,
      image: n.image.address,
      command: n.command,
      spec: { id: "", gpus: n.gpuCount, gpuType: n.gpuType, cpus: n.cpuCount, memoryGib: n.memoryGi },
      priority: undefined,
      priorityLevel: undefined,
      instances: 1,
      shmGi: n.sharedMemoryGi,
      pods: [],
      timing: {
        createdAt: n.createdAt,
        startedAt: undefined,
        finishedAt: undefined,
        runningTimeMs: n.liveTimeSeconds !== undefined ? n.liveTimeSeconds * 1000 : undefined,
      },
      consoleUrl: n.accessUrl,
      warnings: [],
    }),
  )

/** Reads a task's detail with the API of its kind (by id prefix), and what its queue place needs. */
export const readTaskFor = (id: string, kind: TaskKind): Effect.Effect<ReadTask, InspireError, ClientServices> => {
  if (kind === "train") return training(id)
  if (kind === "hpc") return hpc(id)
  if (kind === "serving") return Effect.map(serving(id), (detail) => ({ detail }))
  if (kind === "notebook") return Effect.map(notebook(id), (detail) => ({ detail }))
  return ray(id)
}

/** Reads a task's detail with the API of its kind (by id prefix). */
export const readTask = (id: string, kind: TaskKind): Effect.Effect<TaskDetail, InspireError, ClientServices> =>
  Effect.map(readTaskFor(id, kind), (r) => r.detail)
