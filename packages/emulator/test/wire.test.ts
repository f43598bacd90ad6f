import { request } from "node:http"
import { describe, expect, it } from "vitest"
import { encryptPassword } from "../src/auth/rsa.js"
import type { RunningEmulator } from "../src/index.js"
import { CLIENT, type Client, type fixture, hiddenValue, IMAGE, type Json, useLoggedInEmulator } from "./helpers.js"

// What travels on the wire: header names as the gateway spells them, the Jupyter gateway's URL shape,
// and Harbor's REST at the registry root.

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  emu = e
  c = client
  f = lookups
})

interface Raw {
  status: number
  /** Header names exactly as sent. */
  names: string[]
  header: (name: string) => string | undefined
  body: string
}

/** One request with node:http, which keeps the header names' case in rawHeaders (fetch lower-cases them). */
const raw = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new Promise<Raw>((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers ?? {}, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = []
      res.on("data", (d: Buffer) => chunks.push(d))
      res.on("end", () => {
        const names = res.rawHeaders.filter((_, i) => i % 2 === 0)
        const header = (name: string) => {
          const i = res.rawHeaders.findIndex((h, k) => k % 2 === 0 && h.toLowerCase() === name.toLowerCase())
          return i < 0 ? undefined : res.rawHeaders[i + 1]
        }
        resolve({ status: res.statusCode ?? 0, names, header, body: Buffer.concat(chunks).toString("utf8") })
      })
    })
    req.on("timeout", () => req.destroy(new Error(`timeout: ${url}`)))
    req.on("error", reject)
    req.end(init.body)
  })

const basic = (a: { username: string; password: string }) =>
  `Basic ${Buffer.from(`${a.username}:${a.password}`).toString("base64")}`

describe("header names in canonical case, as the platform's gateway sends them", () => {
  it("JSON answers of every family carry Content-Type and Content-Length", async () => {
    const v2 = await raw(`${emu.url}/api/v2/user?Action=GetUserDetail`, {
      method: "POST",
      headers: { ...CLIENT, authorization: `Bearer ${c.token}`, "content-type": "application/json" },
      body: "{}",
    })
    const v1 = await raw(`${emu.url}/api/v1/user/detail`, { headers: { cookie: c.cookie } })
    const oa = await raw(`${emu.url}/openapi/v1/train_job/detail`, {
      method: "POST",
      headers: { authorization: `Bearer ${c.token}` },
      body: JSON.stringify({ job_id: "job-x" }),
    })
    for (const r of [v2, v1, oa]) {
      expect(r.names).toEqual(expect.arrayContaining(["Content-Type", "Content-Length"]))
      expect(r.names).not.toContain("content-type")
      expect(r.header("Content-Type")).toMatch(/^application\/json/)
    }
  })

  it("redirects carry Location, the login callback Set-Cookie, and a 429 Retry-After", async () => {
    const bounce = await raw(`${emu.url}/jobs/distributedTraining`)
    expect(bounce.status).toBe(302)
    expect(bounce.names).toContain("Location")
    // Walk the chain with raw requests up to the hop that sets the session cookie.
    const kc = await raw(bounce.header("Location") ?? "")
    const loginUrl = /"loginUrl":"([^"]*)"/.exec(kc.body)?.[1]?.replace(/\\\//g, "/") ?? ""
    const cas = new URL((await raw(new URL(loginUrl, emu.url).href)).header("Location") ?? "", emu.url)
    const page = await raw(cas.href)
    const form = new URLSearchParams({
      username: "20250001",
      password: encryptPassword(emu.demo.password),
      _eventId: "submit",
      submit: "登 录",
      loginType: "1",
      encrypted: "true",
      lt: hiddenValue(page.body, "lt"),
      execution: hiddenValue(page.body, "execution"),
    })
    let hop = await raw(cas.href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    })
    const seen: string[] = []
    for (let i = 0; i < 6 && hop.status === 302; i++) {
      seen.push(...hop.names)
      hop = await raw(new URL(hop.header("Location") ?? "", emu.url).href)
    }
    expect(seen).toContain("Set-Cookie")
    expect(seen).not.toContain("set-cookie")
    emu.control.faults.set({ rate429: 1, retryAfterSeconds: 2 })
    const limited = await raw(`${emu.url}/api/v1/user/detail`)
    expect(limited.status).toBe(429)
    expect(limited.names).toEqual(expect.arrayContaining(["Retry-After", "Content-Type"]))
  })

  it("Harbor answers carry X-Total-Count, and its 401 WWW-Authenticate", async () => {
    const list = await raw(`${emu.url}/harbor/qb/api/v2.0/projects/inspire-studio/repositories`, {
      headers: { authorization: basic(emu.demo.harbor.qb) },
    })
    expect(list.names).toContain("X-Total-Count")
    const denied = await raw(`${emu.url}/harbor/qb/api/v2.0/projects`)
    expect(denied.status).toBe(401)
    expect(denied.names).toContain("WWW-Authenticate")
  })
})

