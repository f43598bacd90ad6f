import { randomBytes } from "node:crypto"
import type { ServerResponse } from "node:http"
import type { Emu } from "../context.js"
import { parseForm, redirect, sendHtml, sendText } from "../http.js"
import { casPage, expiredPage, keycloakPage } from "./pages.js"
import { ciphertextMatches } from "./rsa.js"
import { SECURITY_JS } from "./security-js.js"
import { SESSION_COOKIE } from "./service.js"

const REALM = "/auth/realms/sii"
const rand = (): string => randomBytes(8).toString("hex")

/** Where every unauthenticated page (and a V2 call without the client-source header) is sent. */
export const authorizeUrl = (base: string): string =>
  `${base}${REALM}/protocol/openid-connect/auth?client_id=inspire-studio&redirect_uri=${encodeURIComponent(
    `${base}/login/callback`,
  )}&response_type=code&scope=openid&state=${rand()}`

let flip = false

const renderCas = (emu: Emu, res: ServerResponse, action: string, username: string, error?: string) => {
  const { lt, execution } = emu.auth.newExecution()
  flip = !flip
  const captcha = username !== "" && emu.auth.loginState(username) === "captcha"
  const page = casPage({ action, lt, execution, captcha, username, flip, ...(error ? { error } : {}) })
  sendHtml(res, 200, page)
}

/** The three hops of §2.3 plus the way back; answers false when the path is not part of the flow. */
export const handleSso = (
  emu: Emu,
  method: string,
  url: URL,
  base: string,
  body: string,
  res: ServerResponse,
): boolean => {
  const q = url.searchParams
  const path = url.pathname
  if (method === "GET" && path === `${REALM}/protocol/openid-connect/auth`) {
    const tab = rand()
    emu.auth.flows.set(tab, {
      redirect: q.get("redirect_uri") ?? `${base}/login/callback`,
      state: q.get("state") ?? "",
    })
    const loginUrl = `${REALM}/broker/cas/login?client_id=inspire-studio&tab_id=${tab}&session_code=${rand()}`
    sendHtml(res, 200, keycloakPage(loginUrl))
    return true
  }
  if (method === "GET" && path === `${REALM}/broker/cas/login`) {
    const tab = q.get("tab_id") ?? ""
    if (!emu.auth.flows.has(tab)) {
      sendHtml(res, 400, expiredPage())
      return true
    }
    const service = `${base}${REALM}/broker/cas/endpoint?tab_id=${tab}`
    redirect(res, `${base}/cas/login?service=${encodeURIComponent(service)}`)
    return true
  }
  if (method === "GET" && path === "/cas/js/security.js") {
    sendText(res, 200, SECURITY_JS, "application/javascript; charset=utf-8")
    return true
  }
  if (path === "/cas/login" && (method === "GET" || method === "POST")) {
    const action = `/cas/login${url.search}`
    if (method === "GET") renderCas(emu, res, action, "")
    else casPost(emu, res, action, q.get("service") ?? "", body)
    return true
  }
  if (method === "GET" && path === `${REALM}/broker/cas/endpoint`) {
    const flow = emu.auth.flows.get(q.get("tab_id") ?? "")
    const ticket = q.get("ticket") ?? ""
    const userId = emu.auth.tickets.get(ticket)
    emu.auth.tickets.delete(ticket)
    if (!flow || !userId) {
      sendHtml(res, 400, expiredPage())
      return true
    }
    emu.auth.flows.delete(q.get("tab_id") ?? "")
    const sep = flow.redirect.includes("?") ? "&" : "?"
    redirect(res, `${flow.redirect}${sep}code=${emu.auth.newCode(userId)}&state=${encodeURIComponent(flow.state)}`)
    return true
  }
  if (method === "GET" && path === "/login/callback") {
    const code = q.get("code") ?? ""
    const userId = emu.auth.codes.get(code)
    emu.auth.codes.delete(code)
    if (!userId) {
      redirect(res, authorizeUrl(base))
      return true
    }
    const sid = emu.auth.createSession(userId)
    redirect(res, `${base}/`, [`${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax`])
    return true
  }
  return false
}

const casPost = (emu: Emu, res: ServerResponse, action: string, service: string, body: string) => {
  const form = parseForm(body)
  const username = form.get("username") ?? ""
  const fail = (error: string) => renderCas(emu, res, action, username, error)
  const exec = emu.auth.consumeExecution(form.get("execution") ?? "", form.get("lt") ?? "")
  if (exec === "expired") return fail("登录页面已过期，请重新登录")
  if (exec === "invalid" || form.get("_eventId") !== "submit") return fail("登录请求无效，请刷新页面后重试")
  const user = emu.auth.userByLogin(username)
  const state = emu.auth.loginState(username)
  if (state === "locked") return fail("账号已被锁定，请30分钟后再试")
  if (state === "captcha" && !form.get("captcha")) {
    return fail(emu.auth.recordFailure(username) ? "账号已被锁定，请30分钟后再试" : "请输入验证码")
  }
  const password = form.get("password") ?? ""
  const ok =
    user !== undefined &&
    state === "ok" &&
    (form.get("encrypted") === "true" ? ciphertextMatches(password, user.password) : password === user.password)
  if (!ok || !user) {
    if (state === "captcha")
      return fail(emu.auth.recordFailure(username) ? "账号已被锁定，请30分钟后再试" : "验证码错误")
    return fail(emu.auth.recordFailure(username) ? "账号已被锁定，请30分钟后再试" : "用户名或密码错误")
  }
  emu.auth.recordSuccess(username)
  if (!service) return sendHtml(res, 200, "<html><body><h2>登录成功</h2></body></html>")
  const sep = service.includes("?") ? "&" : "?"
  redirect(res, `${service}${sep}ticket=${emu.auth.newTicket(user.id)}`)
}
