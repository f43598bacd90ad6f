import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

// `inspire job delete ID ID …`: every id's outcome in one table, a job still running refused on its own
// with how to stop it, --yes needed, a dry run sending nothing. And `notebook create --dataset`.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>
const T = 40_000
const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

const writes = () => emu.control.requests().log.filter((q) => q.write)
const exists = (id: string) => emu.control.state().tasks.some((t) => t.id === id)
const submit = async (name: string, command: string) => {
  const r = await inspire(env, ["job", "submit", "--name", name, "--command", command, ...place, "--json"])
  return json<{ jobId: string }>(r).jobId
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  env = homeFor(emu.url)
  place = placement(emu)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
})
afterAll(async () => {
  await emu.close()
})

describe("inspire job delete with several ids", () => {
  it(
    "deletes the two finished jobs, refuses the running one with the hint, and touches nothing else",
    async () => {
      const a = await submit("many-a", "python a.py #emu:oom")
      const b = await submit("many-b", "python b.py #emu:oom")
      const live = await submit("many-live", "python c.py #emu:idle")
      const other = await submit("many-other", "python d.py #emu:oom")
      emu.control.clock.advance(600)
      emu.control.clearRequests()
      const dry = await inspire(env, ["job", "delete", a, b, live, "--dry-run", "--json"])
      expect(dry.code, dry.stderr).toBe(0)
      const plan = json<{ tasks: Array<{ id: string; outcome: string }>; plan: { targets: Array<{ id: string }> } }>(
        dry,
      )
      expect(plan.tasks.map((t) => t.outcome)).toEqual(["would-delete", "would-delete", "not-finished"])
      expect(plan.plan.targets.map((t) => t.id)).toEqual([a, b])
      const unconfirmed = await inspire(env, ["job", "delete", a, b, live])
      expect(unconfirmed.code).toBe(2)
      expect(unconfirmed.stderr).toContain("--yes")
      expect(writes()).toEqual([])
      const done = await inspire(env, ["job", "delete", a, b, live, "--yes"])
      expect(done.code, done.stderr).toBe(0)
      expect(done.stdout).toMatch(new RegExp(`${live}.*not-finished`))
      expect(done.stdout.match(/ deleted *$/gm)).toHaveLength(2)
      expect(done.stdout).toContain("Deleted 2")
      expect(done.stdout).toContain(`stop first (inspire job stop ${live} --yes)`)
      expect(writes()).toHaveLength(2)
      expect([exists(a), exists(b), exists(live), exists(other)]).toEqual([false, false, true, true])
    },
    T,
  )

  it(
    "mounts a dataset on a notebook: the dry run shows it in the body, show lists it",
    async () => {
      const s = emu.control.state()
      const dsw = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_DSW" && x.gpuCount === 1)?.id ?? ""
      const ds = s.datasets[0]
      if (ds === undefined) throw new Error("fixture changed")
      const args = [
        "notebook",
        "create",
        "--name",
        "nb-data",
        "--compute-group",
        "H100",
        "--spec",
        dsw,
        "--project",
        "具身智能基础模型",
      ]
      const flags = [...args, "--image", IMAGE, "--dataset", ds.id]
      const dry = await inspire(env, [...flags, "--dry-run", "--json"])
      expect(dry.code, dry.stderr).toBe(0)
      expect(dry.stdout).toContain(`"dataset_id": "${ds.id}"`)
      expect(emu.control.state().tasks.filter((t) => t.kind === "notebook")).toEqual([])
      const created = json<{ notebookId: string }>(await inspire(env, [...flags, "--json"]))
      const show = await inspire(env, ["notebook", "show", created.notebookId])
      expect(show.stdout).toMatch(new RegExp(`datasets:\\s+${ds.id}:`))
    },
    T,
  )
})
