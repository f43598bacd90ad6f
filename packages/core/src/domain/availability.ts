import { msg } from "../words/message.js"
import { joinText, type Text } from "../words/text.js"
import { FIRST_NON_PREEMPTIBLE } from "./priority.js"

/** Why a node is given no work (§3.7), or `schedulable` when it is. */
export type NodeCondition = "schedulable" | "cordoned" | "maintenance" | "faulty" | "not-ready"

/** One node as the node dimension shows it, reduced to what placement needs. */
export interface NodeView {
  readonly name: string
  readonly condition: NodeCondition
  readonly gpuTotal: number
  readonly gpuUsed: number
  /** Tasks placed on the node. */
  readonly tasks: number
  /** GPUs held by pre-emptible (priority 1–3) work that a priority ≥ 4 job may take. */
  readonly lowPriorityGpus: number
  /** CPU cores and memory (GiB) of the node, where the listing gives them. */
  readonly cpu?: Capacity
  readonly memGib?: Capacity
  /** CPU cores and memory (GiB) that the pre-emptible work holds on the node. */
  readonly lowPriorityCpus?: number
  readonly lowPriorityMemGib?: number
}

/** A resource of a node: how much there is and how much is held. */
export interface Capacity {
  readonly total: number
  readonly used: number
}

/** How many nodes of a group have this many free GPUs. */
export interface FreeBucket {
  readonly free: number
  readonly nodes: number
}

/** A compute group's nodes summed up: what can start now, what pre-emption would free, what is out of service. */
export interface GroupAvailability {
  readonly schedulableNodes: number
  /** Schedulable and without tasks (§3.7). */
  readonly fullyFreeNodes: number
  /** GPUs of the group's largest schedulable node (0 for CPU groups). */
  readonly gpusPerNode: number
  readonly gpus: { readonly total: number; readonly used: number; readonly free: number; readonly preemptible: number }
  /** Free GPUs per schedulable node, most first: the fragmentation. */
  readonly freePerNode: ReadonlyArray<FreeBucket>
  readonly unschedulable: Readonly<Record<Exclude<NodeCondition, "schedulable">, number>>
}

/**
 * A node's condition from its listing (§3.7): the fault pool first, then maintenance, a cordon, and a
 * status other than Ready.
 */
export const nodeCondition = (n: {
  readonly status?: string | null | undefined
  readonly cordonType?: string | null | undefined
  readonly isMaint?: boolean | null | undefined
  readonly pool?: string | null | undefined
}): NodeCondition => {
  if (n.pool === "fault") return "faulty"
  if (n.isMaint === true) return "maintenance"
  if (n.cordonType) return "cordoned"
  if ((n.status ?? "").toLowerCase() !== "ready") return "not-ready"
  return "schedulable"
}

/**
 * Whether a task's priority as a node lists it is pre-emptible: 1–3 as submitted, the stored codes
 * 11–19 (§5.3), or the level `LOW`.
 */
export const isLowPriority = (priority: number | string | null | undefined): boolean => {
  if (typeof priority === "string") {
    if (priority.toUpperCase() === "LOW") return true
    return priority.trim() !== "" && isLowPriority(Number(priority))
  }
  if (typeof priority !== "number" || !Number.isFinite(priority)) return false
  return (priority >= 1 && priority < FIRST_NON_PREEMPTIBLE) || (priority >= 11 && priority < 20)
}

/** A node's free GPUs. */
export const freeOf = (n: NodeView): number => Math.max(0, n.gpuTotal - n.gpuUsed)

/** Sums a group's nodes into its availability. */
export const summarizeNodes = (nodes: ReadonlyArray<NodeView>): GroupAvailability => {
  const ready = nodes.filter((n) => n.condition === "schedulable")
  const histogram = new Map<number, number>()
  for (const n of ready) histogram.set(freeOf(n), (histogram.get(freeOf(n)) ?? 0) + 1)
  const count = (c: NodeCondition) => nodes.filter((n) => n.condition === c).length
  const total = ready.reduce((s, n) => s + n.gpuTotal, 0)
  const used = ready.reduce((s, n) => s + Math.min(n.gpuUsed, n.gpuTotal), 0)
  return {
    schedulableNodes: ready.length,
    fullyFreeNodes: ready.filter((n) => n.tasks === 0).length,
    gpusPerNode: Math.max(0, ...ready.map((n) => n.gpuTotal)),
    gpus: {
      total,
      used,
      free: total - used,
      preemptible: ready.reduce((s, n) => s + Math.min(n.lowPriorityGpus, n.gpuUsed), 0),
    },
    freePerNode: [...histogram].sort(([a], [b]) => b - a).map(([free, n]) => ({ free, nodes: n })),
    unschedulable: {
      cordoned: count("cordoned"),
      maintenance: count("maintenance"),
      faulty: count("faulty"),
      "not-ready": count("not-ready"),
    },
  }
}

/** The histogram as people read it: `8 free: 3 nodes, 4 free: 2 nodes`. */
export const describeFragmentation = (buckets: ReadonlyArray<FreeBucket>): Text =>
  buckets.length === 0
    ? msg("availability-no-schedulable-node")
    : joinText(
        buckets.map((b) => msg("availability-free-bucket", { free: b.free, nodes: b.nodes })),
        msg("availability-list-sep"),
      )
