import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { makeDispatcher, type ProxySettings } from "../../platform/dispatcher.js"
import type { Transport } from "../../platform/transport.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import { type Lab, labCall, labSend } from "./lab.js"

/** How a terminal's socket ended: the shell exited (`ended`), we closed it (`closed`), or it was cut (`dropped`). */
export type SocketEnd = "ended" | "closed" | "dropped"

/** A live terminal socket (Jupyter's JSON frames: `["stdin", text]`, `["stdout", text]`, `["set_size", r, c]`). */
export interface TerminalSocket {
  readonly send: (text: string) => void
  readonly resize: (rows: number, cols: number) => void
  /**
   * True when `resize` types a command into the shell (a worker PTY has no resize frame): then it is
   * only right at a prompt with nothing typed on it, or it would land in the running program's input.
   */
  readonly sizeTyped: boolean
  readonly close: () => void
  readonly closed: Promise<SocketEnd>
}

/** Opens a terminal of the lab (`POST api/terminals`) and returns its name. */
export const createTerminal = (lab: Lab): Effect.Effect<string, InspireError, Transport> =>
  Effect.gen(function* () {
    const answer = yield* labCall(
      lab,
      { method: "POST", path: "/api/terminals", write: true, idempotent: false },
      msg("jupyter-what-terminal"),
    )
    const name = (answer as { name?: unknown } | undefined)?.name
    if (typeof name !== "string" || name === "")
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("jupyter-terminal-unnamed"),
          hint: msg("jupyter-http-retry"),
        }),
      )
    return name
  })

/** Closes a terminal (`DELETE api/terminals/<name>`), which ends its shell; one already gone is fine. */
export const deleteTerminal = (lab: Lab, name: string): Effect.Effect<void, never, Transport> =>
  labSend(lab, { method: "DELETE", path: `/api/terminals/${encodeURIComponent(name)}`, write: true }).pipe(
    Effect.asVoid,
    Effect.catchAll(() => Effect.void),
  )

/** Runs `use` with a fresh terminal, closing the terminal afterwards whatever happened. */
export const withTerminal = <A, R>(
  lab: Lab,
  use: (name: string) => Effect.Effect<A, InspireError, R>,
): Effect.Effect<A, InspireError, R | Transport> =>
  Effect.acquireUseRelease(createTerminal(lab), use, (name) => deleteTerminal(lab, name))

type WebSocketClass = typeof import("undici").WebSocket

// undici's WebSocket alone (its index would load everything and patch shared prototypes, see
// platform/undici.ts), with a dispatcher of core's own (through the profile's proxy when it has one);
// loaded on the first socket, never at import.
const loadWebSocket = async (proxy: ProxySettings | undefined) => {
  const [ws, http] = await Promise.all([import("undici/lib/web/websocket/websocket.js"), makeDispatcher(proxy)])
  return { WebSocket: ws.WebSocket as WebSocketClass, dispatcher: http.dispatcher }
}

const OPEN_TIMEOUT_MS = 30_000

/** How to open a terminal-like socket (a notebook's terminal, a worker's PTY). */
export interface SocketSpec {
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  readonly proxy?: ProxySettings | undefined
  /** Each frame as it comes; `end` says the shell exited (nothing more will come) and closes the socket. */
  readonly onFrame: (data: string | ArrayBuffer, end: () => void) => void
  /** Whether the peer closing with this code means the shell exited (else the socket was cut). */
  readonly endedBy?: (code: number) => boolean
  /** The error when the socket does not open: timed out, or refused. */
  readonly failure: (why: Text) => InspireError
}

/** An open socket: text frames out, and how it ended. */
export interface OpenSocket {
  readonly sendText: (text: string) => void
  readonly close: () => void
  readonly closed: Promise<SocketEnd>
}

/** Opens a WebSocket and waits until it is open; rejects with `spec.failure` when it does not open. */
export const openSocket = async (spec: SocketSpec): Promise<OpenSocket> => {
  const { WebSocket, dispatcher } = await loadWebSocket(spec.proxy)
  const socket = new WebSocket(spec.url, { headers: { ...spec.headers }, dispatcher })
  socket.binaryType = "arraybuffer"
  let ended = false
  let closing = false
  const end = () => {
    ended = true
    socket.close()
  }
  const closed = new Promise<SocketEnd>((resolve) => {
    socket.addEventListener("close", (event) => {
      void dispatcher.close().catch(() => undefined)
      ended ||= !closing && spec.endedBy?.(event.code) === true
      resolve(ended ? "ended" : closing ? "closed" : "dropped")
    })
  })
  socket.addEventListener("message", (event) => spec.onFrame(event.data as string | ArrayBuffer, end))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      closing = true
      socket.close()
      reject(spec.failure(msg("jupyter-socket-timeout")))
    }, OPEN_TIMEOUT_MS)
    socket.addEventListener("open", () => {
      clearTimeout(timer)
      resolve()
    })
    socket.addEventListener("error", () => {
      clearTimeout(timer)
      reject(spec.failure(msg("jupyter-socket-refused")))
    })
  })
  return {
    sendText: (text) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(text)
    },
    close: () => {
      closing = true
      socket.close()
    },
    closed,
  }
}

const socketFailure = (lab: Lab, why: Text): InspireError =>
  new InspireError({
    reason: "PlatformError",
    message: msg("jupyter-socket-failed", { notebook: lab.notebook.name || lab.notebook.id, why }),
    hint: msg("jupyter-socket-failed-fix"),
    retryable: true,
  })

/**
 * Connects to a terminal's WebSocket (`<lab>/terminals/websocket/<name>`, token in the header) and hands
 * every `stdout` frame to `onOutput`. Rejects with an InspireError when the socket does not open.
 */
export const connectTerminal = async (
  lab: Lab,
  name: string,
  onOutput: (text: string) => void,
): Promise<TerminalSocket> => {
  const socket = await openSocket({
    url: `${lab.base.replace(/^http/i, "ws")}/terminals/websocket/${encodeURIComponent(name)}`,
    headers: { authorization: `token ${lab.token}` },
    proxy: lab.proxy,
    failure: (why) => socketFailure(lab, why),
    onFrame: (data, end) => {
      if (typeof data !== "string") return
      let frame: unknown
      try {
        frame = JSON.parse(data)
      } catch {
        return
      }
      if (!Array.isArray(frame)) return
      if (frame[0] === "stdout" && typeof frame[1] === "string") onOutput(frame[1])
      // The terminal's shell exited: nothing more will come.
      else if (frame[0] === "disconnect") end()
    },
  })
  return {
    send: (text) => socket.sendText(JSON.stringify(["stdin", text])),
    resize: (rows, cols) => socket.sendText(JSON.stringify(["set_size", rows, cols])),
    sizeTyped: false,
    close: socket.close,
    closed: socket.closed,
  }
}
