import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, type Json, trainBody, useLoggedInEmulator } from "./helpers.js"

let emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>
useLoggedInEmulator((e, client, fx) => {
  emu = e
  c = client
  f = fx
})

const jobs = () => emu.control.state().tasks.filter((t) => t.kind === "train").length
const create = (name: string) =>
  fetch(`${emu.url}/openapi/v1/train_job/create`, {
    method: "POST",
    headers: { authorization: `Bearer ${c.token}`, "content-type": "application/json" },
    body: JSON.stringify(trainBody(f, { name })),
  })

describe("spoiled answers (fault API, per surface)", () => {
  it("carries the create out, then answers 200 with a truncated, empty, wrong-type, login-page or JSON-error body", async () => {
    const seen: Record<string, { type: string | null; body: string }> = {}
    for (const mode of ["truncated", "empty", "wrong-type", "login-page", "json-error"] as const) {
      emu.control.faults.set({ answers: { "oa:/openapi/v1/train_job/create": { mode, rate: 1 } } })
      const before = jobs()
      const res = await create(`spoil-${mode}`)
      expect(res.status).toBe(200)
      seen[mode] = { type: res.headers.get("content-type"), body: await res.text() }
      expect(jobs()).toBe(before + 1)
    }
    expect(seen.truncated?.body.startsWith('{"code":0')).toBe(true)
    expect(() => JSON.parse(seen.truncated?.body ?? "")).toThrow()
    expect(seen.empty?.body).toBe("")
    expect(JSON.parse(seen["wrong-type"]?.body ?? "")).toEqual([])
    expect(seen["login-page"]?.type).toContain("text/html")
    expect(seen["login-page"]?.body).toContain("kc-form-login")
    expect(JSON.parse(seen["json-error"]?.body ?? "")).toEqual({ code: 500, message: "internal server error" })
  })

  it("spoils only the surfaces named (a V2 service with `*`, every API surface with `*`), and V2 errors in V2's shape", async () => {
    emu.control.faults.set({ answers: { "v2:train.*": { mode: "json-error", rate: 1 } } })
    expect(
      (await c.v2("train", "ListJobs", { workspace_id: f.ws("分布式训练空间") })).ResponseMetadata.Error.Code,
    ).toBe("InternalError")
    expect((await c.v2("user", "GetUserDetail")).ResponseMetadata.Error).toBeUndefined()
    emu.control.faults.set({ answers: { "*": { mode: "empty", rate: 1 } } })
    const res = await fetch(`${emu.url}/api/v1/user/detail`, { headers: { cookie: c.cookie } })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe("")
    emu.control.faults.set({ answers: {} })
    expect((await c.v1("GET", "user/detail")).body.code).toBe(0)
  })

  it("spoils about the fraction asked for", async () => {
    emu.control.faults.set({ answers: { "v2:user.GetUserDetail": { mode: "empty", rate: 0.5 } } })
    let spoiled = 0
    for (let i = 0; i < 60; i++) {
      const res = await fetch(`${emu.url}/api/v2/user?Action=GetUserDetail`, {
        method: "POST",
        headers: { "x-inspire-client-source": "t", authorization: `Bearer ${c.token}` },
        body: "{}",
      })
      if ((await res.text()) === "") spoiled++
    }
    expect(spoiled).toBeGreaterThan(10)
    expect(spoiled).toBeLessThan(50)
  })
})

describe("platform clock offset (fault API)", () => {
  it("moves the Date header and the platform's timestamps, not the host's clock", async () => {
    const host = Date.now()
    const plain = new Date(
      (await fetch(`${emu.url}/api/v1/user/detail`, { headers: { cookie: c.cookie } })).headers.get("date") ?? "",
    )
    emu.control.faults.set({ clockOffsetMs: -10 * 60_000 })
    const res = await fetch(`${emu.url}/api/v1/user/detail`, { headers: { cookie: c.cookie } })
    const skewed = new Date(res.headers.get("date") ?? "").getTime()
    expect(plain.getTime() - skewed).toBeGreaterThan(9 * 60_000)
    expect(Math.abs(Date.now() - host)).toBeLessThan(60_000)
    const made = (await c.oa("train_job/create", trainBody(f, { name: "skewed" }))).body as Json
    const detail = (await c.oa("train_job/detail", { job_id: made.data.job_id })).body as Json
    expect(Math.abs(Number(detail.data.created_at) - skewed)).toBeLessThan(5_000)
    expect(emu.control.faults.get().clockOffsetMs).toBe(-600_000)
    await fetch(`${emu.url}/__emulator/faults`, { method: "POST", body: JSON.stringify({ clockOffsetMs: 600_000 }) })
    const ahead = new Date(
      (await fetch(`${emu.url}/api/v1/user/detail`, { headers: { cookie: c.cookie } })).headers.get("date") ?? "",
    )
    expect(ahead.getTime() - plain.getTime()).toBeGreaterThan(9 * 60_000)
    emu.control.faults.reset()
    expect(emu.control.clock.now() - plain.getTime()).toBeLessThan(5_000)
  })
})
