import type { Clock } from "../clock.js"
import { record, runCost } from "../domain/budgets.js"
import { conflict } from "../errors.js"
import { shortHash } from "../ids.js"
import { specById } from "../state/lookup.js"
import { Placement, schedulable } from "../state/placement.js"
import type { Store } from "../state/store.js"
import type { NodeInfo, Phase, Task, TaskEvent } from "../state/types.js"
import { podNames, runsForever } from "./behaviour.js"
import { preemptingPlan } from "./preempt.js"

/** Nominal seconds of the phases before a task runs. */
const QUEUE_SECONDS = 3
const CREATE_SECONDS = 12
const STOP_SECONDS = 5

export const isTerminal = (t: Task): boolean => ["succeeded", "failed", "stopped"].includes(t.phase)

/**
 * Moves tasks through their lifecycle lazily: every request first calls `update()`, which replays
 * every transition due by now in time order. No timers, so a paused clock is fully deterministic.
 */
export class Engine {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  update(): void {
    const now = this.clock.now()
    for (;;) {
      let due: Task | undefined
      for (const t of this.store.state.tasks) {
        if (t.nextAt !== null && t.nextAt <= now && (!due || t.nextAt < (due.nextAt ?? 0))) due = t
      }
      if (!due) return
      this.step(due, due.nextAt ?? now)
      this.store.changed()
    }
  }

  /** Enters a freshly created task into the queue. */
  submit(t: Task): void {
    t.phase = "queued"
    t.nextAt = t.createdAt + this.clock.scaled(QUEUE_SECONDS)
    this.event(t, t.createdAt, "Normal", "Created", `${kindWord(t)} ${t.name} created`)
    this.store.state.tasks.push(t)
    this.store.changed()
  }

  /**
   * Whether the task is still being created: accepted but not yet looked at by the scheduler (the
   * first moments after a create or a fault-tolerance restart), or with its pods being created. A task
   * waiting in the queue for resources is past this and can be stopped.
   */
  beingCreated(t: Task): boolean {
    this.update()
    return t.phase === "creating" || (t.phase === "queued" && t.nextAt !== null)
  }

  /** V2 `StopJob` refuses a job that is still being created (the reference's Conflict); nothing else does. */
  refuseWhileCreating(t: Task): void {
    if (this.beingCreated(t)) throw conflict("job is being created, please retry later")
  }

  stop(t: Task): void {
    this.update()
    const now = this.clock.now()
    if (isTerminal(t) || t.phase === "stopping") return
    this.release(t, now)
    this.event(t, now, "Normal", "Stopped", `${kindWord(t)} stopped by user`)
    if (t.kind === "notebook") {
      t.phase = "stopping"
      t.nextAt = now + this.clock.scaled(STOP_SECONDS)
    } else {
      this.finish(t, now, "stopped")
    }
    this.store.changed()
    this.schedule(now)
  }

  /** Starts a stopped notebook again: a new run with the same id. */
  restart(t: Task): void {
    const now = this.clock.now()
    t.phase = "queued"
    t.subStatus = ""
    t.subMsg = ""
    delete t.timeline.finished
    t.nextAt = now + this.clock.scaled(QUEUE_SECONDS)
    this.event(t, now, "Normal", "Starting", "notebook start requested")
    this.store.changed()
  }

  private step(t: Task, at: number): void {
    if (t.phase === "queued") {
      if (this.allocate(t, at)) {
        this.startCreating(t, at)
        return
      }
      t.nextAt = null
      const nodes = this.store.state.nodes.filter((n) => n.lcgId === t.lcgId).length
      if (this.budgetSpent(t))
        this.event(
          t,
          at,
          "Warning",
          "BudgetExhausted",
          "project budget exhausted: the task waits until it is topped up",
        )
      else this.event(t, at, "Warning", "Unschedulable", `0/${nodes} nodes are available: Insufficient nvidia.com/gpu.`)
      return
    }
    if (t.phase === "creating") {
      t.phase = "running"
      t.timeline.running = at
      t.runs.push({ start: at })
      t.nextAt = runsForever(t) ? null : at + this.clock.scaled(t.runSeconds)
      this.event(t, at, "Normal", "Running", `${kindWord(t)} is running`)
      for (const pod of podNames(t)) this.podEvent(t, pod, at, "Normal", "Started", "Started container worker")
      return
    }
    if (t.phase === "stopping") this.finish(t, at, "stopped")
    else if (t.phase === "running") this.endRun(t, at)
    else t.nextAt = null
  }

