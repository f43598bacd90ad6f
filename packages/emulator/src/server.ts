import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { createServer as createTlsServer } from "node:https"
import { type Control, handleAdmin } from "./admin.js"
import { spoilAnswer } from "./answers.js"
import { handleOpenapi, handleV1, handleV2, type Incoming } from "./api.js"
import { consoleScript, consoleShell } from "./auth/pages.js"
import { authorizeUrl, handleSso } from "./auth/sso.js"
import type { Emu } from "./context.js"
import { toApiError } from "./envelopes.js"
import { handleGateway, handleGatewayUpgrade, isGatewayPath, rawPath } from "./gateway.js"
import { handleServing, isServingPath } from "./handlers/serving-gateway.js"
import { labLocation } from "./handlers/v1-hpc-notebook.js"
import { handleHarbor } from "./harbor.js"
import { readBody, redirect, sendHtml, sendJson, sendText, TOO_MANY_REQUESTS_HTML } from "./http.js"
import { surfaceKey } from "./requests.js"
import type { Certificate } from "./tls.js"

/**
 * The API gateway's paths, where the rate limiter applies: the console pages, the SSO hosts (Keycloak,
 * CAS), static files, Harbor and the servings are other hosts or not rate-limited as far as anyone saw.
 */
const GATEWAY_API = /^\/(auth\/token$|openapi\/|api\/v1\/|api\/v2\/)/

/** Whose bucket a request draws from: its account (token or session), else its client address. */
const limitKey = (emu: Emu, req: IncomingMessage, path: string): string | undefined => {
  if (!GATEWAY_API.test(path) || path.startsWith("/api/v1/notebook/lab/")) return undefined
  const user = emu.auth.tokenUser(req.headers.authorization) ?? emu.auth.sessionUser(req.headers.cookie)
  return user ? `user:${user.id}` : `addr:${req.socket.remoteAddress ?? ""}`
}

const PAGE_ROUTES = /^\/(login|jobs|ide|develop|deploy|projects|operations|userCenter)?(\/.*)?$/

const serverErrorHtml = (status: number): string =>
  `<html>\r\n<head><title>${status} Server Error</title></head>\r\n<body>\r\n<center><h1>${status} Server Error</h1></center>\r\n<hr><center>openresty</center>\r\n</body>\r\n</html>\r\n`

const tokenEndpoint = (emu: Emu, inc: Incoming) => {
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(inc.raw || "{}") as Record<string, unknown>
  } catch {
    return sendJson(inc.res, 400, { code: 400, message: "invalid_request: body must be JSON" })
  }
  const username = typeof body.username === "string" ? body.username : ""
  const password = typeof body.password === "string" ? body.password : ""
  if (!username || !password) {
    return sendJson(inc.res, 400, { code: 400, message: "invalid_request: username and password are required" })
  }
  const user = emu.auth.userByLogin(username)
  if (!user || user.password !== password || emu.auth.isFederated(user)) {
    const status = emu.auth.options.tokenFailureStatus
    return sendJson(inc.res, status, { code: status, message: "invalid_grant: Invalid user credentials" })
  }
  const token = emu.auth.issueToken(user, inc.base)
  sendJson(inc.res, 200, emu.auth.options.tokenShape === "bare" ? token : { code: 0, message: "success", data: token })
}

/** Console pages and the notebook lab route: a valid cookie or a bounce to the login chain. */
const page = (emu: Emu, inc: Incoming) => {
  const user = emu.auth.sessionUser(inc.req.headers.cookie)
  if (!user) return redirect(inc.res, authorizeUrl(inc.base))
  const lab = /^\/api\/v1\/notebook\/lab\/([^/]+)\/?$/.exec(inc.url.pathname)
  if (!lab) return sendHtml(inc.res, 200, consoleShell())
  try {
    const call = {
      emu,
      user,
      body: {},
      raw: "",
      params: { id: lab[1] ?? "" },
      query: inc.url.searchParams,
      base: inc.base,
    }
    redirect(inc.res, labLocation(call))
  } catch (e) {
    sendText(inc.res, 404, toApiError(e).message)
  }
}

