import type { Emu } from "../context.js"
import { internal, invalid } from "../errors.js"
import { gpuRateAt } from "../sim/metrics.js"
import { groupById, groupsOf, workspaceOf } from "../state/lookup.js"
import { type Placed, Placement } from "../state/placement.js"
import type { ComputeGroup, NodeInfo, Task } from "../state/types.js"
import { type Body, num, obj, page, str } from "../validate.js"
import { common, runningMs, upperStatus } from "./tasks.js"

const TASK_TYPE: Record<Task["kind"], string> = {
  train: "distributed_training",
  hpc: "hpc_job",
  notebook: "interactive_modeling",
  serving: "inference_serving",
  ray: "ray_job",
}

export const gpuInfo = (g: ComputeGroup) => ({
  gpu_type: g.gpuType,
  gpu_type_display: g.gpuDisplay,
  gpu_product_simple: g.gpuSimple,
  gpu_memory_size_gb: g.gpuMemoryGb,
  brand_name: g.brand,
})

/** The current placement; every node, group and task view of one request reads the same one. */
export const placementNow = (emu: Emu): Placement => {
  emu.engine.update()
  return new Placement(emu.store.state)
}

const rate = (used: number, total: number): number => (total > 0 ? Math.round((used / total) * 10_000) / 10_000 : 0)

const userName = (emu: Emu, p: Placed): string =>
  p.foreign?.userName ?? emu.store.state.users.find((u) => u.id === p.userId)?.name ?? ""

export const nodeDimension = (emu: Emu, n: NodeInfo, placement: Placement = placementNow(emu)) => {
  const g = groupById(emu.store.state, n.lcgId) as ComputeGroup
  const load = placement.load(n.name)
  const tasks = load.tasks
  return {
    name: n.name,
    node_id: n.name,
    status: n.status,
    cordon_type: n.cordonType,
    is_maint: n.isMaint,
    resource_pool: n.pool,
    node_type: n.nodeType,
    cluster_name: emu.store.state.workspaces.find((w) => w.id === g.workspaceId)?.clusterName ?? "",
    gpu: {
      total: n.gpuTotal,
      used: load.gpus,
      available: Math.max(0, n.gpuTotal - load.gpus),
      usage_rate: rate(load.gpus, n.gpuTotal),
      type: g.gpuType,
    },
    cpu: {
      total: n.cpuTotal,
      used: load.cpus,
      available: Math.max(0, n.cpuTotal - load.cpus),
      usage_rate: rate(load.cpus, n.cpuTotal),
    },
    memory: {
      total: n.memGib,
      used: load.memGib,
      available: Math.max(0, n.memGib - load.memGib),
      usage_rate: rate(load.memGib, n.memGib),
    },
    gpu_info: gpuInfo(g),
    logic_compute_group: { id: g.id, name: g.name },
    logic_compute_group_id: g.id,
    logic_compute_group_name: g.name,
    gpu_count: n.gpuTotal,
    tasks_associated: tasks.map((t) => ({
      id: t.id,
      name: t.name,
      priority: t.priority,
      type: TASK_TYPE[t.kind],
      user: { id: t.userId, name: userName(emu, t) },
    })),
    task_list: tasks.map((t) => t.id),
    users_associated: [...new Set(tasks.map((t) => t.userId))],
  }
}

export const listNodeDimension = (emu: Emu, body: Body) => {
  const f = obj(body, "filter")
  if (!str(f, "workspace_id")) throw invalid("参数错误: filter.workspace_id is required")
  const w = workspaceOf(emu.store.state, str(f, "workspace_id"))
  const placement = placementNow(emu)
  const lcg = str(f, "logic_compute_group_id")
  const cg = str(f, "compute_group_id")
  const groups = new Set(
    groupsOf(emu.store.state, w.id)
      .filter((g) => (!lcg || g.id === lcg) && (!cg || g.cgId === cg))
      .map((g) => g.id),
  )
  const nodes = emu.store.state.nodes.filter((n) => groups.has(n.lcgId))
  const items = page(nodes, num(body, "page_num", 1), num(body, "page_size", -1))
  return { node_dimensions: items.map((n) => nodeDimension(emu, n, placement)), total: nodes.length }
}

/** A group's totals: the sums over its nodes in the same placement (`logic_resouces`, sic). */
export const groupTotals = (emu: Emu, g: ComputeGroup, placement: Placement) => {
  const nodes = emu.store.state.nodes.filter((n) => n.lcgId === g.id)
  const sum = (f: (n: NodeInfo) => number) => nodes.reduce((s, n) => s + f(n), 0)
  const low = placement.placed
    .filter((p) => p.priority <= 3)
    .flatMap((p) => p.slots)
    .filter((slot) => nodes.some((n) => n.name === slot.node))
    .reduce((s, slot) => s + slot.gpus, 0)
  return {
    nodes,
    gpu_total: sum((n) => n.gpuTotal),
    gpu_used: sum((n) => placement.load(n.name).gpus),
    gpu_low_priority_used: low,
    cpu_total: sum((n) => n.cpuTotal),
    cpu_used: sum((n) => placement.load(n.name).cpus),
    memory_gi_total: sum((n) => n.memGib),
    memory_gi_used: sum((n) => placement.load(n.name).memGib),
  }
}

