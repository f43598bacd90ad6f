import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { CLIENT, Client, type Json, start } from "./helpers.js"

let emu: RunningEmulator
let c: Client

beforeAll(async () => {
  emu = await start()
  c = new Client(emu)
  await c.loginToken()
  await c.loginCookie()
})
afterAll(() => emu.close())
beforeEach(() => emu.control.reset())

const detail = () =>
  fetch(`${emu.url}/api/v2/user?Action=GetUserDetail`, {
    method: "POST",
    headers: { ...CLIENT, authorization: `Bearer ${c.token}` },
    body: "{}",
  })

describe("fault injection (admin API and control)", () => {
  it("adds latency", async () => {
    emu.control.faults.set({ latencyMs: 150 })
    const t0 = Date.now()
    expect((await detail()).status).toBe(200)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140)
  })

  it("answers 5xx with the gateway's HTML page", async () => {
    emu.control.faults.set({ errorRate: 1, errorStatus: 503 })
    const res = await detail()
    expect(res.status).toBe(503)
    expect(await res.text()).toContain("openresty")
  })

  it("draws the same faults for the same requests under the same seed, others under another seed", async () => {
    const draw = async (seed?: number) => {
      emu.control.faults.set({ errorRate: 0.5, ...(seed === undefined ? {} : { seed }) })
      const statuses: number[] = []
      for (let i = 0; i < 24; i++) statuses.push((await detail()).status)
      emu.control.faults.reset()
      return statuses.join(",")
    }
    const first = await draw()
    expect(first).toContain("502")
    expect(first).toContain("200")
    expect(await draw()).toBe(first)
    expect(await draw(1)).toBe(first)
    expect(await draw(7)).not.toBe(first)
  })

  it("resets connections", async () => {
    emu.control.faults.set({ resetRate: 1 })
    await expect(detail()).rejects.toThrow()
  })

  it("loses the answer of a request it carried out: reset, or 504", async () => {
    const models = () => (emu.control.state() as unknown as { models: Json[] }).models.length
    const create = (name: string) =>
      fetch(`${emu.url}/api/v1/model/create`, {
        method: "POST",
        headers: { cookie: c.cookie, "content-type": "application/json" },
        body: JSON.stringify({
          workspace_id: emu.control.state().workspaces[0]?.id,
          project_id: emu.control.state().projects[0]?.id,
          name,
          model_type: [],
          description: "",
          tags: [],
        }),
      })
    const before = models()
    emu.control.faults.set({ lostAnswerRate: 1 })
    await expect(create("lost-1")).rejects.toThrow()
    expect(models()).toBe(before + 1)
    emu.control.faults.set({ lostAnswerRate: 1, lostAnswerMode: "504" })
    const res = await create("lost-2")
    expect(res.status).toBe(504)
    expect(models()).toBe(before + 2)
  })

  it("answers 429 with the HTML page and Retry-After, or without it", async () => {
    emu.control.faults.set({ rate429: 1, retryAfterSeconds: 7 })
    const res = await detail()
    expect(res.status).toBe(429)
    expect(res.headers.get("retry-after")).toBe("7")
    expect(await res.text()).toContain("429 Too Many Requests")
    emu.control.faults.set({ retryAfterSeconds: null })
    expect((await detail()).headers.get("retry-after")).toBeNull()
  })

  it("rate-limits at about 3 req/s with a burst of 3 when the limiter is on", async () => {
    emu.control.faults.set({ limiter: { enabled: true, rps: 3, burst: 3 } })
    const statuses = []
    for (let i = 0; i < 5; i++) statuses.push((await detail()).status)
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200])
    expect(statuses.slice(3)).toContain(429)
    await new Promise((r) => setTimeout(r, 700))
    expect((await detail()).status).toBe(200)
  })

  it("switches surfaces off so clients can test fallbacks", async () => {
    emu.control.faults.set({
      surfaces: {
        "v2:hpc.ListJobs": "InvalidAction",
        "v2:project.*": "AccessForbidden",
        "v2:notebook.ListNotebooks": "404",
        "v1:POST /api/v1/train_job/list": "404",
        "oa:/openapi/v1/train_job/detail": "AccessForbidden",
      },
    })
    expect((await c.v2("hpc", "ListJobs", { workspace_id: "x" })).ResponseMetadata.Error.Code).toBe("InvalidAction")
    expect((await c.v2("project", "GetProjectForPage", {})).ResponseMetadata.Error.Code).toBe("AccessForbidden")
    await expect(c.v2("notebook", "ListNotebooks", {})).rejects.toThrow("HTTP 404")
    expect((await c.v1("POST", "train_job/list", { workspace_id: "x" })).status).toBe(404)
    expect((await c.oa("train_job/detail", { job_id: "x" })).status).toBe(403)
    expect((await c.v2("user", "GetUserDetail")).ResponseMetadata.Error).toBeUndefined()
  })

  it("never applies faults to the admin API, which also resets and dumps state", async () => {
    await fetch(`${emu.url}/__emulator/faults`, {
      method: "POST",
      body: JSON.stringify({ errorRate: 1, resetRate: 0 }),
    })
    expect((await detail()).status).toBe(502)
    const state = await fetch(`${emu.url}/__emulator/state`)
    expect(state.status).toBe(200)
    const dump = (await state.json()) as Json
    expect(dump.state.workspaces.map((w: Json) => w.name)).toContain("分布式训练空间")
    expect(dump.faults.errorRate).toBe(1)
    await fetch(`${emu.url}/__emulator/reset`, { method: "POST" })
    expect((await detail()).status).toBe(200)
  })

  it("forces session expiry through the admin API", async () => {
    await c.loginCookie()
    expect((await c.v1("GET", "user/detail")).status).toBe(200)
    await fetch(`${emu.url}/__emulator/expire-sessions`, { method: "POST" })
    expect((await c.v1("GET", "user/detail")).status).toBe(401)
    await c.loginToken()
  })

  it("drives the clock through the admin API", async () => {
    const before = emu.control.clock.now()
    const r = (await (
      await fetch(`${emu.url}/__emulator/clock`, { method: "POST", body: JSON.stringify({ advance: 30 }) })
    ).json()) as Json
    expect(r.now - before).toBe(30_000)
  })
})
