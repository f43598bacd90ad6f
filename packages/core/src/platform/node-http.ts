// Requests that go straight to the platform (no proxy) are sent with Node's own http and https
// modules. Their HTTP parser is built into Node; undici's is WebAssembly that every process compiles
// anew on its first connection, which made most of a short CLI call's start and memory. undici still
// carries requests through a proxy and the WebSockets (dispatcher.ts), loaded only then.
import http, { type IncomingHttpHeaders } from "node:http"
import https from "node:https"

/** One request as the transport sends it. */
export interface Exchange {
  readonly method: string
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string | Uint8Array
}

/** The answer's headers as they came. */
type RawHeaders = Readonly<Record<string, string | string[] | undefined>>

/**
 * Takes an answer's body as it arrives: given the status and headers, the consumer of its chunks, or
 * undefined to have the body read whole as text (the answer's `body` is empty when a consumer took it).
 */
export type Sink = (status: number, headers: RawHeaders) => ((chunk: Buffer) => void) | undefined

/** An answer of any status, its body read whole as UTF-8. */
export interface Answer {
  readonly status: number
  readonly headers: RawHeaders
  readonly body: string
}

/** What sends the transport's requests: one attempt each, ended by `signal` (the request's deadline). */
export interface HttpClient {
  readonly send: (exchange: Exchange, signal: AbortSignal, sink?: Sink) => Promise<Answer>
  readonly close: () => Promise<void>
}

// A connection not made within this is reported as never delivered (the transport's "unreachable").
const CONNECT_TIMEOUT_MS = 10_000
// Idle connections are closed before a server's usual keep-alive time (5 s for Node's), so that a request
// is not written into a connection the server is closing at that moment.
const IDLE_MS = 4_000

const failure = (message: string, code: string): Error => Object.assign(new Error(message), { code })

/** The client for direct requests: keep-alive connections, at most 8 per origin. */
export const nodeHttpClient = (): HttpClient => {
  const options = { keepAlive: true, maxSockets: 8, timeout: IDLE_MS }
  const agents = { "http:": new http.Agent(options), "https:": new https.Agent(options) }
  const send = (exchange: Exchange, signal: AbortSignal, sink?: Sink): Promise<Answer> =>
    new Promise<Answer>((resolve, reject) => {
      const url = new URL(exchange.url)
      const secure = url.protocol === "https:"
      if (!secure && url.protocol !== "http:")
        return reject(failure(`${url.protocol} is not http: or https:`, "ERR_INVALID_PROTOCOL"))
      const headers: Record<string, string> = { ...exchange.headers }
      if (exchange.body !== undefined) headers["content-length"] = String(Buffer.byteLength(exchange.body))
      const req = (secure ? https : http).request(url, {
        method: exchange.method,
        headers,
        agent: agents[secure ? "https:" : "http:"],
      })
      let connecting: NodeJS.Timeout | undefined
      let settled = false
      const end = () => {
        settled = true
        clearTimeout(connecting)
        signal.removeEventListener("abort", aborted)
      }
      const fail = (e: unknown) => {
        if (settled) return
        end()
        req.destroy()
        reject(e)
      }
      // The deadline's reason (a TimeoutError) or the caller's interruption, as the transport reads it.
      const aborted = () => fail(signal.reason)
      if (signal.aborted) return aborted()
      signal.addEventListener("abort", aborted, { once: true })
      req.on("socket", (socket) => {
        if (!socket.connecting) return
        connecting = setTimeout(() => fail(failure("no connection in time", "CONNECT_TIMEOUT")), CONNECT_TIMEOUT_MS)
        socket.once(secure ? "secureConnect" : "connect", () => clearTimeout(connecting))
      })
      req.on("error", fail)
      req.on("response", (res) => {
        const chunks: Buffer[] = []
        let take: ((chunk: Buffer) => void) | undefined
        try {
          take = sink?.(res.statusCode ?? 0, res.headers)
        } catch (e) {
          return fail(e)
        }
        res.on("data", (chunk: Buffer) => {
          if (take === undefined) return void chunks.push(chunk)
          try {
            take(chunk)
          } catch (e) {
            fail(e)
          }
        })
        res.on("error", fail)
        res.on("aborted", () => fail(failure("the connection closed during the answer", "ECONNRESET")))
        res.on("end", () => {
          if (!res.complete) return fail(failure("the connection closed during the answer", "ECONNRESET"))
          if (settled) return
          end()
          const text = Buffer.concat(chunks).toString("utf8")
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as IncomingHttpHeaders,
            body: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
          })
        })
      })
      req.end(exchange.body)
    })
  return {
    send,
    close: async () => {
      agents["http:"].destroy()
      agents["https:"].destroy()
    },
  }
}
