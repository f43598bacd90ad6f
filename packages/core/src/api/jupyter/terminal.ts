import { Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { makeDispatcher } from "../../platform/dispatcher.js"
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
// loaded on the first terminal, never at import.
const loadWebSocket = async (lab: Lab) => {
  const [ws, http] = await Promise.all([import("undici/lib/web/websocket/websocket.js"), makeDispatcher(lab.proxy)])
  return { WebSocket: ws.WebSocket as WebSocketClass, dispatcher: http.dispatcher }
}

const OPEN_TIMEOUT_MS = 30_000

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
  const { WebSocket, dispatcher } = await loadWebSocket(lab)
  const url = `${lab.base.replace(/^http/i, "ws")}/terminals/websocket/${encodeURIComponent(name)}`
  const socket = new WebSocket(url, { headers: { authorization: `token ${lab.token}` }, dispatcher })
  let ended = false
  let closing = false
  const closed = new Promise<SocketEnd>((resolve) => {
    socket.addEventListener("close", () => {
      void dispatcher.close().catch(() => undefined)
      resolve(ended ? "ended" : closing ? "closed" : "dropped")
    })
  })
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") return
    let frame: unknown
    try {
      frame = JSON.parse(event.data)
    } catch {
      return
    }
    if (!Array.isArray(frame)) return
    if (frame[0] === "stdout" && typeof frame[1] === "string") onOutput(frame[1])
    else if (frame[0] === "disconnect") {
      // The terminal's shell exited: nothing more will come.
      ended = true
      socket.close()
    }
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      closing = true
      socket.close()
      reject(socketFailure(lab, msg("jupyter-socket-timeout")))
    }, OPEN_TIMEOUT_MS)
    socket.addEventListener("open", () => {
      clearTimeout(timer)
      resolve()
    })
    socket.addEventListener("error", () => {
      clearTimeout(timer)
      reject(socketFailure(lab, msg("jupyter-socket-refused")))
    })
  })
  const frame = (data: unknown[]) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(data))
  }
  return {
    send: (text) => frame(["stdin", text]),
    resize: (rows, cols) => frame(["set_size", rows, cols]),
    close: () => {
      closing = true
      socket.close()
    },
    closed,
  }
}
