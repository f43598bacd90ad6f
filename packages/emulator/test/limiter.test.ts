import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { CLIENT, Client, start } from "./helpers.js"

// The realistic gateway limiter: a bucket per account on the API gateway's paths, its burst configurable.
// The refill rate is so low that no request in this file gets a token back: no timing involved.

let emu: RunningEmulator
let demo: Client
let second: Client

beforeAll(async () => {
  emu = await start({ realistic: true, limiter: { burst: 4, rps: 0.001 } })
  demo = new Client(emu)
  second = new Client(emu)
  // Two token logins: two requests from this address's anonymous bucket.
  await demo.loginToken()
  await second.loginToken("20250002", "12345678")
})
afterAll(() => emu.close())

const userDetail = (token: string) =>
  fetch(`${emu.url}/api/v2/user?Action=GetUserDetail`, {
    method: "POST",
    headers: { ...CLIENT, authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: "{}",
  })

describe("the gateway limiter (realistic mode)", () => {
  it("leaves the SSO pages and the console's static pages alone", async () => {
    // The CAS chain is about nine requests, more than the burst: none is counted.
    await demo.loginCookie()
    for (let i = 0; i < 6; i++) {
      const page = await fetch(`${emu.url}/static/js/main.js`, { headers: { cookie: demo.cookie } })
      expect(page.status).toBe(200)
    }
  })

  it("gives each account its own bucket of the configured burst, token and cookie alike", async () => {
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await userDetail(demo.token)).status)
    expect(statuses).toEqual([200, 200, 200, 200])
    const over = await userDetail(demo.token)
    expect(over.status).toBe(429)
    expect(await over.text()).toContain("429 Too Many Requests")
    // The same account through its session cookie on V1 draws from the same (empty) bucket.
    expect((await demo.v1("GET", "user/detail")).status).toBe(429)
    // Another account is not held back by the first one's requests.
    expect((await userDetail(second.token)).status).toBe(200)
  })

  it("puts anonymous gateway requests in a bucket of their client address", async () => {
    // Two of this address's four went on the logins above.
    const anonymous = () => fetch(`${emu.url}/auth/token`, { method: "POST", body: "{}" })
    expect((await anonymous()).status).toBe(400)
    expect((await anonymous()).status).toBe(400)
    expect((await anonymous()).status).toBe(429)
    // A signed-in account still has its own.
    expect((await userDetail(second.token)).status).toBe(200)
  })
})
