import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Connection, call, connectStdio, homeFor, logIn, textOf } from "./harness.js"

// MCP clients are told calls, fields and confirmation in MCP's terms (`spec=<ID>`, `confirm=true`,
// `inspire_login(target="harbor", …)`), and never a raw reference or a CLI flag.
const TOKEN = /[\uE000-\uE004]/
const CLI_FLAG = /\s--(spec|yes|dry-run|registry)\b/

let emu: RunningEmulator
let server: Connection

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  const env = homeFor(emu.url)
  await logIn(env, emu.demo.username, emu.demo.password)
  server = await connectStdio(env)
}, 60_000)
afterAll(async () => {
  await server?.close()
  await emu?.close()
})

describe("the MCP server's words", () => {
  it("lists tools whose descriptions and schemas word calls as MCP calls, with no raw reference", async () => {
    const { tools } = await server.client.listTools()
    const all = JSON.stringify(tools)
    expect(all).not.toMatch(TOKEN)
    const stop = tools.find((t) => t.name === "inspire_stop")
    expect(stop?.description).toContain("confirm=true")
    expect(JSON.stringify(tools.find((t) => t.name === "inspire_inference")?.inputSchema)).toContain(
      'inspire_models(action=\\"list\\")',
    )
  })

  it.each([
    {
      what: "a spec that must be chosen",
      tool: "inspire_submit",
      args: {
        name: "w",
        command: "echo",
        compute_group: "H100",
        workspace: "分布式训练空间",
        project: "具身智能基础模型",
        dry_run: true,
      },
      says: "Pass spec=<ID>",
    },
    {
      what: "a stop of many without confirm",
      tool: "inspire_stop",
      args: { status: "all", name: "*" },
      says: "confirm=true",
    },
    {
      what: "a Harbor command without a Harbor login",
      tool: "inspire_images",
      args: { source: "harbor", workspace: "分布式训练空间" },
      says: 'inspire_login(target="harbor", registry="qb"',
    },
    {
      what: "a notebook that does not exist",
      tool: "inspire_notebook",
      args: { action: "detail", notebook_id: "00000000-0000-0000-0000-000000000000" },
      says: 'inspire_notebook(action="list")',
    },
  ])(
    "words $what in MCP's terms",
    async ({ tool, args, says }) => {
      const text = textOf(await call(server.client, tool, args))
      expect(text).toContain(says)
      expect(text).not.toMatch(TOKEN)
      expect(text).not.toMatch(CLI_FLAG)
    },
    40_000,
  )
})
