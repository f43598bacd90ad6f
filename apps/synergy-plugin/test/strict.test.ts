// Strict inputs in the plugin, for every tool: the runtime is built from the current sources into a
// temporary folder (the committed dist/ is left alone) and its handlers are called as the host calls
// them, raw JSON in. Tools and fields come from OPERATIONS and the published schemas.
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { inputJsonSchema, type JsonSchema, OPERATIONS, renderDeep } from "@holos-inspire/core"
import { withNotifyField } from "@holos-inspire/core/internal"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PluginDefinition, ToolContribution, ToolResult } from "../src/sdk.js"

const BUILD = fileURLToPath(new URL("../scripts/build.mjs", import.meta.url))

let out: string
let plugin: PluginDefinition
let manifest: { contributions: ReadonlyArray<{ kind: string; id: string; input?: JsonSchema }> }
const saved = { ...process.env }

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "inspire-plugin-strict-"))
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [BUILD, "--out", out], (error, _stdout, stderr) =>
      error === null ? resolve() : reject(new Error(`build failed: ${stderr}`)),
    ),
  )
  // A store of its own and a closed port: a call that got past validation would fail as unreachable.
  process.env.INSPIRE_HOME = join(out, "home")
  process.env.SYNERGY_HOME = join(out, "synergy")
  process.env.INSPIRE_BASE_URL = "http://127.0.0.1:9"
  delete process.env.INSPIRE_PROFILE
  plugin = ((await import(pathToFileURL(join(out, "runtime", "index.js")).href)) as { default: PluginDefinition })
    .default
  manifest = JSON.parse(readFileSync(join(out, "plugin.json"), "utf8"))
}, 60_000)

afterAll(() => {
  process.env = saved
  if (out !== undefined) rmSync(out, { recursive: true, force: true })
})

const toolOf = (id: string): ToolContribution => {
  const found = plugin.contributions.find((c): c is ToolContribution => c.kind === "tool" && c.id === id)
  if (found === undefined) throw new Error(`no tool ${id}`)
  return found
}

const call = (id: string, raw: unknown): Promise<ToolResult> =>
  toolOf(id).handler(raw, { requestId: "strict", actor: { type: "agent" } })

const errorOf = (r: ToolResult) => (r.metadata as { ok: boolean; error?: { reason: string; fix?: string } }).error

const STRANGER = "zz_not_a_field_zz"

/** The near miss an agent writes for a field: camelCase for snake_case, else capitalised. */
const nearMiss = (field: string): string =>
  field.includes("_")
    ? field.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
    : field.charAt(0).toUpperCase() + field.slice(1)

const objectNodes = (schema: JsonSchema): ReadonlyArray<JsonSchema> => [
  ...(schema.properties !== undefined ? [schema] : []),
  ...[
    ...Object.values(schema.properties ?? {}),
    ...(schema.items !== undefined ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
  ].flatMap(objectNodes),
]

// Every tool the plugin declares: the catalogue's, and poll.
const ids = () => plugin.contributions.filter((c) => c.kind === "tool").map((c) => c.id)
// The operation's own fields: notify and recover are the tool's, taken out before the operation's check.
const fieldsOf = (id: string): ReadonlyArray<string> =>
  Object.keys(toolOf(id).input.properties ?? {}).filter((f) => f !== "notify" && f !== "recover")

describe("the plugin takes every tool's input strictly", () => {
  it("declares additionalProperties: false on every object, in the manifest and the runtime", () => {
    expect(ids()).toEqual([...OPERATIONS.map((op) => op.name), "poll"])
    for (const op of OPERATIONS)
      expect(toolOf(op.name).input, op.name).toEqual(withNotifyField(op, renderDeep(inputJsonSchema(op), "mcp")))
    const tools = manifest.contributions.filter((c) => c.kind === "tool")
    expect(tools.map((t) => t.id)).toEqual(ids())
    for (const t of tools)
      for (const node of objectNodes(t.input ?? {})) expect(node.additionalProperties, t.id).toBe(false)
  })

  it("refuses an unknown key on every tool, naming it with the tool's Synergy name in the hint", async () => {
    for (const id of ids()) {
      const r = await call(id, { [STRANGER]: 1 })
      expect(errorOf(r)?.reason, id).toBe("InvalidInput")
      expect(r.title, id).toContain("invalid input")
      expect(r.output, id).toContain(`unknown field "${STRANGER}"`)
      expect(r.output, id).toContain(`plugin__inspire__${id} takes only the fields`)
    }
  })

  it("names the field a near miss meant, on every field of every tool", async () => {
    for (const id of ids())
      for (const field of fieldsOf(id)) {
        const typo = nearMiss(field)
        const r = await call(id, { [typo]: true })
        expect(r.output, `${id} ${typo}`).toContain(`unknown field "${typo}" (did you mean "${field}"?)`)
        expect(r.output, `${id} ${typo}`).toContain(`Suggested fix: ${field}`)
        expect(errorOf(r)?.fix, `${id} ${typo}`).toBe(field)
      }
  })

  it("refuses input that is not an object on every tool", async () => {
    for (const id of ids())
      for (const raw of [null, [], "job-1", 42]) {
        const r = await call(id, raw)
        expect(errorOf(r)?.reason, `${id} ${JSON.stringify(raw)}`).toBe("InvalidInput")
        expect(r.output).toContain("must be an object of named fields")
      }
  })

  it("refuses an unknown key beside valid fields: a wait it cuts to the budget, a poll", async () => {
    const r = await call("wait", { job_id: "job-x", timeout_seconds: 3600, pollSeconds: 1 })
    expect(errorOf(r)?.reason).toBe("InvalidInput")
    expect(r.output).toContain('unknown field "pollSeconds" (did you mean "poll_seconds"?)')
    const poll = await call("poll", { handle: "run-000000000000", waitSeconds: 1 })
    expect(errorOf(poll)?.reason).toBe("InvalidInput")
    expect(poll.output).toContain('unknown field "waitSeconds" (did you mean "wait_seconds"?)')
  })
})
