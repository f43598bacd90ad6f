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

const freeOf = (n: NodeView): number => Math.max(0, n.gpuTotal - n.gpuUsed)

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
export const describeFragmentation = (buckets: ReadonlyArray<FreeBucket>): string =>
  buckets.length === 0
    ? "no schedulable node"
    : buckets.map((b) => `${b.free} free: ${b.nodes} node${b.nodes === 1 ? "" : "s"}`).join(", ")

/** What is to be placed: instances of so many GPUs each, at a priority. */
export interface FitRequest {
  readonly gpusPerInstance: number
  readonly instances: number
  readonly priority: number
}

/** `now`: starts at once; `preempt`: starts by pre-empting low-priority work; `queue`: waits; `never`: cannot run there. */
export type FitVerdict = "now" | "preempt" | "queue" | "never"

/** One group's answer to a fit request. */
export interface GroupFit {
  readonly verdict: FitVerdict
  readonly reason: string
  /** Instances the group can start now. */
  readonly instancesNow: number
}

const VERDICT_ORDER: Readonly<Record<FitVerdict, number>> = { now: 0, preempt: 1, queue: 2, never: 3 }

// Instances that fit when each node offers `room(n)` GPUs; several instances may share a node.
const placeable = (nodes: ReadonlyArray<NodeView>, gpus: number, room: (n: NodeView) => number): number =>
  nodes.reduce((s, n) => s + Math.floor(Math.max(0, room(n)) / gpus), 0)

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

/** Whether and how a request fits a group's nodes now, by pre-emption at its priority, later, or never. */
export const fitGroup = (nodes: ReadonlyArray<NodeView>, request: FitRequest): GroupFit => {
  const ready = nodes.filter((n) => n.condition === "schedulable")
  const { gpusPerInstance: g, instances } = request
  const need = `${plural(instances, "instance")} of ${plural(g, "GPU")}`
  if (ready.length === 0)
    return { verdict: "never", reason: `no schedulable node (${plural(nodes.length, "node")} listed)`, instancesNow: 0 }
  if (g <= 0)
    return {
      verdict: "now",
      reason: `needs no GPUs; ${plural(ready.length, "schedulable node")}`,
      instancesNow: instances,
    }
  const largest = Math.max(...ready.map((n) => n.gpuTotal))
  if (g > largest)
    return {
      verdict: "never",
      reason: `an instance needs ${plural(g, "GPU")} but its nodes have ${largest}`,
      instancesNow: 0,
    }
  const atMost = placeable(ready, g, (n) => n.gpuTotal)
  if (atMost < instances)
    return {
      verdict: "never",
      reason: `${need} need more than its ${plural(ready.length, "schedulable node")} hold (${atMost} at most)`,
      instancesNow: 0,
    }
  const now = placeable(ready, g, freeOf)
  const free = ready.reduce((s, n) => s + freeOf(n), 0)
  if (now >= instances)
    return {
      verdict: "now",
      reason: `${need} fit now (room for ${now}; ${free} GPUs free)`,
      instancesNow: now,
    }
  const canPreempt = request.priority >= FIRST_NON_PREEMPTIBLE
  const withPreemption = placeable(ready, g, (n) => freeOf(n) + Math.min(n.lowPriorityGpus, n.gpuUsed))
  const spread = free >= g * instances ? `; the ${free} free GPUs are spread over too many nodes` : ""
  if (canPreempt && withPreemption >= instances)
    return {
      verdict: "preempt",
      reason: `room for ${now} of ${plural(instances, "instance")} now${spread}; at priority ${request.priority} the rest pre-empts low-priority work`,
      instancesNow: now,
    }
  const lowNote =
    !canPreempt && withPreemption >= instances ? `; priority ${FIRST_NON_PREEMPTIBLE}+ could pre-empt for it` : ""
  return {
    verdict: "queue",
    reason: `room for ${now} of ${plural(instances, "instance")} now${spread}; it waits for GPUs${lowNote}`,
    instancesNow: now,
  }
}

/** A candidate group with its nodes, for ranking. */
export interface FitCandidate<G> {
  readonly group: G
  readonly nodes: ReadonlyArray<NodeView>
  /** The request for this group (a spec's GPUs may differ between groups). */
  readonly request: FitRequest
}

/**
 * Every candidate's fit, best first: starts now, then by pre-emption, then queues, then never; within
 * a verdict, the group with the most room left first (fewest GPUs taken from others when pre-empting).
 */
export const rankFits = <G extends { readonly name: string }>(
  candidates: ReadonlyArray<FitCandidate<G>>,
): ReadonlyArray<{ readonly group: G } & GroupFit> =>
  candidates
    .map((c) => ({ group: c.group, ...fitGroup(c.nodes, c.request), free: summarizeNodes(c.nodes).gpus.free }))
    .sort(
      (a, b) =>
        VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
        b.instancesNow - a.instancesNow ||
        b.free - a.free ||
        a.group.name.localeCompare(b.group.name),
    )
    .map(({ free: _free, ...fit }) => fit)
