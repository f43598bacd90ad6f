// The plugin's settings inside the real Synergy 3.0.22 server: with readOnly set in pluginConfig.inspire
// the tools that change the platform are not offered to the model, and a tool outside the chosen
// toolsets answers which setting to change, in a real agent turn driven by a loopback mock model.
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { createInspireClient } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { useEmulatorProfile } from "./fixture.js"
import { type MockModel, startMockModel } from "./mock-model.mjs"
import {
  approve,
  endAll,
  livePids,
  makeHome,
  PLUGIN_DIR,
  type Server,
  type SynergyHome,
  startServer,
  synergy,
} from "./synergy-home.mjs"

// A turn starts the 160 MB binary and makes two model round trips: minutes on a busy two-core machine.
const TURN_MS = 300_000

let emu: RunningEmulator
let model: MockModel
let home: SynergyHome
let server: Server

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  model = await startMockModel()
  home = makeHome({ plugins: [`file://${PLUGIN_DIR}`], emulatorUrl: emu.url, modelUrl: model.url })
  // The user's settings, where Synergy keeps every plugin's: only the core set, read-only.
  const plugins = join(home.dataRoot, "config", "synergy.d", "50-plugins.jsonc")
  const config = JSON.parse(readFileSync(plugins, "utf8")) as Record<string, unknown>
  writeFileSync(
    plugins,
    JSON.stringify({ ...config, pluginConfig: { inspire: { toolsets: ["core"], readOnly: true } } }),
  )
  await useEmulatorProfile(home.env, emu)
  const client = createInspireClient({ env: home.env })
  try {
    await client.login({ username: emu.demo.username, password: emu.demo.password })
  } finally {
    await client.close()
  }
  server = await startServer(home)
  await approve(server, "inspire")
}, 180_000)

afterAll(async () => {
  if (home !== undefined) await endAll(home)
  await model?.close()
  await emu?.close()
  if (home !== undefined) {
    expect(livePids(home)).toEqual([])
    rmSync(home.root, { recursive: true, force: true })
  }
}, 30_000)

describe("the plugin's settings inside synergy", () => {
  it(
    "offers no tool that changes the platform while read-only, and refuses a tool of a set left out",
    async () => {
      model.script([
        [
          { name: "plugin__inspire__status", args: { workspace: "分布式训练空间" } },
          { name: "plugin__inspire__availability", args: {} },
        ],
      ])
      const sent = await synergy(
        home,
        ["send", "--attach", server.url, "--model", "mock/m1", "--format", "json", "Where are GPUs free?"],
        TURN_MS,
      )
      expect(sent.code, `${sent.stdout}\n${sent.stderr}`).toBe(0)
      expect(model.offered).toContain("plugin__inspire__status")
      expect(model.offered).toContain("plugin__inspire__availability")
      for (const hidden of ["submit", "stop", "login", "config", "logs", "image_push", "notebook"])
        expect(model.offered).not.toContain(`plugin__inspire__${hidden}`)
      const [status, availability] = model.toolResults
      expect(status).toContain("分布式训练空间")
      expect(availability).toContain(
        'plugin__inspire__availability is in the toolset "capacity", which the plugin\'s settings leave out (toolsets: core).',
      )
    },
    TURN_MS + 60_000,
  )
})
