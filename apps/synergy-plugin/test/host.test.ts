// The plugin inside the real Synergy 3.0.22 server: it loads after approval with every tool and the
// skill, `synergy inspire login` fills the shared store, and a real agent turn (driven by a loopback
// mock model) calls the tools against the emulator.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { createInspireClient, OPERATIONS } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Fixture, placement, useEmulatorProfile } from "./fixture.js"
import { type MockModel, startMockModel } from "./mock-model.mjs"
import {
  api,
  approve,
  endAll,
  livePids,
  makeHome,
  PLUGIN_DIR,
  type Server,
  type SynergyHome,
  startServer,
  synergy,
  transcript,
} from "./synergy-home.mjs"

const SKILL = fileURLToPath(new URL("../../../skills/sii-inspire/SKILL.md", import.meta.url))
const TOOL_IDS = [...OPERATIONS.map((op) => `plugin__inspire__${op.name}`), "plugin__inspire__poll"]

// Every file under `dir` whose bytes contain `secret`.
const filesContaining = (dir: string, secret: string): ReadonlyArray<string> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile() && readFileSync(f).includes(secret))

let emu: RunningEmulator
let model: MockModel
let home: SynergyHome
let server: Server

interface PluginInfo {
  readonly id: string
  readonly health: string
  readonly disabledPhase?: string
  readonly loaded: boolean
  readonly tools: ReadonlyArray<{ fullId: string }>
  readonly installation: { readonly kind: string; readonly path?: string }
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  model = await startMockModel()
  home = makeHome({ plugins: [`file://${PLUGIN_DIR}`], emulatorUrl: emu.url, modelUrl: model.url })
  await useEmulatorProfile(home.env, emu)
  server = await startServer(home)
}, 90_000)

afterAll(async () => {
  if (home !== undefined) await endAll(home)
  await model?.close()
  await emu?.close()
  if (home !== undefined) {
    expect(livePids(home)).toEqual([])
    rmSync(home.root, { recursive: true, force: true })
  }
}, 30_000)

describe("inside synergy", () => {
  it("waits for approval, then loads with every catalogue tool", async () => {
    const before = await api<ReadonlyArray<PluginInfo>>(server, "/api/plugins")
    expect(before.find((p) => p.id === "inspire")).toMatchObject({ health: "disabled", disabledPhase: "approval" })
    const approved = (await approve(server, "inspire")) as unknown as PluginInfo
    expect(approved).toMatchObject({ health: "loaded", loaded: true, installation: { kind: "directory" } })
    expect(approved.installation.path).toBe(join(PLUGIN_DIR, "dist"))
    expect(approved.tools.map((t) => t.fullId)).toEqual(TOOL_IDS)
    const ids = await api<ReadonlyArray<string>>(server, "/experimental/tool/ids")
    for (const id of TOOL_IDS) expect(ids).toContain(id)
  })

  it("lists the sii-inspire skill when the repository has one", async () => {
    const skills = await api<{ items: ReadonlyArray<{ name: string; source: string; pluginId?: string }> }>(
      server,
      "/skill",
    )
    const mine = skills.items.find((s) => s.name === "sii-inspire")
    if (!existsSync(SKILL)) return expect(mine).toBeUndefined()
    expect(mine).toMatchObject({ source: "plugin", pluginId: "inspire" })
  })

  it("saves the login to the shared store with `synergy inspire login`, never echoing the password", async () => {
    // With the password in the environment it stays out of argv, and so out of Synergy's own log.
    const quiet = await synergy({ ...home, env: { ...home.env, INSPIRE_PASSWORD: emu.demo.password } }, [
      "inspire",
      "login",
      "--username",
      emu.demo.username,
    ])
    expect(quiet.code, quiet.stderr).toBe(0)
    expect(filesContaining(home.synergyHome, emu.demo.password)).toEqual([])
    const ok = await synergy(home, [
      "inspire",
      "login",
      "--username",
      emu.demo.username,
      "--password",
      emu.demo.password,
    ])
    expect(ok.code, ok.stderr).toBe(0)
    expect(ok.stdout).toContain(`Logged in as ${emu.demo.username}`)
    const file = join(home.inspireHome, "config", "credentials.json")
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const stored = JSON.parse(readFileSync(file, "utf8")) as {
      profiles: { emulator: { inspire: { username: string } } }
    }
    expect(stored.profiles.emulator.inspire.username).toBe(emu.demo.username)
    // The store is the one the CLI and the MCP server read: core logs in with it.
    const client = createInspireClient({ env: home.env })
    try {
      expect((await client.discover()).workspaces.length).toBeGreaterThan(0)
    } finally {
      await client.close()
    }
    for (const out of transcript) {
      expect(out).not.toContain(emu.demo.password)
    }
  })

  it("runs a real agent turn: status, a submit with a wrong spec (a normal result with the hint), a submit", async () => {
    const place = placement(emu.control.state() as unknown as Fixture)
    const job = { name: "agent-exp-1", command: "python train.py #emu:idle", ...place }
    // One round of three parallel calls, then the final answer: fewer model round trips on a busy machine.
    model.script([
      [
        { name: "plugin__inspire__status", args: { workspace: "分布式训练空间" } },
        { name: "plugin__inspire__submit", args: { ...job, name: "agent-exp-0", spec: "quota-does-not-exist" } },
        { name: "plugin__inspire__submit", args: job },
      ],
    ])
    const sent = await synergy(
      home,
      ["send", "--attach", server.url, "--model", "mock/m1", "--format", "json", "Submit agent-exp-1 on H100"],
      150_000,
    )
    if (sent.code !== 0) console.error(sent.stdout, sent.stderr, JSON.stringify(model.requests))
    expect(sent.code).toBe(0)
    for (const id of TOOL_IDS) expect(model.offered).toContain(id)
    const parts = sent.stdout
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map(
        (l) =>
          JSON.parse(l) as {
            type: string
            part?: { callID: string; tool: string; state: { status: string; output?: string } }
          },
      )
      .flatMap((e) => (e.type === "tool_use" && e.part !== undefined ? [e.part] : []))
      .sort((a, b) => a.callID.localeCompare(b.callID))
    expect(
      parts.map((p) => [p.tool, p.state.status]),
      `${sent.stdout}\n${sent.stderr}`,
    ).toEqual([
      ["plugin__inspire__status", "completed"],
      ["plugin__inspire__submit", "completed"],
      ["plugin__inspire__submit", "completed"],
    ])
    const [status, problem, submitted] = model.toolResults
    expect(status).toContain("分布式训练空间")
    expect(problem).toContain("Problem:")
    expect(problem).toContain("Hint:")
    expect(problem).toContain(place.spec)
    expect(parts[1]?.state.output).toBe(problem)
    const task = (emu.control.state() as unknown as Fixture).tasks.find((t) => t.name === "agent-exp-1")
    expect(task).toBeDefined()
    expect(submitted).toContain(task?.id)
    expect((emu.control.state() as unknown as Fixture).tasks.some((t) => t.name === "agent-exp-0")).toBe(false)
  }, 180_000)
})
