import { eventView } from "../domain/events.js"
import { createRay, getRay, listRay, rayInstances, rayView } from "../domain/ray.js"
import { invalid } from "../errors.js"
import { type Route, route } from "../router.js"
import { isTerminal } from "../sim/engine.js"
import { num, page, type Shape, str } from "../validate.js"

const RAY_ID: Shape = { ray_job_id: true }
const NODE: Shape = { mirror_id: true, image_type: true, logic_compute_group_id: true, quota_id: true, shm_gi: true }
const SORTER: [Shape] = [{ field: true, sort: true }]

/** Ray jobs exist on V1 only (Referer /jobs/ray); `id` and `job_id` are rejected in favour of `ray_job_id`. */
export const v1RayRoutes: Route[] = [
  route(
    "POST",
    "/api/v1/ray_job/list",
    { workspace_id: true, page_num: true, page_size: true, filter_by: { user_id: true } },
    listRay,
  ),
  route("POST", "/api/v1/ray_job/detail", RAY_ID, (c) => rayView(c.emu, getRay(c.emu, c.body))),
  route(
    "POST",
    "/api/v1/ray_job/create",
    {
      name: true,
      description: true,
      workspace_id: true,
      project_id: true,
      task_priority: true,
      entrypoint: true,
      head_node: NODE,
      worker_groups: [{ ...NODE, group_name: true, min_replicas: true, max_replicas: true }],
    },
    (c) => ({ ray_job_id: createRay(c).id, sub_code: 0, sub_msg: "" }),
  ),
  route("POST", "/api/v1/ray_job/stop", RAY_ID, (c) => {
    c.emu.engine.stop(getRay(c.emu, c.body))
    return undefined
  }),
  route("POST", "/api/v1/ray_job/delete", RAY_ID, (c) => {
    const t = getRay(c.emu, c.body)
    if (!isTerminal(t)) throw invalid("任务运行中，请先停止任务再删除")
    c.emu.store.state.tasks = c.emu.store.state.tasks.filter((x) => x !== t)
    c.emu.store.changed()
    return undefined
  }),
  route(
    "POST",
    "/api/v1/ray_job/events/list",
    { ray_job_id: true, page_num: true, page_size: true, sorter: SORTER },
    (c) => {
      const t = getRay(c.emu, c.body)
      const events = t.events.filter((e) => e.objectType === "job")
      const items = page(events, num(c.body, "page_num", 1), num(c.body, "page_size", 20)).map((e) =>
        eventView(c.emu, e),
      )
      return { items, total: events.length }
    },
  ),
  route("POST", "/api/v1/ray_job/instances/list", { ray_job_id: true, page_num: true, page_size: true }, (c) => {
    const items = rayInstances(c.emu, getRay(c.emu, c.body))
    return { items: page(items, num(c.body, "page_num", 1), num(c.body, "page_size", -1)), total: items.length }
  }),
  route("POST", "/api/v1/ray_job/users", { workspace_id: true }, (c) => {
    const ids = new Set(
      c.emu.store.state.tasks
        .filter((t) => t.kind === "ray" && t.workspaceId === str(c.body, "workspace_id"))
        .map((t) => t.userId),
    )
    const items = c.emu.store.state.users.filter((u) => ids.has(u.id)).map((u) => ({ id: u.id, name: u.name }))
    return { items, total: items.length }
  }),
  route(
    "POST",
    "/api/v1/ray_job/scaling_histories/list",
    { ray_job_id: true, page_num: true, page_size: true },
    (c) => {
      getRay(c.emu, c.body)
      return { items: [], total: 0 }
    },
  ),
]
