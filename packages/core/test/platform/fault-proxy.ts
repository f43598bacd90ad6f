import { createServer, type IncomingHttpHeaders, request } from "node:http"
import type { AddressInfo } from "node:net"

/**
 * What the proxy does to one request: cut it before it reaches the platform (`reset-before`), carry it
 * out and cut the answer (`lose`), carry it out and answer something else (`replace`), or carry it out
 * and change its JSON answer (`rewrite`); or answer without carrying it (`refuse`).
 */
export type Fault =
  | { readonly kind: "reset-before" }
  | { readonly kind: "refuse"; readonly status: number; readonly body: string; readonly contentType?: string }
  | { readonly kind: "lose" }
  | { readonly kind: "replace"; readonly status: number; readonly body: string; readonly contentType?: string }
  | { readonly kind: "rewrite"; readonly change: (json: Record<string, unknown>) => unknown }

export interface FaultProxy {
  readonly url: string
  /** The paths (with query) of the requests it carried to the platform, in order. */
  readonly carried: string[]
  readonly close: () => Promise<void>
}

// The body is buffered, so the framing headers of the upstream answer no longer apply.
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"])
const forwardable = (headers: IncomingHttpHeaders, dropDate: boolean): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k) && !(dropDate && k === "date")))

/**
 * A loopback reverse proxy in front of the emulator that applies `fault(method, path)` to each request
 * and, with `noDate`, answers without a `Date` header (a gateway that strips it).
 */
export const startFaultProxy = async (
  target: string,
  options: {
    readonly fault?: (method: string, path: string) => Fault | undefined
    readonly noDate?: boolean
  } = {},
): Promise<FaultProxy> => {
  const upstream = new URL(target)
  const carried: string[] = []
  const noDate = options.noDate === true
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const method = req.method ?? "GET"
      const path = req.url ?? "/"
      const fault = options.fault?.(method, path)
      if (fault?.kind === "reset-before") {
        req.socket.destroy()
        return
      }
      if (fault?.kind === "refuse") {
        res.sendDate = !noDate
        res.writeHead(fault.status, { "content-type": fault.contentType ?? "text/html" })
        res.end(fault.body)
        return
      }
      carried.push(path)
      const up = request(
        { host: upstream.hostname, port: upstream.port, method, path, headers: forwardable(req.headers, false) },
        (answer) => {
          const body: Buffer[] = []
          answer.on("data", (c: Buffer) => body.push(c))
          answer.on("end", () => {
            if (fault?.kind === "lose") {
              req.socket.destroy()
              return
            }
            res.sendDate = !noDate
            const headers = forwardable(answer.headers, noDate)
            if (fault?.kind === "replace") {
              res.writeHead(fault.status, { "content-type": fault.contentType ?? "text/html" })
              res.end(fault.body)
              return
            }
            const raw = Buffer.concat(body)
            res.writeHead(answer.statusCode ?? 502, headers)
            res.end(
              fault?.kind === "rewrite"
                ? JSON.stringify(fault.change(JSON.parse(raw.toString("utf8")) as Record<string, unknown>))
                : raw,
            )
          })
        },
      )
      up.on("error", () => req.socket.destroy())
      up.end(Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    carried,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
