import type { Call } from "../context.js"
import { createTrain, getTrain, instanceItems, listTrain, trainView, workdir } from "../domain/train.js"
import { invalid } from "../errors.js"
import { type Route, route } from "../router.js"
import { isTerminal } from "../sim/engine.js"
import { queryMetrics } from "../sim/metrics.js"
import { num, page, str, strList } from "../validate.js"
import { jobEventList, jobEvents, logsFor } from "./jobs-common.js"
import { EVENT_QUERY, JOB_ID, LIST_JOBS, LOG_QUERY, METRIC_QUERY, TRAIN_CONSOLE } from "./shapes.js"

/** Gates the platform keeps per workspace; no emulated workspace enables them. */
export const checkNodeGates = (c: Call): void => {
  if (strList(c.body, "exclude_nodes").length > 0) throw invalid("exclude_nodes not enable in workspace")
  if (strList(c.body, "specified_nodes").length > 0) throw invalid("specified_nodes not enable")
}

export const v1TrainRoutes: Route[] = [
  route("POST", "/api/v1/train_job/create", TRAIN_CONSOLE, (c) => {
    checkNodeGates(c)
    const t = createTrain(c, "console")
    return { job_id: t.id, workspace_id: t.workspaceId }
  }),
  route("POST", "/api/v1/train_job/detail", JOB_ID, (c) => trainView(c.emu, getTrain(c))),
  route("POST", "/api/v1/train_job/stop", JOB_ID, (c) => {
    c.emu.engine.stop(getTrain(c))
    return undefined
  }),
  route("POST", "/api/v1/train_job/list", LIST_JOBS, (c) => listTrain(c)),
  route("POST", "/api/v1/train_job/delete", JOB_ID, (c) => {
    const t = getTrain(c)
    if (!isTerminal(t)) throw invalid("任务运行中，请先停止任务再删除")
    const s = c.emu.store.state
    s.tasks = s.tasks.filter((x) => x !== t)
    c.emu.store.changed()
    return undefined
  }),
  route("POST", "/api/v1/train_job/instance_list", { jobId: true, page_num: true, page_size: true }, (c) => {
    const t = getTrain({ ...c, body: { job_id: str(c.body, "jobId") } })
    const items = instanceItems(c.emu, t)
    return { items: page(items, num(c.body, "page_num", 1), num(c.body, "page_size", -1)), total: items.length }
  }),
  route("POST", "/api/v1/train_job/workdir", { project_id: true, workspace_id: true }, (c) => workdir(c)),
  route("POST", "/api/v1/train_job/users", { workspace_id: true }, (c) => {
    const ids = new Set(
      c.emu.store.state.tasks
        .filter((t) => t.kind === "train" && t.workspaceId === str(c.body, "workspace_id"))
        .map((t) => t.userId),
    )
    const items = c.emu.store.state.users.filter((u) => ids.has(u.id)).map((u) => ({ id: u.id, name: u.name }))
    return { items, total: items.length }
  }),
  route("POST", "/api/v1/train_job/events/list", EVENT_QUERY, (c) => jobEvents(c)),
  route("POST", "/api/v1/train_job/job_event_list", { job_id: true, jobId: true }, (c) => jobEventList(c, c.body)),
  route("POST", "/api/v1/train_job/instance_event_list", { jobId: true, instanceName: true }, (c) => {
    const t = getTrain({ ...c, body: { job_id: str(c.body, "jobId") } })
    const pod = str(c.body, "instanceName")
    return jobEvents({ ...c, body: { page_size: -1, filter: { object_type: "instance", object_ids: [pod || t.id] } } })
  }),
  route("POST", "/api/v1/logs/train", LOG_QUERY, (c) => logsFor(c, "train")),
  route("POST", "/api/v1/logs/hpc", LOG_QUERY, (c) => logsFor(c, "hpc")),
  route("POST", "/api/v1/logs/ray_job", LOG_QUERY, (c) => logsFor(c, "ray")),
  route("POST", "/api/v1/cluster_metric/resource_metric_by_time", METRIC_QUERY, (c) => queryMetrics(c.emu, c.body)),
]
