import type { Duplex } from "node:stream"
import { type JupyterUser, meModel } from "./identity.js"
import { JupyterError } from "./sandbox.js"

/** The Jupyter Server version the emulator claims (`GET <lab>/api`). */
const JUPYTER_VERSION = "2.21.1"

export interface ServerFacts {
  /** ISO time the server started. */
  started: string
}

export type Answer = { status: number; body?: unknown; headers?: Record<string, string> }

/**
 * The server-wide routes besides terminals and contents: `api` (version), `api/status`, `api/me` (the
 * identity and the permissions asked for, all granted as Jupyter's AllowAllAuthorizer does), and the
 * kernel and session lists, always empty (the emulator runs no kernels: starting one is not served).
 */
export const serverRoute = (
  path: string,
  method: string,
  user: JupyterUser,
  query: URLSearchParams,
  facts: ServerFacts,
): Answer | undefined => {
  const get = method === "GET"
  if (path === "/api" && get) return { status: 200, body: { version: JUPYTER_VERSION } }
  // No version here (Jupyter's has none); `connections` counts kernel connections, so with no kernels 0.
  if (path === "/api/status" && get) {
    const body = { started: facts.started, last_activity: new Date().toISOString() }
    return { status: 200, body: { ...body, connections: 0, kernels: 0 } }
  }
  if (path === "/api/me" && get) {
    const me = meModel(user, query)
    if (me === undefined) {
      const given = query.get("permissions") ?? ""
      throw new JupyterError(400, `permissions should be a JSON dict of {'resource': ['action',]}, got '${given}'`)
    }
    return { status: 200, body: me }
  }
  if (path === "/api/kernels" || path === "/api/sessions") {
    if (get) return { status: 200, body: [] }
    throw new JupyterError(501, "the emulator runs no kernels: starting a kernel or a session is not served")
  }
  return undefined
}

const REASONS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  500: "Internal Server Error",
  503: "Service Unavailable",
}

/** Answers a WebSocket handshake with an HTTP error (Jupyter's JSON) and closes the connection. */
export const refuseUpgrade = (socket: Duplex, status: number, message: string): void => {
  const body = JSON.stringify({ message, reason: null })
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? "Error"}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
