import type { Emu } from "../context.js"
import { internal, invalid } from "../errors.js"
import { groupById, groupsOf, specsFor, workspaceOf } from "../state/lookup.js"
import type { Placement } from "../state/placement.js"
import type { ComputeGroup, ScheduleType, Spec } from "../state/types.js"
import { type Body, num, obj, page, str } from "../validate.js"
import { gpuInfo, groupTotals, placementNow } from "./nodes.js"

const SCHEDULE_TYPES: ScheduleType[] = [
  "SCHEDULE_CONFIG_TYPE_TRAIN",
  "SCHEDULE_CONFIG_TYPE_DSW",
  "SCHEDULE_CONFIG_TYPE_HPC",
  "SCHEDULE_CONFIG_TYPE_SERVING",
  "SCHEDULE_CONFIG_TYPE_RAY_JOB",
]

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

/** Which schedule types a group serves, and the task type each one is for. */
const TYPE_OF_JOB: Record<string, ScheduleType> = {
  distributed_training: "SCHEDULE_CONFIG_TYPE_TRAIN",
  interactive_modeling: "SCHEDULE_CONFIG_TYPE_DSW",
  hpc_job: "SCHEDULE_CONFIG_TYPE_HPC",
  inference_serving: "SCHEDULE_CONFIG_TYPE_SERVING",
  ray_job: "SCHEDULE_CONFIG_TYPE_RAY_JOB",
}

const scheduleTypesOf = (emu: Emu, g: ComputeGroup): ScheduleType[] =>
  SCHEDULE_TYPES.filter((t) => emu.store.state.specs.some((s) => s.type === t && s.lcgIds.includes(g.id)))

const LOCATION: Record<string, string> = { qb: "七宝", sj: "松江" }

/**
 * A logic compute group as the group lists show it. Beside the nested `gpu_info`, each GPU stat carries
 * the flat `gpu_type`, and the group its `node_count` and `schedule_type`, which the web console reads.
 */
export const groupView = (emu: Emu, g: ComputeGroup, placement: Placement, scheduleType?: ScheduleType) => {
  const totals = groupTotals(emu, g, placement)
  const w = emu.store.state.workspaces.find((x) => x.id === g.workspaceId)
  const types = scheduleTypesOf(emu, g)
  return {
    logic_compute_group_id: g.id,
    logic_compute_group_name: g.name,
    name: g.name,
    compute_group_id: g.cgId,
    workspace_id: g.workspaceId,
    brand: g.brand,
    resource_types: [g.gpuType],
    location: w?.registry ?? "qb",
    location_name: LOCATION[w?.registry ?? "qb"] ?? "",
    cluster_name: w?.clusterName ?? "",
    node_count: totals.nodes.length,
    schedule_type: scheduleType ?? types[0] ?? "",
    schedule_types: types,
    gpu_type_stats: [
      {
        gpu_type: g.gpuType,
        gpu_type_display: g.gpuDisplay,
        gpu_info: gpuInfo(g),
        gpu_total: totals.gpu_total,
        gpu_used: totals.gpu_used,
      },
    ],
  }
}

/** V2 ListLogicComputeGroups and V1 logic_compute_groups/list; `support_job_type` keeps the groups serving it. */
export const listGroups = (emu: Emu, body: Body) => {
  const f = obj(body, "filter")
  const w = workspaceOf(emu.store.state, str(f, "workspace_id"))
  const placement = placementNow(emu)
  const job = str(f, "support_job_type")
  const wanted = job ? TYPE_OF_JOB[job] : undefined
  if (job && !wanted) throw invalid(`invalid support_job_type: ${job}`)
  const groups = groupsOf(emu.store.state, w.id).filter((g) => !wanted || scheduleTypesOf(emu, g).includes(wanted))
  const items = page(groups, num(body, "page_num", 1), num(body, "page_size", -1))
  return { logic_compute_groups: items.map((g) => groupView(emu, g, placement, wanted)), total: groups.length }
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

const specView = (emu: Emu, s: Spec) => {
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

const checkScheduleType = (type: string): ScheduleType => {
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
