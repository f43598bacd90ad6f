import type { Emu } from "../context.js"
import { internal, invalid } from "../errors.js"
import { groupById, groupsOf, specsFor, workspaceOf } from "../state/lookup.js"
import type { ComputeGroup, NodeInfo, ScheduleType, Spec, Task } from "../state/types.js"
import { type Body, num, obj, page, str } from "../validate.js"
import { common, runningMs, upperStatus } from "./tasks.js"

const TASK_TYPE: Record<Task["kind"], string> = {
  train: "distributed_training",
  hpc: "hpc_job",
  notebook: "interactive_modeling",
  serving: "inference_serving",
  ray: "ray_job",
}

const SCHEDULE_TYPES: ScheduleType[] = [
  "SCHEDULE_CONFIG_TYPE_TRAIN",
  "SCHEDULE_CONFIG_TYPE_DSW",
  "SCHEDULE_CONFIG_TYPE_HPC",
  "SCHEDULE_CONFIG_TYPE_SERVING",
  "SCHEDULE_CONFIG_TYPE_RAY_JOB",
]

const gpuInfo = (g: ComputeGroup) => ({
  gpu_type: g.gpuType,
  gpu_type_display: g.gpuDisplay,
  gpu_product_simple: g.gpuSimple,
  gpu_memory_size_gb: g.gpuMemoryGb,
  brand_name: g.brand,
})

export const basicInfo = (emu: Emu, workspaceId: string) => {
  const w = workspaceOf(emu.store.state, workspaceId)
  const groups = groupsOf(emu.store.state, w.id)
  const types = [...new Set(groups.map((g) => g.gpuType))]
  return {
    workspace_id: w.id,
    workspace_name: w.name,
    clusters: [{ cluster_name: w.clusterName, cluster_id: `cluster-${w.clusterName}` }],
    compute_groups: groups.map((g) => ({
      compute_group_id: g.cgId,
      compute_group_name: g.name,
      logic_compute_groups: [
        { logic_compute_group_id: g.id, logic_compute_group_name: g.name, brand: g.brand, resource_types: [g.gpuType] },
      ],
    })),
    resource_types: types.map((t) => {
      const g = groups.find((x) => x.gpuType === t) as ComputeGroup
      return { resource_type: t, gpu_info: gpuInfo(g) }
    }),
  }
}

const nodesOf = (emu: Emu, lcgId: string): NodeInfo[] => emu.store.state.nodes.filter((n) => n.lcgId === lcgId)

const groupStats = (emu: Emu, g: ComputeGroup) => {
  const nodes = nodesOf(emu, g.id)
  const total = nodes.reduce((s, n) => s + n.gpuTotal, 0)
  const used = nodes.reduce((s, n) => s + n.gpuTotal - emu.engine.freeGpus(n), 0)
  return { total, used, nodes }
}

export const groupView = (emu: Emu, g: ComputeGroup, withStats = true) => {
  const { total, used } = groupStats(emu, g)
  return {
    logic_compute_group_id: g.id,
    logic_compute_group_name: g.name,
    name: g.name,
    compute_group_id: g.cgId,
    workspace_id: g.workspaceId,
    brand: g.brand,
    resource_types: [g.gpuType],
    location: "qb",
    location_name: "七宝",
    cluster_name: emu.store.state.workspaces.find((w) => w.id === g.workspaceId)?.clusterName ?? "",
    ...(withStats ? { gpu_type_stats: [{ gpu_info: gpuInfo(g), gpu_total: total, gpu_used: used }] } : {}),
  }
}

export const listGroups = (emu: Emu, body: Body) => {
  const f = obj(body, "filter")
  const w = workspaceOf(emu.store.state, str(f, "workspace_id"))
  emu.engine.update()
  const groups = groupsOf(emu.store.state, w.id)
  const items = page(groups, num(body, "page_num", 1), num(body, "page_size", -1))
  return { logic_compute_groups: items.map((g) => groupView(emu, g)), total: groups.length }
}

const tasksOn = (emu: Emu, node: string) =>
  emu.store.state.tasks.filter(
    (t) => ["creating", "running", "stopping"].includes(t.phase) && t.alloc.some((a) => a.node === node),
  )

