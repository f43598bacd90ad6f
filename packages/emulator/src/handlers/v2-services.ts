import { memberBudgetUsage } from "../domain/budgets.js"
import { budgetOverview, listImages, listProjects, userView } from "../domain/catalog.js"
import { nodeEvents } from "../domain/events.js"
import { createHpc, getHpc, hpcFromSimplified, hpcView, listHpc } from "../domain/hpc.js"
import { listNodeDimension, nodeDimension, overviewTaskMetric, placementNow, taskDimension } from "../domain/nodes.js"
import { basicInfo, listGroups, nodeSpecs, scheduleConfig } from "../domain/resources.js"
import { createServing, getServing, servingView } from "../domain/serving.js"
import { podsWithNodes, statusOf } from "../domain/tasks.js"
import { forbidden, internal, invalid } from "../errors.js"
import { projectsOf } from "../state/lookup.js"
import { num, obj, page, str, strList } from "../validate.js"
import { v2Notebook } from "./v2-notebook.js"
import { act, type V2Service, v2Train } from "./v2-train.js"

const denied = act(() => {
  throw forbidden("Access denied")
})

const v2Workspace: V2Service = {
  GetBasicInfo: act((c) => basicInfo(c.emu, str(c.body, "workspace_id"))),
  ListLogicComputeGroups: act((c) => listGroups(c.emu, c.body)),
  ListNodeDimension: act((c) => listNodeDimension(c.emu, c.body)),
  ListTaskDimension: act((c) => taskDimension(c.emu, c.body)),
  GetOverviewTaskMetric: act((c) => overviewTaskMetric(c.emu, c.body)),
  GetScheduleConfig: act((c) => scheduleConfig(c.emu, c.body)),
  ListWorkspaces: act((c) => {
    const ids = new Set(projectsOf(c.emu.store.state, c.user).flatMap((p) => p.spaceIds))
    const all = c.emu.store.state.workspaces.filter((w) => ids.has(w.id))
    const items = page(all, num(c.body, "page_num", 1), num(c.body, "page_size", 20)).map((w) => ({
      id: w.id,
      name: w.name,
      usage_status: w.usageStatus,
      creator: "admin",
      compute_groups: c.emu.store.state.groups
        .filter((g) => g.workspaceId === w.id)
        .map((g) => ({ id: g.id, name: g.name })),
    }))
    return { items, total: all.length }
  }),
  GetLogicComputeGroupResource: denied,
  GetWorkspaceNodeSpecs: act((c) => ({ node_specs: nodeSpecs(c.emu, str(c.body, "workspace_id")) })),
  GetLogicComputeGroupNodeSpecs: act((c) => ({
    node_specs: nodeSpecs(c.emu, str(c.body, "workspace_id"), str(c.body, "logic_compute_group_id")),
  })),
}

const v2Project: V2Service = {
  GetProjectForPage: act((c) => listProjects(c, true)),
  GetProjectBudgetUsageOverview: act((c) => budgetOverview(c.emu, str(c.body, "project_id"))),
  GetProjectMemberBudgetUsage: act((c) => memberBudgetUsage(c, str(c.body, "project_id"))),
  ListProjects: denied,
}

const v2User: V2Service = {
  GetUserDetail: act((c) => userView(c.user)),
  ListAPIKeys: act(() => ({ items: [], total: 0 })),
}

const v2Hpc: V2Service = {
  CreateJob: act((c) => ({ job_id: createHpc(c, hpcFromSimplified(c.body)).id })),
  GetJob: act((c) => hpcView(c.emu, getHpc(c.emu, str(c.body, "job_id")))),
  StopJob: act((c) => {
    const t = c.emu.store.state.tasks.find((x) => x.id === str(c.body, "job_id") && x.kind === "hpc")
    if (!t) throw forbidden("Access denied")
    c.emu.engine.stop(t)
    return undefined
  }),
  ListJobs: act(listHpc),
}

const v2Serving: V2Service = {
  CreateServing: act((c) => ({ inference_serving_id: createServing(c).id })),
  GetServing: act((c) => servingView(c.emu, getServing(c.emu, str(c.body, "inference_serving_id")), c.base)),
  StopServing: act((c) => {
    c.emu.engine.stop(getServing(c.emu, str(c.body, "inference_serving_id")))
    return undefined
  }),
  ListServingInstances: act((c) => {
    const t = getServing(c.emu, str(c.body, "inference_serving_id"))
    const items = podsWithNodes(t).map(({ pod, node }) => ({ name: pod, node, status: statusOf(t) }))
    return { items, total: items.length }
  }),
  // Observed failing on the platform with a nil-pointer dereference (§1.8); reproduced as is.
  ListServingEvents: act(() => {
    throw internal("runtime error: invalid memory address or nil pointer dereference")
  }),
}

const v2Cluster: V2Service = {
  ListNodeEvents: act((c) => {
    const f = obj(c.body, "filter")
    if (f.node_name !== undefined) throw invalid("filter.node_name is not supported, use filter.node_names")
    const names = strList(f, "node_names")
    if (names.length !== 1) throw invalid("filter.node_names must hold exactly one node")
    const events = nodeEvents(c.emu, names[0] ?? "")
    return { events: page(events, num(c.body, "page_num", 1), num(c.body, "page_size", 20)), total: events.length }
  }),
  ListNodes: act((c) => {
    const placement = placementNow(c.emu)
    const nodes = c.emu.store.state.nodes.map((n) => nodeDimension(c.emu, n, placement))
    const count = (pool: string) => nodes.filter((n) => n.resource_pool === pool).length
    return { nodes, total: nodes.length, online: count("online"), backup: count("backup"), fault: count("fault") }
  }),
  GetNodeDistincts: act((c) => ({
    node_types: ["gpu", "cpu", "hpc"],
    resource_pools: ["online", "backup", "fault", "unknown"],
    total: c.emu.store.state.nodes.length,
  })),
  ListNodeDimension: denied,
  ListTaskDimension: denied,
  GetClusterBasicInfo: denied,
  ListLogicComputeGroups: denied,
}

/**
 * Services the gateway routes. A name missing here answers the gateway's plain-text 404; a known
 * service without the action answers InvalidAction. `inference-serving` and `model` are deliberately
 * absent (§1.2, §4.11, §7 item 3).
 */
export const V2_SERVICES: Record<string, V2Service> = {
  train: v2Train,
  workspace: v2Workspace,
  project: v2Project,
  user: v2User,
  hpc: v2Hpc,
  notebook: v2Notebook,
  // QZ saw an empty list without a name filter; with one, the matching images.
  image: { ListImages: act((c) => (str(obj(c.body, "filter"), "name") ? listImages(c, 1) : { images: [], total: 0 })) },
  cluster: v2Cluster,
  inference_serving: v2Serving,
  serving: v2Serving,
  ray: {},
  audit: {},
  file: {
    GetSystemStorageTypeList: act(() => ({
      system_storages: [
        { name: "hdd", is_primary: true },
        { name: "ssd", is_primary: false },
        { name: "qb-ilm", is_primary: false },
      ],
    })),
  },
}
