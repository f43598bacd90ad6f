import { type IncomingMessage, request, type ServerResponse } from "node:http"
import { connect } from "node:net"
import type { Duplex } from "node:stream"
import { sendText } from "../http.js"
import { refuseUpgrade } from "./server-api.js"

/**
 * The port proxy of a notebook's Jupyter server (jupyter-server-proxy, INSPIRE-API.md §4.17):
 * `<lab>/proxy/<port>/<path>` is `http://127.0.0.1:<port>/<path>` inside the notebook, over HTTP and
 * WebSocket. The emulator's notebooks run on this machine, so a port a notebook's process listens on is
 * a port of its loopback. The notebook's token (header or `?token=`) is Jupyter's and is not passed on.
 */
const PROXY = /^\/proxy\/(\d{1,5})(\/.*)?$/

/** The port and the path below it, when `rest` (the path below the lab base) is the port proxy's. */
export const proxyRoute = (rest: string): { port: number; path: string } | undefined => {
  const m = PROXY.exec(rest)
  if (m === null) return undefined
  const port = Number(m[1])
  return port >= 1 && port <= 65535 ? { port, path: m[2] ?? "/" } : undefined
}

// The request's query without Jupyter's `token`.
const queryOf = (url: URL): string => {
  const q = new URLSearchParams(url.searchParams)
  q.delete("token")
  const s = q.toString()
  return s === "" ? "" : `?${s}`
}

// The request's headers for the notebook's server: its own Host, no Jupyter token.
const headersOf = (req: IncomingMessage, port: number, token: string): Record<string, string | string[]> => {
  const out: Record<string, string | string[]> = {}
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === "host") continue
    if (k === "authorization" && typeof v === "string" && v.includes(token)) continue
    out[k] = v
  }
  out.host = `127.0.0.1:${port}`
  return out
}

const unreachable = (port: number) => `Could not connect to 127.0.0.1:${port}: nothing listens there in the notebook`

/** Relays one HTTP request (its body and the answer's streamed) to the notebook's port. */
export const proxyHttp = (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  port: number,
  path: string,
  token: string,
) => {
  const upstream = request(
    {
      host: "127.0.0.1",
      port,
      method: req.method,
      path: `${path}${queryOf(url)}`,
      headers: headersOf(req, port, token),
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    },
  )
  upstream.on("error", () => {
    if (!res.headersSent) sendText(res, 500, unreachable(port))
    else res.destroy()
  })
  res.on("close", () => upstream.destroy())
  req.pipe(upstream)
}

/** Relays a WebSocket handshake, then the bytes both ways, to the notebook's port. */
export const proxyUpgrade = (
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  url: URL,
  port: number,
  path: string,
  token: string,
) => {
  const upstream = connect(port, "127.0.0.1")
  let open = false
  upstream.on("connect", () => {
    open = true
    const lines = [`GET ${path}${queryOf(url)} HTTP/1.1`]
    for (const [k, v] of Object.entries(headersOf(req, port, token)))
      for (const one of Array.isArray(v) ? v : [v]) lines.push(`${k}: ${one}`)
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`)
    if (head.length > 0) upstream.write(head)
    upstream.pipe(socket)
    socket.pipe(upstream)
  })
  upstream.on("error", () => {
    if (!open) refuseUpgrade(socket, 500, unreachable(port))
    else socket.destroy()
  })
  // Either side ending ends both (a server's sockets would otherwise stay half-open).
  const both = () => {
    upstream.destroy()
    socket.destroy()
  }
  upstream.on("end", both)
  upstream.on("close", () => {
    if (open) socket.destroy()
  })
  socket.on("error", both)
  socket.on("end", both)
  socket.on("close", () => upstream.destroy())
}
