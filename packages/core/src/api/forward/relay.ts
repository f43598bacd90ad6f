import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http"
import type { Duplex } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { Dispatcher } from "undici"
import { InspireError } from "../../errors.js"
import { makeDispatcher, type ProxySettings } from "../../platform/dispatcher.js"
import { msg } from "../../words/message.js"

/**
 * Where a relay sends what reaches it: `url(path)` is the upstream URL of a local path (with its query),
 * `headers` are added to every request (the auth the upstream needs; they replace the client's own of the
 * same name), `secret` is masked wherever the upstream would hand it back (a Location, a Set-Cookie).
 */
export interface RelayTarget {
  readonly url: (path: string) => string
  readonly headers: Readonly<Record<string, string>>
  readonly secret?: string
  readonly proxy?: ProxySettings
}

/** A running relay: its local address, how to stop it, and what it has relayed. */
export interface Relay {
  readonly host: string
  readonly port: number
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly close: () => Promise<void>
  /** Requests and WebSocket upgrades relayed so far (those the upstream could not be reached for too). */
  readonly stats: () => { readonly requests: number; readonly sockets: number; readonly failures: number }
}

// Hop-by-hop headers (RFC 9110 §7.6.1) and the ones the relay sets itself: never passed on.
const HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "expect",
])

const outgoing = (headers: IncomingHttpHeaders, added: Readonly<Record<string, string>>, bodyless = true) => {
  const out: Record<string, string | string[]> = {}
  const replaced = new Set(Object.keys(added).map((k) => k.toLowerCase()))
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && !HOP.has(k) && !replaced.has(k) && !(bodyless && k === "content-length")) out[k] = v
  return { ...out, ...added }
}

const BODYLESS = new Set(["GET", "HEAD"])

/**
 * A local HTTP listener on `host:port` (0: any free port) relaying every request (any method, bodies
 * streamed both ways, never decoded) and every WebSocket upgrade (then the bytes both ways) to `target`.
 * Fails with Conflict when the port is taken, InvalidInput when it may not be used.
 */
export const startRelay = async (target: RelayTarget, port: number, host = "127.0.0.1"): Promise<Relay> => {
  const { dispatcher } = await makeDispatcher(target.proxy)
  const counts = { requests: 0, sockets: 0, failures: 0 }
  const mask = (s: string) =>
    target.secret !== undefined && target.secret.length > 2 ? s.split(target.secret).join("***") : s
  const server = createServer((req, res) => {
    counts.requests++
    if (upstreamOf(target, req) === undefined) {
      req.resume()
      res.writeHead(400, { "content-type": "text/plain; charset=utf-8" })
      res.end("inspire port-forward: the path leaves what is forwarded\n")
      return
    }
    relayRequest(dispatcher, target, mask, req, res).catch(() => {
      counts.failures++
      badGateway(res)
    })
  })
  // Upgraded connections are the server's no more: closed by hand when the relay closes.
  const upgraded = new Set<Duplex>()
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    counts.sockets++
    if (upstreamOf(target, req) === undefined) {
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
      return
    }
    upgraded.add(socket)
    socket.once("close", () => upgraded.delete(socket))
    relayUpgrade(dispatcher, target, mask, req, socket, head).catch(() => {
      counts.failures++
      if (socket.writable) socket.end("HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
      socket.destroy()
    })
  })
  const bound = await listen(server, port, host).catch(async (e: unknown) => {
    await dispatcher.close().catch(() => undefined)
    throw e
  })
  const local = `http://${host.includes(":") ? `[${host}]` : host}:${bound}`
  return {
    host,
    port: bound,
    url: local,
    stats: () => ({ ...counts }),
    close: async () => {
      server.closeAllConnections()
      for (const socket of upgraded) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await dispatcher.close().catch(() => undefined)
    },
  }
}

/**
 * The upstream URL of a local request, or undefined when its path would leave the target's root once
 * resolved (`/../api/…`, `%2e%2e` alike): the auth the relay adds is for what is forwarded, nothing else.
 */
const upstreamOf = (target: RelayTarget, req: IncomingMessage): URL | undefined => {
  const raw = req.url ?? "/"
  if (!raw.startsWith("/")) return undefined
  try {
    const url = new URL(target.url(raw))
    const root = new URL(target.url("/"))
    return url.origin === root.origin && url.pathname.startsWith(root.pathname) ? url : undefined
  } catch {
    return undefined
  }
}

