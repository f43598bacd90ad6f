import { readFileSync, writeFileSync } from "node:fs"
import { DEFAULT_TOOLSETS, OPERATIONS, TOOLSET_NAMES, TOOLSETS, type ToolsetName, toolsetOf } from "@holos-inspire/core"
import type { Tool } from "@modelcontextprotocol/sdk/types.js"
import { countTokens } from "gpt-tokenizer"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Connection, connectStdio, homeFor } from "./harness.js"

// Most MCP hosts put every listed tool definition into the model's context on every turn: the whole
// catalogue must stay within this budget, and no tool may take a large share of it. Bytes are those of
// the compact JSON the host receives; tokens are counted with the o200k_base encoding (gpt-tokenizer).
const BUDGET = { bytes: 48 * 1024, tokens: 12_000 }
const TOOL_BUDGET = { bytes: 4 * 1024, tokens: 1_000 }

const README = new URL("../README.md", import.meta.url)
const BEGIN = "<!-- toolsets:begin (checked by test/budget.test.ts) -->"
const END = "<!-- toolsets:end -->"

interface Size {
  readonly bytes: number
  readonly tokens: number
}

const sizeOf = (value: unknown): Size => {
  const json = JSON.stringify(value)
  return { bytes: Buffer.byteLength(json), tokens: countTokens(json) }
}

let server: Connection
let tools: ReadonlyArray<Tool>

beforeAll(async () => {
  // tools/list needs no platform: the address is never asked.
  server = await connectStdio(homeFor("http://127.0.0.1:9"), ["--toolsets", "all"])
  tools = (await server.client.listTools()).tools
}, 30_000)

afterAll(async () => {
  await server?.close()
})

/** What listing `names` costs: tools/list's result with only those tools. */
const listing = (names: ReadonlyArray<string>): Size =>
  sizeOf({ tools: tools.filter((t) => names.includes(t.name.replace(/^inspire_/, ""))) })

/** The operations of a toolset, in the catalogue's order. */
const inSet = (set: ToolsetName): ReadonlyArray<string> =>
  OPERATIONS.filter((op) => toolsetOf(op) === set).map((op) => op.name)

/** The README's table of the toolsets, from the listing the server gives. */
const table = (): string => {
  const row = (set: string, names: ReadonlyArray<string>, note = ""): string => {
    const size = listing(names)
    return `| \`${set}\`${note} | ${names.map((n) => `inspire_${n}`).join(", ")} | ${size.bytes} | ${size.tokens} |`
  }
  const all = OPERATIONS.map((op) => op.name)
  const defaults = DEFAULT_TOOLSETS.flatMap(inSet)
  return [
    "| toolset | tools | bytes | tokens |",
    "| --- | --- | ---: | ---: |",
    ...TOOLSET_NAMES.map((set) => row(set, inSet(set), DEFAULT_TOOLSETS.includes(set) ? " (default)" : "")),
    `| default: \`${DEFAULT_TOOLSETS.join(",")}\` | ${defaults.length} tools | ${listing(defaults).bytes} | ${listing(defaults).tokens} |`,
    `| \`all\` | ${all.length} tools | ${listing(all).bytes} | ${listing(all).tokens} |`,
  ].join("\n")
}

describe("the context budget of tools/list", () => {
  it("places every operation of the catalogue in one toolset, by name", () => {
    const placed = TOOLSET_NAMES.flatMap((set) => TOOLSETS[set] as ReadonlyArray<string>)
    // Named once each, and only operations of the catalogue; one no set names is listed in core.
    expect([...placed].sort()).toEqual([...new Set(placed)].sort())
    expect(placed.filter((name) => !OPERATIONS.some((op) => op.name === name))).toEqual([])
  })

  it(`keeps the whole catalogue within ${BUDGET.bytes} bytes and ${BUDGET.tokens} tokens`, () => {
    expect(tools).toHaveLength(OPERATIONS.length)
    const total = sizeOf({ tools })
    // Printed for the record: the figures the README's table states.
    process.stdout.write(`tools/list: ${total.bytes} bytes, ${total.tokens} tokens for ${tools.length} tools\n`)
    expect(total.bytes).toBeLessThanOrEqual(BUDGET.bytes)
    expect(total.tokens).toBeLessThanOrEqual(BUDGET.tokens)
  })

  it(`keeps every tool within ${TOOL_BUDGET.bytes} bytes and ${TOOL_BUDGET.tokens} tokens`, () => {
    const over = tools
      .map((t) => ({ name: t.name, ...sizeOf(t) }))
      .filter((t) => t.bytes > TOOL_BUDGET.bytes || t.tokens > TOOL_BUDGET.tokens)
    expect(over).toEqual([])
  })

  // A Markdown table's cells, whatever the padding a formatter gives its columns.
  const cells = (table: string): ReadonlyArray<ReadonlyArray<string>> =>
    table.split("\n").map((row) =>
      row
        .split("|")
        .map((cell) => cell.trim().replace(/^(:?)-+(:?)$/, "$1---$2"))
        .slice(1, -1),
    )

  it("states each toolset's cost in the README, as the server lists it", () => {
    const readme = readFileSync(README, "utf8")
    const start = readme.indexOf(BEGIN)
    const end = readme.indexOf(END)
    expect(start, `apps/mcp/README.md needs the markers ${BEGIN} … ${END}`).toBeGreaterThan(-1)
    const stated = readme.slice(start + BEGIN.length, end).trim()
    // UPDATE_README=1 writes the table the server's listing gives (after a change of the catalogue).
    if (process.env.UPDATE_README === "1")
      writeFileSync(README, `${readme.slice(0, start + BEGIN.length)}\n${table()}\n${readme.slice(end)}`)
    else expect(cells(stated), "update the table in apps/mcp/README.md to this").toEqual(cells(table()))
  })
})
