import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { createInspireClient } from "@holos-inspire/core"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"

/** The built server under test (INSPIRE_MCP_TEST_BIN: another build, e.g. to see a test fail without a change). */
export const BIN =
  process.env.INSPIRE_MCP_TEST_BIN ?? fileURLToPath(new URL("../dist/inspire-mcp.mjs", import.meta.url))

/** Everything the servers printed and every result the clients received, for the secret scan. */
export const transcript: string[] = []

/** A fresh INSPIRE_HOME whose default profile talks to the emulator. */
export const homeFor = (url: string): NodeJS.ProcessEnv => {
  const home = mkdtempSync(join(tmpdir(), "inspire-mcp-"))
  return {
    PATH: process.env.PATH,
    INSPIRE_HOME: home,
    SYNERGY_HOME: join(home, "synergy"),
    INSPIRE_BASE_URL: url,
    INSPIRE_RATE_LIMIT: "1000",
    NO_COLOR: "1",
    // A message missing from the catalogue, or a value it needs, is an error rather than its id.
    INSPIRE_MESSAGES_STRICT: "1",
    // The suites use every tool; the default toolsets are tested in toolsets.test.ts.
    INSPIRE_MCP_TOOLSETS: "all",
  }
}

/** Logs in the way a terminal `inspire login` does: through core, into the shared store. */
export const logIn = async (env: NodeJS.ProcessEnv, username: string, password: string): Promise<void> => {
  const client = createInspireClient({ env })
  try {
    await client.login({ username, password })
  } finally {
    await client.close()
  }
}

/** A connected SDK client and the server's stderr so far. */
export interface Connection {
  readonly client: Client
  readonly stderr: () => string
  readonly close: () => Promise<void>
}

const newClient = () => new Client({ name: "inspire-mcp-test", version: "1.0.0" })

/** Spawns the built server over stdio and connects the real SDK client to it. */
export const connectStdio = async (env: NodeJS.ProcessEnv, args: ReadonlyArray<string> = []): Promise<Connection> => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: env as Record<string, string>,
    stderr: "pipe",
  })
  let stderr = ""
  transport.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString("utf8")
  })
  const client = newClient()
  await client.connect(transport)
  return {
    client,
    stderr: () => stderr,
    close: async () => {
      await client.close()
      transcript.push(stderr)
    },
  }
}

/** A server started with `--http`. */
export interface HttpServer {
  readonly url: string
  readonly port: number
  readonly child: ChildProcess
  readonly stderr: () => string
  readonly close: () => Promise<void>
}

/** Starts the built server with `--http --port 0` and waits for the address it prints. */
export const startHttp = (env: NodeJS.ProcessEnv, args: ReadonlyArray<string> = []): Promise<HttpServer> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, "--http", "--port", "0", ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
    })
    const closed = new Promise<void>((done) => child.on("close", () => done()))
    const close = async () => {
      child.kill("SIGTERM")
      await closed
      transcript.push(stdout, stderr)
    }
    const timer = setTimeout(() => reject(new Error(`no address printed: ${stderr}`)), 15_000)
    child.on("error", reject)
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
      const found = /on (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/.exec(stderr)
      // The token line follows the address; both are complete once a newline ends it.
      if (found?.[1] === undefined || found[2] === undefined || !/bearer token: .*\n/.test(stderr)) return
      clearTimeout(timer)
      resolve({ url: found[1], port: Number(found[2]), child, stderr: () => stderr, close })
    })
  })

/** Connects the real SDK client over Streamable HTTP with a bearer token. */
export const connectHttp = async (url: string, token: string): Promise<Client> => {
  const client = newClient()
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  )
  return client
}

/** Calls a tool, keeping what came back for the secret scan. */
export const call = async (
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
  options: Parameters<Client["callTool"]>[2] = {},
): Promise<CallToolResult> => {
  const result = (await client.callTool({ name, arguments: args }, undefined, options)) as CallToolResult
  transcript.push(JSON.stringify(result))
  return result
}

/** The text of a result's first content block. */
export const textOf = (result: CallToolResult): string => {
  const first = result.content[0]
  return first?.type === "text" ? first.text : ""
}

/** The structured result of a successful call; fails the test with the text otherwise. */
export const structured = <T = Record<string, unknown>>(result: CallToolResult): T => {
  if (result.isError === true || result.structuredContent === undefined)
    throw new Error(`expected a result, got: ${textOf(result)}`)
  return result.structuredContent as T
}
