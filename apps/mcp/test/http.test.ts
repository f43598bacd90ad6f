import { request } from "node:http"
import { OPERATIONS } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connectHttp, type HttpServer, homeFor, logIn, startHttp, structured } from "./harness.js"
import { expectNoSecrets } from "./secrets.js"
import { runWorkflow } from "./workflow.js"

const TOKEN = "test-token-7f1c2a9e4b5d6c8e0f1a2b3c"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let server: HttpServer
let client: Client | undefined

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
})

/** One raw POST of initialize with chosen headers; returns the status and body. */
const post = (headers: Record<string, string>): Promise<{ status: number; body: string; headers: Headers }> =>
  fetch(server.url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: INITIALIZE,
  }).then(async (r) => ({ status: r.status, body: await r.text(), headers: r.headers }))

/** The same POST with a forged Host header, which fetch does not allow setting. */
const postWithHost = (host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = request(
      server.url,
      {
        method: "POST",
        headers: {
          host,
          authorization: `Bearer ${TOKEN}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
      },
      (res) => {
        res.resume()
        resolve(res.statusCode ?? 0)
      },
    )
    req.on("error", reject)
    req.end(INITIALIZE)
  })

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  env = { ...homeFor(emu.url), INSPIRE_MCP_TOKEN: TOKEN }
  await logIn(env, emu.demo.username, emu.demo.password)
  server = await startHttp(env)
}, 30_000)

afterAll(async () => {
  await client?.close()
  await server?.close()
  await emu?.close()
})

describe("inspire-mcp over Streamable HTTP", () => {
  it("listens on 127.0.0.1 and refuses requests without the right token", async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    const none = await post({})
    expect(none.status).toBe(401)
    expect(none.headers.get("www-authenticate")).toBe("Bearer")
    expect(none.body).toContain("bearer token is required")
    const wrong = await post({ authorization: "Bearer not-the-token" })
    expect(wrong.status).toBe(401)
    expect(wrong.body).toContain("wrong")
    expect(wrong.body).not.toContain(TOKEN)
  })

  it("refuses a foreign Origin or Host even with the token", async () => {
    const auth = { authorization: `Bearer ${TOKEN}` }
    expect((await post({ ...auth, origin: "https://evil.example" })).status).toBe(403)
    expect((await post({ ...auth, origin: `http://127.0.0.1:${server.port + 1}` })).status).toBe(403)
    expect(await postWithHost("evil.example")).toBe(403)
    expect(await postWithHost(`evil.example:${server.port}`)).toBe(403)
    // The server itself as origin (a local inspector page) and localhost as host are accepted.
    expect((await post({ ...auth, origin: `http://localhost:${server.port}` })).status).toBe(200)
    expect(await postWithHost(`localhost:${server.port}`)).toBe(200)
  })

  it("serves the tools to the SDK client and runs a whole job", async () => {
    client = await connectHttp(server.url, TOKEN)
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(OPERATIONS.map((op) => `inspire_${op.name}`))
    expect(tools.every((t) => t.outputSchema === undefined)).toBe(true)
    await runWorkflow(client, emu, "mcp-http-1")
  }, 40_000)

  it("generates a token and prints it on stderr when INSPIRE_MCP_TOKEN is not set", async () => {
    const { INSPIRE_MCP_TOKEN: _set, ...withoutToken } = env
    const other = await startHttp(withoutToken)
    try {
      const token = /bearer token: (\S+)/.exec(other.stderr())?.[1]
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      const c = await connectHttp(other.url, token ?? "")
      const status = structured<{ user: { loginName: string } }>(
        (await c.callTool({ name: "inspire_status", arguments: {} })) as never,
      )
      expect(status.user.loginName).toBe(emu.demo.username)
      await c.close()
      await expect(connectHttp(other.url, TOKEN)).rejects.toThrow()
    } finally {
      await other.close()
    }
  }, 30_000)

  it("never prints the configured token, the password or a platform token", async () => {
    expect(server.stderr()).toContain("bearer token: the value of INSPIRE_MCP_TOKEN")
    await client?.close()
    client = undefined
    await server.close()
    expectNoSecrets([env.INSPIRE_HOME ?? ""], [emu.demo.password, TOKEN])
  })
})
