import type { Call, Emu } from "../context.js"
import { invalid } from "../errors.js"
import { taskOf } from "../state/lookup.js"
import type { Task } from "../state/types.js"
import { arr, type Body, num, obj, page, required, str } from "../validate.js"
import { checkBudget, checkImage, checkName, checkPlacement, checkPriority, imageTypeEnforced } from "./checks.js"
import { resolveDatasets } from "./datasets.js"
import { common, createTask, statusOf } from "./tasks.js"

const HPC = "SCHEDULE_CONFIG_TYPE_HPC" as const

interface HpcInput {
  name: string
  workspaceId: string
  projectId: string
  lcgId: string
  specId: string
  entrypoint: string
  image: string
  imageType: string
  instances: number
  priority: unknown
  numberOfTasks: number
  cpusPerTask: number
  memoryPerCpu: string
  ttl: number
  datasets: unknown[]
}

/** The simplified (OA, V2) body; `task_priority` is mandatory there. */
export const hpcFromSimplified = (b: Body): HpcInput => {
  required(b, "name", "workspace_id", "project_id", "logic_compute_group_id", "entrypoint", "spec_id")
  if (b.task_priority === undefined && b.priority === undefined) throw invalid("priority must be set")
  return {
    name: str(b, "name"),
    workspaceId: str(b, "workspace_id"),
    projectId: str(b, "project_id"),
    lcgId: str(b, "logic_compute_group_id"),
    specId: str(b, "spec_id"),
    entrypoint: str(b, "entrypoint"),
    image: str(b, "image"),
    imageType: str(b, "image_type"),
    instances: num(b, "instance_count", 1),
    priority: b.task_priority ?? b.priority,
    numberOfTasks: num(b, "number_of_tasks", 1),
    cpusPerTask: num(b, "cpus_per_task", 1),
    memoryPerCpu: str(b, "memory_per_cpu") || "4G",
    ttl: num(b, "ttl_after_finish_seconds", 600),
    datasets: [],
  }
}

/** The console (V1 `POST /api/v1/hpc_jobs`) body. */
export const hpcFromConsole = (b: Body): HpcInput => {
  required(b, "job_name", "workspace_id", "project_id", "logic_compute_group_id")
  if (b.priority === undefined) throw invalid("priority must be set")
  const sb = obj(b, "sbatch_script")
  const cs = obj(b, "slurm_cluster_spec")
  if (!cs.cpu || !cs.mem_gi) throw invalid("Cpu and Mem can't be empty.")
  return {
    name: str(b, "job_name"),
    workspaceId: str(b, "workspace_id"),
    projectId: str(b, "project_id"),
    lcgId: str(b, "logic_compute_group_id"),
    specId: str(cs, "predef_quota_id"),
    entrypoint: str(sb, "entrypoint"),
    image: str(cs, "image"),
    imageType: str(cs, "image_type"),
    instances: num(cs, "instance_count", 1),
    priority: b.priority,
    numberOfTasks: num(sb, "number_of_tasks", 1),
    cpusPerTask: num(sb, "cpus_per_task", 1),
    memoryPerCpu: str(sb, "memory_per_cpu") || "4G",
    ttl: 600,
    datasets: arr(b, "dataset_info"),
  }
}

export const createHpc = (c: Call, x: HpcInput): Task => {
  if (/^#!|^\s*#SBATCH/m.test(x.entrypoint)) {
    throw invalid("entrypoint must not contain '#!' or '#SBATCH' lines: the platform adds its own sbatch header")
  }
  checkName(x.name)
  const s = c.emu.store.state
  const placement = checkPlacement(s, c.user, x, HPC)
  const image = checkImage(s, c.user, x.image, x.imageType, placement.workspace, imageTypeEnforced(c))
  const datasets = resolveDatasets(s, placement.workspace.id, x.datasets)
  const priority = checkPriority(x.priority, placement.project, placement.spec)
  checkBudget(c, placement.project, placement.spec, priority)
  return createTask(c.emu, c.user.id, {
    kind: "hpc",
    name: x.name,
    command: x.entrypoint,
    placement,
    image: x.image,
    imageType: x.imageType || image.source,
    priority,
    instances: x.instances,
    runtimeMissing: !/slurm/i.test(x.image),
    extra: {
      number_of_tasks: x.numberOfTasks,
      cpus_per_task: x.cpusPerTask,
      memory_per_cpu: x.memoryPerCpu,
      ttl_after_finish_seconds: x.ttl,
      dataset_info: datasets,
    },
  })
}

export const hpcView = (emu: Emu, t: Task) => {
  const { fields, spec } = common(emu, t)
  const x = t.extra
  return {
    job_id: t.id,
    name: t.name,
    job_name: t.name,
    status: statusOf(t),
    sub_status: t.subStatus,
    sub_msg: t.subMsg,
    entrypoint: t.command,
    command: t.command,
    image: t.image,
    image_type: t.imageType,
    instance_count: t.instances,
    number_of_tasks: x.number_of_tasks ?? 1,
    cpus_per_task: x.cpus_per_task ?? 1,
    memory_per_cpu: x.memory_per_cpu ?? "4G",
    ttl_after_finish_seconds: x.ttl_after_finish_seconds ?? 600,
    dataset_info: x.dataset_info ?? [],
    spec_id: t.specId,
    quota_id: t.specId,
    ...fields,
    slurm_cluster_spec: {
      nodes: t.phase === "running" || t.phase === "succeeded" ? t.alloc.map((a) => a.node) : [],
      predef_quota_id: t.specId,
      cpu: spec?.cpuCount ?? 0,
      mem_gi: spec?.memGib ?? 0,
    },
  }
}

export const getHpc = (emu: Emu, id: string): Task => {
  emu.engine.update()
  return taskOf(emu.store.state, id, "hpc")
}

export const listHpc = (c: Call) => {
  required(c.body, "workspace_id")
  c.emu.engine.update()
  const b = c.body
  const status = str(b, "status")
  const createdBy = str(b, "created_by")
  const jobs = c.emu.store.state.tasks
    .filter((t) => t.kind === "hpc" && t.workspaceId === str(b, "workspace_id"))
    .filter((t) => (!status || statusOf(t) === status) && (!createdBy || t.userId === createdBy))
    .sort((a, b2) => b2.createdAt - a.createdAt)
  return {
    jobs: page(jobs, num(b, "page_num", 1), num(b, "page_size", 10)).map((t) => hpcView(c.emu, t)),
    total: jobs.length,
  }
}
