import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { type AddressInfo, connect, type Socket } from "node:net"

/** A loopback HTTP server for transport tests; `hits` counts requests per path. */
export const startServer = async (handler: (req: IncomingMessage, res: ServerResponse, hit: number) => void) => {
  const hits = new Map<string, number>()
  const sockets = new Set<Socket>()
  const server: Server = createServer((req, res) => {
    const n = (hits.get(req.url ?? "") ?? 0) + 1
    hits.set(req.url ?? "", n)
    handler(req, res, n)
  })
  server.on("connection", (s) => {
    sockets.add(s)
    s.on("close", () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * A loopback forward proxy (CONNECT tunnels and absolute-URI requests) that records what it was asked
 * to carry; with `forward: false` it carries nothing (requests get 502, tunnels are closed).
 */
export const startProxy = async ({ forward = true }: { readonly forward?: boolean } = {}) => {
  const seen: string[] = []
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    if (!forward) {
      res.writeHead(502).end()
      return
    }
    const target = new URL(req.url ?? "")
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: req.method,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      },
    )
    req.pipe(upstream)
  })
  server.on("connect", (req: IncomingMessage, client: Socket) => {
    seen.push(`CONNECT ${req.url}`)
    if (!forward) {
      client.destroy()
      return
    }
    const [host, port] = (req.url ?? "").split(":")
    const upstream = connect(Number(port), host ?? "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n")
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on("error", () => client.destroy())
    client.on("error", () => upstream.destroy())
    sockets.add(client)
    sockets.add(upstream)
  })
  server.on("connection", (s) => sockets.add(s))
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}

/** A port on loopback that nothing listens on. */
export const closedPort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
