import { spawn } from "node:child_process"
import { DEFAULT_TOOLSETS, OPERATIONS, TOOLSETS } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, type Connection, connectStdio, homeFor, logIn } from "./harness.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
const open: Connection[] = []

/** A server started with `args` and the environment's `extra` settings, without the suites' INSPIRE_MCP_TOOLSETS=all. */
const serve = async (args: ReadonlyArray<string>, extra: NodeJS.ProcessEnv = {}): Promise<Connection> => {
  const { INSPIRE_MCP_TOOLSETS: _all, ...rest } = env
  const connection = await connectStdio({ ...rest, ...extra }, args)
  open.push(connection)
  return connection
}

const names = async (connection: Connection): Promise<ReadonlyArray<string>> =>
  (await connection.client.listTools()).tools.map((t) => t.name)

// Read from the sets' own lists: an operation of the catalogue that no set names is in core (budget.test.ts).
const toolsOf = (sets: ReadonlyArray<keyof typeof TOOLSETS>, readOnly = false): ReadonlyArray<string> => {
  const chosen = new Set<string>(sets.flatMap((s) => TOOLSETS[s]))
  return OPERATIONS.filter((op) => chosen.has(op.name) && (!readOnly || op.annotations.readOnly)).map(
    (op) => `inspire_${op.name}`,
  )
}

/** Runs the binary until it exits. */
const run = (args: ReadonlyArray<string>, extra: NodeJS.ProcessEnv = {}): Promise<{ code: number; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, ...extra } })
    let stderr = ""
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code: code ?? -1, stderr }))
    child.stdin.end()
  })

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  await logIn(env, emu.demo.username, emu.demo.password)
}, 30_000)

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()))
  await emu?.close()
})

describe("toolsets", () => {
  it("lists the default sets without --toolsets, and refuses a tool of another set, naming the flag", async () => {
    const server = await serve([])
    expect(await names(server)).toEqual(toolsOf(DEFAULT_TOOLSETS))
    const refused = server.client.callTool({ name: "inspire_notebook", arguments: { action: "list" } })
    await expect(refused).rejects.toThrow(
      /inspire_notebook is in the toolset "notebooks", which this server does not list .*--toolsets core,submit,notebooks/,
    )
  })

  it("lists the sets --toolsets or INSPIRE_MCP_TOOLSETS names, and every tool with all", async () => {
    expect(await names(await serve(["--toolsets", "notebooks,capacity"]))).toEqual(toolsOf(["notebooks", "capacity"]))
    expect(await names(await serve([], { INSPIRE_MCP_TOOLSETS: "serving" }))).toEqual(toolsOf(["serving"]))
    expect(await names(await serve(["--toolsets", "all"]))).toEqual(OPERATIONS.map((op) => `inspire_${op.name}`))
  })

  it("refuses an unknown set name with exit code 2, listing the sets", async () => {
    for (const [args, extra, source] of [
      [["--toolsets", "core,gpu"], {}, "--toolsets"],
      [[], { INSPIRE_MCP_TOOLSETS: "gpu" }, "INSPIRE_MCP_TOOLSETS"],
    ] as const) {
      const r = await run(args, extra)
      expect(r.code).toBe(2)
      expect(r.stderr).toContain(
        `error: ${source} names an unknown toolset "gpu"; the toolsets are core, submit, notebooks, serving, images, capacity, or all.`,
      )
    }
  })
})

describe("read-only mode", () => {
  it("lists and runs only the tools that change nothing; a call of another is refused", async () => {
    const all = Object.keys(TOOLSETS) as Array<keyof typeof TOOLSETS>
    for (const [server, sets] of [
      [await serve(["--read-only", "--toolsets", "all"]), all],
      [await serve([], { INSPIRE_MCP_READ_ONLY: "1" }), DEFAULT_TOOLSETS],
    ] as const) {
      expect(await names(server)).toEqual(toolsOf(sets, true))
      const status = await server.client.callTool({ name: "inspire_status", arguments: {} })
      expect(status.isError).toBeFalsy()
      const submit = server.client.callTool({ name: "inspire_submit", arguments: { name: "x", command: "true" } })
      await expect(submit).rejects.toThrow(/inspire_submit changes the platform, and this server runs read-only/)
    }
  })
})

describe("output schemas", () => {
  it("are resources by default, and results still carry structuredContent", async () => {
    const server = await serve([])
    const { tools } = await server.client.listTools()
    expect(tools.filter((t) => t.outputSchema !== undefined)).toEqual([])
    const { resources } = await server.client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining(tools.map((t) => `inspire://schemas/${t.name}.json`)),
    )
    const read = await server.client.readResource({ uri: "inspire://schemas/inspire_status.json" })
    const content = read.contents[0]
    expect(content?.mimeType).toBe("application/schema+json")
    const schema = JSON.parse(content !== undefined && "text" in content ? content.text : "") as {
      type: string
      properties: object
    }
    expect(schema.type).toBe("object")
    expect(Object.keys(schema.properties)).toContain("workspaces")
    const status = await server.client.callTool({ name: "inspire_status", arguments: {} })
    expect(status.structuredContent).toHaveProperty("workspaces")
  })

  it("are in tools/list with --output-schemas or INSPIRE_MCP_OUTPUT_SCHEMAS=1, and the SDK client checks results against them", async () => {
    for (const server of [await serve(["--output-schemas"]), await serve([], { INSPIRE_MCP_OUTPUT_SCHEMAS: "1" })]) {
      const { tools } = await server.client.listTools()
      expect(tools.every((t) => t.outputSchema?.type === "object")).toBe(true)
      const status = await server.client.callTool({ name: "inspire_status", arguments: {} })
      expect(status.isError).toBeFalsy()
      expect(status.structuredContent).toHaveProperty("workspaces")
    }
  })
})