const listen = (server: Server, port: number, host: string): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once("error", (e: NodeJS.ErrnoException) => reject(listenFailure(e, port, host)))
    server.listen({ port, host, exclusive: true }, () => {
      const address = server.address()
      resolve(typeof address === "object" && address !== null ? address.port : port)
    })
  })

const listenFailure = (e: NodeJS.ErrnoException, port: number, host: string): InspireError =>
  e.code === "EADDRINUSE"
    ? new InspireError({
        reason: "Conflict",
        message: msg("forward-port-in-use", { port, host }),
        hint: msg("forward-port-in-use-fix"),
      })
    : new InspireError({
        reason: "InvalidInput",
        message: msg("forward-port-refused", { port, host, code: e.code ?? "error" }),
        hint: msg("forward-port-refused-fix"),
      })

const badGateway = (res: ServerResponse): void => {
  if (res.headersSent) {
    res.destroy()
    return
  }
  res.writeHead(502, { "content-type": "text/plain; charset=utf-8" })
  res.end("inspire port-forward: the platform could not be reached\n")
}

// A response header the upstream sent, with the secret masked and its own absolute URLs made local.
const responseHeaders = (
  headers: Dispatcher.ResponseData["headers"],
  mask: (s: string) => string,
  local: string,
  upstream: string,
) => {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || HOP.has(k)) continue
    const values = Array.isArray(v) ? v : [v]
    // The gateway's own cookies are scoped to its path, which holds the token: they mean nothing here.
    const kept = k === "set-cookie" ? values.filter((c) => mask(c) === c) : values
    if (kept.length === 0) continue
    out[k] =
      k === "location"
        ? kept.map((l) => mask(l.startsWith(upstream) ? `${local}${l.slice(upstream.length)}` : l))
        : kept.map(mask)
  }
  return out
}

const relayRequest = async (
  dispatcher: Dispatcher,
  target: RelayTarget,
  mask: (s: string) => string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> => {
  const url = upstreamOf(target, req) ?? new URL(target.url("/"))
  const method = req.method ?? "GET"
  const answer = await dispatcher.request({
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: method as Dispatcher.HttpMethod,
    headers: outgoing(req.headers, target.headers, BODYLESS.has(method)),
    ...(BODYLESS.has(method) ? {} : { body: req }),
    // Any status, any length of body: the client reads it as it comes.
    headersTimeout: 0,
    bodyTimeout: 0,
  })
  const upstream = new URL(target.url("/"))
  const local = `http://${req.headers.host ?? "127.0.0.1"}`
  res.writeHead(
    answer.statusCode,
    responseHeaders(answer.headers, mask, local, `${upstream.origin}${upstream.pathname.replace(/\/$/, "")}`),
  )
  res.flushHeaders()
  await pipeline(answer.body, res)
}

const relayUpgrade = async (
  dispatcher: Dispatcher,
  target: RelayTarget,
  mask: (s: string) => string,
  req: IncomingMessage,
  client: Duplex,
  head: Buffer,
): Promise<void> => {
  const url = upstreamOf(target, req) ?? new URL(target.url("/"))
  const protocol = String(req.headers.upgrade ?? "websocket")
  // An Agent routes by `origin`, which undici's types leave out of the upgrade's options.
  const options = {
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
    method: "GET",
    protocol,
    headers: outgoing(req.headers, target.headers),
  } as Dispatcher.UpgradeOptions
  const { headers, socket } = await (dispatcher.upgrade(options) as Promise<Dispatcher.UpgradeData>)
  const lines = ["HTTP/1.1 101 Switching Protocols", "Connection: Upgrade", `Upgrade: ${protocol}`]
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && !HOP.has(k)) for (const one of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${mask(one)}`)
  client.write(`${lines.join("\r\n")}\r\n\r\n`)
  if (head.length > 0) socket.write(head)
  const end = () => {
    client.destroy()
    socket.destroy()
  }
  // A server's sockets stay half-open after the other side's end: either side ending ends both.
  for (const side of [socket, client]) for (const event of ["error", "end", "close"]) side.on(event, end)
  socket.pipe(client)
  client.pipe(socket)
}
