import type { RunningEmulator } from "@holos-inspire/emulator"
import { Effect, Exit } from "effect"
import { createHpcJob, createTrainingJob } from "../../src/api/jobs/index.js"
import { createServing } from "../../src/api/servings/index.js"
import { hpcInput, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { servingInput } from "../api/servings/fixture.js"
import { profileFor } from "../harness.js"

type State = ReturnType<RunningEmulator["control"]["state"]>
type Profile = ReturnType<typeof profileFor>

const ok = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

/** Back to the fixture with the emulator clock at wall time, so creates and reads line up. */
export const freshPlatform = (emu: RunningEmulator): void => {
  emu.control.reset()
  emu.control.faults.reset()
  syncClock(emu)
}

/** A profile whose defaultWorkspace is the training workspace. */
export const trainingProfile = (emu: RunningEmulator): Profile =>
  profileFor(emu, { INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" })

/** Creates a 1-GPU training job in 分布式训练空间; `queued` puts it in the fully busy H200-3号机房. */
export const startJob = async (
  emu: RunningEmulator,
  profile: Profile,
  name: string,
  command = "python train.py",
  options: { readonly priority?: number; readonly queued?: boolean; readonly instances?: number } = {},
): Promise<string> => {
  const input = trainingInput(emu, name, command)
  const s = emu.control.state() as State
  const busy = s.groups.find((g) => g.name === "H200-3号机房")
  const spec = s.specs.find(
    (x) => x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && busy !== undefined && x.lcgIds.includes(busy.id),
  )
  const placed =
    options.queued === true && busy !== undefined && spec !== undefined
      ? { ...input, groupId: busy.id, specId: spec.id }
      : input
  const created = ok(
    await profile.run(
      createTrainingJob({ ...placed, priority: options.priority ?? 6, instanceCount: options.instances ?? 1 }),
    ),
  )
  return created.jobId
}

/** Creates an HPC job in 高性能计算, optionally with another image. */
export const startHpcJob = async (
  emu: RunningEmulator,
  profile: Profile,
  name: string,
  image?: string,
): Promise<string> => {
  const input = hpcInput(emu, name)
  const created = ok(await profile.run(createHpcJob(image !== undefined ? { ...input, image } : input)))
  return created.jobId
}

/** An image of the fixture that is not a Slurm image (for the missing-Slurm case). */
export const plainImage = (emu: RunningEmulator): string => {
  const s = emu.control.state() as State
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  if (image === undefined) throw new Error("fixture has no plain image")
  return image.address
}

/** Deploys a serving in 分布式训练空间 and returns its id. */
export const startServing = async (emu: RunningEmulator, profile: Profile, name: string): Promise<string> => {
  const created = ok(await profile.run(createServing(servingInput(emu, name))))
  return created.servingId
}

/**
 * Creates many queued training jobs in one session (logging in once keeps big fixtures fast), without
 * reading each back. Their group's nodes are cordoned first: the jobs queue as in the fully busy group,
 * but the emulator's scheduler, which tries every queued job again after each stop or create, finds no
 * node at once instead of planning placements and pre-emptions for each (quadratic in the queue).
 */
export const startQueuedJobs = async (emu: RunningEmulator, profile: Profile, names: ReadonlyArray<string>) => {
  const s = emu.control.state() as State
  const busy = s.groups.find((g) => g.name === "H200-3号机房")
  const spec = s.specs.find(
    (x) => x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && busy !== undefined && x.lcgIds.includes(busy.id),
  )
  if (busy === undefined || spec === undefined) throw new Error("fixture has no busy group")
  for (const node of s.nodes) if (node.lcgId === busy.id) node.cordonType = "manual"
  const created = ok(
    await profile.run(
      Effect.forEach(
        names,
        (name) =>
          createTrainingJob({ ...trainingInput(emu, name), groupId: busy.id, specId: spec.id }, { readBack: false }),
        { concurrency: 8 },
      ),
    ),
  )
  return created.map((c) => c.jobId)
}
