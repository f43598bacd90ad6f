import type { Emu } from "../context.js"
import { newUuid } from "../ids.js"
import { planFor, podNames } from "../sim/behaviour.js"
import { groupById, projectById, specById, userById } from "../state/lookup.js"
import type { Phase, Task, TaskKind } from "../state/types.js"
import type { Placement } from "./checks.js"
import { priorityCode, priorityLevel } from "./checks.js"

export interface NewTask {
  kind: TaskKind
  name: string
  command: string
  placement: Placement
  image: string
  imageType: string
  priority: number
  instances: number
  retries?: number
  /** The image lacks Slurm or Ray: the task fails once it starts. */
  runtimeMissing?: boolean
  extra?: Record<string, unknown>
}

const ID_PREFIX: Record<TaskKind, string> = { train: "job-", hpc: "hpc-job-", serving: "sv-", notebook: "", ray: "rj-" }

export const createTask = (emu: Emu, userId: string, n: NewTask): Task => {
  emu.engine.update()
  const now = emu.clock.now()
  const plan = planFor(n.command, n.placement.workspace.online, n.kind, n.priority, n.runtimeMissing)
  const task: Task = {
    id: `${ID_PREFIX[n.kind]}${newUuid()}`,
    kind: n.kind,
    name: n.name,
    command: n.command,
    workspaceId: n.placement.workspace.id,
    projectId: n.placement.project.id,
    lcgId: n.placement.group.id,
    specId: n.placement.spec.id,
    image: n.image,
    imageType: n.imageType,
    priority: n.priority,
    userId,
    instances: Math.max(1, n.instances),
    createdAt: now,
    updatedAt: now,
    phase: "queued",
    subStatus: "",
    subMsg: "",
    nextAt: null,
    behaviour: plan.behaviour,
    networkTool: plan.networkTool,
    runSeconds: plan.runSeconds,
    round: 0,
    retriesLeft: n.retries ?? 0,
    alloc: [],
    timeline: { created: now },
    runs: [],
    events: [],
    extra: n.extra ?? {},
  }
  emu.engine.submit(task)
  return task
}

const STATUS: Record<TaskKind, Record<Phase, string>> = {
  train: {
    queued: "job_queuing",
    creating: "job_creating",
    running: "job_running",
    stopping: "job_stopped",
    succeeded: "job_succeeded",
    failed: "job_failed",
    stopped: "job_stopped",
  },
  hpc: {
    queued: "QUEUEING",
    creating: "CREATING",
    running: "RUNNING",
    stopping: "STOPPED",
    succeeded: "SUCCEEDED",
    failed: "FAILED",
    stopped: "STOPPED",
  },
  serving: {
    queued: "PENDING",
    creating: "CREATING",
    running: "RUNNING",
    stopping: "STOPPING",
    succeeded: "SUCCEEDED",
    failed: "FAILED",
    stopped: "STOPPED",
  },
  ray: {
    queued: "PENDING",
    creating: "STARTING",
    running: "RUNNING",
    stopping: "STOPPING",
    succeeded: "SUCCEEDED",
    failed: "FAILED",
    stopped: "STOPPED",
  },
  notebook: {
    queued: "QUEUED",
    creating: "PENDING",
    running: "RUNNING",
    stopping: "STOPPING",
    succeeded: "STOPPED",
    failed: "FAILED",
    stopped: "STOPPED",
  },
}

export const statusOf = (t: Task): string => STATUS[t.kind][t.phase]

/** The upper-case family the task-dimension view uses. */
export const upperStatus = (t: Task): string =>
  t.phase === "queued" ? "QUEUING" : t.phase === "stopping" ? "STOPPING" : t.phase.toUpperCase()

export const ms = (v: number | undefined): string => (v === undefined ? "" : String(v))

export const runningMs = (t: Task, now: number): number =>
  t.runs.reduce((sum, r) => sum + Math.max(0, (r.end ?? now) - r.start), 0)

/** Names, prices and ownership shared by every task view. */
export const common = (emu: Emu, t: Task) => {
  const s = emu.store.state
  const project = projectById(s, t.projectId)
  const group = groupById(s, t.lcgId)
  const spec = specById(s, t.specId)
  const user = userById(s, t.userId)
  const workspace = s.workspaces.find((w) => w.id === t.workspaceId)
  return {
    project,
    group,
    spec,
    fields: {
      workspace_id: t.workspaceId,
      workspace_name: workspace?.name ?? "",
      project_id: t.projectId,
      project_name: project?.name ?? "",
      project_en_name: project?.enName ?? "",
      logic_compute_group_id: t.lcgId,
      logic_compute_group_name: group?.name ?? "",
      created_by: { id: t.userId, name: user?.name ?? "" },
      priority: priorityCode(t.priority),
      priority_level: priorityLevel(t.priority),
      priority_name: String(t.priority),
      task_priority: 0,
      created_at: ms(t.createdAt),
      updated_at: ms(t.updatedAt),
      finished_at: ms(t.timeline.finished),
      running_time_ms: String(runningMs(t, emu.clock.now())),
    },
  }
}

export const specPriceInfo = (emu: Emu, specId: string) => {
  const s = emu.store.state
  const spec = specById(s, specId)
  const group = spec ? groupById(s, spec.lcgIds[0] ?? "") : undefined
  return {
    quota_id: specId,
    cpu_count: spec?.cpuCount ?? 0,
    gpu_count: spec?.gpuCount ?? 0,
    memory_size_gib: spec?.memGib ?? 0,
    total_price_per_hour: spec?.price ?? 0,
    gpu_info: {
      gpu_type: spec?.gpuType ?? "",
      gpu_product_simple: group?.gpuSimple ?? "",
      gpu_type_display: group?.gpuDisplay ?? "",
      brand_name: group?.brand ?? "",
    },
  }
}

export const podsWithNodes = (t: Task): { pod: string; node: string }[] =>
  podNames(t).map((pod, i) => ({ pod, node: t.alloc[i]?.node ?? "" }))
