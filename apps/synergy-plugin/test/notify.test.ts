// `notify` and `recover` in the plugin, as over MCP: the built runtime's handlers against the emulator
// over real HTTP, a webhook receiver on 127.0.0.1 (a tiny server of this test), and the emulator's
// paused clock: a job ends when the test moves it, and the waiter a call left notifies or resubmits then.
import { execFile } from "node:child_process"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { OPERATIONS } from "@holos-inspire/core"
import { listWaiters, resolveStorePaths, stopWaiter } from "@holos-inspire/core/internal"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PluginDefinition, ToolContribution, ToolResult } from "../src/sdk.js"
import { type Fixture, placement, useEmulatorProfile } from "./fixture.js"
import { SYNERGY } from "./synergy-home.mjs"

const RUNTIME = fileURLToPath(new URL("../dist/runtime/index.js", import.meta.url))
const BUN_CALL = fileURLToPath(new URL("./bun-call.mjs", import.meta.url))
const SECRET = "hook/SECRET-4c3b2a"
const T = 60_000

let emu: RunningEmulator
let plugin: PluginDefinition
let root: string
let receiver: Server
let port: number
const saved = { ...process.env }
const got: Array<{ readonly path: string; readonly body: Record<string, unknown> }> = []
const heard: Array<() => void> = []
const said: string[] = []

const hook = (path = SECRET) => `webhook:http://127.0.0.1:${port}/${path}`

const toolOf = (id: string): ToolContribution => {
  const found = plugin.contributions.find((c): c is ToolContribution => c.kind === "tool" && c.id === id)
  if (found === undefined) throw new Error(`no tool ${id}`)
  return found
}

const call = async (id: string, raw: unknown): Promise<ToolResult> => {
  const r = await toolOf(id).handler(raw, { requestId: "test", actor: { type: "agent" } })
  said.push(JSON.stringify(r))
  return r
}

const meta = (r: ToolResult) => r.metadata as { ok: boolean; error?: { reason: string }; result?: { jobId: string } }

/** Resolves once the receiver has heard `count` requests in all (the test's own timeout bounds it). */
const received = (count: number): Promise<void> =>
  new Promise((resolve) => {
    const check = () => (got.length >= count ? resolve() : heard.push(check))
    check()
  })

const waitersDir = () => join(String(process.env.INSPIRE_HOME), "cache", "waiters")
const waiterRecord = (id: string): { state: string; jobs: string[]; notified: string[]; recover: number } =>
  JSON.parse(readFileSync(join(waitersDir(), `${id}.json`), "utf8"))
const waiterOf = (output: string): string => /Waiter (w-[0-9a-f]{8})/.exec(output)?.[1] ?? ""

/** Resolves once `check` holds, read every 50 ms (the test's timeout bounds it). */
const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 50))
}

const named = (name: string) =>
  (emu.control.state() as unknown as { tasks: Array<{ name: string; command: string }> }).tasks.filter(
    (t) => t.name === name,
  )

const training = (name: string, command: string) => ({
  name,
  command,
  ...placement(emu.control.state() as unknown as Fixture),
})

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ""
    req.on("data", (d: Buffer) => {
      body += d.toString("utf8")
    })
    req.on("end", () => {
      got.push({ path: req.url ?? "", body: JSON.parse(body) as Record<string, unknown> })
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
      for (const f of heard.splice(0)) f()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  const address = receiver.address()
  port = typeof address === "object" && address !== null ? address.port : 0
  emu = await startEmulator({ port: 0, paused: true })
  root = mkdtempSync(join(tmpdir(), "inspire-plugin-notify-"))
  process.env.INSPIRE_HOME = join(root, "inspire")
  process.env.SYNERGY_HOME = join(root, "synergy")
  process.env.INSPIRE_BASE_URL = emu.url
  process.env.INSPIRE_RATE_LIMIT = "1000"
  process.env.INSPIRE_WAITER_POLL_SECONDS = "0.2"
  // Anything aimed past the emulator and the receiver goes to a closed loopback port instead of the network.
  process.env.HTTP_PROXY = "http://127.0.0.1:9"
  process.env.HTTPS_PROXY = "http://127.0.0.1:9"
  process.env.NO_PROXY = "127.0.0.1,localhost"
  delete process.env.INSPIRE_PROFILE
  await useEmulatorProfile(process.env, emu)
  plugin = ((await import(RUNTIME)) as { default: PluginDefinition }).default
  const login = await call("login", { username: emu.demo.username, password: emu.demo.password })
  expect(meta(login).ok, login.output).toBe(true)
}, T)

afterAll(async () => {
  // A waiter a failed test left waiting is stopped, so that no process of this test outlives it.
  const paths = resolveStorePaths(process.env)
  for (const w of listWaiters(paths)) if (w.state === "waiting") stopWaiter(paths, w.id)
  const logs = readdirSync(waitersDir())
    .filter((f) => f.endsWith(".log"))
    .map((f) => readFileSync(join(waitersDir(), f), "utf8"))
  process.env = saved
  await emu?.close()
  await new Promise((resolve) => receiver.close(resolve))
  rmSync(root, { recursive: true, force: true })
  // The webhook's secret was never said: not in a result, an error, a dry run or a waiter's log.
  expect([...said, ...logs].join("\n")).not.toContain("SECRET-4c3b2a")
})

