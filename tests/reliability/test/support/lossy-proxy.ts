// A loopback proxy in front of the emulator that loses chosen answers after the emulator has acted
// on the request, and counts every fault that passes through it. The emulator's own lostAnswerRate
// applies to every request; this one lets a suite lose answers of creates only, and tells the
// faults apart (the emulator's request log records a reset as an ordinary 200).
import { createServer, type IncomingHttpHeaders, request } from "node:http"
import type { AddressInfo } from "node:net"

/** What went through the proxy, by kind. */
export interface ProxyCounts {
  requests: number
  /** Answers with a 5xx status (the emulator's injected 502s). */
  serverErrors: number
  /** Connections the emulator cut before answering. */
  resets: number
  /** Requests carried out whose answer the proxy then dropped. */
  lostAnswers: number
}

export interface LossyProxy {
  readonly url: string
  readonly counts: ProxyCounts
  readonly close: () => Promise<void>
}

// The body is buffered, so the framing headers of the upstream answer no longer apply.
const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"])
const forwardable = (headers: IncomingHttpHeaders): IncomingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k)))

/**
 * Starts the proxy; `lose(method, path)` decides per request whether its answer is dropped. With
 * `cut`, a request it picks is cut before it reaches the emulator (nothing was carried out); with
 * `fail`, one it picks is carried out and answered 502 (a gateway's error after the platform acted);
 * with `noDate`, while it says so, answers carry no `Date` header (a gateway that strips it).
 */
export const startLossyProxy = async (
  target: string,
  lose: (method: string, path: string) => boolean,
  options: {
    readonly cut?: (method: string, path: string) => boolean
    readonly fail?: (method: string, path: string) => boolean
    readonly noDate?: () => boolean
  } = {},
): Promise<LossyProxy> => {
  const upstream = new URL(target)
  const counts: ProxyCounts = { requests: 0, serverErrors: 0, resets: 0, lostAnswers: 0 }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      counts.requests += 1
      const method = req.method ?? "GET"
      const path = req.url ?? "/"
      if (options.cut?.(method, path) === true) {
        counts.resets += 1
        req.socket.destroy()
        return
      }
      const drop = lose(method, path)
      const fail = !drop && options.fail?.(method, path) === true
      const up = request(
        { host: upstream.hostname, port: upstream.port, method, path, headers: forwardable(req.headers) },
        (answer) => {
          const body: Buffer[] = []
          answer.on("data", (c: Buffer) => body.push(c))
          answer.on("end", () => {
            if (drop) {
              counts.lostAnswers += 1
              req.socket.destroy()
              return
            }
            const status = fail ? 502 : (answer.statusCode ?? 502)
            if (status >= 500) counts.serverErrors += 1
            const dateless = options.noDate?.() === true
            res.sendDate = !dateless
            if (fail) {
              // The gateway's error carries the platform's time, as every answer of its does.
              const date = dateless ? {} : { date: answer.headers.date ?? new Date().toUTCString() }
              res.writeHead(502, { "content-type": "text/html", ...date })
              res.end("<html><head><title>502 Bad Gateway</title></head><body>502 Bad Gateway</body></html>")
              return
            }
            res.writeHead(
              status,
              Object.fromEntries(
                Object.entries(forwardable(answer.headers)).filter(([k]) => !dateless || k !== "date"),
              ),
            )
            res.end(Buffer.concat(body))
          })
        },
      )
      up.on("error", () => {
        counts.resets += 1
        req.socket.destroy()
      })
      up.end(Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
