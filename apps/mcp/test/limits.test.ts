// The server's bounds: an over-long stdio line is answered and the server goes on; HTTP sessions are
// capped and close when idle. The built server, real stdio and real HTTP, the SDK client where it can
// see the outcome (an answer with id null is not something the SDK client hands back, so the stdio
// case reads the raw lines).
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import type { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, connectHttp, type HttpServer, homeFor, logIn, startHttp, textOf } from "./harness.js"

const TOKEN = "test-token-limits-5b8e1d2c9a7f3e4d"
const MiB = 1024 * 1024

/** A server over raw stdio: lines in, parsed lines out. */
class RawStdio {
  readonly child: ChildProcessWithoutNullStreams
  private stdout = ""
  stderr = ""
  private readonly waiting: Array<() => void> = []

  constructor(env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [BIN], { env, stdio: ["pipe", "pipe", "pipe"] })
    this.child.stdout.on("data", (d: Buffer) => {
      this.stdout += d.toString("utf8")
      for (const wake of this.waiting.splice(0)) wake()
    })
    this.child.stderr.on("data", (d: Buffer) => {
      this.stderr += d.toString("utf8")
    })
  }

  send(line: string): void {
    this.child.stdin.write(`${line}\n`)
  }

  /** The next message on stdout. */
  async next(): Promise<Record<string, unknown>> {
    for (;;) {
      const end = this.stdout.indexOf("\n")
      if (end >= 0) {
        const line = this.stdout.slice(0, end)
        this.stdout = this.stdout.slice(end + 1)
        return JSON.parse(line) as Record<string, unknown>
      }
      await new Promise<void>((wake) => this.waiting.push(wake))
    }
  }

  async end(): Promise<number | null> {
    const exited = new Promise<number | null>((done) => this.child.on("exit", (code) => done(code)))
    this.child.stdin.end()
    return exited
  }
}

const request = (id: number, method: string, params: Record<string, unknown> = {}): string =>
  JSON.stringify({ jsonrpc: "2.0", id, method, params })

describe("inspire-mcp over stdio", () => {
  it("answers a line over the 4 MiB limit with a JSON-RPC error, says so on stderr, and keeps serving", async () => {
    const server = new RawStdio(homeFor("http://127.0.0.1:9"))
    try {
      server.send(
        request(1, "initialize", {
          protocolVersion: "2025-06-18",
          capabilities: {},
          clientInfo: { name: "raw", version: "1" },
        }),
      )
      expect(await server.next()).toMatchObject({ id: 1, result: { serverInfo: { name: "inspire-mcp" } } })
      server.send(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))

      // A tools/call whose argument alone is 5 MiB, written in pieces as a client would.
      const huge = request(2, "tools/call", { name: "inspire_status", arguments: { workspace: "x".repeat(5 * MiB) } })
      for (let i = 0; i < huge.length; i += 256 * 1024) server.child.stdin.write(huge.slice(i, i + 256 * 1024))
      server.child.stdin.write("\n")
      const refused = await server.next()
      expect(refused).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32600 } })
      expect(String((refused.error as { message: string }).message)).toContain(`over ${4 * MiB} bytes`)
      expect(server.stderr).toContain("Message too large")

      // The next line is read as usual.
      server.send(request(3, "tools/list"))
      const listed = await server.next()
      expect(listed).toMatchObject({ id: 3 })
      expect((listed.result as { tools: unknown[] }).tools.length).toBeGreaterThan(10)

      // Not JSON, or not JSON-RPC: answered too, and still serving.
      server.send("{not json")
      expect(await server.next()).toMatchObject({ id: null, error: { code: -32700 } })
      server.send(JSON.stringify({ id: 4, hello: "world" }))
      expect(await server.next()).toMatchObject({ id: 4, error: { code: -32600 } })
      server.send(request(5, "ping"))
      expect(await server.next()).toMatchObject({ id: 5, result: {} })
    } finally {
      expect(await server.end()).toBe(0)
    }
  }, 30_000)

  it("takes INSPIRE_MCP_MAX_MESSAGE_BYTES as the limit", async () => {
    const server = new RawStdio({ ...homeFor("http://127.0.0.1:9"), INSPIRE_MCP_MAX_MESSAGE_BYTES: "100" })
    try {
      server.send(request(1, "ping", { pad: "y".repeat(200) }))
      expect(await server.next()).toMatchObject({ id: null, error: { code: -32600 } })
      server.send(request(2, "ping"))
      expect(await server.next()).toMatchObject({ id: 2, result: {} })
    } finally {
      await server.end()
    }
  }, 30_000)
})

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
const clients: Client[] = []
const servers: HttpServer[] = []

const connect = async (server: HttpServer): Promise<Client> => {
  const client = await connectHttp(server.url, TOKEN)
  clients.push(client)
  return client
}

