// The built runtime (dist/runtime/index.js) called the way the host calls it — raw JSON in, a fresh
// context per call — against the emulator over real HTTP.
import { createHash } from "node:crypto"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { createInspireClient, inputJsonSchema, OPERATIONS, renderDeep } from "@holos-inspire/core"
import { withNotifyField } from "@holos-inspire/core/internal"
import { DEMO_HARBOR, type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { CliCommandContribution, PluginDefinition, ToolContribution, ToolResult } from "../src/sdk.js"
import { type Fixture, placement, useEmulatorProfile } from "./fixture.js"

const app = fileURLToPath(new URL("../", import.meta.url))
const RUNTIME = join(app, "dist", "runtime", "index.js")
const SKILL_SOURCE = join(app, "..", "..", "skills", "sii-inspire")

let emu: RunningEmulator
let plugin: PluginDefinition
let root: string
const saved = { ...process.env }

const toolOf = (id: string): ToolContribution => {
  const found = plugin.contributions.find((c): c is ToolContribution => c.kind === "tool" && c.id === id)
  if (found === undefined) throw new Error(`no tool ${id}`)
  return found
}

const commandOf = (id: string): CliCommandContribution => {
  const found = plugin.contributions.find((c): c is CliCommandContribution => c.kind === "cli.command" && c.id === id)
  if (found === undefined) throw new Error(`no command ${id}`)
  return found
}

const call = (id: string, raw: unknown, signal?: AbortSignal): Promise<ToolResult> =>
  toolOf(id).handler(raw, { requestId: "test", actor: { type: "agent" }, ...(signal ? { signal } : {}) })

const meta = (r: ToolResult) => r.metadata as { ok: boolean; error?: { reason: string; hint?: string }; result?: never }

const state = () => emu.control.state() as unknown as Fixture

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  root = mkdtempSync(join(tmpdir(), "inspire-plugin-runtime-"))
  process.env.INSPIRE_HOME = join(root, "inspire")
  process.env.SYNERGY_HOME = join(root, "synergy")
  process.env.INSPIRE_BASE_URL = emu.url
  process.env.INSPIRE_RATE_LIMIT = "1000"
  // Anything aimed past the emulator goes to a closed loopback port instead of the network.
  process.env.HTTP_PROXY = "http://127.0.0.1:9"
  process.env.HTTPS_PROXY = "http://127.0.0.1:9"
  process.env.NO_PROXY = "127.0.0.1,localhost"
  delete process.env.INSPIRE_PROFILE
  await useEmulatorProfile(process.env, emu)
  plugin = ((await import(RUNTIME)) as { default: PluginDefinition }).default
})

afterEach(() => {
  delete process.env.INSPIRE_PLUGIN_CALL_BUDGET_MS
  emu.control.faults.reset()
})

afterAll(async () => {
  process.env = saved
  await emu.close()
  rmSync(root, { recursive: true, force: true })
})

