import type { IncomingMessage, ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import type { Emu } from "./context.js"
import { sendHtml, sendJson, sendText } from "./http.js"
import { serveFile } from "./jupyter/files.js"
import {
  anonymousUser,
  type JupyterUser,
  loginCookie,
  newXsrf,
  userFromCookie,
  xsrfRefusal,
} from "./jupyter/identity.js"
import { proxyHttp, proxyRoute, proxyUpgrade } from "./jupyter/port-proxy.js"
import { refuseUpgrade } from "./jupyter/server-api.js"
import { isWorkerPtyPath } from "./jupyter/worker-pty.js"
import type { Task } from "./state/types.js"

/**
 * The Jupyter gateway of running notebooks (its own host on the platform; a path prefix here):
 * `/{workspace}/{project}/{user}/jupyter/{notebook}/{token}/…`, the same segments as the `NB_PREFIX`
 * a notebook sees, plus `/vscode/` for the VS Code variant. Authorised by the notebook's token alone
 * (`?token=` or `Authorization: token …`); no platform cookie is needed. Behind it, a subset of the
 * Jupyter server (jupyter/host.ts), which also takes its own login cookie (jupyter/identity.ts).
 */
const GATEWAY = /^\/(ws-[^/]+)\/([^/]+)\/([^/]+)\/(jupyter|vscode)\/([^/]+)\/([^/]+)(\/.*)?$/

export const isGatewayPath = (path: string): boolean => GATEWAY.test(path)

/**
 * The path as sent, before URL parsing: Jupyter Server (tornado) routes the raw path, so a `..` there,
 * literal or encoded (`%2e%2e`), is not resolved away but reaches the handler that must refuse it.
 */
export const rawPath = (req: IncomingMessage): string => {
  const target = req.url ?? "/"
  return target.startsWith("/") ? target.replace(/[?#].*$/s, "") : new URL(target).pathname
}

/** The lab URL of a running notebook: the prefix, then `lab?token=`. */
export const labPrefix =
  (base: string, t: { workspaceId: string; projectId: string; userId: string; id: string }) =>
  (token: string, kind: "jupyter" | "vscode" = "jupyter") =>
    `${base}/${t.workspaceId}/${t.projectId}/${t.userId}/${kind}/${t.id}/${token}`

/**
 * Commands and files behind the gateway are this machine's: only a client on the loopback interface may
 * reach them, whatever address the emulator listens on (the demo account's password is public).
 */
const loopback = (address: string | undefined): boolean =>
  address !== undefined && (/^127\./.test(address) || address === "::1" || /^::ffff:127\./.test(address))

/** No Origin (not a browser) or one naming this host. */
const sameOrigin = (req: IncomingMessage): boolean => {
  const origin = req.headers.origin
  if (origin === undefined) return true
  try {
    return new URL(origin).host === req.headers.host
  } catch {
    return false
  }
}

const REMOTE = "the emulator runs notebook commands and files for loopback clients only"

export type GatewayCheck =
  | {
      ok: true
      task: Task
      kind: "jupyter" | "vscode"
      rest: string
      /** The server's base URL path (`/{ws}/…/{token}/`), where its cookies live. */
      basePath: string
      /** How the request was authenticated: a token checks no `_xsrf`; a cookie-only write must. */
      auth: "token" | "cookie"
      user: JupyterUser
      /** A token request without a valid login cookie: the cookie to remember the user by. */
      setCookie?: string
    }
  | { ok: false; status: number; message: string; api: boolean }

/** What of a request the checks read. */
interface Asked {
  path: string
  query: URLSearchParams
  authorization: string | undefined
  cookie: string | undefined
  host: string
  /** Over HTTPS: the login cookie is `Secure`, as Jupyter Server sets it when the request is https. */
  secure: boolean
}

/**
 * Who may reach what: an unknown notebook (or a prefix that is not its own) is 404; a notebook that is
 * not running, or whose Jupyter server is still starting (`jupyterStartupSeconds` of platform time after
 * RUNNING), 503; a missing or wrong token 403.
 */
const checkGateway = (emu: Emu, asked: Asked): GatewayCheck => {
  const { path, query, authorization } = asked
  const m = GATEWAY.exec(path)
  const [, ws, project, user, kind = "jupyter", id, pathToken, rest = "/"] = m ?? []
  const api = rest.startsWith("/api") || rest.startsWith("/terminals/")
  emu.engine.update()
  const t = emu.store.state.tasks.find((x) => x.id === id && x.kind === "notebook")
  const owned = t !== undefined && t.workspaceId === ws && t.projectId === project && t.userId === user
  if (!owned || t === undefined) return { ok: false, status: 404, message: "Not Found", api }
  if (t.phase !== "running") {
    return { ok: false, status: 503, message: `notebook ${t.id} is not running`, api }
  }
  const started = t.runs[t.runs.length - 1]?.start ?? 0
  if (emu.clock.now() - started < emu.faults.config.jupyterStartupSeconds * 1000) {
    return { ok: false, status: 503, message: "the Jupyter server is starting; retry shortly", api }
  }
  if (pathToken !== t.extra.token) return { ok: false, status: 403, message: "Forbidden", api }
  const basePath = `/${ws}/${project}/${user}/${kind}/${id}/${pathToken}/`
  const secret = emu.jupyter.secretOf(t)
  // As Jupyter Server's IdentityProvider: the token first; else the login cookie a token request set.
  const token = query.get("token") ?? /^(?:token|bearer)\s+(.+)$/i.exec(authorization ?? "")?.[1]
  const remembered = userFromCookie(secret, asked.host, asked.cookie)
  const found = { ok: true as const, task: t, kind: kind === "vscode" ? ("vscode" as const) : ("jupyter" as const) }
  if (token === t.extra.token) {
    const who = remembered ?? anonymousUser()
    const setCookie = remembered ? {} : { setCookie: loginCookie(secret, asked.host, basePath, who, asked.secure) }
    return { ...found, rest, basePath, auth: "token", user: who, ...setCookie }
  }
  if (remembered) return { ...found, rest, basePath, auth: "cookie", user: remembered }
  return { ok: false, status: 403, message: "Forbidden", api }
}

const askedOf = (req: IncomingMessage, url: URL): Asked => ({
  path: rawPath(req),
  query: url.searchParams,
  authorization: req.headers.authorization,
  cookie: req.headers.cookie,
  host: req.headers.host ?? "",
  secure: url.protocol === "https:",
})

const SAFE = new Set(["GET", "HEAD", "OPTIONS"])

/** The Jupyter routes served (jupyter/host.ts, server-api.ts); any other path is Jupyter's HTML 404. */
const SERVED_API = /^\/api(\/(status|me|kernels|sessions|terminals(\/[^/]+)?|contents(\/.*)?))?\/?(\?|$)/

/** The key a gateway request is counted under: no token, no notebook id, no file path. */
const gatewaySurface = (method: string, path: string): string => {
  const rest = GATEWAY.exec(path)?.[7] ?? "/"
  const kind =
    /^\/(api\/contents|api\/terminals\/[^/]+|api\/terminals|api\/status|api|terminals\/websocket|proxy\/\d+|files)(\/|$)/.exec(
      rest,
    )
  const shape = (kind?.[1] ?? "lab")
    .replace(/^api\/terminals\/[^/]+$/, "api/terminals/:name")
    .replace(/^proxy\/\d+$/, "proxy/:port")
  return `jup:${method} /${shape}`
}

export const handleGateway = async (
  emu: Emu,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  base: string,
): Promise<void> => {
  const record = emu.requests.begin(gatewaySurface(req.method ?? "GET", rawPath(req)))
  res.once("close", () => emu.requests.finish(record, res.statusCode))
  const check = checkGateway(emu, askedOf(req, url))
  const proxied = check.ok && check.kind === "jupyter" ? proxyRoute(check.rest) : undefined
  if (check.ok && (/^\/(api|files\/)/.test(check.rest) || proxied) && !loopback(req.socket.remoteAddress)) {
    req.resume()
    return sendJson(res, 403, { message: REMOTE, reason: null })
  }
  if (!check.ok) {
    req.resume()
    if (check.api) return sendJson(res, check.status, { message: check.message, reason: null })
    if (check.status === 404) return sendText(res, 404, "404 page not found")
    return sendText(res, check.status, `${check.status} ${check.message}`)
  }
  if (proxied !== undefined) {
    // Only for a notebook created with allow_ssh (§4.17); the gateway's 404 otherwise.
    if (check.task.extra.allow_ssh !== true) {
      req.resume()
      return sendText(res, 404, "404 page not found")
    }
    return proxyHttp(req, res, url, proxied.port, proxied.path, String(check.task.extra.token ?? ""))
  }
  const cookies = check.setCookie === undefined ? [] : [check.setCookie]
  if (check.kind === "vscode") {
    req.resume()
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies)
    return sendHtml(res, 200, "<!DOCTYPE html><html><head><title>VS Code</title></head><body></body></html>")
  }
  const file = /^\/files\/([^?]*)/.exec(check.rest)
  if (file !== null && (req.method === "GET" || req.method === "HEAD")) {
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies)
    return serveFile(emu.jupyter.place(check.task).root, file[1] ?? "", req, res)
  }
  if (check.rest.startsWith("/api") && SERVED_API.test(check.rest)) {
    const method = req.method ?? "GET"
    const refused = check.auth === "cookie" && !SAFE.has(method)
    const why = refused ? xsrfRefusal(req.headers.cookie, req.headers["x-xsrftoken"], url.searchParams) : undefined
    if (why !== undefined) {
      req.resume()
      return sendJson(res, 403, { message: why, reason: null })
    }
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies)
    return emu.jupyter.serve(check.task, check.rest, req, res, url, base, check.user)
  }
  req.resume()
  if (!/^\/(lab|tree|notebooks|edit|doc)?(\/|$)/.test(check.rest)) {
    // Jupyter's Template404 for any path no handler takes, under /api too (a `..` the URL resolved
    // lands here): its HTML 404 page.
    if (cookies.length > 0) res.setHeader("Set-Cookie", cookies)
    return sendHtml(res, 404, labPage(check.basePath, "404 : Not Found"), {})
  }
  // The lab page reads the xsrf token, which sets the `_xsrf` cookie on the server's base URL.
  if (!/(?:^|;\s*)_xsrf=/.test(req.headers.cookie ?? "")) cookies.push(`_xsrf=${newXsrf()}; Path=${check.basePath}`)
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies)
  sendHtml(res, 200, labPage(check.basePath, "JupyterLab"))
}

