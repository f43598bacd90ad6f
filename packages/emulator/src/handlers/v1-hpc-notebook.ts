import { eventView, notebookEvents } from "../domain/events.js"
import { createHpc, getHpc, hpcFromConsole, hpcView, listHpc } from "../domain/hpc.js"
import {
  createNotebook,
  deleteNotebook,
  getNotebook,
  labUrl,
  listNotebooks,
  notebookView,
  runIndex,
  saveImage,
  startNotebook,
} from "../domain/notebook.js"
import { invalid } from "../errors.js"
import { type Route, route } from "../router.js"
import { isTerminal } from "../sim/engine.js"
import { enumError, num, obj, page, str, strList } from "../validate.js"
import { HPC_CONSOLE, JOB_ID, NOTEBOOK_CREATE, NOTEBOOK_LIST } from "./shapes.js"

export const v1HpcRoutes: Route[] = [
  route("POST", "/api/v1/hpc_jobs", HPC_CONSOLE, (c) => ({ job_id: createHpc(c, hpcFromConsole(c.body)).id })),
  route(
    "POST",
    "/api/v1/hpc_jobs/list",
    { workspace_id: true, page_num: true, page_size: true, status: true, created_by: true },
    (c) => listHpc(c),
  ),
  route("GET", "/api/v1/hpc_jobs/:id", undefined, (c) => hpcView(c.emu, getHpc(c.emu, c.params.id ?? ""))),
  route("POST", "/api/v1/hpc_jobs/stop", JOB_ID, (c) => {
    c.emu.engine.stop(getHpc(c.emu, str(c.body, "job_id")))
    return undefined
  }),
  route("DELETE", "/api/v1/hpc_jobs/:id", undefined, (c) => {
    const t = getHpc(c.emu, c.params.id ?? "")
    if (!isTerminal(t)) throw invalid("任务运行中，请先停止任务再删除")
    c.emu.store.state.tasks = c.emu.store.state.tasks.filter((x) => x !== t)
    c.emu.store.changed()
    return undefined
  }),
  route(
    "POST",
    "/api/v1/hpc_jobs/events/list",
    {
      pageNum: true,
      pageSize: true,
      filter: { object_ids: true, object_type: true },
      sorter: [{ field: true, sort: true }],
    },
    (c) => {
      const f = obj(c.body, "filter")
      const id = strList(f, "object_ids")[0] ?? ""
      const t = getHpc(c.emu, id)
      const events = t.events.filter((e) => e.objectType === "job")
      const items = page(events, num(c.body, "pageNum", 1), num(c.body, "pageSize", 20)).map((e) => {
        const { type: _type, ...rest } = eventView(c.emu, e, "HPC_JOB")
        return rest
      })
      return { events: items, total: events.length }
    },
  ),
]

export const v1NotebookRoutes: Route[] = [
  route("POST", "/api/v1/notebook/list", NOTEBOOK_LIST, (c) => listNotebooks(c)),
  route("POST", "/api/v1/notebook/create", NOTEBOOK_CREATE, (c) => ({ notebook_id: createNotebook(c).id })),
  route("GET", "/api/v1/notebook/schedule/:ws", undefined, (c) => notebookSchedule(c.emu, c.params.ws ?? "")),
  route("GET", "/api/v1/notebook/schedule", undefined, (c) =>
    notebookSchedule(c.emu, c.query.get("workspace_id") ?? ""),
  ),
  route("GET", "/api/v1/notebook/:id", undefined, (c) => notebookView(c.emu, getNotebook(c.emu, c.params.id ?? ""))),
  route("DELETE", "/api/v1/notebook/:id", undefined, (c) => {
    deleteNotebook(c.emu, getNotebook(c.emu, c.params.id ?? ""))
    return undefined
  }),
  route("POST", "/api/v1/notebook/operate", { notebook_id: true, operation: true }, (c) => {
    const op = str(c.body, "operation")
    if (op !== "START" && op !== "STOP") throw enumError(c.raw, op)
    const t = getNotebook(c.emu, str(c.body, "notebook_id"))
    if (op === "START") startNotebook(c.emu, t)
    else c.emu.engine.stop(t)
    return undefined
  }),
  route("POST", "/api/v1/notebook/events", { notebook_id: true, page: true, page_size: true }, (c) => {
    const events = notebookEvents(getNotebook(c.emu, str(c.body, "notebook_id")))
    return { list: page(events, num(c.body, "page", 1), num(c.body, "page_size", 20)), total: events.length }
  }),
  route("POST", "/api/v1/mirror/save", { notebook_id: true, name: true, version: true, description: true }, (c) => {
    const t = getNotebook(c.emu, str(c.body, "notebook_id"))
    const image = saveImage(
      c.emu,
      t,
      c.user.id,
      str(c.body, "name"),
      str(c.body, "version"),
      str(c.body, "description"),
    )
    return { image: { image_id: image.id, address: image.address } }
  }),
  route("POST", "/api/v1/mirror/save/estimate_size", { notebook_id: true }, (c) => {
    getNotebook(c.emu, str(c.body, "notebook_id"))
    return { size: 12_000_000_000 }
  }),
  route("POST", "/api/v1/run_index/list", { notebook_id: true }, (c) =>
    runIndex(getNotebook(c.emu, str(c.body, "notebook_id"))),
  ),
  route(
    "POST",
    "/api/v1/lifecycle/list",
    { notebook_id: true, page: true, page_size: true, start_time: true, end_time: true },
    (c) => {
      getNotebook(c.emu, str(c.body, "notebook_id"))
      return { list: [], total: 0 }
    },
  ),
]

/** The notebook lab route: a page route that bounces to the Jupyter gateway with the notebook's token. */
export const labLocation = (c: Parameters<Route["handler"]>[0]): string => {
  const t = getNotebook(c.emu, c.params.id ?? "")
  if (t.phase !== "running") throw invalid("notebook is not running")
  return labUrl(c.base, t)
}

const notebookSchedule = (emu: Parameters<typeof getNotebook>[0], ws: string) => {
  const specs = emu.store.state.specs.filter((s) => s.workspaceId === ws && s.type === "SCHEDULE_CONFIG_TYPE_DSW")
  if (!emu.store.state.workspaces.some((w) => w.id === ws)) throw invalid("参数错误")
  // The platform returns the quota list JSON-encoded inside the JSON (§5.6).
  return {
    quota: JSON.stringify(
      specs.map((s) => ({
        id: s.id,
        gpu_count: s.gpuCount,
        cpu_count: s.cpuCount,
        memory_size: s.memGib,
        gpu_type: s.gpuType,
      })),
    ),
  }
}