describe("Harbor's REST at the registry root (/api/v2.0)", () => {
  it("answers qb's Harbor at the root with qb's robot, exactly as under /harbor/qb", async () => {
    const path = "/api/v2.0/projects/inspire-studio/repositories?page=1&page_size=20&sort=-update_time"
    const auth = { authorization: basic(emu.demo.harbor.qb) }
    const root = await fetch(`${emu.url}${path}`, { headers: auth })
    expect(root.status).toBe(200)
    expect(root.headers.get("x-total-count")).toBe("2")
    expect(await root.json()).toEqual(await (await fetch(`${emu.url}/harbor/qb${path}`, { headers: auth })).json())
    expect((await fetch(`${emu.url}/api/v2.0/projects?page_size=1`, { headers: auth })).status).toBe(200)
    const sjRobot = await fetch(`${emu.url}/api/v2.0/projects?page_size=1`, {
      headers: { authorization: basic(emu.demo.harbor.sj) },
    })
    expect(sjRobot.status).toBe(401)
    expect(emu.harborUrls).toEqual({ qb: `${emu.url}/harbor/qb`, sj: `${emu.url}/harbor/sj` })
  })
})

describe("the Jupyter gateway (§4.9, §4.17)", () => {
  const runningNotebook = async () => {
    const ws = f.ws("可上网GPU资源")
    const lcg = f.group("可上网GPU资源", "RTX4090-可上网")
    const r = await c.result("notebook", "CreateNotebook", {
      workspace_id: ws,
      name: "gw",
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      quota_id: f.spec(lcg, "DSW", 1),
      mirror_url: IMAGE,
      task_priority: 6,
      runtime: "standard",
    })
    emu.control.clock.advance(20)
    return { id: r.notebook_id as string, ws }
  }

  it("serves the lab at /{ws}/{project}/{user}/jupyter/{id}/{token}/lab, the notebook's NB_PREFIX", async () => {
    const { id, ws } = await runningNotebook()
    const urls = await c.result("notebook", "GetNotebookAccessUrl", { notebook_id: id })
    const lab = new URL(urls.jupyter_url)
    const token = lab.searchParams.get("token") ?? ""
    const me = await c.result("user", "GetUserDetail")
    expect(lab.pathname).toBe(`/${ws}/${f.project("embodied-fm")}/${me.id}/jupyter/${id}/${token}/lab`)
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(new URL(urls.vscode_url).pathname).toBe(`/${ws}/${f.project("embodied-fm")}/${me.id}/vscode/${id}/${token}/`)
    const page = await fetch(lab)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("JupyterLab")
    const base = lab.href.replace(/\/lab\?.*$/, "")
    expect((await fetch(`${base}/lab`)).status).toBe(403)
    expect((await fetch(`${base}/lab`, { headers: { authorization: `token ${token}` } })).status).toBe(200)
    const api = await fetch(`${base}/api/terminals`, { method: "POST", headers: { authorization: `token ${token}` } })
    expect(api.headers.get("content-type")).toMatch(/^application\/json/)
    const legacy = await fetch(`${emu.url}/notebook-gateway${lab.pathname}${lab.search}`, { redirect: "manual" })
    expect(legacy.status).not.toBe(200)
    // The lab route bounces to the same URL.
    const bounce = await fetch(`${emu.url}/api/v1/notebook/lab/${id}/`, {
      redirect: "manual",
      headers: { cookie: c.cookie },
    })
    expect(bounce.headers.get("location")).toBe(urls.jupyter_url)
  })

  it("answers 404 for a path that does not match a notebook, 503 once it is not running", async () => {
    const { id } = await runningNotebook()
    const urls: Json = await c.result("notebook", "GetNotebookAccessUrl", { notebook_id: id })
    const wrongUser = urls.jupyter_url.replace(/\/user-[^/]+\//, "/user-00000000-0000-4000-8000-000000000000/")
    expect((await fetch(wrongUser)).status).toBe(404)
    await c.result("notebook", "StopNotebook", { notebook_id: id })
    emu.control.clock.advance(10)
    expect((await fetch(urls.jupyter_url)).status).toBe(503)
  })
})