const labPage = (basePath: string, title: string): string =>
  `<!DOCTYPE html><html><head><title>${title}</title>` +
  `<script id="jupyter-config-data" type="application/json">${JSON.stringify({ baseUrl: basePath, appName: "JupyterLab" })}</script>` +
  "</head><body></body></html>"

/** A WebSocket handshake: only a live terminal's `<lab>/terminals/websocket/{name}`, after the same checks. */
export const handleGatewayUpgrade = (emu: Emu, req: IncomingMessage, socket: Duplex, head: Buffer) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1")
  const path = rawPath(req)
  if (isWorkerPtyPath(url.pathname)) {
    // A shell on this machine, on the session cookie alone: loopback clients, and no other site's page.
    if (!loopback(req.socket.remoteAddress)) return refuseUpgrade(socket, 403, REMOTE)
    if (!sameOrigin(req)) return refuseUpgrade(socket, 403, "Forbidden")
    return void emu.jupyter.workers
      .upgrade(emu, req, socket, head, url.pathname, url.searchParams)
      .catch(() => socket.destroy())
  }
  if (!isGatewayPath(path)) return refuseUpgrade(socket, 404, "Not Found")
  const record = emu.requests.begin(gatewaySurface("WS", path))
  const check = checkGateway(emu, askedOf(req, url))
  const proxied = check.ok && check.kind === "jupyter" ? proxyRoute(check.rest) : undefined
  const status = !check.ok
    ? check.status
    : check.kind === "jupyter" &&
        (check.rest.startsWith("/terminals/websocket/") ||
          (proxied !== undefined && check.task.extra.allow_ssh === true))
      ? 101
      : 404
  emu.requests.finish(record, status)
  if (!check.ok) return refuseUpgrade(socket, check.status, check.message)
  if (status !== 101) return refuseUpgrade(socket, 404, "Not Found")
  // A cookie-authenticated socket must come from the server's own origin (Jupyter's check_origin).
  if (check.auth === "cookie" && !sameOrigin(req)) return refuseUpgrade(socket, 403, "Forbidden")
  if (!loopback(req.socket.remoteAddress)) return refuseUpgrade(socket, 403, REMOTE)
  if (proxied !== undefined)
    return proxyUpgrade(req, socket, head, url, proxied.port, proxied.path, String(check.task.extra.token ?? ""))
  emu.jupyter.upgrade(check.task, check.rest, req, socket, head).catch(() => socket.destroy())
}