  private endRun(t: Task, at: number): void {
    this.release(t, at)
    if (t.behaviour === "normal") {
      this.event(t, at, "Normal", "Succeeded", `${kindWord(t)} completed successfully`)
      this.finish(t, at, "succeeded")
    } else if (t.behaviour === "preempt") {
      this.preempted(t, at)
    } else {
      const oom = t.behaviour === "oom"
      t.subStatus = oom ? "OOMKilled" : "Error"
      t.subMsg = oom ? "CUDA out of memory" : "container exited with code 1"
      if (t.behaviour === "noruntime") {
        t.subMsg = t.kind === "hpc" ? "slurmctld BackOff: the image does not contain Slurm" : "ray: command not found"
        this.event(t, at, "Warning", "BackOff", t.subMsg)
      }
      for (const pod of podNames(t)) {
        this.podEvent(t, pod, at, "Warning", "BackOff", `container worker terminated: exit code 1 (${t.subStatus})`)
      }
      this.event(t, at, "Warning", "Failed", `${kindWord(t)} failed: ${t.subMsg}`)
      this.finish(t, at, "failed")
    }
    this.schedule(at)
  }

  /** A low-priority task loses its GPUs to higher-priority work: restarted by fault tolerance, else failed. */
  private preempted(t: Task, at: number): void {
    const reason = "Preempted by a higher-priority task"
    for (const pod of podNames(t)) this.podEvent(t, pod, at, "Warning", "Preempted", reason)
    this.lost(t, at, "preempted", reason)
  }

  /**
   * A node fails (Kubernetes' NodeNotReady, as the node events list it): it leaves the schedulable pool
   * (status NotReady, pool `fault`), and every task with a pod on it loses its run, as pre-emption does:
   * restarted by fault tolerance, else failed with sub-status `NodeNotReady`. The ids of those tasks.
   */
  failNode(name: string): string[] {
    this.update()
    const node = this.store.state.nodes.find((n) => n.name === name)
    if (node === undefined) return []
    const at = this.clock.now()
    Object.assign(node, { status: "NotReady", pool: "fault", faultAt: at })
    const reason = `node ${name} is not ready`
    const hit = this.store.state.tasks.filter(
      (t) => (t.phase === "creating" || t.phase === "running") && t.alloc.some((a) => a.node === name),
    )
    for (const t of hit) {
      this.release(t, at)
      const pods = podNames(t).filter((_, i) => t.alloc[i]?.node === name)
      for (const pod of pods) this.push(t, nodeNotReady(pod, at, reason))
      this.lost(t, at, "NodeNotReady", reason)
    }
    this.store.changed()
    this.schedule(at)
    return hit.map((t) => t.id)
  }

  /** Puts a failed node back in the schedulable pool. */
  healNode(name: string): void {
    const node = this.store.state.nodes.find((n) => n.name === name)
    if (node === undefined) return
    Object.assign(node, { status: "Ready", pool: "online" })
    delete node.faultAt
    this.store.changed()
    this.schedule(this.clock.now())
  }

  // A run ended by the platform, not by the task: fault tolerance restarts it, else it fails.
  private lost(t: Task, at: number, subStatus: string, reason: string): void {
    if (t.retriesLeft > 0) {
      t.retriesLeft -= 1
      t.round += 1
      t.phase = "queued"
      t.nextAt = at + this.clock.scaled(QUEUE_SECONDS)
      this.event(t, at, "Warning", "Restarting", `fault tolerance: restarting as round ${t.round}`)
    } else {
      t.subStatus = subStatus
      t.subMsg = reason
      this.event(t, at, "Warning", "Failed", reason)
      this.finish(t, at, "failed")
    }
  }

  private finish(t: Task, at: number, phase: Phase): void {
    t.phase = phase
    t.nextAt = null
    t.timeline.finished = at
    t.updatedAt = at
    this.release(t, at)
  }

  private startCreating(t: Task, at: number): void {
    t.phase = "creating"
    t.timeline.prepared = at
    t.nextAt = at + this.clock.scaled(CREATE_SECONDS)
    const pods = podNames(t)
    pods.forEach((pod, i) => {
      const node = t.alloc[i]?.node ?? ""
      this.podEvent(t, pod, at, "Normal", "Scheduled", `Successfully assigned ${pod} to ${node}`)
      this.podEvent(t, pod, at, "Normal", "Pulling", `Pulling image "${t.image}"`)
    })
    this.event(t, at, "Normal", "Scheduled", `${kindWord(t)} scheduled on ${t.alloc.map((a) => a.node).join(",")}`)
  }

  /** Ends the current run. The allocation stays on record (logs name the node); only active phases hold GPUs. */
  private release(t: Task, at: number): void {
    const run = t.runs[t.runs.length - 1]
    if (!run || run.end !== undefined) return
    run.end = at
    this.charge(t, run.end - run.start)
  }