export const nodeDimension = (emu: Emu, n: NodeInfo) => {
  const g = groupById(emu.store.state, n.lcgId) as ComputeGroup
  const free = emu.engine.freeGpus(n)
  const used = n.gpuTotal - free
  const tasks = tasksOn(emu, n.name)
  return {
    name: n.name,
    node_id: n.name,
    status: n.status,
    cordon_type: n.cordonType,
    is_maint: n.isMaint,
    resource_pool: n.pool,
    node_type: g.gpuType === "CPU" ? "cpu" : "gpu",
    cluster_name: emu.store.state.workspaces.find((w) => w.id === g.workspaceId)?.clusterName ?? "",
    gpu: { total: n.gpuTotal, used, available: free, usage_rate: n.gpuTotal ? used / n.gpuTotal : 0, type: g.gpuType },
    cpu: { total: n.cpuTotal, used: Math.round((n.cpuTotal * used) / Math.max(1, n.gpuTotal)), available: n.cpuTotal },
    memory: { total: n.memGib, used: 0, available: n.memGib },
    gpu_info: gpuInfo(g),
    logic_compute_group: { id: g.id, name: g.name },
    logic_compute_group_id: g.id,
    logic_compute_group_name: g.name,
    gpu_count: n.gpuTotal,
    tasks_associated: tasks.map((t) => ({ id: t.id, name: t.name, priority: t.priority, type: t.kind })),
    task_list: tasks.map((t) => t.id),
    users_associated: [...new Set(tasks.map((t) => t.userId))],
  }
}

export const listNodeDimension = (emu: Emu, body: Body) => {
  const f = obj(body, "filter")
  if (!str(f, "workspace_id")) throw invalid("参数错误: filter.workspace_id is required")
  const w = workspaceOf(emu.store.state, str(f, "workspace_id"))
  emu.engine.update()
  const lcg = str(f, "logic_compute_group_id")
  const groups = new Set(groupsOf(emu.store.state, w.id).map((g) => g.id))
  const nodes = emu.store.state.nodes.filter((n) => groups.has(n.lcgId) && (!lcg || n.lcgId === lcg))
  const items = page(nodes, num(body, "page_num", 1), num(body, "page_size", -1))
  return { node_dimensions: items.map((n) => nodeDimension(emu, n)), total: nodes.length }
}

/** Hardware shapes only: no spec id, as the platform's node-spec actions return. */
export const nodeSpecs = (emu: Emu, workspaceId: string, lcgId?: string) => {
  const w = workspaceOf(emu.store.state, workspaceId)
  const groups = groupsOf(emu.store.state, w.id).filter((g) => !lcgId || g.id === lcgId)
  return groups.map((g) => {
    const node = emu.store.state.nodes.find((n) => n.lcgId === g.id)
    const types = [...new Set(emu.store.state.specs.filter((s) => s.lcgIds.includes(g.id)).map((s) => s.type))]
    return {
      logic_compute_group_id: g.id,
      support_job_type: types,
      gpu_count: node?.gpuTotal ?? 0,
      cpu_count: node?.cpuTotal ?? 0,
      memory_size_gib: node?.memGib ?? 0,
      gpu_info: gpuInfo(g),
    }
  })
}

export const groupResource = (emu: Emu, lcgId: string) => {
  const g = groupById(emu.store.state, lcgId)
  if (!g) throw invalid(`logic compute group ${lcgId} not found`)
  emu.engine.update()
  const { total, used, nodes } = groupStats(emu, g)
  const low = emu.store.state.tasks
    .filter((t) => t.lcgId === g.id && t.priority <= 3 && ["creating", "running"].includes(t.phase))
    .reduce((s, t) => s + t.alloc.reduce((x, a) => x + a.gpus, 0), 0)
  return {
    logic_compute_group_id: g.id,
    name: g.name,
    logic_resouces: {
      gpu_total: total,
      gpu_used: used,
      gpu_low_priority_used: low,
      cpu_total: nodes.reduce((s, n) => s + n.cpuTotal, 0),
      cpu_used: 0,
      memory_gi_total: nodes.reduce((s, n) => s + n.memGib, 0),
      memory_gi_used: 0,
    },
    gpu_type_stats: [{ gpu_info: gpuInfo(g) }],
  }
}

