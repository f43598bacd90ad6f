import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

// `--recover N` after a node failure: the waiter submits the job again (the platform's doing), never after
// a failure of the job's own code, and exactly once per attempt even when the waiter is killed mid-way;
// a sweep file's `recover: N` does the same for every job of the sweep.
// The platform's clock moves only when the test moves it (speed 1, then `advance`).

const T = 90_000
let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>

const tasks = () =>
  (emu.control.state() as unknown as { tasks: Array<{ id: string; name: string; command: string }> }).tasks
const named = (name: string) => tasks().filter((t) => t.name === name)
const until = async (done: () => boolean): Promise<void> => {
  while (!done()) await new Promise((r) => setTimeout(r, 20))
}
const waiterOf = (stderr: string): string => /Waiter (w-[0-9a-f]{8})/.exec(stderr)?.[1] ?? ""
const waiterFile = (id: string, ext: string) => join(String(env.INSPIRE_HOME), "cache", "waiters", `${id}.${ext}`)
const record = (id: string) =>
  JSON.parse(readFileSync(waiterFile(id, "json"), "utf8")) as { state: string; attempts: Array<{ jobId?: string }> }
const creates = () => emu.control.requests().log.filter((r) => r.write && /create/i.test(r.surface)).length

const submit = async (name: string, command: string, recover = "2"): Promise<{ id: string; waiter: string }> => {
  const args = ["--command", command, "--priority", "6", ...place, "--recover", recover]
  const r = await inspire(env, ["job", "submit", "--name", name, ...args])
  expect(r.code, r.stderr).toBe(0)
  return { id: named(name)[0]?.id ?? "", waiter: waiterOf(r.stderr) }
}

/** Fails the node the job runs on, once it runs. */
const failNodeOf = (id: string): void => {
  emu.control.clock.advance(30)
  expect(emu.control.nodes.fail(emu.control.nodes.of(id))).toEqual([id])
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 1 })
  env = { ...homeFor(emu.url), INSPIRE_WAITER_POLL_SECONDS: "0.2" }
  place = placement(emu)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
}, T)
afterAll(() => emu.close())

describe("--recover after a node failure", () => {
  it("submits the job again once, as attempt 2, and not again after the user stops it", { timeout: T }, async () => {
    const { id, waiter } = await submit("nf", "python train.py #emu:idle")
    failNodeOf(id)
    await until(() => named("nf-a2").length > 0)
    const again = named("nf-a2")[0]
    expect(again?.command).toMatch(/^export INSPIRE_ATTEMPT=2; python train\.py #emu:idle$/)
    emu.control.clock.advance(30)
    expect((await inspire(env, ["job", "stop", again?.id ?? "", "--yes"])).code).toBe(0)
    await until(() => record(waiter).state === "done")
    expect(["nf", "nf-a2", "nf-a3"].map((n) => named(n).length)).toEqual([1, 1, 0])
    const log = readFileSync(waiterFile(waiter, "log"), "utf8")
    expect(log).toContain(`${id} ended when its node failed: submitted again as ${again?.id}`)
  })

  it("never submits again a job that failed by its own code (exit code, out of memory)", { timeout: T }, async () => {
    const exit = await submit("own-exit", "python train.py; exit 1")
    const oom = await submit("own-oom", "python train.py #emu:oom")
    emu.control.clock.advance(200)
    await until(() => record(exit.waiter).state === "done" && record(oom.waiter).state === "done")
    expect(["own-exit-a2", "own-oom-a2"].map((n) => named(n).length)).toEqual([0, 0])
    const shown = json<{ diagnosis: { findings: Array<{ kind: string }> } }>(
      await inspire(env, ["job", "show", oom.id, "--json"]),
    )
    expect(shown.diagnosis.findings.map((f) => f.kind)).toEqual(["oom"])
  })

  it("killed and run again mid-way, the waiter still makes exactly one attempt 2", { timeout: T }, async () => {
    const { id, waiter } = await submit("mk", "python train.py #emu:duration=600", "1")
    // Every platform request slowed, so the kill lands after the attempt is recorded, around its create.
    emu.control.faults.set({ latencyMs: 400 })
    emu.control.clearRequests()
    failNodeOf(id)
    await until(() => record(waiter).attempts.length > 0)
    process.kill(Number(readFileSync(waiterFile(waiter, "pid"), "utf8")), "SIGKILL")
    expect(record(waiter).attempts[0]?.jobId).toBeUndefined()
    emu.control.faults.set({ latencyMs: 0 })
    const rerun = inspire(env, ["waiters", "run", waiter])
    await until(() => named("mk-a2").length > 0)
    emu.control.clock.advance(700)
    const r = await rerun
    expect(r.code, r.stderr).toBe(0)
    expect(named("mk-a2")).toHaveLength(1)
    expect(creates()).toBe(1)
    expect(record(waiter)).toMatchObject({ state: "done", attempts: [{ jobId: named("mk-a2")[0]?.id }] })
  })
})

describe("a sweep file's recover", () => {
  it("leaves a waiter that submits each pre-empted job of the sweep again, N times at most", {
    timeout: T,
  }, async () => {
    const job: Record<string, string> = {}
    for (let i = 0; i < place.length; i += 2)
      job[(place[i] ?? "").replace(/^--/, "").replace(/-/g, "_")] = place[i + 1] ?? ""
    const file = join(mkdtempSync(join(tmpdir(), "inspire-sweep-recover-")), "sweep.yaml")
    const lines = [
      "name: rs",
      "recover: 1",
      "job:",
      '  name: "rs-{a}"',
      '  command: "python train.py --a {a} #emu:preempt"',
      "  priority: 1",
      ...Object.entries(job).map(([k, v]) => `  ${k}: "${v}"`),
      "grid:",
      "  a: [1, 2]",
    ]
    writeFileSync(file, `${lines.join("\n")}\n`)
    const r = await inspire(env, ["sweep", "run", file, "--json"])
    expect(r.code, r.stderr).toBe(0)
    expect(json<{ recover: number }>(r).recover).toBe(1)
    const waiter = waiterOf(r.stderr)
    emu.control.clock.advance(600)
    await until(() => named("rs-1-a2").length + named("rs-2-a2").length === 2)
    expect(named("rs-2-a2")[0]?.command).toMatch(/^export INSPIRE_ATTEMPT=2; python train\.py --a 2 /)
    emu.control.clock.advance(600)
    await until(() => record(waiter).state === "done")
    // One attempt each: the second pre-emption is told in the log, not submitted again.
    expect(["rs-1", "rs-1-a2", "rs-1-a3", "rs-2", "rs-2-a2", "rs-2-a3"].map((n) => named(n).length)).toEqual([
      1, 1, 0, 1, 1, 0,
    ])
  })
})
