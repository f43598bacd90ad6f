import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  createInspireClient,
  defineOperation,
  findOperation,
  type InspireClient,
  type Operation,
  plain,
} from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { skillDocuments } from "../src/resources.js"
import { makeServer } from "../src/server.js"
import { homeFor, logIn, textOf } from "./harness.js"

// An operation with a bug: its run throws instead of returning an Effect.
const explodes = defineOperation({
  name: "explode",
  title: "Throws",
  description: "An operation whose implementation throws, standing in for any defect.",
  input: z.object({}),
  output: () => z.object({}),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  effects: { writes: false },
  run: () => {
    throw new Error("boom")
  },
  render: () => plain(""),
})

const statusOperation: Operation = (() => {
  const found = findOperation("status")
  if (found === undefined) throw new Error("the catalogue has no status")
  return found
})()

// A real operation whose declared output schema does not fit what it returns.
const misdeclared: Operation = {
  ...statusOperation,
  name: "status_misdeclared",
  output: z.object({ nothing: z.string() }),
}

let emu: RunningEmulator
let inspire: InspireClient
let client: Client

const callTool = async (name: string, args: Record<string, unknown> = {}) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  const env = homeFor(emu.url)
  await logIn(env, emu.demo.username, emu.demo.password)
  inspire = createInspireClient({ env })
  const server = makeServer({
    client: inspire,
    version: "test",
    operations: [statusOperation, explodes, misdeclared],
  })
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  client = new Client({ name: "in-process", version: "1" })
  await client.connect(clientSide)
})

afterAll(async () => {
  await client?.close()
  await inspire?.close()
  await emu?.close()
})

describe("the tool adapter", () => {
  it("turns a defect into an error result and keeps serving", async () => {
    const r = await callTool("inspire_explode")
    expect(r.isError).toBe(true)
    expect(textOf(r)).toContain("error (Unexpected): inspire_explode failed unexpectedly: Error: boom")
    expect(textOf(r)).toContain("hint: This is a bug in inspire-mcp")
    const after = await callTool("inspire_status")
    expect(after.isError).toBeUndefined()
    expect(after.structuredContent).toMatchObject({ user: { loginName: emu.demo.username } })
  })

  it("reports a result that breaks its schema as done, so that the call is not repeated", async () => {
    const r = await callTool("inspire_status_misdeclared")
    expect(r.isError).toBe(true)
    expect(r.structuredContent).toBeUndefined()
    expect(textOf(r)).toContain("inspire_status_misdeclared completed, but its result does not match")
    expect(textOf(r)).toContain("Do not repeat the call")
    expect(textOf(r)).toContain(emu.demo.username)
  })

  it("answers an unknown tool with a protocol error", async () => {
    await expect(callTool("inspire_nothing")).rejects.toThrow(/^MCP error -32602: Unknown tool inspire_nothing/)
  })
})

describe("the skill resources", () => {
  it("offer SKILL.md first, then the references, and nothing when the folder is missing", () => {
    const root = mkdtempSync(join(tmpdir(), "inspire-skill-"))
    mkdirSync(join(root, "references"))
    writeFileSync(join(root, "references", "a.md"), "# Alpha\n")
    writeFileSync(join(root, "references", "notes.txt"), "not markdown")
    writeFileSync(join(root, "SKILL.md"), "---\nname: x\ndescription: Use when testing.\n---\n\n# The skill\n")
    const docs = skillDocuments(root)
    expect(docs.map((d) => d.resource)).toEqual([
      {
        uri: "inspire://skills/sii-inspire/SKILL.md",
        name: "SKILL.md",
        title: "The skill",
        description: "Use when testing.",
        mimeType: "text/markdown",
      },
      {
        uri: "inspire://skills/sii-inspire/references/a.md",
        name: "references/a.md",
        title: "Alpha",
        mimeType: "text/markdown",
      },
    ])
    expect(skillDocuments(join(root, "missing"))).toEqual([])
  })
})
