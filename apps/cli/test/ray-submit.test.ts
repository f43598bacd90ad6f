import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"

// `inspire ray submit` reaches the Ray submit with every flag: worker groups repeat, a dry run shows the
// body, a refused input names the flag; the job is then listed, shown and stopped with `inspire job`.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let where: ReadonlyArray<string>

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  const s = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === "CI-情境智能")
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "CPU资源-2")
  const spec = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_RAY_JOB" && x.lcgIds.includes(group?.id ?? ""))
  const image = s.images.find((i) => i.name === "ray")
  where = [
    "--workspace",
    "CI-情境智能",
    "--compute-group",
    "CPU资源-2",
    "--spec",
    spec?.id ?? "",
    "--image",
    image?.address ?? "",
  ]
}, 30_000)
afterAll(async () => {
  await emu.close()
})

const creates = () => emu.control.requests().log.filter((q) => q.surface === "v1:POST /api/v1/ray_job/create")

describe("inspire ray submit", () => {
  it("dry-runs with two worker groups, then submits; job list, show and stop know the job", async () => {
    const args = ["ray", "submit", "--name", "tune", "--entrypoint", "python tune.py #emu:idle", ...where]
    const groups = ["--worker", "cpu:1-2", "--worker", "big:2-3"]
    const dry = json<{ request: { body: { worker_groups: Array<{ group_name: string; max_replicas: number }> } } }>(
      await inspire(env, [...args, ...groups, "--dry-run", "--json"]),
    )
    expect(dry.request.body.worker_groups.map((g) => [g.group_name, g.max_replicas])).toEqual([
      ["cpu", 2],
      ["big", 3],
    ])
    expect(creates()).toHaveLength(0)
    const made = await inspire(env, [...args, ...groups])
    expect(made.code, made.stderr).toBe(0)
    const id = /rj-[\w-]+/.exec(made.stdout)?.[0] ?? ""
    expect(id).not.toBe("")
    expect(made.stdout).toMatch(/Worker groups: cpu: 1–2 × quota-[\w-]+; big: 2–3/)
    expect(made.stderr).toContain(`inspire job wait ${id}`)
    const list = await inspire(env, ["job", "list", "--type", "ray", "--workspace", "CI-情境智能", "--json"])
    expect(json<{ tasks: Array<{ id: string }> }>(list).tasks.map((t) => t.id)).toContain(id)
    emu.control.clock.advance(30)
    const show = await inspire(env, ["job", "show", id])
    expect(show.stdout).toMatch(/cpu: \d+ running \(1–2\)/)
    expect(show.stdout).toMatch(/big: \d+ running \(2–3\)/)
    expect((await inspire(env, ["job", "stop", id, "--yes"])).code).toBe(0)
  }, 60_000)

  it("refuses a worker group it cannot read, naming the flag, and creates nothing (exit 2)", async () => {
    const run = await inspire(env, [
      "ray",
      "submit",
      "--name",
      "bad",
      "--entrypoint",
      "python x.py",
      ...where,
      "--worker",
      "cpu",
    ])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--worker "cpu" is not a worker group')
    expect(run.stderr).toContain("NAME:MIN-MAX")
    const twisted = await inspire(env, [
      "ray",
      "submit",
      "--name",
      "bad",
      "--entrypoint",
      "python x.py",
      ...where,
      "--worker",
      "cpu:3-1",
    ])
    expect(twisted.code).toBe(2)
    expect(twisted.stderr).toContain("1 ≤ min ≤ max")
    expect(creates()).toHaveLength(1)
  }, 60_000)
})
