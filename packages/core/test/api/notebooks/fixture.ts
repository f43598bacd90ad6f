import type { RunningEmulator } from "@holos-inspire/emulator"
import { Effect } from "effect"
import type { Spec } from "../../../src/domain/specs.js"

type State = ReturnType<RunningEmulator["control"]["state"]>

/** Ids of the emulator's fixture by name: a workspace, its first group offering a schedule type, and a spec. */
export const placement = (emu: RunningEmulator, workspace: string, type: "DSW" | "SERVING", gpus = 0) => {
  const s: State = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === workspace)
  const project = s.projects.find((p) => p.enName === "embodied-fm")
  const raw = s.specs.find(
    (x) => x.workspaceId === ws?.id && x.type === `SCHEDULE_CONFIG_TYPE_${type}` && x.gpuCount === gpus,
  )
  if (ws === undefined || project === undefined || raw === undefined) throw new Error(`no ${type} spec in ${workspace}`)
  const spec: Spec = {
    id: raw.id,
    name: raw.name,
    gpuCount: raw.gpuCount,
    gpuType: raw.gpuType,
    gpuDisplay: raw.gpuType,
    cpuCount: raw.cpuCount,
    memoryGi: raw.memGib,
    pricePerHour: raw.price,
    logicComputeGroupIds: raw.lcgIds,
    allowedPriorityLevels: raw.allowedPriorityLevels,
  }
  return { workspaceId: ws.id, projectId: project.id, projectName: project.name, lcgId: raw.lcgIds[0] ?? "", spec }
}

/** The id of a fixture workspace by name. */
export const workspaceId = (emu: RunningEmulator, name: string): string => {
  const id = emu.control.state().workspaces.find((w) => w.name === name)?.id
  if (id === undefined) throw new Error(`no workspace ${name}`)
  return id
}

/**
 * Drops the connection of the next request: the write that follows is lost in flight (an ambiguous
 * failure), and the look-ups after it see a healthy platform. Counted, not timed, so a busy machine
 * cannot move the fault past the write.
 */
export const dropNextConnection = (emu: RunningEmulator) =>
  Effect.sync(() => {
    emu.control.faults.set({ resetNext: 1 })
  })
