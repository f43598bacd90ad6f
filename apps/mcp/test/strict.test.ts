// Strict inputs through the built server over stdio, with the real SDK client, for every operation of
// the catalogue: tools and fields are read from OPERATIONS and the input schemas, never listed here.
import { inputJsonSchema, type JsonSchema, OPERATIONS, type Operation, renderDeep } from "@holos-inspire/core"
import { withNotifyField } from "@holos-inspire/core/internal"
import { CallToolResultSchema, ErrorCode, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { withoutSafeBounds } from "../src/tools.js"
import { type Connection, call, connectStdio, homeFor, textOf } from "./harness.js"

// No emulator: every call here must be refused before any request; one that was not would meet a
// closed port and fail as unreachable, which the assertions tell apart.
let server: Connection
let tools: ReadonlyArray<Tool> = []

beforeAll(async () => {
  server = await connectStdio(homeFor("http://127.0.0.1:9"))
  tools = (await server.client.listTools()).tools
}, 30_000)

afterAll(async () => {
  await server?.close()
})

const each = OPERATIONS.map((op) => [`inspire_${op.name}`, op] as const)

const STRANGER = "zz_not_a_field_zz"

const fieldsOf = (op: Operation): ReadonlyArray<string> => Object.keys(inputJsonSchema(op).properties ?? {})

/** The near miss an agent writes for a field: camelCase for snake_case, else capitalised. */
const nearMiss = (field: string): string =>
  field.includes("_")
    ? field.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())
    : field.charAt(0).toUpperCase() + field.slice(1)

/** Every object node of a JSON Schema (with properties), nested ones included. */
const objectNodes = (schema: JsonSchema): ReadonlyArray<JsonSchema> => [
  ...(schema.properties !== undefined ? [schema] : []),
  ...[
    ...Object.values(schema.properties ?? {}),
    ...(schema.items !== undefined ? [schema.items] : []),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(typeof schema.additionalProperties === "object" ? [schema.additionalProperties] : []),
  ].flatMap(objectNodes),
]

describe("inspire-mcp takes every tool's input strictly", () => {
  it("publishes each catalogue input schema as is, with additionalProperties: false on every object", () => {
    expect(tools.map((t) => t.name)).toEqual(each.map(([name]) => name))
    for (const [name, op] of each) {
      const tool = tools.find((t) => t.name === name)
      // As the catalogue declares it, its descriptions worded for MCP clients, without zod's safe-integer bounds;
      // the tools that take notify (core's notify/agent-call.ts) have that field too.
      const declared = withoutSafeBounds(renderDeep(inputJsonSchema(op), "mcp")) as Record<string, unknown>
      expect(tool?.inputSchema, name).toEqual(withNotifyField(op, declared))
      const nodes = objectNodes(tool?.inputSchema as JsonSchema)
      expect(nodes.length, name).toBeGreaterThan(0)
      for (const node of nodes) expect(node.additionalProperties, name).toBe(false)
    }
  })

  it.each(each)("%s refuses an unknown key, naming it, before any request", async (name, op) => {
    const r = await call(server.client, name, { [STRANGER]: true })
    expect(r.isError).toBe(true)
    expect(textOf(r)).toMatch(/^error \(InvalidInput\): /)
    expect(textOf(r)).toContain(`unknown field "${STRANGER}"`)
    expect(textOf(r)).toContain(`hint: inspire_${op.name} takes only the fields`)
  })

  it.each(each)("%s names the field a near miss meant (camelCase of snake_case, other case)", async (name, op) => {
    for (const field of fieldsOf(op)) {
      const typo = nearMiss(field)
      const text = textOf(await call(server.client, name, { [typo]: true }))
      expect(text, `${name} ${typo}`).toContain(`unknown field "${typo}" (did you mean "${field}"?)`)
      expect(text, `${name} ${typo}`).toContain(`\nfix: ${field}`)
    }
  })

  it.each(each)("%s answers arguments that are not an object with invalid params", async (name) => {
    for (const args of [null, [], [{ job_id: "x" }], "job-1", 42, true]) {
      const error = await server.client
        .request({ method: "tools/call", params: { name, arguments: args as never } }, CallToolResultSchema)
        .then(() => undefined)
        .catch((e: unknown) => e)
      expect(error, `${name} ${JSON.stringify(args)}`).toBeInstanceOf(McpError)
      expect((error as McpError).code, `${name} ${JSON.stringify(args)}`).toBe(ErrorCode.InvalidParams)
      expect((error as McpError).message).toContain("arguments")
    }
  })

  it("refuses base64 content that is not base64, naming the field, before any request", async () => {
    for (const content of ["A", "Zm9vYg", "Zm9=", "Zm9v-_8="]) {
      const args = { action: "write", notebook: "nb-1", path: "x.bin", content, encoding: "base64" }
      const text = textOf(await call(server.client, "inspire_notebook_files", args))
      expect(text, content).toMatch(/^error \(InvalidInput\): /)
      expect(text, content).toContain("content: not base64 (only A–Z, a–z, 0–9, + and /")
      expect(text, content).toContain('or pass encoding="text"')
    }
  })

  it("keeps serving after all of that, and logged no defect", async () => {
    expect((await server.client.listTools()).tools.length).toBe(OPERATIONS.length)
    expect(server.stderr()).not.toMatch(/uncaught|unhandled|failed unexpectedly/i)
  })
})
