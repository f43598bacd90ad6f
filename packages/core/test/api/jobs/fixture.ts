import type { RunningEmulator } from "@holos-inspire/emulator"
import type { CreateHpcJobInput, CreateTrainingJobInput } from "../../../src/api/jobs/index.js"

type State = ReturnType<RunningEmulator["control"]["state"]>

const pick = <T>(items: ReadonlyArray<T>, ok: (t: T) => boolean, what: string): T => {
  const found = items.find(ok)
  if (found === undefined) throw new Error(`fixture has no ${what}`)
  return found
}

/** Moves the paused emulator clock up to wall time, so "created since" comparisons line up. */
export const syncClock = (emu: RunningEmulator): void => {
  const lag = Date.now() - emu.control.clock.now()
  if (lag > 0) emu.control.clock.advance(lag / 1000)
}

/** A valid training create in 分布式训练空间 / H100 with a 1-GPU spec. */
export const trainingInput = (
  emu: RunningEmulator,
  name: string,
  command = "python train.py",
): CreateTrainingJobInput => {
  const s = emu.control.state() as State
  const ws = pick(s.workspaces, (w) => w.name === "分布式训练空间", "training workspace")
  const group = pick(s.groups, (g) => g.workspaceId === ws.id && g.name === "H100", "H100 group")
  const spec = pick(
    s.specs,
    (x) =>
      x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && x.lcgIds.includes(group.id) && x.allowedPriorityLevels.length === 0,
    "training spec",
  )
  const project = pick(s.projects, (p) => p.enName === "embodied-fm", "project")
  const image = pick(
    s.images,
    (i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address),
    "training image",
  )
  return {
    name,
    command,
    workspaceId: ws.id,
    projectId: project.id,
    groupId: group.id,
    specId: spec.id,
    image: image.address,
    imageType: image.source as "SOURCE_PRIVATE",
    instanceCount: 1,
    shmGi: 64,
    priority: 6,
  }
}

/** A valid HPC create in 高性能计算 with a Slurm image. */
export const hpcInput = (emu: RunningEmulator, name: string, entrypoint = "srun python run.py"): CreateHpcJobInput => {
  const s = emu.control.state() as State
  const ws = pick(s.workspaces, (w) => w.name === "高性能计算", "HPC workspace")
  const group = pick(s.groups, (g) => g.workspaceId === ws.id && g.name === "高性能计算", "HPC group")
  const spec = pick(s.specs, (x) => x.type === "SCHEDULE_CONFIG_TYPE_HPC" && x.lcgIds.includes(group.id), "HPC spec")
  const project = pick(s.projects, (p) => p.enName === "embodied-fm", "project")
  const image = pick(s.images, (i) => i.registry === "qb" && /slurm/.test(i.address), "slurm image")
  return {
    name,
    entrypoint,
    workspaceId: ws.id,
    projectId: project.id,
    groupId: group.id,
    specId: spec.id,
    image: image.address,
    imageType: image.source as "SOURCE_PRIVATE",
    instanceCount: 1,
    numberOfTasks: 1,
    cpusPerTask: 4,
    memoryPerCpuGi: 4,
    priority: 6,
  }
}

/** How many tasks of the platform carry this name. */
export const countNamed = (emu: RunningEmulator, name: string): number =>
  (emu.control.state() as State).tasks.filter((t) => t.name === name).length

/** Where the fixture runs Ray jobs: CI-情境智能's CPU group, its first Ray spec, the registered Ray image. */
export const rayPlace = (emu: RunningEmulator) => {
  const s = emu.control.state() as State
  const ws = pick(s.workspaces, (w) => w.name === "CI-情境智能", "Ray workspace")
  const group = pick(s.groups, (g) => g.workspaceId === ws.id && g.name === "CPU资源-2", "Ray group")
  const specOf = (type: string) =>
    pick(s.specs, (x) => x.type === `SCHEDULE_CONFIG_TYPE_${type}` && x.lcgIds.includes(group.id), `${type} spec`).id
  const image = pick(s.images, (i) => i.name === "ray", "Ray image")
  const project = pick(s.projects, (p) => p.enName === "embodied-fm", "project")
  return { workspace: ws, group, raySpec: specOf("RAY_JOB"), trainSpec: specOf("TRAIN"), image, project }
}