describe("the package", () => {
  it("declares a tool per catalogue operation with its JSON Schema, and poll", () => {
    const pkg = JSON.parse(readFileSync(join(app, "package.json"), "utf8")) as { version: string }
    expect(plugin.id).toBe("inspire")
    expect(plugin.version).toBe(pkg.version)
    const tools = plugin.contributions.filter((c) => c.kind === "tool")
    expect(tools.map((t) => t.id)).toEqual([...OPERATIONS.map((op) => op.name), "poll"])
    // The tools that take notify (and recover) have those fields too, as over MCP.
    for (const op of OPERATIONS)
      expect(toolOf(op.name).input).toEqual(withNotifyField(op, renderDeep(inputJsonSchema(op), "mcp")))
    for (const c of plugin.contributions) if ("handler" in c) expect(plugin.handlerIds).toContain(`${c.kind}:${c.id}`)
    expect(plugin.handlerIds).toContain("cli.command:login")
    expect(plugin.handlerIds).toContain("cli.command:harbor-login")
  })

  it("writes a manifest that matches the runtime it hashes", () => {
    const manifest = JSON.parse(readFileSync(join(app, "dist", "plugin.json"), "utf8")) as {
      manifestVersion: number
      apiVersion: string
      id: string
      version: string
      contributions: ReadonlyArray<{ kind: string; id: string; input?: unknown; handler?: unknown }>
      artifacts: { generation: string; runtime: { entry: string; sha256: string } }
    }
    expect(manifest.manifestVersion).toBe(1)
    expect(manifest.apiVersion).toBe("4.0")
    expect([manifest.id, manifest.version]).toEqual([plugin.id, plugin.version])
    expect(manifest.artifacts.runtime).toEqual({
      entry: "runtime/index.js",
      sha256: createHash("sha256").update(readFileSync(RUNTIME)).digest("hex"),
    })
    expect(manifest.contributions.map((c) => `${c.kind}:${c.id}`)).toEqual(
      plugin.contributions.map((c) => `${c.kind}:${c.id}`),
    )
    expect(manifest.contributions.find((c) => c.id === "submit")?.input).toEqual(toolOf("submit").input)
    expect(manifest.contributions.some((c) => "handler" in c)).toBe(false)
    for (const f of readdirSync(join(app, "dist", "runtime"), { recursive: true, encoding: "utf8" }))
      if (f.endsWith(".js")) expect(readFileSync(join(app, "dist", "runtime", f), "utf8")).not.toContain(app)
  })

  it("starts fast: the entry only declares, and core loads with the first call", () => {
    const entry = readFileSync(RUNTIME, "utf8")
    expect(entry.length).toBeLessThan(16 * 1024)
    const staticImports = [...entry.matchAll(/^import [^;]*? from "(\.[^"]+)"/gms)].map((m) => m[1] ?? "")
    expect(staticImports.length).toBeGreaterThan(0)
    const loaded = staticImports.map((f) => readFileSync(join(app, "dist", "runtime", f), "utf8").length)
    expect(loaded.reduce((a, b) => a + b, 0)).toBeLessThan(256 * 1024)
    expect(entry).toContain(`import("./chunks/impl.js")`)
  })

  it("lists every tool in the README", () => {
    const readme = readFileSync(join(app, "README.md"), "utf8")
    for (const c of plugin.contributions) if (c.kind === "tool") expect(readme).toContain(`plugin__inspire__${c.id}\``)
  })

  it("ships the sii-inspire skill exactly when skills/sii-inspire has one", () => {
    const skill = plugin.contributions.find((c) => c.kind === "skill")
    if (!existsSync(join(SKILL_SOURCE, "SKILL.md"))) return expect(skill).toBeUndefined()
    expect(skill).toMatchObject({ id: "sii-inspire", skill: { name: "sii-inspire", dir: "skills/sii-inspire" } })
    const copied = join(app, "dist", "skills", "sii-inspire", "SKILL.md")
    expect(readFileSync(copied)).toEqual(readFileSync(join(SKILL_SOURCE, "SKILL.md")))
  })
})

