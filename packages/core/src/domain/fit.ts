import { msg } from "../words/message.js"
import { joinText, type Text } from "../words/text.js"
import { freeOf, type NodeView, summarizeNodes } from "./availability.js"
import { FIRST_NON_PREEMPTIBLE, priorityLevel } from "./priority.js"

/** What is to be placed: instances of so many GPUs (and CPU cores and memory) each, at a priority. */
export interface FitRequest {
  readonly gpusPerInstance: number
  readonly instances: number
  readonly priority: number
  /** CPU cores per instance (the spec's); a node that states its CPUs must have them free. */
  readonly cpusPerInstance?: number
  /** Memory per instance in GiB (the spec's); a node that states its memory must have it free. */
  readonly memGibPerInstance?: number
  /** The spec's `allowed_priority_levels` (§3.6): a priority of another level never runs there. Empty: any. */
  readonly allowedLevels?: ReadonlyArray<string>
  /** Jobs already waiting in the group for the same kind of resources, at this priority or above. */
  readonly queuedAhead?: number
}

/** `now`: starts at once; `preempt`: starts by pre-empting low-priority work; `queue`: waits; `never`: cannot run there. */
export type FitVerdict = "now" | "preempt" | "queue" | "never"

/** One group's answer to a fit request. */
export interface GroupFit {
  readonly verdict: FitVerdict
  readonly reason: Text
  /** Instances the group can start now. */
  readonly instancesNow: number
  /** Jobs waiting in the group ahead of this one (0 when none are known). */
  readonly queuedAhead: number
}

const VERDICT_ORDER: Readonly<Record<FitVerdict, number>> = { now: 0, preempt: 1, queue: 2, never: 3 }

// What one instance needs, and what a node has (undefined: the node does not say, so it does not limit).
interface Need {
  readonly gpus: number
  readonly cpus: number
  readonly memGib: number
}
interface Have {
  readonly gpus: number
  readonly cpus: number | undefined
  readonly memGib: number | undefined
}

const per = (have: number | undefined, need: number): number =>
  need > 0 && have !== undefined ? Math.floor(Math.max(0, have) / need) : Number.POSITIVE_INFINITY

// Instances a node has room for: the scarcest of its resources decides.
const roomIn = (have: Have, need: Need): number =>
  Math.min(per(have.gpus, need.gpus), per(have.cpus, need.cpus), per(have.memGib, need.memGib))

const freeLeft = (c: NodeView["cpu"]): number | undefined => (c === undefined ? undefined : c.total - c.used)

const totalOf = (n: NodeView): Have => ({ gpus: n.gpuTotal, cpus: n.cpu?.total, memGib: n.memGib?.total })
const freeIn = (n: NodeView): Have => ({ gpus: freeOf(n), cpus: freeLeft(n.cpu), memGib: freeLeft(n.memGib) })
// Free once the node's pre-emptible work is gone.
const freeWithLow = (n: NodeView): Have => {
  const f = freeIn(n)
  const plus = (v: number | undefined, low: number | undefined, c: NodeView["cpu"]) =>
    v === undefined ? undefined : v + Math.min(low ?? 0, c?.used ?? 0)
  return {
    gpus: f.gpus + Math.min(n.lowPriorityGpus, n.gpuUsed),
    cpus: plus(f.cpus, n.lowPriorityCpus, n.cpu),
    memGib: plus(f.memGib, n.lowPriorityMemGib, n.memGib),
  }
}

// Instances that fit when each node offers `have(n)`; several instances may share a node.
const placeable = (nodes: ReadonlyArray<NodeView>, need: Need, have: (n: NodeView) => Have): number =>
  nodes.reduce((s, n) => s + roomIn(have(n), need), 0)

const largest = (values: ReadonlyArray<number | undefined>): number | undefined => {
  const known = values.filter((v): v is number => v !== undefined)
  return known.length === 0 ? undefined : Math.max(...known)
}

// Why no node can ever hold one instance, or undefined when some node can.
const tooLarge = (ready: ReadonlyArray<NodeView>, need: Need): Text | undefined => {
  const gpus = largest(ready.map((n) => n.gpuTotal)) ?? 0
  if (need.gpus > gpus) return msg("availability-fit-too-many-gpus", { need: need.gpus, have: gpus })
  const cpus = largest(ready.map((n) => n.cpu?.total))
  if (cpus !== undefined && need.cpus > cpus)
    return msg("availability-fit-too-many-cpus", { need: need.cpus, have: cpus })
  const mem = largest(ready.map((n) => n.memGib?.total))
  if (mem !== undefined && need.memGib > mem)
    return msg("availability-fit-too-much-memory", { need: need.memGib, have: mem })
  return undefined
}

// Which of CPU and memory keeps instances off nodes whose GPUs are free, or undefined when the GPUs decide.
const shortOf = (
  ready: ReadonlyArray<NodeView>,
  need: Need,
  instances: number,
  have: (n: NodeView) => Have,
): Text | undefined => {
  const gpuOnly = placeable(ready, { gpus: need.gpus, cpus: 0, memGib: 0 }, have)
  if (placeable(ready, need, have) >= instances || gpuOnly < instances) return undefined
  const cpu = placeable(ready, { ...need, memGib: 0 }, have) < gpuOnly
  const memory = placeable(ready, { ...need, cpus: 0 }, have) < gpuOnly
  const what = cpu && memory ? "both" : cpu ? "cpu" : memory ? "memory" : "none"
  return msg("availability-fit-short", { what, cpus: need.cpus, memory: need.memGib })
}