  /** Bills the project (and the member's ledger) for a finished run at the spec's hourly price (budgets.ts). */
  private charge(t: Task, ms: number): void {
    const project = this.store.state.projects.find((p) => p.id === t.projectId)
    const cost = runCost(this.store.state, t, ms)
    if (!project || cost === 0) return
    project.remainBudget = Math.round((project.remainBudget - cost) * 100) / 100
    record(project, t, cost)
  }

  /**
   * Work that costs (GPU work, or CPU work above priority 3) does not start while its project's budget is
   * spent: it waits in the queue, whatever room the group has (the runs billed so far count).
   */
  private budgetSpent(t: Task): boolean {
    const project = this.store.state.projects.find((p) => p.id === t.projectId)
    const spec = specById(this.store.state, t.specId)
    const costs = spec !== undefined && (spec.gpuCount > 0 || t.priority > 3)
    return project !== undefined && costs && project.remainBudget <= 0
  }

  /** Queued tasks waiting for GPUs get them in priority order once something is released. */
  private schedule(at: number): void {
    const waiting = this.store.state.tasks
      .filter((t) => t.phase === "queued" && t.nextAt === null)
      .sort((a, b) => b.priority - a.priority || a.createdAt - b.createdAt)
    for (const t of waiting) if (this.allocate(t, at)) this.startCreating(t, at)
  }

  /**
   * Places every instance on a schedulable node of the task's group with room for its spec (GPUs, CPUs
   * and memory, after everything already placed), preferring nodes the task does not use yet. Work at
   * priority 4 or more that finds no room takes it from low-priority tasks (preempt.ts).
   */
  private allocate(t: Task, at: number): boolean {
    if (this.budgetSpent(t)) return false
    const s = this.store.state
    const spec = specById(s, t.specId)
    const need = { gpus: spec?.gpuCount ?? 0, cpus: spec?.cpuCount ?? 0, memGib: spec?.memGib ?? 0 }
    const nodes = s.nodes.filter((n) => n.lcgId === t.lcgId && schedulable(n))
    if (nodes.length === 0) return false
    if (!this.allocateFree(t, nodes, need)) return this.allocatePreempting(t, need, at)
    return true
  }

  private allocateFree(t: Task, nodes: NodeInfo[], need: { gpus: number; cpus: number; memGib: number }): boolean {
    const s = this.store.state
    const placement = new Placement(s)
    const free = new Map(nodes.map((n) => [n.name, placement.free(n)]))
    const fits = (n: NodeInfo): boolean => {
      const f = free.get(n.name)
      return f !== undefined && f.gpus >= need.gpus && f.cpus >= need.cpus && f.memGib >= need.memGib
    }
    const alloc: { node: string; gpus: number }[] = []
    for (let i = 0; i < t.instances; i++) {
      const fit = nodes.find((n) => fits(n) && !alloc.some((a) => a.node === n.name)) ?? nodes.find(fits)
      const f = fit ? free.get(fit.name) : undefined
      if (!fit || !f) return false
      free.set(fit.name, { gpus: f.gpus - need.gpus, cpus: f.cpus - need.cpus, memGib: f.memGib - need.memGib })
      alloc.push({ node: fit.name, gpus: need.gpus })
    }
    t.alloc = alloc
    return true
  }

  private allocatePreempting(t: Task, need: { gpus: number; cpus: number; memGib: number }, at: number): boolean {
    const s = this.store.state
    const plan = preemptingPlan(s, t, need)
    if (!plan) return false
    for (const victim of plan.victims) {
      if (victim.task) {
        this.release(victim.task, at)
        this.preempted(victim.task, at)
      } else s.foreign = s.foreign.filter((f) => f.id !== victim.id)
    }
    t.alloc = plan.alloc
    return true
  }

  private event(t: Task, at: number, type: TaskEvent["type"], reason: string, message: string): void {
    this.push(t, { objectType: "job", objectId: t.id, type, reason, message, from: "job-controller", at })
  }

  private podEvent(t: Task, pod: string, at: number, type: TaskEvent["type"], reason: string, message: string): void {
    this.push(t, { objectType: "instance", objectId: pod, type, reason, message, from: "kubelet", at })
  }

  private push(t: Task, e: Omit<TaskEvent, "id">): void {
    t.events.push({ id: shortHash(`${t.id}:${t.events.length}:${e.reason}`), ...e })
  }
}

const kindWord = (t: Task): string =>
  ({ train: "job", hpc: "hpc job", serving: "serving", notebook: "notebook", ray: "ray job" })[t.kind]

/** The node controller's event on a pod whose node stopped answering. */
const nodeNotReady = (pod: string, at: number, message: string): Omit<TaskEvent, "id"> => ({
  objectType: "instance",
  objectId: pod,
  type: "Warning",
  reason: "NodeNotReady",
  message,
  from: "node-controller",
  at,
})