export const groupResource = (emu: Emu, lcgId: string) => {
  const g = groupById(emu.store.state, lcgId)
  if (!g) throw invalid(`logic compute group ${lcgId} not found`)
  const { nodes: _nodes, ...totals } = groupTotals(emu, g, placementNow(emu))
  return {
    logic_compute_group_id: g.id,
    name: g.name,
    logic_resouces: totals,
    gpu_type_stats: [{ gpu_type: g.gpuType, gpu_info: gpuInfo(g) }],
  }
}

const sumSlots = (p: Placed | undefined, key: "gpus" | "cpus" | "memGib"): number =>
  (p?.slots ?? []).reduce((s, slot) => s + slot[key], 0)

/** One row of the task dimension: what the task asked for, where it is placed, and how busy it is. */
const taskRow = (emu: Emu, t: Task, placed: Placed | undefined, now: number) => {
  const { fields, spec, project } = common(emu, t)
  const gpus = placed ? sumSlots(placed, "gpus") : (spec?.gpuCount ?? 0) * t.instances
  const cpus = placed ? sumSlots(placed, "cpus") : (spec?.cpuCount ?? 0) * t.instances
  const mem = placed ? sumSlots(placed, "memGib") : (spec?.memGib ?? 0) * t.instances
  const busy = t.phase === "running"
  const gpuRate = busy ? gpuRateAt(emu, t, now) : 0
  return {
    id: t.id,
    name: t.name,
    status: upperStatus(t),
    type: TASK_TYPE[t.kind],
    priority: t.priority,
    created_at: fields.created_at,
    running_time_ms: String(runningMs(t, now)),
    project: { id: t.projectId, name: project?.name ?? "" },
    user: fields.created_by,
    ...usage(spec?.gpuType || "CPU", placed, { gpus, cpus, mem }, busy ? [0.35, 0.42] : [0, 0], gpuRate),
  }
}

const usage = (
  nodeType: string,
  placed: Placed | undefined,
  total: { gpus: number; cpus: number; mem: number },
  [cpuRate, memRate]: number[],
  gpuRate: number,
) => ({
  node_types: [nodeType],
  nodes_occupied: { count: placed?.slots.length ?? 0, nodes: placed?.slots.map((x) => x.node) ?? [] },
  cpu: { total: total.cpus, used: Math.round(total.cpus * (cpuRate ?? 0)), usage_rate: cpuRate ?? 0 },
  memory: { total: total.mem, used: Math.round(total.mem * (memRate ?? 0)), usage_rate: memRate ?? 0 },
  // Allocation in total/used; usage_rate is real utilisation (§4.4.2).
  gpu: { total: total.gpus, used: placed ? total.gpus : 0, usage_rate: gpuRate },
})

/** Tasks of a workspace (everyone's, other tenants' included) with the placement's view of each. */
export const taskDimension = (emu: Emu, body: Body) => {
  const f = obj(body, "filter")
  const w = workspaceOf(emu.store.state, str(f, "workspace_id"))
  const placement = placementNow(emu)
  const project = str(f, "project_id")
  const now = emu.clock.now()
  const byId = new Map(placement.placed.map((p) => [p.id, p]))
  const own = emu.store.state.tasks
    .filter((t) => t.workspaceId === w.id && (!project || t.projectId === project))
    .filter((t) => ["queued", "creating", "running"].includes(t.phase))
    .map((t) => taskRow(emu, t, byId.get(t.id), now))
  const others = emu.store.state.foreign
    .filter((x) => x.workspaceId === w.id && (!project || x.projectId === project))
    .map((x) => {
      const placed = byId.get(x.id)
      const g = groupById(emu.store.state, x.lcgId)
      return {
        id: x.id,
        name: x.name,
        status: "RUNNING",
        type: TASK_TYPE[x.kind],
        priority: x.priority,
        created_at: String(x.createdAt),
        running_time_ms: String(Math.max(0, now - x.createdAt)),
        project: { id: x.projectId, name: x.projectName },
        user: { id: x.userId, name: x.userName },
        ...usage(
          g?.gpuType && g.gpuType !== "CPU" ? g.gpuType : "CPU",
          placed,
          { gpus: sumSlots(placed, "gpus"), cpus: sumSlots(placed, "cpus"), mem: sumSlots(placed, "memGib") },
          [0.52, 0.61],
          x.gpuUsageRate,
        ),
      }
    })
  const items = [...own, ...others]
  return { task_dimensions: page(items, num(body, "page_num", 1), num(body, "page_size", 100)), total: items.length }
}

export const overviewTaskMetric = (emu: Emu, body: Body) => {
  const f = obj(body, "filter")
  const w = workspaceOf(emu.store.state, str(f, "workspace_id"))
  const range = obj(body, "time_range")
  const start = Number(str(range, "start_timestamp") || 0)
  const end = Number(str(range, "end_timestamp") || 0)
  if (end - start > 31 * 86_400) throw internal("查询时间区间不能超过1个月")
  emu.engine.update()
  const s = emu.store.state
  return {
    task_groups: Object.entries(TASK_TYPE).map(([kind, type]) => {
      const statuses = [
        ...s.tasks.filter((t) => t.kind === kind && t.workspaceId === w.id).map(upperStatus),
        ...s.foreign.filter((x) => x.kind === kind && x.workspaceId === w.id).map(() => "RUNNING"),
      ]
      const counts = new Map<string, number>()
      for (const st of statuses) counts.set(st, (counts.get(st) ?? 0) + 1)
      return {
        task_type: type,
        task_total: statuses.length,
        task_status_count_entries: [...counts].map(([status, count]) => ({ status, count })),
      }
    }),
  }
}
