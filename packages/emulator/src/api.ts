import type { IncomingMessage, ServerResponse } from "node:http"
import { authorizeUrl } from "./auth/sso.js"
import type { Call, Emu, Handler } from "./context.js"
import { refuseWorkspace } from "./domain/disabled.js"
import { type Family, sendError, sendOk, toApiError } from "./envelopes.js"
import { ApiError } from "./errors.js"
import { openapiRoutes } from "./handlers/openapi.js"
import { v1CatalogRoutes } from "./handlers/v1-catalog.js"
import { v1HpcRoutes, v1NotebookRoutes } from "./handlers/v1-hpc-notebook.js"
import { v1RayRoutes } from "./handlers/v1-ray.js"
import { v1ResourceRoutes } from "./handlers/v1-resources.js"
import { v1TrainRoutes } from "./handlers/v1-train.js"
import { V2_SERVICES } from "./handlers/v2-services.js"
import { redirect, sendJson, sendText } from "./http.js"
import { matchRoute } from "./router.js"
import type { User } from "./state/types.js"
import { asObject, checkFields, type Shape } from "./validate.js"

const V1_ROUTES = [
  ...v1TrainRoutes,
  ...v1HpcRoutes,
  ...v1NotebookRoutes,
  ...v1RayRoutes,
  ...v1ResourceRoutes,
  ...v1CatalogRoutes,
]

export interface Incoming {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  base: string
  raw: string
}

const notFoundPage = (res: ServerResponse) => sendText(res, 404, "404 page not found")

const CONSOLE_PAGES = /^\/(jobs|projects|operations|userCenter|deploy|develop|ide)?(\/|\?|$)/

/** The console pages of §1.3, on this origin. */
const consoleReferer = (inc: Incoming): boolean => {
  const referer = inc.req.headers.referer
  if (!referer) return false
  try {
    const url = new URL(referer)
    return url.origin === inc.base && CONSOLE_PAGES.test(`${url.pathname}${url.search}`)
  } catch {
    return false
  }
}

const parse = (raw: string): unknown => {
  if (raw.trim() === "") return {}
  try {
    return JSON.parse(raw)
  } catch {
    throw new ApiError("proto", "proto: syntax error (line 1:1): unexpected token")
  }
}

const run = (
  family: Family,
  inc: Incoming,
  emu: Emu,
  user: User,
  handler: Handler,
  shape: Shape | undefined,
  params = {},
) => {
  try {
    const json = parse(inc.raw)
    if (shape) checkFields(inc.raw, json, shape)
    const call: Call = {
      emu,
      family,
      user,
      body: asObject(json),
      raw: inc.raw,
      params,
      query: inc.url.searchParams,
      base: inc.base,
    }
    emu.engine.update()
    refuseWorkspace(call)
    sendOk(inc.res, family, handler(call))
  } catch (e) {
    const err = toApiError(e)
    if (!(e instanceof ApiError)) emu.log(`handler error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    sendError(inc.res, family, err)
  }
}

/** A switched-off surface answers the way the platform does when an action or path is absent or denied. */
const switched = (emu: Emu, family: Family, inc: Incoming, keys: string[]): boolean => {
  const mode = emu.faults.surface(keys)
  if (!mode) return false
  if (mode === "404") notFoundPage(inc.res)
  else if (family === "v2" && mode === "InvalidAction") {
    const action = inc.url.searchParams.get("Action") ?? ""
    sendError(inc.res, "v2", new ApiError("action", `unknown action: ${action}`))
  } else if (family === "v2") sendError(inc.res, "v2", new ApiError("forbidden", "Access denied"))
  else if (mode === "AccessForbidden") sendJson(inc.res, 403, { code: 100003, message: "AccessForbidden" })
  else notFoundPage(inc.res)
  return true
}

export const handleOpenapi = (emu: Emu, inc: Incoming) => {
  const path = inc.url.pathname
  const hit = matchRoute(openapiRoutes, inc.req.method ?? "GET", path)
  if (!hit) return notFoundPage(inc.res)
  if (switched(emu, "oa", inc, [`oa:${path}`, "oa:*"])) return
  const user = emu.auth.tokenUser(inc.req.headers.authorization)
  if (!user) return sendJson(inc.res, 200, { code: -1, message: "token is expired or invalid, please get a new token" })
  run("oa", inc, emu, user, hit.route.handler, hit.route.shape)
}

export const handleV1 = (emu: Emu, inc: Incoming) => {
  const method = inc.req.method ?? "GET"
  const hit = matchRoute(V1_ROUTES, method, inc.url.pathname)
  if (!hit) return notFoundPage(inc.res)
  if (switched(emu, "v1", inc, [`v1:${method} ${hit.route.path}`, "v1:*"])) return
  const user = emu.auth.sessionUser(inc.req.headers.cookie)
  if (!user) {
    if (emu.auth.options.v1Expired === "302") return redirect(inc.res, authorizeUrl(inc.base))
    return sendJson(inc.res, 401, { code: 401, message: "Unauthorized: session expired, please log in again" })
  }
  if (emu.auth.options.strictReferer && !consoleReferer(inc)) {
    return sendJson(inc.res, 403, { code: 100003, message: "Referer must be a console page of this platform" })
  }
  run("v1", inc, emu, user, hit.route.handler, hit.route.shape, hit.params)
}

const v2User = (emu: Emu, inc: Incoming): User | undefined => {
  const mode = emu.auth.options.v2Credential
  const bearer = inc.req.headers.authorization
  if (bearer && mode !== "cookie") return emu.auth.tokenUser(bearer)
  if (mode !== "token") return emu.auth.sessionUser(inc.req.headers.cookie)
  return undefined
}

export const handleV2 = (emu: Emu, inc: Incoming) => {
  const service = inc.url.pathname.slice("/api/v2/".length)
  if (!inc.req.headers["x-inspire-client-source"]) return redirect(inc.res, authorizeUrl(inc.base))
  const actions = V2_SERVICES[service]
  if (!actions || inc.req.method !== "POST") return notFoundPage(inc.res)
  const user = v2User(emu, inc)
  if (!user) return sendJson(inc.res, 401, { code: 401, message: "Unauthorized" })
  const action = inc.url.searchParams.get("Action") ?? ""
  if (switched(emu, "v2", inc, [`v2:${service}.${action}`, `v2:${service}.*`, "v2:*"])) return
  const found = Object.hasOwn(actions, action) ? actions[action] : undefined
  if (!found) return sendError(inc.res, "v2", new ApiError("action", `unknown action: ${action}`))
  run("v2", inc, emu, user, found.handler, found.shape)
}
