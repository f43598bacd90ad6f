// What the reliability suites share: an emulator, a logged-in client on a fresh INSPIRE_HOME, the
// fixture's create targets, and child processes run against the same store.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInspireClient, type InspireClient } from "@holos-inspire/core"
import type { RunningEmulator } from "@holos-inspire/emulator"
import { runCommand } from "./repo-copy.js"

type State = ReturnType<RunningEmulator["control"]["state"]>

/** A fresh store for one client, pointed at the platform by environment (no config file needed). */
export const homeFor = (baseUrl: string, prefix = "inspire-rel-"): NodeJS.ProcessEnv => {
  const home = mkdtempSync(join(tmpdir(), prefix))
  return { INSPIRE_HOME: home, SYNERGY_HOME: home, INSPIRE_BASE_URL: baseUrl, INSPIRE_RATE_LIMIT: "1000" }
}

/** A client of that store, logged in as the demo account while no fault is set. */
export const loggedInClient = async (
  emu: RunningEmulator,
  env: NodeJS.ProcessEnv = homeFor(emu.url),
): Promise<{ client: InspireClient; env: NodeJS.ProcessEnv }> => {
  const client = createInspireClient({ env })
  await client.login({ username: emu.demo.username, password: emu.demo.password })
  return { client, env }
}

const pick = <T>(items: ReadonlyArray<T>, ok: (t: T) => boolean, what: string): T => {
  const found = items.find(ok)
  if (found === undefined) throw new Error(`the emulator fixture has no ${what}`)
  return found
}

/** Inputs of inspire_submit and inspire_submit_hpc that the fixture accepts, by name. */
export const createTargets = (state: State) => {
  const train = pick(state.workspaces, (w) => w.name === "分布式训练空间", "training workspace")
  const h100 = pick(state.groups, (g) => g.workspaceId === train.id && g.name === "H100", "H100 group")
  const hpc = pick(state.workspaces, (w) => w.name === "高性能计算", "HPC workspace")
  const hpcGroup = pick(state.groups, (g) => g.workspaceId === hpc.id && g.name === "高性能计算", "HPC group")
  const image = (slurm: boolean) =>
    pick(
      state.images,
      (i) =>
        i.registry === "qb" &&
        i.status === "READY" &&
        (slurm ? /slurm/.test(i.address) : !/slurm|ray|vllm/.test(i.address)),
      "image",
    ).address
  return {
    submit: (name: string, command: string) => ({
      name,
      command,
      workspace: train.name,
      project: "具身智能基础模型",
      compute_group: h100.id,
      spec: pick(
        state.specs,
        (s) =>
          s.type === "SCHEDULE_CONFIG_TYPE_TRAIN" &&
          s.lcgIds.includes(h100.id) &&
          s.gpuCount === 1 &&
          s.allowedPriorityLevels.length === 0,
        "1-GPU training spec",
      ).id,
      image: image(false),
    }),
    submitHpc: (name: string, entrypoint: string) => ({
      name,
      entrypoint,
      workspace: hpc.name,
      project: "具身智能基础模型",
      compute_group: hpcGroup.id,
      spec: pick(
        state.specs,
        (s) => s.type === "SCHEDULE_CONFIG_TYPE_HPC" && s.lcgIds.includes(hpcGroup.id),
        "HPC spec",
      ).id,
      image: image(true),
    }),
  }
}

/** What a child process printed and how it ended. */
export interface ChildResult {
  readonly code: number | null
  readonly out: string
  readonly err: string
}

/** Runs a Node script as its own process, collecting its output. */
export const runNode = (script: string, args: ReadonlyArray<string>, env: NodeJS.ProcessEnv): Promise<ChildResult> =>
  runCommand(process.execPath, [script, ...args], { cwd: process.cwd(), env })

/** A seeded generator (the emulator's), so a failing soak can be replayed with the same mix. */
export { seeded } from "@holos-inspire/emulator"
