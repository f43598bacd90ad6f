import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"

// A submit to a compute group that cannot start it now warns on stderr, before anything is sent (and in
// the dry run), naming the group of the workspace where it could start now; --json carries it too.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

const TRAINING = "分布式训练空间"

interface Fixture {
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>
  readonly groups: ReadonlyArray<{ id: string; name: string; workspaceId: string }>
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[]; gpuCount: number }>
  readonly images: ReadonlyArray<{ address: string; registry: string; status: string }>
  readonly nodes: ReadonlyArray<{ name: string; lcgId: string; gpuTotal: number }>
  readonly foreign: Array<{ lcgId: string; slots: Array<{ node: string; gpus: number }> } & Record<string, unknown>>
}

const state = () => emu.control.state() as unknown as Fixture
const group = (name: string) => {
  const ws = state().workspaces.find((w) => w.name === TRAINING)
  const g = state().groups.find((x) => x.workspaceId === ws?.id && x.name === name)
  if (g === undefined) throw new Error("fixture changed")
  return g
}

// Another tenant's priority-6 work (never pre-empted) takes every GPU left on the group's nodes.
const fill = (name: string) => {
  const s = state()
  const g = group(name)
  const used = new Map<string, number>()
  for (const f of s.foreign) for (const slot of f.slots) used.set(slot.node, (used.get(slot.node) ?? 0) + slot.gpus)
  const slots = s.nodes
    .filter((n) => n.lcgId === g.id)
    .map((n) => ({ node: n.name, gpus: Math.max(0, n.gpuTotal - (used.get(n.name) ?? 0)), cpus: 0, memGib: 0 }))
    .filter((x) => x.gpus > 0)
  s.foreign.push({
    id: "job-fill-h100",
    name: "fill",
    kind: "train",
    priority: 6,
    workspaceId: g.workspaceId,
    lcgId: g.id,
    projectId: "project-other",
    projectName: "other",
    userId: "someone-else",
    userName: "someone-else",
    createdAt: emu.control.clock.now(),
    gpuUsageRate: 0.9,
    slots,
  })
}

// `job submit` flags of an 8-GPU training job in the group.
const submitFlags = (name: string, groupName: string): ReadonlyArray<string> => {
  const g = group(groupName)
  const spec = state().specs.find(
    (x) => x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && x.lcgIds.includes(g.id) && x.gpuCount === 8,
  )
  const image = state().images.find(
    (i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address),
  )
  if (spec === undefined || image === undefined) throw new Error("fixture changed")
  return [
    ...["job", "submit", "--name", name, "--command", "python train.py", "--workspace", TRAINING],
    ...["--compute-group", groupName, "--spec", spec.id, "--image", image.address],
    ...["--project", "具身智能基础模型", "--priority", "6", "--shm", "64"],
  ]
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  fill("H100")
}, 30_000)
afterAll(async () => {
  await emu.close()
})

describe("job submit to a group that cannot start it now", () => {
  it("--dry-run warns on stderr and names the group where it starts now; --json carries the warning", async () => {
    const run = await inspire(env, [...submitFlags("full-dry", "H100"), "--dry-run"])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/warning: H100 cannot start it now: it would queue there \(/)
    expect(run.stderr).toContain(`Another group of ${TRAINING} could start it now: H200 (`)
    expect(run.stderr).toContain(`inspire avail --workspace ${TRAINING} --gpus 8 --priority 6`)
    expect(run.stdout).not.toContain("cannot start it now")
    const out = json<{ warnings: string[] }>(
      await inspire(env, [...submitFlags("full-json", "H100"), "--dry-run", "--json"]),
    )
    expect(out.warnings).toContainEqual(expect.stringContaining("H100 cannot start it now"))
  })

  it("a group with room says nothing", async () => {
    const run = await inspire(env, [...submitFlags("room-dry", "H200"), "--dry-run"])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).not.toMatch(/start it now|Could not check/)
  })
})
