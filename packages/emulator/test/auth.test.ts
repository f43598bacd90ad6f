import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { CLIENT, Client, casLogin, type Json, start } from "./helpers.js"

let emu: RunningEmulator
let c: Client

beforeAll(async () => {
  emu = await start()
  c = new Client(emu)
})
afterAll(() => emu.close())
beforeEach(() => {
  emu.control.reset()
  emu.control.auth.set({ v2Credential: "both", federated: [], v1Expired: "401", strictReferer: false })
})

const decode = (jwt: string): Json => JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString("utf8"))

describe("POST /auth/token (§2.1)", () => {
  it("answers the envelope with a JWT and expires_in as the string 604800", async () => {
    const res = await fetch(`${emu.url}/auth/token`, {
      method: "POST",
      body: JSON.stringify({ username: "20250001", password: "Passw0rd!" }),
    })
    const body = (await res.json()) as Json
    expect(res.status).toBe(200)
    expect(body.code).toBe(0)
    expect(body.data.expires_in).toBe("604800")
    expect(body.data.token_type).toBe("Bearer")
    const claims = decode(body.data.access_token)
    expect(claims.azp).toBe("inspire-studio")
    expect(claims.preferred_username).toBe("20250001")
    expect(claims.sub).toMatch(/^user-/)
    expect(claims.exp - claims.iat).toBe(604800)
  })

  it("rejects a wrong password with HTTP 401 invalid_grant", async () => {
    const res = await fetch(`${emu.url}/auth/token`, {
      method: "POST",
      body: JSON.stringify({ username: "20250001", password: "bad" }),
    })
    expect(res.status).toBe(401)
    const body = (await res.json()) as Json
    expect(body.code).toBe(401)
    expect(body.message).toMatch(/^invalid_grant: /)
  })

  it("gives a federated account invalid_grant even with the right password, while CAS still works", async () => {
    const res = await fetch(`${emu.url}/auth/token`, {
      method: "POST",
      body: JSON.stringify({ username: "20250003", password: "Federated#2026" }),
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as Json).message).toContain("invalid_grant")
    const login = await casLogin(emu.url, "20250003", "Federated#2026")
    expect(login.cookie).toContain("inspire-session=")
  })

  it("can answer the vendor document's bare shape instead of the envelope", async () => {
    emu.control.auth.set({ tokenShape: "bare" })
    const res = await fetch(`${emu.url}/auth/token`, {
      method: "POST",
      body: JSON.stringify({ username: "20250001", password: "Passw0rd!" }),
    })
    const body = (await res.json()) as Json
    expect(body.code).toBeUndefined()
    expect(body.expires_in).toBe("604800")
    expect(typeof body.access_token).toBe("string")
    emu.control.auth.set({ tokenShape: "envelope" })
  })

  it("can turn any account federated at runtime", async () => {
    emu.control.auth.set({ federated: ["20250001"] })
    const res = await fetch(`${emu.url}/auth/token`, {
      method: "POST",
      body: JSON.stringify({ username: "20250001", password: "Passw0rd!" }),
    })
    expect(res.status).toBe(401)
  })
})

describe("CAS form login (§2.3)", () => {
  it("walks qz → Keycloak page → CAS form → back to qz with inspire-session", async () => {
    const first = await fetch(`${emu.url}/`, { redirect: "manual" })
    expect(first.status).toBe(302)
    expect(first.headers.get("location")).toContain("openid-connect/auth?client_id=inspire-studio")
    const kc = await (await fetch(first.headers.get("location") ?? "")).text()
    expect(kc).toMatch(/"loginUrl":"[^"]*broker\\\/cas\\\/login/)
    const login = await casLogin(emu.url, "20250001", "Passw0rd!")
    expect(login.cookie).toMatch(/inspire-session=[0-9a-f]+/)
    const home = await fetch(`${emu.url}/`, { redirect: "manual", headers: { cookie: login.cookie ?? "" } })
    expect(home.status).toBe(200)
    const detail = await fetch(`${emu.url}/api/v1/user/detail`, { headers: { cookie: login.cookie ?? "" } })
    expect(((await detail.json()) as Json).data.extra_info.login_name).toBe("20250001")
  })

  it("serves lt and execution as hidden inputs, the SMS tab's 验证码 always, and no error before a failure", async () => {
    const first = await fetch(`${emu.url}/cas/login?service=x`)
    const html = await first.text()
    expect(html).toMatch(/name="lt"/)
    expect(html).toMatch(/name="execution"/)
    expect(html).toContain("验证码")
    expect(html).not.toContain('class="form-error"')
    expect(html).toContain("008aed7e057fe8f14c73550b0e6467b0")
  })

  it("answers a wrong password with 200 and the form-error text", async () => {
    const r = await casLogin(emu.url, "20250002", "wrong-password")
    expect(r.cookie).toBeUndefined()
    expect(r.error).toBe("用户名或密码错误")
    expect(r.html).toContain("验证码")
  })

  it("accepts a plaintext password only when encrypted is not true", async () => {
    const plain = await casLogin(emu.url, "20250002", "12345678", (f) => {
      f.set("password", "12345678")
    })
    expect(plain.error).toBe("用户名或密码错误")
    const unencrypted = await casLogin(emu.url, "20250002", "12345678", (f) => {
      f.set("password", "12345678")
      f.set("encrypted", "false")
    })
    expect(unencrypted.cookie).toContain("inspire-session=")
  })

  it("asks for a captcha after repeated failures and locks the account after five", async () => {
    for (let i = 0; i < 3; i++) expect((await casLogin(emu.url, "20250004", "nope")).error).toBe("用户名或密码错误")
    const captcha = await casLogin(emu.url, "20250004", "Lockout#2026")
    expect(captcha.error).toBe("请输入验证码")
    const locked = await casLogin(emu.url, "20250004", "Lockout#2026")
    expect(locked.error).toContain("锁定")
    emu.control.auth.advance(1801)
    const again = await casLogin(emu.url, "20250004", "Lockout#2026")
    expect(again.cookie).toContain("inspire-session=")
  })

  it("rejects an expired execution value", async () => {
    emu.control.auth.set({ executionTtlSeconds: 600 })
    const r = await casLogin(emu.url, "20250001", "Passw0rd!", (f) => {
      f.set("execution", "stale-e1s1-000")
    })
    expect(r.error).toBe("登录页面已过期，请重新登录")
    const late = await casLogin(emu.url, "20250001", "Passw0rd!", () => emu.control.auth.advance(601))
    expect(late.error).toBe("登录页面已过期，请重新登录")
  })
})

