import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Json, start } from "./helpers.js"

let emu: RunningEmulator
const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString("base64")}`
let qb: string
let sj: string

beforeAll(async () => {
  emu = await start()
  qb = basic(emu.demo.harbor.qb.username, emu.demo.harbor.qb.password)
  sj = basic(emu.demo.harbor.sj.username, emu.demo.harbor.sj.password)
})
afterAll(() => emu.close())

const get = (path: string, auth: string) => fetch(`${emu.url}${path}`, { headers: { authorization: auth } })

describe("Harbor REST subset (§2.8, §4.16)", () => {
  it("answers the credential test per registry: 200 with the right robot, 401 otherwise", async () => {
    expect(emu.demo.harbor.qb.username).toMatch(/^robot\$inspire-studio\+user-/)
    expect((await get("/harbor/qb/api/v2.0/projects?page_size=1", qb)).status).toBe(200)
    expect((await get("/harbor/sj/api/v2.0/projects?page_size=1", sj)).status).toBe(200)
    const cross = await get("/harbor/sj/api/v2.0/projects?page_size=1", qb)
    expect(cross.status).toBe(401)
    expect(((await cross.json()) as Json).errors[0].code).toBe("UNAUTHORIZED")
    expect((await fetch(`${emu.url}/harbor/qb/api/v2.0/projects?page_size=1`)).status).toBe(401)
  })

  it("lists repositories with X-Total-Count, a name filter and paging", async () => {
    const all = await get(
      "/harbor/qb/api/v2.0/projects/inspire-studio/repositories?page=1&page_size=20&sort=-update_time",
      qb,
    )
    expect(all.headers.get("x-total-count")).toBe("2")
    const repos = (await all.json()) as Json[]
    expect(repos.map((r) => r.name).sort()).toEqual(["inspire-studio/my-train", "inspire-studio/torch-dev"])
    expect(repos[0]).toHaveProperty("artifact_count")
    const hit = await get("/harbor/qb/api/v2.0/projects/inspire-studio/repositories?q=name%3D~torch", qb)
    expect(((await hit.json()) as Json[]).map((r) => r.name)).toEqual(["inspire-studio/torch-dev"])
    const sjRepos = (await (await get("/harbor/sj/api/v2.0/projects/inspire-studio/repositories", sj)).json()) as Json[]
    expect(sjRepos.map((r) => r.name)).toEqual(["inspire-studio/ascend-train"])
  })

  it("lists artifacts with digest, size in bytes, push time and tags", async () => {
    const res = await get(
      "/harbor/qb/api/v2.0/projects/inspire-studio/repositories/my-train/artifacts?page_size=50",
      qb,
    )
    const arts = (await res.json()) as Json[]
    expect(arts.map((a) => a.tags[0].name)).toEqual(["v1", "v0"])
    expect(arts[0]?.digest).toMatch(/^sha256:[0-9a-f]{64}$/)
    expect(arts[0]?.size).toBeGreaterThan(1e9)
    expect((await get("/harbor/qb/api/v2.0/projects/inspire-studio/repositories/absent/artifacts", qb)).status).toBe(
      404,
    )
  })

  it("updates a description with PUT and sees pushed repositories", async () => {
    const put = await fetch(`${emu.url}/harbor/qb/api/v2.0/projects/inspire-studio/repositories/my-train`, {
      method: "PUT",
      headers: { authorization: qb, "content-type": "application/json" },
      body: JSON.stringify({ description: "训练镜像" }),
    })
    expect(put.status).toBe(200)
    const repos = (await (await get("/harbor/qb/api/v2.0/projects/inspire-studio/repositories", qb)).json()) as Json[]
    expect(repos.find((r) => r.name === "inspire-studio/my-train")?.description).toBe("训练镜像")
    const pushed = await fetch(`${emu.url}/__emulator/harbor/push`, {
      method: "POST",
      body: JSON.stringify({ registry: "qb", name: "team/tool", tag: "v3" }),
    })
    expect(pushed.status).toBe(200)
    const nested = await get("/harbor/qb/api/v2.0/projects/inspire-studio/repositories/team%252Ftool/artifacts", qb)
    expect(((await nested.json()) as Json[])[0]?.tags[0].name).toBe("v3")
  })
})