const start = async (extra: Record<string, string>): Promise<HttpServer> => {
  const server = await startHttp({ ...env, ...extra })
  servers.push(server)
  return server
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = { ...homeFor(emu.url), INSPIRE_MCP_TOKEN: TOKEN }
  await logIn(env, emu.demo.username, emu.demo.password)
}, 30_000)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => undefined)))
  await Promise.all(servers.map((s) => s.close()))
  await emu?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe("inspire-mcp over Streamable HTTP", () => {
  it("refuses a session beyond INSPIRE_MCP_MAX_SESSIONS with 503 and a JSON-RPC error saying why", async () => {
    const server = await start({ INSPIRE_MCP_MAX_SESSIONS: "2" })
    const first = await connect(server)
    const second = await connect(server)
    const refused = await connectHttp(server.url, TOKEN).catch((e: unknown) => e)
    expect(refused).toMatchObject({ code: 503, message: expect.stringContaining("Too many sessions: 2 are open") })
    const raw = await fetch(server.url, {
      method: "POST",
      headers: {
        authorization: `Bearer ${TOKEN}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: request(7, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "raw", version: "1" },
      }),
    })
    expect(raw.status).toBe(503)
    const body = (await raw.json()) as { id: unknown; error: { code: number; message: string } }
    expect(body).toMatchObject({ jsonrpc: "2.0", id: 7, error: { code: -32000 } })
    expect(body.error.message).toContain("2 are open")
    expect(body.error.message).toContain("INSPIRE_MCP_MAX_SESSIONS")
    // The open sessions are served as before, and ending one makes room.
    expect((await second.listTools()).tools.length).toBeGreaterThan(10)
    await (first.transport as StreamableHTTPClientTransport).terminateSession()
    const third = await connect(server)
    expect((await third.listTools()).tools.length).toBeGreaterThan(10)
  }, 30_000)

  it("closes a session idle for INSPIRE_MCP_SESSION_IDLE_SECONDS, never one whose call is still running", async () => {
    // Longer than any pause between two requests of one session here, even on a busy machine where one
    // request can take seconds; nothing below depends on how long a request takes.
    const idleSeconds = 5
    const server = await start({ INSPIRE_MCP_SESSION_IDLE_SECONDS: String(idleSeconds) })
    // A call that takes twice the idle time, sent as soon as its session is open: the session stays
    // open while it runs, and after.
    emu.control.faults.set({ latencyMs: 2 * idleSeconds * 1000 })
    let idle: Client
    let busy: Client
    try {
      busy = await connect(server)
      const began = Date.now()
      const slow = busy.callTool(
        { name: "inspire_job_detail", arguments: { job_id: "job-00000000-0000-4000-8000-0000deadbeef" } },
        undefined,
        { timeout: 60_000 },
      )
      // Meanwhile another session makes one request, then none.
      idle = await connect(server)
      expect((await idle.listTools()).tools.length).toBeGreaterThan(10)
      expect(textOf((await slow) as never)).toMatch(/^error \(NotFound\)/)
      expect(Date.now() - began).toBeGreaterThan(idleSeconds * 1000)
    } finally {
      emu.control.faults.reset()
    }
    expect((await busy.listTools()).tools.length).toBeGreaterThan(10)
    // The other one is closed once idle (the server says so on stderr), with a 404 the client can act on.
    const idleId = (idle.transport as StreamableHTTPClientTransport).sessionId
    const closed = `closed session ${idleId}: no request for ${idleSeconds} s`
    for (let waited = 0; !server.stderr().includes(closed); waited += 100) {
      if (waited > 30_000) throw new Error(`the idle session was not closed: ${server.stderr()}`)
      await sleep(100)
    }
    const gone = await idle.listTools().catch((e: unknown) => e)
    expect(gone).toMatchObject({ code: 404, message: expect.stringContaining("expired session") })
    // A new session works, and an unknown key is refused over HTTP as over stdio.
    const fresh = await connect(server)
    const r = await fresh.callTool({ name: "inspire_stop", arguments: { jobId: "job-1" } })
    expect(textOf(r as never)).toContain('unknown field "jobId" (did you mean "job_id"?)')
  }, 90_000)

  it("refuses a limit that is not a whole number at start", async () => {
    const child = spawn(process.execPath, [BIN, "--http", "--port", "0"], {
      env: { ...env, INSPIRE_MCP_MAX_SESSIONS: "lots" },
    })
    let stderr = ""
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
    })
    const code = await new Promise<number | null>((done) => child.on("exit", (c) => done(c)))
    expect(code).toBe(2)
    expect(stderr).toContain('INSPIRE_MCP_MAX_SESSIONS must be a whole number of at least 1, got "lots"')
  }, 15_000)
})
