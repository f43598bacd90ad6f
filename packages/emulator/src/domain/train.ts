import type { Call, Emu } from "../context.js"
import { invalid } from "../errors.js"
import { taskOf } from "../state/lookup.js"
import type { Task } from "../state/types.js"
import { arr, asObject, type Body, num, obj, page, required, str, strList } from "../validate.js"
import { checkBudget, checkImage, checkName, checkPlacement, checkPriority, imageTypeEnforced } from "./checks.js"
import { resolveDatasets } from "./datasets.js"
import { common, createTask, ms, podsWithNodes, runningMs, specPriceInfo, statusOf } from "./tasks.js"

const TRAIN = "SCHEDULE_CONFIG_TYPE_TRAIN" as const

/** Creates from either schema: simplified (OA, V2 CreateJob: `spec_id`) or console (V1, CreateJobConsole). */
export const createTrain = (c: Call, schema: "simplified" | "console"): Task => {
  const b = c.body
  required(b, "name", "command", "workspace_id", "project_id", "logic_compute_group_id")
  const fc = asObject(arr(b, "framework_config")[0])
  if (Object.keys(fc).length === 0) throw invalid("参数错误: framework_config is required")
  let specId = str(fc, "spec_id")
  if (schema === "console") {
    if (!fc.cpu || !fc.mem_gi) throw invalid("Cpu and Mem can't be empty.")
    specId = str(obj(fc, "resource_spec_price"), "quota_id")
  }
  if (!specId) throw invalid("spec_id not found in workspace predef_train_spec")
  checkName(str(b, "name"))
  const s = c.emu.store.state
  const placement = checkPlacement(
    s,
    c.user,
    {
      workspaceId: str(b, "workspace_id"),
      projectId: str(b, "project_id"),
      lcgId: str(b, "logic_compute_group_id"),
      specId,
    },
    TRAIN,
  )
  const datasets = resolveDatasets(s, placement.workspace.id, arr(b, "dataset_info"))
  const imageType = str(fc, "image_type") || "SOURCE_PRIVATE"
  checkImage(s, c.user, str(fc, "image"), str(fc, "image_type"), placement.workspace, imageTypeEnforced(c))
  const priority = checkPriority(b.task_priority ?? placement.project.priorityName, placement.project, placement.spec)
  checkBudget(c, placement.project, placement.spec, priority)
  const autoFt = b.auto_fault_tolerance === true
  return createTask(c.emu, c.user.id, {
    kind: "train",
    name: str(b, "name"),
    command: str(b, "command"),
    placement,
    image: str(fc, "image"),
    imageType,
    priority,
    instances: num(fc, "instance_count", 1),
    retries: autoFt ? num(b, "fault_tolerance_max_retry", 3) : 0,
    extra: {
      framework: str(b, "framework") || "pytorch",
      shm_gi: num(fc, "shm_gi", 0),
      envs: arr(b, "envs"),
      dataset_info: datasets,
      max_running_time_ms: str(b, "max_running_time_ms"),
      auto_fault_tolerance: autoFt,
      exclude_nodes: strList(b, "exclude_nodes"),
    },
  })
}

export const trainView = (emu: Emu, t: Task) => {
  const { fields, spec, project } = common(emu, t)
  const x = t.extra
  const gpus = spec?.gpuCount ?? 0
  return {
    job_id: t.id,
    name: t.name,
    status: statusOf(t),
    sub_status: t.subStatus,
    sub_msg: t.subMsg,
    command: t.command,
    ...fields,
    timeline: {
      created: ms(t.timeline.created),
      resource_prepared: ms(t.timeline.prepared),
      run: ms(t.timeline.running),
      finished: ms(t.timeline.finished),
    },
    node_count: t.instances,
    gpu_count: gpus * t.instances,
    node_infos: t.alloc.map((a) => ({ node_name: a.node })),
    framework: x.framework ?? "pytorch",
    envs: x.envs ?? [],
    dataset_info: x.dataset_info ?? [],
    max_running_time_ms: x.max_running_time_ms ?? "",
    auto_fault_tolerance: x.auto_fault_tolerance ?? false,
    running_round: t.round,
    project_remain_budget: project?.remainBudget ?? 0,
    framework_config: [
      {
        image: t.image,
        image_type: t.imageType,
        instance_count: t.instances,
        gpu_count: gpus,
        cpu: spec?.cpuCount ?? 0,
        mem_gi: spec?.memGib ?? 0,
        shm_gi: x.shm_gi ?? 0,
        spec_id: t.specId,
        instance_spec_price_info: specPriceInfo(emu, t.specId),
      },
    ],
  }
}

export const getTrain = (c: Call): Task => {
  required(c.body, "job_id")
  c.emu.engine.update()
  return taskOf(c.emu.store.state, str(c.body, "job_id"), "train")
}

export const listTrain = (c: Call) => {
  required(c.body, "workspace_id")
  c.emu.engine.update()
  const b: Body = c.body
  const statuses = new Set([...strList(b, "status_list"), ...(str(b, "status") ? [str(b, "status")] : [])])
  const createdBy = str(b, "created_by")
  const jobs = c.emu.store.state.tasks
    .filter((t) => t.kind === "train" && t.workspaceId === str(b, "workspace_id"))
    .filter((t) => !createdBy || t.userId === createdBy)
    .filter((t) => statuses.size === 0 || statuses.has(statusOf(t)))
    .sort((a, b2) => b2.createdAt - a.createdAt)
  return {
    jobs: page(jobs, num(b, "page_num", 1), num(b, "page_size", 10)).map((t) => trainView(c.emu, t)),
    total: jobs.length,
  }
}

export const instanceItems = (emu: Emu, t: Task) => {
  const now = emu.clock.now()
  const run = t.runs[t.runs.length - 1]
  const running = t.phase === "running"
  return podsWithNodes(t).map(({ pod, node }) => ({
    name: pod,
    instance_type: "worker",
    node,
    instance_status: running ? "instance_running" : t.phase === "creating" ? "instance_pending" : `instance_${t.phase}`,
    created_at: ms(t.timeline.prepared ?? t.createdAt),
    started_at: ms(run?.start),
    finished_at: ms(run?.end),
    running_time_ms: String(run ? Math.max(0, (run.end ?? now) - run.start) : runningMs(t, now)),
  }))
}

export const workdir = (c: Call): string => {
  required(c.body, "project_id", "workspace_id")
  const p = c.emu.store.state.projects.find((x) => x.id === str(c.body, "project_id"))
  if (!p) throw invalid("项目不存在")
  return `/inspire/hdd/project/${p.enName}/${c.user.loginName}`
}
