import { type Capacity, type Placed, Placement, schedulable } from "../state/placement.js"
import type { NodeInfo, PlatformState, Task } from "../state/types.js"

/** Priorities below this are pre-empted by work at or above it (§5.3). */
const FIRST_NON_PREEMPTIBLE = 4

/** Where a task goes by pre-empting, and whose low-priority work leaves for it. */
export interface PreemptingPlan {
  alloc: { node: string; gpus: number }[]
  victims: Placed[]
}

const lowOn = (placement: Placement, node: string): Placed[] =>
  placement.load(node).tasks.filter((p) => p.priority < FIRST_NON_PREEMPTIBLE)

// What a node's low-priority work holds there.
const heldBy = (victims: Placed[], node: string): Capacity =>
  victims
    .flatMap((p) => p.slots)
    .filter((s) => s.node === node)
    .reduce((c, s) => ({ gpus: c.gpus + s.gpus, cpus: c.cpus + s.cpus, memGib: c.memGib + s.memGib }), {
      gpus: 0,
      cpus: 0,
      memGib: 0,
    })

/**
 * Places a task of priority 4 or more on its group's schedulable nodes counting what low-priority
 * (1–3) work holds as free, as the platform's scheduler does: every instance on a node with room once
 * the node's low-priority tasks are gone, nodes with room already first. The tasks on the nodes it
 * needed are its victims; undefined when even that leaves no room, or the task is itself low priority.
 */
export const preemptingPlan = (s: PlatformState, t: Task, need: Capacity): PreemptingPlan | undefined => {
  if (t.priority < FIRST_NON_PREEMPTIBLE) return undefined
  const nodes = s.nodes.filter((n) => n.lcgId === t.lcgId && schedulable(n))
  const placement = new Placement(s)
  const free = new Map(nodes.map((n) => [n.name, placement.free(n)]))
  const reclaimable = new Map(nodes.map((n) => [n.name, heldBy(lowOn(placement, n.name), n.name)]))
  const fits = (f: Capacity | undefined) =>
    f !== undefined && f.gpus >= need.gpus && f.cpus >= need.cpus && f.memGib >= need.memGib
  const withLow = (n: NodeInfo): Capacity => {
    const f = free.get(n.name) as Capacity
    const r = reclaimable.get(n.name) as Capacity
    return { gpus: f.gpus + r.gpus, cpus: f.cpus + r.cpus, memGib: f.memGib + r.memGib }
  }
  const taken = new Set<string>()
  const alloc: { node: string; gpus: number }[] = []
  for (let i = 0; i < t.instances; i++) {
    const fit = nodes.find((n) => fits(free.get(n.name))) ?? nodes.find((n) => fits(withLow(n)))
    if (!fit) return undefined
    const f = free.get(fit.name) as Capacity
    if (!fits(f)) {
      taken.add(fit.name)
      const r = reclaimable.get(fit.name) as Capacity
      free.set(fit.name, { gpus: f.gpus + r.gpus, cpus: f.cpus + r.cpus, memGib: f.memGib + r.memGib })
      reclaimable.set(fit.name, { gpus: 0, cpus: 0, memGib: 0 })
    }
    const g = free.get(fit.name) as Capacity
    free.set(fit.name, { gpus: g.gpus - need.gpus, cpus: g.cpus - need.cpus, memGib: g.memGib - need.memGib })
    alloc.push({ node: fit.name, gpus: need.gpus })
  }
  const victims = [...new Set([...taken].flatMap((node) => lowOn(placement, node)))]
  return { alloc, victims }
}