// The parts of a reason, in the reader's language's list of clauses ("a; b; c").
const clauses = (parts: ReadonlyArray<Text | undefined>): Text =>
  joinText(
    parts.filter((p): p is Text => p !== undefined),
    msg("availability-fit-sep"),
  )

/**
 * Whether and how a request fits a group's nodes now, by pre-emption at its priority, later, or never:
 * GPUs, and CPU cores and memory where the nodes state them, per node; a priority the spec does not
 * allow never runs; jobs queued ahead make "now" doubtful and are said.
 */
export const fitGroup = (nodes: ReadonlyArray<NodeView>, request: FitRequest): GroupFit => {
  const ready = nodes.filter((n) => n.condition === "schedulable")
  const { gpusPerInstance: g, instances, priority } = request
  const queuedAhead = request.queuedAhead ?? 0
  const need: Need = { gpus: g, cpus: request.cpusPerInstance ?? 0, memGib: request.memGibPerInstance ?? 0 }
  const asked = msg("availability-fit-asked", { instances, gpus: g })
  const answer = (verdict: FitVerdict, reason: Text, instancesNow = 0): GroupFit => ({
    verdict,
    reason:
      queuedAhead > 0 && verdict !== "never"
        ? clauses([reason, msg("availability-fit-queued-ahead", { count: queuedAhead })])
        : reason,
    instancesNow,
    queuedAhead,
  })
  const allowed = (request.allowedLevels ?? []).map((l) => l.toUpperCase())
  const level = priorityLevel(priority)
  if (allowed.length > 0 && !allowed.includes(level))
    return answer("never", msg("availability-fit-not-allowed", { priority, level, allowed: allowed.join(", ") }))
  if (ready.length === 0) return answer("never", msg("availability-fit-no-node", { count: nodes.length }))
  const large = tooLarge(ready, need)
  if (large !== undefined) return answer("never", large)
  const now = placeable(ready, need, freeIn)
  if (now === Number.POSITIVE_INFINITY)
    return answer("now", msg("availability-fit-no-gpus", { count: ready.length }), instances)
  const atMost = placeable(ready, need, totalOf)
  if (atMost < instances)
    return answer("never", msg("availability-fit-too-few-nodes", { asked, count: ready.length, most: atMost }))
  const free = ready.reduce((s, n) => s + freeOf(n), 0)
  if (now >= instances) {
    const args = { asked, now, free }
    const fits = queuedAhead > 0 ? msg("availability-fit-now-doubt", args) : msg("availability-fit-now", args)
    return answer("now", fits, now)
  }
  const canPreempt = priority >= FIRST_NON_PREEMPTIBLE
  const withPreemption = placeable(ready, need, freeWithLow)
  const gpusAlone = placeable(ready, { gpus: g, cpus: 0, memGib: 0 }, freeIn)
  const spread =
    g > 0 && free >= g * instances && gpusAlone < instances ? msg("availability-fit-spread", { free }) : undefined
  const short = shortOf(ready, need, instances, freeIn)
  const head = [msg("availability-fit-room", { now, instances }), spread, short]
  if (canPreempt && withPreemption >= instances)
    return answer("preempt", clauses([...head, msg("availability-fit-preempt", { priority })]), now)
  const lowNote =
    !canPreempt && withPreemption >= instances
      ? msg("availability-fit-could-preempt", { priority: FIRST_NON_PREEMPTIBLE })
      : undefined
  const waits = short === undefined ? msg("availability-fit-waits-gpus") : msg("availability-fit-waits-room")
  return answer("queue", clauses([...head, waits, lowNote]), now)
}

/** A candidate group with its nodes, for ranking. */
export interface FitCandidate<G> {
  readonly group: G
  readonly nodes: ReadonlyArray<NodeView>
  /** The request for this group (a spec's GPUs, CPUs and allowed levels may differ between groups). */
  readonly request: FitRequest
}

/**
 * Every candidate's fit, best first: starts now, then by pre-emption, then queues, then never; within
 * a verdict, a group with nothing queued ahead first, then the most room left (fewest GPUs taken from
 * others when pre-empting).
 */
export const rankFits = <G extends { readonly name: string }>(
  candidates: ReadonlyArray<FitCandidate<G>>,
): ReadonlyArray<{ readonly group: G } & GroupFit> =>
  candidates
    .map((c) => ({ group: c.group, ...fitGroup(c.nodes, c.request), free: summarizeNodes(c.nodes).gpus.free }))
    .sort(
      (a, b) =>
        VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
        Number(a.queuedAhead > 0) - Number(b.queuedAhead > 0) ||
        b.instancesNow - a.instancesNow ||
        b.free - a.free ||
        a.group.name.localeCompare(b.group.name),
    )
    .map(({ free: _free, ...fit }) => fit)