describe("tool calls", () => {
  it("reports 'not logged in' as a normal result with the hint", async () => {
    const r = await call("status", {})
    expect(meta(r)).toMatchObject({ ok: false, error: { reason: "NotLoggedIn" } })
    expect(r.title).toContain("not logged in")
    expect(r.output).toContain("Hint:")
    expect(r.output).toContain("synergy inspire login --username")
    expect(r.output).not.toMatch(/\binspire_login\b/)
  })

  it("re-validates raw input with zod and answers a bad call with what is wrong", async () => {
    const bad = await call("submit", { name: 5 })
    expect(meta(bad)).toMatchObject({ ok: false, error: { reason: "InvalidInput" } })
    expect(bad.output).toMatch(/name: .*expected string/)
    expect(bad.output).toMatch(/command: /)
    expect(bad.output).toContain("plugin__inspire__submit")
    const range = await call("wait", { job_id: "job-x", timeout_seconds: 0 })
    expect(meta(range).error?.reason).toBe("InvalidInput")
    expect(range.output).toContain("timeout_seconds")
  })

  it("logs in through `synergy inspire login` and never prints the password", async () => {
    const login = commandOf("login")
    const missing = await login.handler({ username: emu.demo.username }, {})
    expect(missing.exitCode).toBe(2)
    expect(missing.stderr).toContain("--password")
    const rejected = await login.handler({ username: emu.demo.username, password: "Wrong-Secret-42" }, {})
    expect(rejected.exitCode).toBe(4)
    expect(`${rejected.stdout ?? ""}${rejected.stderr ?? ""}`).not.toContain("Wrong-Secret-42")
    const unreadable = await login.handler({ username: emu.demo.username, "password-file": join(root, "nope") }, {})
    expect(unreadable.exitCode).toBe(2)
    const file = join(root, "password")
    writeFileSync(file, `${emu.demo.password}\n`, { mode: 0o600 })
    const fromFile = await login.handler({ username: emu.demo.username, "password-file": file }, {})
    expect(fromFile.exitCode).toBe(0)
    const ok = await login.handler({ username: emu.demo.username, password: emu.demo.password }, {})
    expect(ok.exitCode).toBe(0)
    expect(ok.stdout).toContain(`Logged in as ${emu.demo.username}`)
    for (const r of [missing, rejected, unreadable, fromFile, ok])
      expect(`${r.stdout ?? ""}${r.stderr ?? ""}`).not.toContain(emu.demo.password)
    const credentials = join(process.env.INSPIRE_HOME ?? "", "config", "credentials.json")
    expect(statSync(credentials).mode & 0o777).toBe(0o600)
    const client = createInspireClient({ env: process.env })
    try {
      expect((await client.discover()).workspaces.length).toBeGreaterThan(0)
    } finally {
      await client.close()
    }
  })

  it("saves a Harbor robot account per registry with `synergy inspire harbor-login`", async () => {
    const harbor = commandOf("harbor-login")
    const qb = DEMO_HARBOR.qb
    const unknown = await harbor.handler({ username: qb.username, password: qb.password, registry: "xx" }, {})
    expect(unknown.exitCode).toBe(2)
    const rejected = await harbor.handler({ username: qb.username, password: "Not-The-Robot-1" }, {})
    expect(rejected.exitCode).toBe(4)
    expect(rejected.stderr).toContain("hint:")
    const ok = await harbor.handler({ username: qb.username, password: qb.password }, {})
    expect(ok.exitCode).toBe(0)
    expect(ok.stdout).toContain("Harbor (qb) credentials saved and accepted.")
    for (const r of [unknown, rejected, ok]) {
      expect(`${r.stdout ?? ""}${r.stderr ?? ""}`).not.toContain(qb.password)
      expect(`${r.stdout ?? ""}${r.stderr ?? ""}`).not.toContain("Not-The-Robot-1")
    }
  })

  it("submits a training job with the defaults zod fills in", async () => {
    const r = await call("submit", {
      name: "plugin-exp-1",
      command: "python train.py #emu:idle",
      ...placement(state()),
    })
    expect(meta(r).ok).toBe(true)
    const result = meta(r).result as unknown as { jobId: string }
    expect(result.jobId).toMatch(/^job-/)
    expect(r.output).toContain(result.jobId)
    expect(state().tasks.map((t) => t.id)).toContain(result.jobId)
  })

  it("cuts a long wait to fit the host's limit and says to call again", async () => {
    process.env.INSPIRE_PLUGIN_CALL_BUDGET_MS = "12000"
    const job = (meta(await call("jobs", {})).result as unknown as { tasks: ReadonlyArray<{ id: string }> }).tasks[0]
    expect(job).toBeDefined()
    const started = Date.now()
    const r = await call("wait", { job_id: job?.id, until: "succeeded", poll_seconds: 0.2 })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(meta(r).result).toMatchObject({ outcome: "timed-out" })
    expect(r.output).toContain("call plugin__inspire__wait again")
  })

  it("hands back a handle when a call outlives its budget, and poll collects the result", async () => {
    process.env.INSPIRE_PLUGIN_CALL_BUDGET_MS = "300"
    emu.control.faults.set({ latencyMs: 400 })
    const first = await call("status", { refresh: true })
    expect(first.metadata).toMatchObject({ ok: true, state: "running", tool: "status" })
    const handle = (first.metadata as { handle: string }).handle
    expect(first.output).toContain(`plugin__inspire__poll with handle "${handle}"`)
    const done = await call("poll", { handle, wait_seconds: 60 })
    expect(done.metadata).toMatchObject({ ok: true, state: "done", handle })
    expect(done.output).toContain("分布式训练空间")
    expect((await call("poll", { handle })).metadata).toMatchObject({ state: "done" })
    const unknown = await call("poll", { handle: "run-000000000000" })
    expect(meta(unknown)).toMatchObject({ ok: false, error: { reason: "NotFound" } })
  })

  it("stops a background call on cancel", async () => {
    process.env.INSPIRE_PLUGIN_CALL_BUDGET_MS = "300"
    emu.control.faults.set({ latencyMs: 3_000 })
    const first = await call("status", { refresh: true })
    const handle = (first.metadata as { handle: string }).handle
    const started = Date.now()
    const cancelled = await call("poll", { handle, cancel: true })
    expect(Date.now() - started).toBeLessThan(2_500)
    expect(meta(cancelled)).toMatchObject({ ok: false, error: { reason: "Cancelled" } })
  })

  it("interrupts the operation when the host aborts the call", async () => {
    emu.control.faults.set({ latencyMs: 5_000 })
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 300)
    const started = Date.now()
    const r = await call("status", { refresh: true }, controller.signal)
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(meta(r)).toMatchObject({ ok: false, error: { reason: "Cancelled" } })
  })
})
