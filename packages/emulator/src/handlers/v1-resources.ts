import {
  groupResource,
  listNodeDimension,
  nodeDimension,
  overviewTaskMetric,
  placementNow,
  taskDimension,
} from "../domain/nodes.js"
import { basicInfo, groupView, listGroups, resourcePrices } from "../domain/resources.js"
import { invalid } from "../errors.js"
import { type Route, route } from "../router.js"
import { groupById } from "../state/lookup.js"
import { num, obj, page, str } from "../validate.js"

const DIM_QUERY = {
  page_num: true,
  page_size: true,
  filter: { workspace_id: true, logic_compute_group_id: true, compute_group_id: true, project_id: true },
} as const

export const v1ResourceRoutes: Route[] = [
  route("POST", "/api/v1/cluster_metric/cluster_basic_info", { workspace_id: true }, (c) =>
    basicInfo(c.emu, str(c.body, "workspace_id")),
  ),
  route("POST", "/api/v1/cluster_metric/list_node_dimension", DIM_QUERY, (c) => listNodeDimension(c.emu, c.body)),
  route("POST", "/api/v1/cluster_metric/list_task_dimension", DIM_QUERY, (c) => taskDimension(c.emu, c.body)),
  route(
    "POST",
    "/api/v1/cluster_metric/overview_task_metric",
    { filter: { workspace_id: true }, time_range: { start_timestamp: true, end_timestamp: true } },
    (c) => overviewTaskMetric(c.emu, c.body),
  ),
  route(
    "POST",
    "/api/v1/logic_compute_groups/list",
    {
      page_num: true,
      page_size: true,
      filter: { workspace_id: true, include_gpu_type_stats: true, support_job_type: true },
    },
    (c) => listGroups(c.emu, c.body),
  ),
  route("GET", "/api/v1/compute_resources/logic_compute_groups/:lcg", undefined, (c) =>
    groupResource(c.emu, c.params.lcg ?? ""),
  ),
  route("GET", "/api/v1/compute_resources/node_specs/logic_compute_groups/:lcg", undefined, (c) => {
    const g = groupById(c.emu.store.state, c.params.lcg ?? "")
    if (!g) throw invalid(`logic compute group ${c.params.lcg ?? ""} not found`)
    const placement = placementNow(c.emu)
    const nodes = c.emu.store.state.nodes.filter((n) => n.lcgId === g.id).map((n) => nodeDimension(c.emu, n, placement))
    return { node_dimensions: nodes, total: nodes.length }
  }),
  route(
    "POST",
    "/api/v1/cluster_nodes/list",
    { page_num: true, page_size: true, filter: { logic_compute_group_id: true, resource_pool: true } },
    (c) => {
      const placement = placementNow(c.emu)
      const f = obj(c.body, "filter")
      const lcg = str(f, "logic_compute_group_id")
      const pool = str(f, "resource_pool")
      const nodes = c.emu.store.state.nodes.filter((n) => (!lcg || n.lcgId === lcg) && (!pool || n.pool === pool))
      const items = page(nodes, num(c.body, "page_num", 1), num(c.body, "page_size", -1)).map((n) =>
        nodeDimension(c.emu, n, placement),
      )
      return { nodes: items, total: nodes.length }
    },
  ),
  // The trailing slash is part of the path on the platform; without it the route does not exist.
  route(
    "POST",
    "/api/v1/resource_prices/logic_compute_groups/",
    { workspace_id: true, schedule_config_type: true, logic_compute_group_id: true },
    (c) => {
      for (const k of ["workspace_id", "schedule_config_type", "logic_compute_group_id"]) {
        if (!str(c.body, k)) throw invalid(`参数错误: ${k} is required`)
      }
      return resourcePrices(c.emu, c.body)
    },
  ),
  route("GET", "/api/v1/logic_compute_groups/:lcg", undefined, (c) => {
    const g = groupById(c.emu.store.state, c.params.lcg ?? "")
    if (!g) throw invalid(`logic compute group ${c.params.lcg ?? ""} not found`)
    return groupView(c.emu, g, placementNow(c.emu))
  }),
]