describe("notify and recover in the plugin", () => {
  it("declares notify on the submits, the sweep and wait, and recover on the submits", () => {
    const taking = (field: string) =>
      OPERATIONS.map((op) => op.name).filter((id) => Object.keys(toolOf(id).input.properties ?? {}).includes(field))
    expect(taking("notify").sort()).toEqual(["submit", "submit_hpc", "submit_ray", "sweep", "wait"])
    expect(taking("recover").sort()).toEqual(["submit", "submit_hpc", "submit_ray"])
  })

  it("a submit leaves a waiter that notifies once, when the job ends", { timeout: T }, async () => {
    got.length = 0
    const r = await call("submit", { ...training("plugin-notify-oom", "python train.py #emu:oom"), notify: hook() })
    const id = meta(r).result?.jobId ?? ""
    expect(r.output).toContain(`watches ${id} and notifies webhook:http://127.0.0.1:${port}/*** when each ends`)
    const waiter = waiterOf(r.output)
    expect(got).toHaveLength(0)
    emu.control.clock.advance(600)
    await received(1)
    expect(got[0]?.path).toBe(`/${SECRET}`)
    expect(got[0]?.body).toMatchObject({ event: "task.ended", jobId: id, name: "plugin-notify-oom", outcome: "failed" })
    await until(() => waiterRecord(waiter).state === "done")
    expect(waiterRecord(waiter)).toMatchObject({ jobs: [id], notified: [id] })
    expect(got).toHaveLength(1)
  })

  it("refuses a bad recover before anything is sent; a good one resubmits the pre-empted job once", {
    timeout: T,
  }, async () => {
    for (const [id, bad] of [
      ["submit", 0],
      ["submit", 11],
      ["submit", "2"],
      ["wait", 1],
    ] as const) {
      const refused = await call(id, {
        ...(id === "wait" ? { job_id: "job-x" } : training("plugin-recover-bad", "python train.py")),
        recover: bad,
      })
      expect(meta(refused).error?.reason, `${id} ${bad}`).toBe("InvalidInput")
      expect(refused.output).toContain("recover")
    }
    expect(named("plugin-recover-bad")).toHaveLength(0)
    const r = await call("submit", {
      ...training("plugin-rc", "python train.py #emu:preempt"),
      priority: 1,
      recover: 1,
    })
    expect(meta(r).ok, r.output).toBe(true)
    expect(r.output).toContain("submits again, at most once")
    const waiter = waiterOf(r.output)
    expect(waiterRecord(waiter)).toMatchObject({ recover: 1 })
    emu.control.clock.advance(600)
    await until(() => named("plugin-rc-a2").length > 0)
    expect(named("plugin-rc-a2")[0]?.command).toMatch(/^export INSPIRE_ATTEMPT=2; python train\.py/)
    emu.control.clock.advance(600)
    await until(() => waiterRecord(waiter).state === "done")
    expect([named("plugin-rc-a2").length, named("plugin-rc-a3").length]).toEqual([1, 0])
  })

  it("checks the target before anything is sent, and never echoes it", { timeout: T }, async () => {
    const plain = await call("submit", {
      ...training("plugin-notify-refused", "python train.py"),
      notify: `http://hooks.example.com/${SECRET}`,
    })
    expect(meta(plain).error?.reason).toBe("InvalidInput")
    expect(plain.output).toContain("must be https")
    expect(named("plugin-notify-refused")).toHaveLength(0)
    const none = await call("wait", { job_id: "job-x", notify: true })
    expect(none.output).toContain("notify=true needs a default target")
    // Read-only, as the MCP server's --read-only offers no notify: refused, the wait itself still runs.
    const readOnly = { requestId: "test", settings: { get: async () => ({ readOnly: true }) } }
    const refused = await toolOf("wait").handler({ job_id: "job-x", notify: hook() }, readOnly)
    expect(refused.output).toContain("the plugin runs read-only")
    const plainWait = await toolOf("wait").handler({ job_id: "job-x", timeout_seconds: 1 }, readOnly)
    expect(plainWait.output).not.toContain("read-only")
    said.push(JSON.stringify([refused, plainWait]))
  })

  it("inside the Synergy binary (Bun), a submit's waiter starts and notifies", { timeout: 2 * T }, async () => {
    got.length = 0
    const args = JSON.stringify({ ...training("plugin-notify-bun", "python train.py #emu:oom"), notify: hook() })
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        SYNERGY,
        ["run", BUN_CALL, RUNTIME, "submit", args],
        { env: { ...process.env, BUN_BE_BUN: "1" }, timeout: T },
        (error, stdout, stderr) =>
          error === null ? resolve(stdout) : reject(new Error(`${error.message}\n${stderr}`)),
      ),
    )
    said.push(out)
    const { bun, result } = JSON.parse(out) as { bun?: string; result: ToolResult }
    expect(bun).toBeDefined()
    const id = meta(result).result?.jobId ?? ""
    const waiter = waiterOf(result.output)
    expect(waiter).not.toBe("")
    emu.control.clock.advance(600)
    await received(1)
    expect(got[0]?.body).toMatchObject({ jobId: id, name: "plugin-notify-bun", outcome: "failed" })
    await until(() => waiterRecord(waiter).state === "done")
    expect(got).toHaveLength(1)
  })
})