export const specView = (emu: Emu, s: Spec) => {
  const g = groupById(emu.store.state, s.lcgIds[0] ?? "")
  return {
    quota_id: s.id,
    id: s.id,
    spec_id: s.id,
    name: s.name,
    cellId: s.id,
    gpu_count: s.gpuCount,
    cpu_count: s.cpuCount,
    memory_size_gib: s.memGib,
    memory_size: s.memGib,
    gpu_type: s.gpuType,
    gpu_info: g ? gpuInfo(g) : {},
    cpu_info: { cpu_type: g?.cpuType ?? "" },
    total_price_per_hour: s.price,
    logic_compute_group_ids: s.lcgIds,
    allowed_priority_levels: s.allowedPriorityLevels,
  }
}

export const checkScheduleType = (type: string): ScheduleType => {
  if (!SCHEDULE_TYPES.includes(type as ScheduleType)) throw invalid(`invalid schedule_config_type: ${type}`)
  return type as ScheduleType
}

export const resourcePrices = (emu: Emu, body: Body) => {
  const type = checkScheduleType(str(body, "schedule_config_type"))
  const w = workspaceOf(emu.store.state, str(body, "workspace_id"))
  const lcg = str(body, "logic_compute_group_id")
  if (!groupById(emu.store.state, lcg)) throw internal("已选择的计算类型组不存在，请重新选择。")
  return { lcg_resource_spec_prices: specsFor(emu.store.state, w.id, type, lcg).map((s) => specView(emu, s)) }
}

/** Both nestings of §4.4.3, spec lists JSON-encoded as the platform does. */
export const scheduleConfig = (emu: Emu, body: Body) => {
  const w = workspaceOf(emu.store.state, str(body, "workspace_id"))
  const lcg = str(body, "logic_compute_group_id") || undefined
  const list = (type: ScheduleType) =>
    JSON.stringify(specsFor(emu.store.state, w.id, type, lcg).map((s) => specView(emu, s)))
  const config = {
    use_predef_train_spec: true,
    predef_train_spec: list("SCHEDULE_CONFIG_TYPE_TRAIN"),
    quota: list("SCHEDULE_CONFIG_TYPE_DSW"),
    serving_quota: list("SCHEDULE_CONFIG_TYPE_SERVING"),
  }
  return { workspace_id: w.id, ...config, schedule_config: config }
}

export const taskDimension = (emu: Emu, body: Body) => {
  const f = obj(body, "filter")
  const w = workspaceOf(emu.store.state, str(f, "workspace_id"))
  emu.engine.update()
  const project = str(f, "project_id")
  const now = emu.clock.now()
  const tasks = emu.store.state.tasks.filter(
    (t) =>
      t.workspaceId === w.id &&
      (!project || t.projectId === project) &&
      ["queued", "creating", "running"].includes(t.phase),
  )
  const items = tasks.map((t) => {
    const { fields, spec, project: p } = common(emu, t)
    const gpus = (spec?.gpuCount ?? 0) * t.instances
    return {
      id: t.id,
      name: t.name,
      status: upperStatus(t),
      type: TASK_TYPE[t.kind],
      priority: t.priority,
      created_at: fields.created_at,
      running_time_ms: String(runningMs(t, now)),
      project: { id: t.projectId, name: p?.name ?? "" },
      user: fields.created_by,
      node_types: [spec?.gpuType || "CPU"],
      nodes_occupied: { count: t.alloc.length, nodes: t.alloc.map((a) => a.node) },
      cpu: { total: (spec?.cpuCount ?? 0) * t.instances, used: 0, usage_rate: 0.35 },
      memory: { total: (spec?.memGib ?? 0) * t.instances, used: 0, usage_rate: 0.42 },
      gpu: { total: gpus, used: t.phase === "running" ? gpus : 0, usage_rate: t.behaviour === "idle" ? 0.01 : 0.88 },
    }
  })
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
  const kinds = Object.entries(TASK_TYPE)
  return {
    task_groups: kinds.map(([kind, type]) => {
      const tasks = emu.store.state.tasks.filter((t) => t.kind === kind && t.workspaceId === w.id)
      const counts = new Map<string, number>()
      for (const t of tasks) counts.set(upperStatus(t), (counts.get(upperStatus(t)) ?? 0) + 1)
      return {
        task_type: type,
        task_total: tasks.length,
        task_status_count_entries: [...counts].map(([status, count]) => ({ status, count })),
      }
    }),
  }
}
