import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"

// A waiting job's place in its group's queue, in `job submit`, `job list` and `job show`, in both languages.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

interface Fixture {
  readonly groups: ReadonlyArray<{ id: string; name: string; workspaceId: string }>
  readonly workspaces: ReadonlyArray<{ id: string; name: string }>
  readonly specs: ReadonlyArray<{ id: string; lcgIds: string[]; gpuCount: number; allowedPriorityLevels: unknown[] }>
  readonly images: ReadonlyArray<{ address: string; registry: string; status: string }>
}

const WHOLE = "整节点任务空间"

// An 8-GPU instance in H100-碎片, where two GPUs are free per node and other tenants' work has no known end.
const fragmented = (): ReadonlyArray<string> => {
  const s = emu.control.state() as unknown as Fixture
  const ws = s.workspaces.find((w) => w.name === WHOLE)
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "H100-碎片")
  const spec = s.specs.find(
    (x) => x.lcgIds.includes(group?.id ?? "") && x.gpuCount === 8 && x.allowedPriorityLevels.length === 0,
  )
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  if (spec === undefined || image === undefined) throw new Error("fixture changed")
  return [
    ...["--workspace", WHOLE, "--compute-group", "H100-碎片", "--spec", spec.id, "--image", image.address],
    ...["--project", "具身智能基础模型", "--priority", "3"],
  ]
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code, login.stderr).toBe(0)
})
afterAll(async () => {
  await emu.close()
})

const T = 60_000

describe("inspire job: queue place", () => {
  it(
    "submit, list and show say why a job waits and who is ahead, in English and Chinese",
    async () => {
      const first = await inspire(env, [
        "job",
        "submit",
        "--name",
        "q-1",
        "--command",
        "python train.py",
        ...fragmented(),
      ])
      expect(first.code, first.stderr).toBe(0)
      expect(first.stdout).toMatch(/Queue:\s+no free nodes of its spec in the group; 0 ahead .*no estimate: /)
      // A second later, as two submits are: on the paused clock they would share a creation time, and the
      // queue's order between jobs of one time and priority is not known.
      emu.control.clock.advance(1)
      const second = json<{ jobId: string; queue: { reason: string; ahead: number } }>(
        await inspire(env, [
          "job",
          "submit",
          "--name",
          "q-2",
          "--command",
          "python train.py",
          ...fragmented(),
          "--json",
        ]),
      )
      expect(second.queue).toEqual({ reason: "resources", ahead: 1, noEstimate: expect.any(String) })
      emu.control.clock.advance(10)

      const list = await inspire(env, ["job", "list", "--workspace", WHOLE])
      expect(list.code, list.stderr).toBe(0)
      expect(list.stdout).toMatch(/QUEUE/)
      expect(list.stdout).toMatch(/resources, 1 ahead, -/)
      const rows = json<{ tasks: Array<{ id: string; queue?: unknown }> }>(
        await inspire(env, ["job", "list", "--workspace", WHOLE, "--json"]),
      )
      expect(rows.tasks.find((t) => t.id === second.jobId)?.queue).toEqual({ reason: "resources", ahead: 1 })

      const zh = { ...env, INSPIRE_LANG: "zh-CN" }
      const shown = await inspire(zh, ["job", "show", second.jobId])
      expect(shown.code, shown.stderr).toBe(0)
      expect(shown.stdout).toContain("计算组内没有该规格的空闲节点；前面有 1 个任务")
      expect(shown.stdout).toContain("无法估计：")
      const listed = await inspire(zh, ["job", "list", "--workspace", WHOLE])
      expect(listed.stdout).toMatch(/队列/)
      expect(listed.stdout).toContain("资源，前面 1 个，-")
    },
    T,
  )
})
