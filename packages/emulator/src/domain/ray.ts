import type { Call, Emu } from "../context.js"
import { invalid } from "../errors.js"
import { podNames } from "../sim/behaviour.js"
import { specById, taskOf } from "../state/lookup.js"
import type { Task } from "../state/types.js"
import { arr, asObject, type Body, num, obj, page, required, str, strList } from "../validate.js"
import { checkBudget, checkName, checkPlacement, checkPriority, priorityLevel } from "./checks.js"
import { common, createTask, ms, statusOf } from "./tasks.js"

const RAY = "SCHEDULE_CONFIG_TYPE_RAY_JOB" as const

interface WorkerGroup {
  group_name: string
  min_replicas: number
  max_replicas: number
  quota_id: string
}

/** Ray (弹性计算, V1 only): a head plus worker groups, all in the head's compute group. */
export const createRay = (c: Call): Task => {
  const b = c.body
  required(b, "name", "workspace_id", "project_id", "entrypoint")
  checkName(str(b, "name"))
  const head = obj(b, "head_node")
  const s = c.emu.store.state
  const placement = checkPlacement(
    s,
    c.user,
    {
      workspaceId: str(b, "workspace_id"),
      projectId: str(b, "project_id"),
      lcgId: str(head, "logic_compute_group_id"),
      specId: str(head, "quota_id"),
    },
    RAY,
  )
  const groups: WorkerGroup[] = arr(b, "worker_groups").map((g) => {
    const x = asObject(g)
    // Every worker group runs in the head's compute group, on a Ray spec of it.
    const lcg = str(x, "logic_compute_group_id") || placement.group.id
    if (lcg !== placement.group.id)
      throw invalid(`worker group ${str(x, "group_name")}: logic_compute_group_id must be the head node's`)
    checkPlacement(
      s,
      c.user,
      { workspaceId: placement.workspace.id, projectId: placement.project.id, lcgId: lcg, specId: str(x, "quota_id") },
      RAY,
    )
    return {
      group_name: str(x, "group_name"),
      min_replicas: num(x, "min_replicas"),
      max_replicas: num(x, "max_replicas"),
      quota_id: str(x, "quota_id"),
    }
  })
  if (groups.length === 0) throw invalid("worker_groups must not be empty")
  if (new Set(groups.map((g) => g.group_name)).size !== groups.length || groups.some((g) => g.group_name === ""))
    throw invalid("every worker group needs a group_name of its own")
  for (const g of groups) {
    if (g.min_replicas < 1 || g.max_replicas < g.min_replicas) {
      throw invalid("min_replicas and max_replicas must be at least 1, with min_replicas ≤ max_replicas")
    }
  }
  const image = s.images.find((i) => i.id === str(head, "mirror_id"))
  if (!image) throw invalid(`镜像 ${str(head, "mirror_id")} 不存在或未在平台注册`)
  const priority = checkPriority(b.task_priority ?? placement.project.priorityName, placement.project, placement.spec)
  checkBudget(c, placement.project, placement.spec, priority)
  return createTask(c.emu, c.user.id, {
    kind: "ray",
    name: str(b, "name"),
    command: str(b, "entrypoint"),
    placement,
    image: image.address,
    imageType: str(head, "image_type") || image.source,
    priority,
    instances: 1 + groups.reduce((sum, g) => sum + g.min_replicas, 0),
    runtimeMissing: !/ray/i.test(image.name),
    extra: {
      description: str(b, "description"),
      worker_groups: groups,
      head_quota_id: placement.spec.id,
      ...(typeof head.shm_gi === "number" ? { shm_gi: head.shm_gi } : {}),
    },
  })
}

export const getRay = (emu: Emu, body: Body): Task => {
  required(body, "ray_job_id")
  emu.engine.update()
  return taskOf(emu.store.state, str(body, "ray_job_id"), "ray")
}

const groupsOf = (t: Task): WorkerGroup[] =>
  Array.isArray(t.extra.worker_groups) ? (t.extra.worker_groups as WorkerGroup[]) : []

export const rayView = (emu: Emu, t: Task) => {
  const { fields } = common(emu, t)
  const running = t.phase === "running"
  return {
    ray_job_id: t.id,
    id: t.id,
    name: t.name,
    description: t.extra.description ?? "",
    status: statusOf(t),
    sub_status: t.subStatus,
    sub_msg: t.subMsg,
    entrypoint: t.command,
    ...fields,
    head_node: {
      mirror_url: t.image,
      image_type: t.imageType,
      logic_compute_group_id: t.lcgId,
      quota_id: t.specId,
      ...(typeof t.extra.shm_gi === "number" ? { shm_gi: t.extra.shm_gi } : {}),
    },
    worker_groups: groupsOf(t).map((g) => ({
      ...g,
      current_replicas: running ? g.min_replicas : 0,
      logic_compute_group_id: t.lcgId,
    })),
  }
}

export const listRay = (c: Call) => {
  required(c.body, "workspace_id")
  c.emu.engine.update()
  const users = strList(obj(c.body, "filter_by"), "user_id")
  const all = c.emu.store.state.tasks
    .filter((t) => t.kind === "ray" && t.workspaceId === str(c.body, "workspace_id"))
    .filter((t) => users.length === 0 || users.includes(t.userId))
    .sort((a, b) => b.createdAt - a.createdAt)
  const items = page(all, num(c.body, "page_num", 1), num(c.body, "page_size", 10)).map((t) => rayView(c.emu, t))
  return { items, total: all.length }
}

export const rayInstances = (emu: Emu, t: Task) => {
  const spec = specById(emu.store.state, t.specId)
  const groups = groupsOf(t)
  const names = podNames(t)
  const groupOf = (i: number): string => {
    let n = i - 1
    for (const g of groups) {
      if (n < g.min_replicas) return g.group_name
      n -= g.min_replicas
    }
    return ""
  }
  return names.map((name, i) => ({
    instance_id: name,
    instance_type: i === 0 ? "head" : "worker",
    worker_group_name: i === 0 ? "" : groupOf(i),
    status: t.phase === "running" ? "running" : t.phase === "queued" || t.phase === "creating" ? "pending" : t.phase,
    cpu_count: spec?.cpuCount ?? 0,
    memory_size: spec?.memGib ?? 0,
    gpu_count: spec?.gpuCount ?? 0,
    priority: t.priority,
    priority_level: priorityLevel(t.priority),
    created_at: ms(t.createdAt),
  }))
}
