import { isLowPriority, type NodeView, nodeCondition } from "../../domain/availability.js"
import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { groupOfNode, type NodeDimension, nodeDimensions } from "./groups.js"

/**
 * A listed node reduced to what placement needs. Its GPUs count as pre-emptible only when every task on
 * it is low priority: the listing does not say how a node's GPUs split between its tasks, so a node
 * shared with normal or high work offers none (an answer that never promises too much).
 */
export const toNodeView = (n: NodeDimension): NodeView => {
  const tasks = n.tasks_associated ?? []
  const count = Math.max(tasks.length, n.task_list?.length ?? 0)
  const gpuTotal = n.gpu?.total ?? 0
  const gpuUsed = Math.min(n.gpu?.used ?? 0, gpuTotal)
  const allLow = tasks.length > 0 && tasks.length === count && tasks.every((t) => isLowPriority(t.priority))
  return {
    name: n.name ?? n.node_id ?? "",
    condition: nodeCondition({
      status: n.status,
      cordonType: n.cordon_type,
      isMaint: n.is_maint,
      pool: n.resource_pool,
    }),
    gpuTotal,
    gpuUsed,
    tasks: count,
    lowPriorityGpus: allLow ? gpuUsed : 0,
  }
}

/** A workspace's nodes per logic compute group, read fresh (one listing of the node dimension). */
export const nodesByGroup = (
  workspaceId: string,
): Effect.Effect<ReadonlyMap<string, ReadonlyArray<NodeView>>, InspireError, Platform> =>
  Effect.map(nodeDimensions(workspaceId), (nodes) => {
    const out = new Map<string, NodeView[]>()
    for (const n of nodes) {
      const group = groupOfNode(n)
      if (group === undefined) continue
      out.set(group, [...(out.get(group) ?? []), toNodeView(n)])
    }
    return out
  })
