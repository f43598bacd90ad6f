// The plugin's settings (pluginConfig.inspire: toolsets, readOnly) as the built runtime applies them,
// with the settings a host hands a handler: the MCP server's --toolsets and --read-only, in Synergy.
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { OPERATIONS, TOOLSET_NAMES } from "@holos-inspire/core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PluginDefinition, SettingsContribution, ToolContribution } from "../src/sdk.js"

const RUNTIME = fileURLToPath(new URL("../dist/runtime/index.js", import.meta.url))

let plugin: PluginDefinition
let root: string
const saved = { ...process.env }

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "inspire-plugin-settings-"))
  // Nobody is logged in: a call the settings let through ends at "not logged in", asking nothing.
  process.env.INSPIRE_HOME = join(root, "inspire")
  process.env.SYNERGY_HOME = join(root, "synergy")
  process.env.INSPIRE_BASE_URL = "http://127.0.0.1:9"
  delete process.env.INSPIRE_PROFILE
  plugin = ((await import(RUNTIME)) as { default: PluginDefinition }).default
})

afterAll(() => {
  process.env = saved
  rmSync(root, { recursive: true, force: true })
})

const toolOf = (id: string): ToolContribution => {
  const found = plugin.contributions.find((c): c is ToolContribution => c.kind === "tool" && c.id === id)
  if (found === undefined) throw new Error(`no tool ${id}`)
  return found
}

/** A call as the host makes it, with these settings (the host adds the settings' defaults). */
const call = async (id: string, values: Readonly<Record<string, unknown>>) =>
  (await toolOf(id).handler({}, { requestId: "test", settings: { get: async () => values } })).output

describe("the plugin's settings", () => {
  it("declares toolsets and readOnly, and hides the tools that change the platform while readOnly is set", () => {
    const form = plugin.contributions.find((c): c is SettingsContribution => c.kind === "ui.settings")
    expect(form?.formSchema).toMatchObject({
      properties: { toolsets: { default: ["all"] }, readOnly: { type: "boolean", default: false } },
    })
    expect(plugin.capabilities.map((c) => c.id)).toContain("settings.read")
    for (const op of OPERATIONS) {
      expect(toolOf(op.name).requires).toEqual(["settings.read"])
      expect(toolOf(op.name).enabledWhen).toEqual(
        op.annotations.readOnly ? undefined : { setting: "readOnly", equals: false },
      )
    }
  })

  it("runs only the tools of the chosen toolsets, and only those that change nothing when read-only", async () => {
    expect(await call("availability", { toolsets: ["core", "submit"], readOnly: false })).toBe(
      'plugin__inspire__availability is in the toolset "capacity", which the plugin\'s settings leave out (toolsets: core, submit). Add "capacity" to toolsets in pluginConfig.inspire in $SYNERGY_HOME/.synergy/config/synergy.d/50-plugins.jsonc (or set ["all"]) to use it.',
    )
    expect(await call("submit", { toolsets: ["all"], readOnly: true })).toMatch(
      /^plugin__inspire__submit changes the platform, and the plugin runs read-only \(readOnly: true in pluginConfig\.inspire/,
    )
    // Let through: the call goes on to the store, where nobody is logged in.
    for (const values of [{ toolsets: ["core"], readOnly: true }, { toolsets: "core, capacity" }, {}])
      expect(await call("status", values)).toMatch(/^Problem: .*\n/)
    expect(await call("availability", { toolsets: "core, capacity" })).toMatch(/^Problem: .*\n/)
  })

  it("refuses an unknown toolset or a readOnly that is not a boolean, naming the known sets", async () => {
    expect(await call("status", { toolsets: ["core", "gpus"] })).toBe(
      `The setting toolsets (pluginConfig.inspire in $SYNERGY_HOME/.synergy/config/synergy.d/50-plugins.jsonc) names an unknown toolset "gpus"; the toolsets are ${TOOLSET_NAMES.join(", ")}, or all. Correct it and call again.`,
    )
    expect(await call("status", { toolsets: [] })).toContain("names no toolset; the toolsets are core, submit")
    expect(await call("status", { readOnly: "yes" })).toContain("The setting readOnly (pluginConfig.inspire")
  })
})
