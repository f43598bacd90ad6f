import { isLowPriority, type NodeView, nodeCondition } from "../../domain/availability.js"
import { Effect, Either } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import { groupOfNode, type NodeDimension, nodeDimensions } from "./groups.js"
import { type TaskDimension, taskDimensions } from "./usage.js"

/** What the pre-emptible (priority 1–3) tasks on one node hold there. */
export interface LowShare {
  readonly gpus: number
  readonly cpus: number
  readonly memGib: number
}

const amount = (a: { total?: number | null | undefined; used?: number | null | undefined } | null | undefined) =>
  a?.total == null ? undefined : { total: a.total, used: Math.min(a.used ?? 0, a.total) }

const nodeName = (n: NodeDimension): string => n.name ?? n.node_id ?? ""

/**
 * A listed node reduced to what placement needs. `low` is what the task dimension says its pre-emptible
 * tasks hold there; without it the node's GPUs count as pre-emptible only when every task on it is low
 * priority (the node listing does not say how its GPUs split between tasks, and a guess never promises
 * more than is there).
 */
export const toNodeView = (n: NodeDimension, low?: LowShare): NodeView => {
  const tasks = n.tasks_associated ?? []
  const count = Math.max(tasks.length, n.task_list?.length ?? 0)
  const gpuTotal = n.gpu?.total ?? 0
  const gpuUsed = Math.min(n.gpu?.used ?? 0, gpuTotal)
  const cpu = amount(n.cpu)
  const memGib = amount(n.memory)
  const allLow = tasks.length > 0 && tasks.length === count && tasks.every((t) => isLowPriority(t.priority))
  const held = low ?? (allLow ? { gpus: gpuUsed, cpus: cpu?.used ?? 0, memGib: memGib?.used ?? 0 } : undefined)
  return {
    name: nodeName(n),
    condition: nodeCondition({
      status: n.status,
      cordonType: n.cordon_type,
      isMaint: n.is_maint,
      pool: n.resource_pool,
    }),
    gpuTotal,
    gpuUsed,
    tasks: count,
    lowPriorityGpus: Math.min(held?.gpus ?? 0, gpuUsed),
    ...(cpu !== undefined ? { cpu, lowPriorityCpus: Math.min(held?.cpus ?? 0, cpu.used) } : {}),
    ...(memGib !== undefined ? { memGib, lowPriorityMemGib: Math.min(held?.memGib ?? 0, memGib.used) } : {}),
  }
}

/**
 * Whether a node shares its GPUs between pre-emptible and other work (or work of unknown priority): only
 * the task dimension tells how much of it is pre-emptible.
 */
export const isMixed = (n: NodeDimension): boolean => {
  const tasks = n.tasks_associated ?? []
  const count = Math.max(tasks.length, n.task_list?.length ?? 0)
  const low = tasks.filter((t) => isLowPriority(t.priority)).length
  return low > 0 && low < count
}

/**
 * What the pre-emptible tasks hold per node, from the task dimension (§4.4.2): each task's allocation
 * split evenly over the nodes it occupies (one entry per instance placed there).
 */
export const lowSharesByNode = (tasks: ReadonlyArray<TaskDimension>): ReadonlyMap<string, LowShare> => {
  const out = new Map<string, LowShare>()
  for (const t of tasks) {
    if (!isLowPriority(t.priority) || t.placedOn.length === 0) continue
    const k = t.placedOn.length
    for (const node of t.placedOn) {
      const s = out.get(node) ?? { gpus: 0, cpus: 0, memGib: 0 }
      out.set(node, {
        gpus: s.gpus + (t.gpu.total ?? 0) / k,
        cpus: s.cpus + (t.cpu.total ?? 0) / k,
        memGib: s.memGib + (t.memory.total ?? 0) / k,
      })
    }
  }
  return out
}

/** A workspace's nodes per logic compute group, and what could not be read of them. */
export interface GroupNodes {
  readonly byGroup: ReadonlyMap<string, ReadonlyArray<NodeView>>
  readonly problems: ReadonlyArray<Text>
}

/**
 * A workspace's nodes per logic compute group, read fresh (one listing of the node dimension). When a
 * node shares its GPUs between pre-emptible and other work, the task dimension is read too (one more
 * listing) to tell the pre-emptible part; if it cannot be read, such a node offers none.
 */
export const nodesByGroup = (workspaceId: string): Effect.Effect<GroupNodes, InspireError, Platform> =>
  Effect.gen(function* () {
    const nodes = yield* nodeDimensions(workspaceId)
    const mixed = nodes.some(isMixed)
    const tasks = mixed ? yield* Effect.either(taskDimensions(workspaceId)) : undefined
    const shares = tasks !== undefined && Either.isRight(tasks) ? lowSharesByNode(tasks.right) : undefined
    const byGroup = new Map<string, NodeView[]>()
    for (const n of nodes) {
      const group = groupOfNode(n)
      if (group === undefined) continue
      const low = shares !== undefined && isMixed(n) ? (shares.get(nodeName(n)) ?? NONE) : undefined
      byGroup.set(group, [...(byGroup.get(group) ?? []), toNodeView(n, low)])
    }
    const problems =
      tasks !== undefined && Either.isLeft(tasks) ? [msg("api-shared-uncounted", { why: tasks.left.text })] : []
    return { byGroup, problems }
  })

const NONE: LowShare = { gpus: 0, cpus: 0, memGib: 0 }
