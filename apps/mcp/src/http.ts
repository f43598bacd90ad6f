import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js"
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js"
import { refusalOf } from "./guard.js"
import { DEFAULT_LIMITS, type Limits } from "./limits.js"
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
  /** The body size, session cap and idle time; DEFAULT_LIMITS when not given. */
  readonly limits?: Limits
}

const reply = (
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
  id: string | number | null = null,
): void => {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id }))
}

const readJson = async (req: IncomingMessage, maxBytes: number): Promise<unknown> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > maxBytes) throw new RangeError("body too large")
    chunks.push(chunk as Buffer)
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"))
}

interface Session {
  readonly id: string
  readonly transport: StreamableHTTPServerTransport
  readonly server: Server
  /** POSTs (calls) still being answered: the session is not idle meanwhile. */
  open: number
  idleTimer?: NodeJS.Timeout
}

/**
 * Serves MCP over Streamable HTTP on 127.0.0.1 only, at /mcp: one stateful transport and server per
 * session, every request checked for Host, Origin and the bearer token before anything else. At most
 * `maxSessions` sessions live at once (one more initialize gets 503), and a session without a request
 * for `sessionIdleMs` is closed (its id then gets 404, and the client initializes again).
 */
export const serveHttp = async (options: HttpOptions): Promise<HttpEndpoint> => {
  const limits = options.limits ?? DEFAULT_LIMITS
  const idleSeconds = Math.round(limits.sessionIdleMs / 1000)
  const sessions = new Map<string, Session>()
  let opening = 0
  let port = options.port

  const forget = (session: Session): void => {
    clearTimeout(session.idleTimer)
    if (sessions.get(session.id) === session) sessions.delete(session.id)
  }

  const expire = (session: Session): void => {
    if (session.open > 0 || sessions.get(session.id) !== session) return
    forget(session)
    log(`closed session ${session.id}: no request for ${idleSeconds} s`)
    session.server.close().catch((e: unknown) => log(`closing an idle session failed: ${String(e)}`))
  }

  const restartClock = (session: Session): void => {
    clearTimeout(session.idleTimer)
    if (session.open > 0 || sessions.get(session.id) !== session) return
    session.idleTimer = setTimeout(() => expire(session), limits.sessionIdleMs)
    session.idleTimer.unref()
  }

  // Every request restarts the idle clock, and it stands still while a POST (a call) is answered. An
  // open GET stream does not hold the session: clients keep one open for as long as they exist.
  const track = (session: Session, req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === "POST") {
      session.open++
      res.once("close", () => {
        session.open--
        restartClock(session)
      })
    }
    restartClock(session)
  }

  const open = async (req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> => {
    if (sessions.size + opening >= limits.maxSessions)
      return reply(
        res,
        503,
        `Too many sessions: ${limits.maxSessions} are open, the most this server keeps (INSPIRE_MCP_MAX_SESSIONS). Close one (DELETE /mcp with its Mcp-Session-Id), or retry once an idle one has expired (after ${idleSeconds} s without a request).`,
        { "retry-after": String(Math.min(idleSeconds, 60)) },
        (body as { id?: string | number }).id ?? null,
      )
    opening++
    try {
      const server = options.makeServer()
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => {
          const session: Session = { id, transport, server, open: 0 }
          sessions.set(id, session)
          track(session, req, res)
        },
      })
      transport.onclose = () => {
        const session = transport.sessionId === undefined ? undefined : sessions.get(transport.sessionId)
        if (session !== undefined) forget(session)
      }
      await server.connect(transport)
      await transport.handleRequest(req, res, body)
      if (transport.sessionId === undefined || !sessions.has(transport.sessionId)) await server.close()
    } finally {
      opening--
    }
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
      track(session, req, res)
      const body = req.method === "POST" ? await readJson(req, limits.maxMessageBytes) : undefined
      return session.transport.handleRequest(req, res, body)
    }
    if (req.method !== "POST") return reply(res, 400, "Send initialize (POST) first; no session is open.")
    const body = await readJson(req, limits.maxMessageBytes)
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
  // An idle connection stays open well past what clients keep one for (undici: 4 s, or the server's
  // hint less a second), so a client never sends a request on a connection the server is closing: with
  // Node's default of 5 s, a busy machine's late timer lets the two cross and a call fails with "other
  // side closed".
  http.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject)
    http.listen(options.port, "127.0.0.1", () => resolve())
  })
  port = (http.address() as AddressInfo).port
  return {
    port,
    url: `http://127.0.0.1:${port}/mcp`,
    close: async () => {
      for (const s of sessions.values()) clearTimeout(s.idleTimer)
      await Promise.all([...sessions.values()].map((s) => s.server.close()))
      sessions.clear()
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
