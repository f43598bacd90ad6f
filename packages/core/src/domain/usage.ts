import { msg } from "../words/message.js"
import { plain, type Text } from "../words/text.js"
import { isIdleGpu } from "./metrics/health.js"
import { type PriorityLevel, priorityFromStoredCode, priorityLevel } from "./priority.js"

/** A task of the task dimension as the usage view reads it (§4.4.2). */
export interface DimensionTask {
  readonly id: string
  readonly name: string
  /** Upper case, as the task dimension writes it: RUNNING, CREATING, PENDING, … */
  readonly status: string
  readonly type: string
  readonly priority: number | undefined
  readonly runningMs: number | undefined
  readonly project: { readonly id: string; readonly name: string }
  readonly user: { readonly id: string; readonly name: string }
  readonly nodes: number
  readonly gpu: {
    readonly total?: number | undefined
    readonly used?: number | undefined
    readonly usageRate?: number | undefined
  }
}

/** A task holding (or waiting for) GPUs, with its utilisation and the idle flag. */
export interface UsageTask {
  readonly id: string
  readonly name: string
  readonly status: string
  readonly type: string
  /** The submitted priority (1–10); a stored code (§5.3) is read back to it. */
  readonly priority: number | undefined
  readonly priorityLevel: PriorityLevel | undefined
  readonly project: { readonly id: string; readonly name: string }
  readonly user: { readonly id: string; readonly name: string }
  readonly nodes: number
  /** GPUs the task holds now (0 while it waits). */
  readonly gpus: number
  /** Real GPU utilisation in percent, when the platform states it for a running task. */
  readonly utilisation: number | undefined
  /** Holds GPUs at idle utilisation (the metrics verdict's idle rule). */
  readonly idle: boolean
  readonly runningMs: number | undefined
}

/** The sums of one user, project, task type or priority. */
export interface UsageGroup {
  readonly key: string
  readonly name: Text
  readonly tasks: number
  readonly running: number
  readonly gpus: number
  /** GPUs held by idle tasks. */
  readonly idleGpus: number
  readonly idleTasks: number
  /** GPU-weighted mean utilisation in percent of the running tasks that state one. */
  readonly utilisation: number | undefined
}

const round1 = (x: number): number => Math.round(x * 10) / 10

const submittedPriority = (p: number | undefined): number | undefined => {
  if (p === undefined) return undefined
  if (Number.isInteger(p) && p >= 1 && p <= 10) return p
  return priorityFromStoredCode(p)?.priority
}

/** Reads a task dimension row: the GPUs it holds, its utilisation in percent and whether it is idle. */
export const usageTask = (t: DimensionTask): UsageTask => {
  const running = t.status === "RUNNING"
  const gpus = running ? (t.gpu.used ?? t.gpu.total ?? 0) : 0
  const rate = t.gpu.usageRate
  const utilisation = running && gpus > 0 && rate !== undefined ? round1(rate * 100) : undefined
  const priority = submittedPriority(t.priority)
  return {
    id: t.id,
    name: t.name,
    status: t.status,
    type: t.type,
    priority,
    priorityLevel: priority !== undefined ? priorityLevel(priority) : undefined,
    project: t.project,
    user: t.user,
    nodes: t.nodes,
    gpus,
    utilisation,
    idle: utilisation !== undefined && isIdleGpu(utilisation),
    runningMs: t.runningMs,
  }
}

/** Sums tasks by a key, most GPUs first (ties by name). */
const groupUsage = (
  tasks: ReadonlyArray<UsageTask>,
  // `name` undefined: the group of tasks the platform names nothing for ("unknown").
  keyOf: (t: UsageTask) => { readonly key: string; readonly name: string | undefined },
): ReadonlyArray<UsageGroup> => {
  const groups = new Map<string, { name: string | undefined; members: UsageTask[] }>()
  for (const t of tasks) {
    const { key, name } = keyOf(t)
    const g = groups.get(key) ?? { name, members: [] }
    g.members.push(t)
    groups.set(key, g)
  }
  return [...groups]
    .map(([key, g]) => ({ group: summarize(key, g.name ?? msg("usage-unknown"), g.members), name: g.name }))
    .sort((a, b) => b.group.gpus - a.group.gpus || byName(a.name, b.name))
    .map(({ group }) => group)
}

// Names in order, the unknown one last.
const byName = (a: string | undefined, b: string | undefined): number =>
  a === undefined ? (b === undefined ? 0 : 1) : b === undefined ? -1 : a.localeCompare(b)

/** The sums of a set of tasks under one key. */
export const summarize = (key: string, name: Text | string, tasks: ReadonlyArray<UsageTask>): UsageGroup => {
  const measured = tasks.filter((t) => t.utilisation !== undefined && t.gpus > 0)
  const weight = measured.reduce((s, t) => s + t.gpus, 0)
  const idle = tasks.filter((t) => t.idle)
  return {
    key,
    name: typeof name === "string" ? plain(name) : name,
    tasks: tasks.length,
    running: tasks.filter((t) => t.status === "RUNNING").length,
    gpus: tasks.reduce((s, t) => s + t.gpus, 0),
    idleGpus: idle.reduce((s, t) => s + t.gpus, 0),
    idleTasks: idle.length,
    utilisation:
      weight > 0 ? round1(measured.reduce((s, t) => s + (t.utilisation ?? 0) * t.gpus, 0) / weight) : undefined,
  }
}

/** The four views of usage: by user, project, task type and priority. */
export const usageViews = (tasks: ReadonlyArray<UsageTask>) => ({
  byUser: groupUsage(tasks, (t) => ({ key: t.user.id || t.user.name, name: t.user.name || t.user.id })),
  byProject: groupUsage(tasks, (t) => ({ key: t.project.id || t.project.name, name: t.project.name || t.project.id })),
  byType: groupUsage(tasks, (t) => ({ key: t.type, name: t.type || undefined })),
  byPriority: groupUsage(tasks, (t) =>
    t.priority === undefined
      ? { key: "?", name: undefined }
      : { key: String(t.priority), name: `${t.priority} ${t.priorityLevel}` },
  ),
})
