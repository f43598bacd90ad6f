// What the logs and rate-limit benchmarks share: a client logged in to the emulator, and CPU training
// jobs in CPU资源空间 (no GPUs, so every job runs at once).
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInspireClient } from "../packages/core/dist/index.js"

/** The workspace the jobs run in. */
export const CPU_WORKSPACE = "CPU资源空间"

/** A core client on a fresh store, logged in to the emulator with both credentials already fetched. */
export const loggedInClient = async (emu, extraEnv = {}) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-"))
  const client = createInspireClient({
    env: { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, ...extraEnv },
  })
  await client.login({ username: emu.demo.username, password: emu.demo.password })
  await client.v1("GET", "user/detail")
  await client.v2("user", "GetUserDetail", {})
  return client
}

/** The createTrainingJob input of a CPU job named `name` running `command` on `instanceCount` pods. */
export const cpuJobInput = (emu) => {
  const s = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === CPU_WORKSPACE)
  const group = s.groups.find((g) => g.workspaceId === ws.id && g.name === "CPU资源-1")
  const spec = s.specs.find(
    (x) => x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && x.lcgIds.includes(group.id) && x.gpuCount === 0,
  )
  const project = s.projects.find((p) => p.spaceIds.includes(ws.id))
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  return (name, command, instanceCount = 1) => ({
    name,
    command,
    workspaceId: ws.id,
    projectId: project.id,
    groupId: group.id,
    specId: spec.id,
    image: image.address,
    imageType: image.source,
    instanceCount,
    shmGi: 8,
    priority: 6,
  })
}
