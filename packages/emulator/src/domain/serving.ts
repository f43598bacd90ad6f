import type { Call, Emu } from "../context.js"
import { invalid } from "../errors.js"
import { taskOf } from "../state/lookup.js"
import type { Task } from "../state/types.js"
import { num, obj, page, required, str } from "../validate.js"
import { checkBudget, checkImage, checkName, checkPlacement, checkPriority, imageTypeEnforced } from "./checks.js"
import { planEngine } from "./serving-engine.js"
import { common, createTask, statusOf } from "./tasks.js"

const SERVING = "SCHEDULE_CONFIG_TYPE_SERVING" as const

export const createServing = (c: Call): Task => {
  const b = c.body
  required(b, "name", "workspace_id", "project_id", "logic_compute_group_id", "image", "spec_id", "model_id")
  checkName(str(b, "name"))
  const s = c.emu.store.state
  const placement = checkPlacement(
    s,
    c.user,
    {
      workspaceId: str(b, "workspace_id"),
      projectId: str(b, "project_id"),
      lcgId: str(b, "logic_compute_group_id"),
      specId: str(b, "spec_id"),
    },
    SERVING,
  )
  const image = checkImage(s, c.user, str(b, "image"), str(b, "image_type"), placement.workspace, imageTypeEnforced(c))
  const model = s.models.find((m) => m.id === str(b, "model_id"))
  if (!model) throw invalid(`model ${str(b, "model_id")} not found`)
  const version = num(b, "model_version", 1)
  if (!model.versions.some((v) => v.version === version)) throw invalid(`model version ${version} not found`)
  const priority = checkPriority(b.task_priority ?? placement.project.priorityName, placement.project, placement.spec)
  checkBudget(c, placement.project, placement.spec, priority)
  const replicas = Math.max(1, num(b, "replicas", 1))
  const perReplica = Math.max(1, num(b, "node_num_per_replica", 1))
  const task = createTask(c.emu, c.user.id, {
    kind: "serving",
    name: str(b, "name"),
    command: str(b, "command"),
    placement,
    image: str(b, "image"),
    imageType: str(b, "image_type") || image.source,
    priority,
    instances: replicas * perReplica,
    extra: {
      model_id: model.id,
      model_version: version,
      port: num(b, "port", 8000),
      replicas,
      node_num_per_replica: perReplica,
      custom_domain: str(b, "custom_domain"),
    },
  })
  // A command the engine cannot start (TP beyond the GPUs, no model) fails as the engine would.
  planEngine(c.emu, task)
  return task
}

export const servingView = (emu: Emu, t: Task, base = "") => {
  const { fields } = common(emu, t)
  const x = t.extra
  const running = t.phase === "running"
  return {
    inference_serving_id: t.id,
    name: t.name,
    status: statusOf(t),
    phase: statusOf(t),
    image: t.image,
    image_type: t.imageType,
    command: t.command,
    replicas: x.replicas ?? 1,
    node_num_per_replica: x.node_num_per_replica ?? 1,
    model_id: x.model_id ?? "",
    model_version: x.model_version ?? 1,
    port: x.port ?? 8000,
    spec_id: t.specId,
    quota_id: t.specId,
    custom_domain: x.custom_domain ?? "",
    access_url: running ? `${base}/serving/${t.id}/v1` : "",
    ...fields,
  }
}

export const getServing = (emu: Emu, id: string): Task => {
  emu.engine.update()
  return taskOf(emu.store.state, id, "serving")
}

export const listServings = (c: Call) => {
  c.emu.engine.update()
  const b = c.body
  const ws = str(b, "workspace_id")
  const mine = obj(b, "filter_by").my_serving === true
  const items = c.emu.store.state.tasks
    .filter((t) => t.kind === "serving" && (!ws || t.workspaceId === ws) && (!mine || t.userId === c.user.id))
    .sort((a, b2) => b2.createdAt - a.createdAt)
  return {
    inference_servings: page(items, num(b, "page", 1), num(b, "page_size", 10)).map((t) =>
      servingView(c.emu, t, c.base),
    ),
    total: items.length,
  }
}