describe("session and token expiry (§1.6, §1.7, §2.6)", () => {
  it("expires the cookie after 20 minutes absolute: V1 401, pages 302, re-login works", async () => {
    await c.loginCookie()
    expect((await c.v1("GET", "user/detail")).status).toBe(200)
    emu.control.auth.advance(19 * 60)
    expect((await c.v1("GET", "user/detail")).status).toBe(200)
    emu.control.auth.advance(61)
    expect((await c.v1("GET", "user/detail")).status).toBe(401)
    const page = await fetch(`${emu.url}/jobs/distributedTraining`, {
      redirect: "manual",
      headers: { cookie: c.cookie },
    })
    expect(page.status).toBe(302)
    expect(page.headers.get("location")).toContain("openid-connect/auth")
    await c.loginCookie()
    expect((await c.v1("GET", "user/detail")).status).toBe(200)
  })

  it("can answer an expired V1 cookie with a redirect instead of 401", async () => {
    emu.control.auth.set({ v1Expired: "302" })
    const res = await fetch(`${emu.url}/api/v1/user/detail`, { redirect: "manual" })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toContain("openid-connect/auth")
    emu.control.auth.set({ v1Expired: "401" })
  })

  it("a strict Referer mode demands a console page of the platform on V1", async () => {
    await c.loginCookie()
    emu.control.auth.set({ strictReferer: true })
    expect((await c.v1("GET", "user/detail")).status).toBe(403)
    const ok = await fetch(`${emu.url}/api/v1/user/detail`, {
      headers: { cookie: c.cookie, referer: `${emu.url}/jobs/distributedTraining` },
    })
    expect(ok.status).toBe(200)
    const foreign = await fetch(`${emu.url}/api/v1/user/detail`, {
      headers: { cookie: c.cookie, referer: "https://example.com/jobs/distributedTraining" },
    })
    expect(foreign.status).toBe(403)
    emu.control.auth.set({ strictReferer: false })
  })

  it("V2 takes a token or a cookie with the client-source header; the switches narrow it", async () => {
    await c.loginToken()
    await c.loginCookie()
    expect((await c.v2("user", "GetUserDetail", {}, "token")).Result.name).toBe("张演示")
    expect((await c.v2("user", "GetUserDetail", {}, "cookie")).Result.name).toBe("张演示")
    emu.control.auth.set({ v2Credential: "cookie" })
    await expect(c.v2("user", "GetUserDetail", {}, "token")).rejects.toThrow("HTTP 401")
    emu.control.auth.set({ v2Credential: "token" })
    await expect(c.v2("user", "GetUserDetail", {}, "cookie")).rejects.toThrow("HTTP 401")
    expect((await c.v2("user", "GetUserDetail", {}, "token")).Result.extra_info.login_name).toBe("20250001")
  })

  it("V2 without the client-source header answers 302 even with a valid credential", async () => {
    await c.loginToken()
    const res = await fetch(`${emu.url}/api/v2/user?Action=GetUserDetail`, {
      method: "POST",
      redirect: "manual",
      headers: { authorization: `Bearer ${c.token}` },
      body: "{}",
    })
    expect(res.status).toBe(302)
    expect(res.headers.get("location")).toContain("client_id=inspire-studio")
  })

  it("OA answers code -1 for a missing or revoked token", async () => {
    await c.loginToken()
    const ok = await c.oa("train_job/detail", { job_id: "job-unknown" })
    expect(ok.body.code).not.toBe(-1)
    emu.control.auth.expireSessions()
    const revoked = await c.oa("train_job/detail", { job_id: "job-unknown" })
    expect(revoked.body.code).toBe(-1)
    expect((await c.oa("train_job/detail", {}, "garbage")).body.code).toBe(-1)
  })

  it("forced expiry invalidates every cookie and token at once", async () => {
    await c.loginToken()
    await c.loginCookie()
    emu.control.auth.expireSessions()
    expect((await c.v1("GET", "user/detail")).status).toBe(401)
    const res = await fetch(`${emu.url}/api/v2/user?Action=GetUserDetail`, {
      method: "POST",
      headers: { ...CLIENT, authorization: `Bearer ${c.token}` },
      body: "{}",
    })
    expect(res.status).toBe(401)
  })

  it("a token expires at its exp", async () => {
    emu.control.auth.set({ tokenTtlSeconds: 3600 })
    await c.loginToken()
    emu.control.auth.advance(3601)
    expect((await c.oa("train_job/detail", { job_id: "x" })).body.code).toBe(-1)
    emu.control.auth.set({ tokenTtlSeconds: 604800 })
  })
})
