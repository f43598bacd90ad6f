import { specById } from "./lookup.js"
import type { ForeignTask, NodeInfo, Phase, PlatformState, Slot, Task, TaskKind } from "./types.js"

/** Phases in which a task holds what the scheduler gave it. */
const HOLDING: Phase[] = ["creating", "running", "stopping"]

/** A task that holds resources: one the emulator runs, or another tenant's. */
export interface Placed {
  id: string
  name: string
  kind: TaskKind
  priority: number
  workspaceId: string
  lcgId: string
  projectId: string
  userId: string
  slots: Slot[]
  task?: Task
  foreign?: ForeignTask
}

export interface NodeLoad {
  gpus: number
  cpus: number
  memGib: number
  tasks: Placed[]
}

export interface Capacity {
  gpus: number
  cpus: number
  memGib: number
}

/** What an emulated task holds per node: the allocation's GPUs, and its spec's CPUs and memory per instance. */
const slotsOf = (s: PlatformState, t: Task): Slot[] => {
  if (!HOLDING.includes(t.phase)) return []
  const spec = specById(s, t.specId)
  return t.alloc.map((a) => ({ node: a.node, gpus: a.gpus, cpus: spec?.cpuCount ?? 0, memGib: spec?.memGib ?? 0 }))
}

/**
 * The one placement of tasks on nodes that every view is derived from: node usage, task lists per
 * node, group totals, the task dimension, and the scheduler's free capacity.
 */
export class Placement {
  readonly placed: Placed[] = []
  private readonly byNode = new Map<string, NodeLoad>()

  constructor(s: PlatformState) {
    for (const t of s.tasks) {
      const slots = slotsOf(s, t)
      if (slots.length > 0) this.add({ ...identity(t), slots, task: t })
    }
    for (const f of s.foreign) this.add({ ...identity(f), slots: f.slots, foreign: f })
  }

  load(node: string): NodeLoad {
    return this.byNode.get(node) ?? { gpus: 0, cpus: 0, memGib: 0, tasks: [] }
  }

  free(n: NodeInfo): Capacity {
    const l = this.load(n.name)
    return {
      gpus: Math.max(0, n.gpuTotal - l.gpus),
      cpus: Math.max(0, n.cpuTotal - l.cpus),
      memGib: Math.max(0, n.memGib - l.memGib),
    }
  }

  private add(p: Placed): void {
    this.placed.push(p)
    for (const slot of p.slots) {
      const l = this.byNode.get(slot.node) ?? { gpus: 0, cpus: 0, memGib: 0, tasks: [] }
      l.gpus += slot.gpus
      l.cpus += slot.cpus
      l.memGib += slot.memGib
      if (!l.tasks.includes(p)) l.tasks.push(p)
      this.byNode.set(slot.node, l)
    }
  }
}

const identity = (t: Task | ForeignTask) => ({
  id: t.id,
  name: t.name,
  kind: t.kind,
  priority: t.priority,
  workspaceId: t.workspaceId,
  lcgId: t.lcgId,
  projectId: t.projectId,
  userId: t.userId,
})

/** Whether the scheduler may give a node work (§3.7). */
export const schedulable = (n: NodeInfo): boolean =>
  n.status === "Ready" && !n.cordonType && !n.isMaint && n.pool !== "fault"