const route = (emu: Emu, inc: Incoming) => {
  const path = inc.url.pathname
  const method = inc.req.method ?? "GET"
  if (path.startsWith("/harbor/")) return handleHarbor(emu, inc.req, inc.res, inc.url, inc.raw)
  // Harbor's REST at the root, as on the registry hosts: qb's, unless the request names sj's host
  // (a client may point docker-qb.* / docker-t.* at the emulator). /harbor/{qb|sj}/ names either.
  if (path.startsWith("/api/v2.0/")) {
    const registry = /^docker-t\./.test(inc.req.headers.host ?? "") ? "sj" : "qb"
    const url = new URL(`/harbor/${registry}${path}${inc.url.search}`, inc.base)
    return handleHarbor(emu, inc.req, inc.res, url, inc.raw)
  }
  if (path === "/auth/token" && method === "POST") return tokenEndpoint(emu, inc)
  if (handleSso(emu, method, inc.url, inc.base, inc.raw, inc.res)) return
  if (path.startsWith("/openapi/v1/")) return handleOpenapi(emu, inc)
  if (path.startsWith("/api/v2/")) return handleV2(emu, inc)
  if (method === "GET" && path.startsWith("/api/v1/notebook/lab/")) return page(emu, inc)
  if (path.startsWith("/api/v1/")) return handleV1(emu, inc)
  if (isServingPath(path)) return handleServing(emu, method, path, inc.raw, inc.res)
  if (method === "GET" && PAGE_ROUTES.test(path)) return page(emu, inc)
  if (method === "GET" && path === "/static/js/main.js") {
    const script = consoleScript(emu.auth.sessionUser(inc.req.headers.cookie)?.defaultWorkspaceId)
    return sendText(inc.res, 200, script, "application/javascript; charset=utf-8")
  }
  sendText(inc.res, 404, "404 page not found")
}

// The handler runs to completion (state changes included); only what it sends is replaced.
const loseAnswer = (req: IncomingMessage, res: ServerResponse, mode: "reset" | "504") => {
  const end = res.end.bind(res)
  const writeHead = res.writeHead.bind(res)
  const setHeader = res.setHeader.bind(res)
  res.writeHead = (() => res) as unknown as typeof res.writeHead
  res.setHeader = (() => res) as unknown as typeof res.setHeader
  res.end = ((..._args: unknown[]) => {
    if (mode === "reset") {
      req.socket.destroy()
      return res
    }
    res.writeHead = writeHead
    res.setHeader = setHeader
    writeHead(504, { "Content-Type": "text/plain; charset=utf-8" })
    end("504 Gateway Time-out")
    return res
  }) as typeof res.end
}

/**
 * One port for everything: console, APIs, SSO pages, Harbor and the admin API; HTTPS (and WSS) only when
 * given a certificate, and then every URL handed out says https.
 */
export const createEmulatorServer = (emu: Emu, control: Control, tls?: Certificate): Server => {
  const scheme = tls === undefined ? "http" : "https"
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const host = req.headers.host ?? "127.0.0.1"
      const base = `${scheme}://${host}`
      const url = new URL(req.url ?? "/", base)
      // The notebooks' Jupyter gateway is its own host on the platform: none of the API gateway's faults
      // or limits, and it reads (bounded) bodies itself.
      if (isGatewayPath(rawPath(req))) return await handleGateway(emu, req, res, url, base)
      const raw = await readBody(req)
      if (url.pathname.startsWith("/__emulator/")) {
        return handleAdmin(control, req.method ?? "GET", url.pathname, raw, res)
      }
      // The platform's clock (with its fault offset) dates every answer, as a gateway does.
      res.setHeader("Date", new Date(emu.clock.now()).toUTCString())
      const key = surfaceKey(req.method ?? "GET", url)
      const record = emu.requests.begin(key)
      res.once("close", () => emu.requests.finish(record, res.statusCode))
      await emu.faults.delay()
      const outcome = emu.faults.decide(limitKey(emu, req, url.pathname))
      if (outcome === "reset") return req.socket.destroy()
      if (outcome === "error")
        return sendHtml(res, emu.faults.config.errorStatus, serverErrorHtml(emu.faults.config.errorStatus))
      if (outcome === "throttle") {
        const retry = emu.faults.config.retryAfterSeconds
        return sendHtml(res, 429, TOO_MANY_REQUESTS_HTML, retry === null ? {} : { "Retry-After": String(retry) })
      }
      if (emu.faults.loseAnswer()) loseAnswer(req, res, emu.faults.config.lostAnswerMode)
      else {
        const spoil = emu.faults.spoil(key)
        if (spoil !== undefined) spoilAnswer(res, spoil, key, emu.faults.random)
      }
      route(emu, { req, res, url, base, raw })
    } catch (e) {
      emu.log(`request failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
      if (!res.headersSent) sendText(res, 500, "500 Internal Server Error")
    }
  }
  const server = tls === undefined ? createServer(handler) : createTlsServer({ cert: tls.cert, key: tls.key }, handler)
  server.keepAliveTimeout = 65_000
  server.on("upgrade", (req, socket, head) => handleGatewayUpgrade(emu, req, socket, head))
  return server
}
