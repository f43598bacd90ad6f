import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js"
import { refusalOf } from "./guard.js"
import { log } from "./log.js"

/** A running Streamable HTTP endpoint. */
export interface HttpEndpoint {
  readonly url: string
  readonly port: number
  readonly close: () => Promise<void>
}

/** How the endpoint is served. */
export interface HttpOptions {
  /** 0 picks a free port. */
  readonly port: number
  readonly token: string
  /** A fresh MCP server for each session. */
  readonly makeServer: () => Server
}

const MAX_BODY_BYTES = 4 * 1024 * 1024

const reply = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }))
}

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new RangeError("body too large")
    chunks.push(chunk as Buffer)
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"))
}

interface Session {
  readonly transport: StreamableHTTPServerTransport
  readonly server: Server
}

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 only, at /mcp: one stateful transport and server per
 * session, every request checked for Host, Origin and the bearer token before anything else.
 */
export const serveHttp = async (options: HttpOptions): Promise<HttpEndpoint> => {
  const sessions = new Map<string, Session>()
  let port = options.port

  const open = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    const server = options.makeServer()
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server })
      },
    })
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
    }
    await server.connect(transport)
    await transport.handleRequest(req, res, body)
    if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await server.close()
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname
    const refused = refusalOf(req, port, options.token)
    if (refused !== undefined)
      return reply(res, refused.status, refused.message, refused.status === 401 ? { "www-authenticate": "Bearer" } : {})
    if (path !== "/mcp") return reply(res, 404, `Nothing at ${path}; the MCP endpoint is /mcp.`)
    const id = req.headers["mcp-session-id"]
    const sessionId = Array.isArray(id) ? id[0] : id
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId)
      if (session === undefined) return reply(res, 404, "Unknown or expired session; initialize a new one.")
      const body = req.method === "POST" ? await readJson(req) : undefined
      return session.transport.handleRequest(req, res, body)
    }
    if (req.method !== "POST") return reply(res, 400, "Send initialize (POST) first; no session is open.")
    const body = await readJson(req)
    if (!isInitializeRequest(body)) return reply(res, 400, "No session: the first request must be initialize.")
    return open(req, res, body)
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      const tooLarge = e instanceof RangeError
      if (!res.headersSent)
        reply(res, tooLarge ? 413 : 400, tooLarge ? "The request body is too large." : "The request is not valid JSON.")
      if (!tooLarge && !(e instanceof SyntaxError))
        log(`HTTP request failed: ${e instanceof Error ? e.message : String(e)}`)
    })
  })
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject)
    http.listen(options.port, "127.0.0.1", () => resolve())
  })
  port = (http.address() as AddressInfo).port
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      await Promise.all([...sessions.values()].map((s) => s.server.close()))
      sessions.clear()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
