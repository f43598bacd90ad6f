// Who the user is and their projects are kept on disk between calls (core's api/resources/cache.ts),
// so a CLI call does not ask for them again while they are fresh; a stale list never refuses a name.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"

let emu: RunningEmulator

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
})
afterAll(async () => {
  await emu.close()
})

const T = 60_000

const loggedIn = async (): Promise<NodeJS.ProcessEnv> => {
  const env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  return env
}

// The surfaces a call asked the platform for, from the emulator's request log.
const asked = async (run: () => Promise<unknown>): Promise<ReadonlyArray<string>> => {
  emu.control.clearRequests()
  await run()
  return Object.keys(emu.control.requests().bySurface)
}

const keptFiles = (env: NodeJS.ProcessEnv): ReadonlyArray<string> => {
  const dir = join(env.INSPIRE_HOME ?? "", "cache", "resources")
  return readdirSync(dir).map((n) => join(dir, n))
}

const aboutUser = (s: string) => /user|project/i.test(s)

describe("resources kept between calls", () => {
  it(
    "spare the next call the user and project requests; the file is private",
    async () => {
      const env = await loggedIn()
      const list = async () => json(await inspire(env, ["job", "list", "--json", "--workspace", "分布式训练空间"]))
      expect((await asked(list)).filter(aboutUser).length).toBeGreaterThan(0)
      const second = await asked(list)
      expect(second.filter(aboutUser)).toEqual([])
      expect(second).toContain("v2:train.ListJobs")
      const [file = ""] = keptFiles(env)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(statSync(join(file, "..")).mode & 0o777).toBe(0o700)
      const kept = JSON.parse(readFileSync(file, "utf8")) as { entries: Record<string, unknown> }
      expect(Object.keys(kept.entries).sort()).toEqual(["projects", "user"])
      expect(readFileSync(file, "utf8")).not.toContain(emu.demo.password)
    },
    T,
  )

  it(
    "are forgotten at logout",
    async () => {
      const env = await loggedIn()
      expect((await inspire(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])).code).toBe(0)
      expect(keptFiles(env)).toHaveLength(1)
      expect((await inspire(env, ["logout"])).code).toBe(0)
      expect(keptFiles(env)).toEqual([])
    },
    T,
  )

  it(
    "ignore a damaged file and write a good one",
    async () => {
      const env = await loggedIn()
      expect((await inspire(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])).code).toBe(0)
      const [file = ""] = keptFiles(env)
      writeFileSync(file, "{ not json")
      const run = await inspire(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])
      expect(run.code).toBe(0)
      expect(run.stderr).toBe("")
      expect(Object.keys(JSON.parse(readFileSync(file, "utf8")).entries).sort()).toEqual(["projects", "user"])
    },
    T,
  )

  it(
    "never refuse a project or workspace name because the kept list is stale",
    async () => {
      const env = await loggedIn()
      expect((await inspire(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])).code).toBe(0)
      const [file = ""] = keptFiles(env)
      // As if the project and the workspace had been added on the web after the list was kept.
      const kept = JSON.parse(readFileSync(file, "utf8")) as {
        entries: { projects: { value: Array<{ name: string; workspaces: Array<{ name: string }> }> } }
      }
      const projects = kept.entries.projects.value
      const gone = projects.find((p) => p.name === "具身智能基础模型")
      expect(gone).toBeDefined()
      kept.entries.projects.value = projects
        .filter((p) => p !== gone)
        .map((p) => ({ ...p, workspaces: p.workspaces.filter((w) => w.name !== "分布式训练空间") }))
      writeFileSync(file, JSON.stringify(kept))
      const surfaces = await asked(async () =>
        json(
          await inspire(env, [
            "job",
            "list",
            "--json",
            "--workspace",
            "分布式训练空间",
            "--project",
            "具身智能基础模型",
          ]),
        ),
      )
      expect(surfaces).toContain("v1:POST /api/v1/project/list")
      const refreshed = JSON.parse(readFileSync(file, "utf8")) as typeof kept
      expect(refreshed.entries.projects.value.map((p) => p.name)).toContain("具身智能基础模型")
      // A name that does not exist is still refused, with the candidates.
      const typo = await inspire(env, ["job", "list", "--json", "--workspace", "分布式训练空间", "--project", "nope"])
      expect(typo.code).toBe(2)
      expect(JSON.parse(typo.stderr)).toMatchObject({ error: { reason: "InvalidInput" } })
    },
    T,
  )

  it(
    "make a second `inspire status` (a new process) ask the platform nothing, and a narrow one ask about one workspace",
    async () => {
      const env = await loggedIn()
      const status = (...more: string[]) => inspire(env, ["status", "--json", ...more])
      const api = (surfaces: ReadonlyArray<string>) => surfaces.filter((x) => /^(v1|v2|oa):/.test(x))
      emu.control.clearRequests()
      expect((await status()).code).toBe(0)
      expect(emu.control.requests().bySurface["v2:workspace.GetBasicInfo"]).toBe(10)
      emu.control.clearRequests()
      const warm = json<{ workspaces: unknown[] }>(await status())
      expect(warm.workspaces).toHaveLength(11)
      expect(api(Object.keys(emu.control.requests().bySurface))).toEqual([])
      // Refresh asks again, about the one workspace named only.
      emu.control.clearRequests()
      expect((await status("--workspace", "高性能计算", "--refresh")).code).toBe(0)
      const narrow = emu.control.requests().bySurface
      expect(narrow["v2:workspace.GetBasicInfo"]).toBe(1)
      expect(narrow["v2:workspace.ListNodeDimension"]).toBe(1)
      const kept = JSON.parse(readFileSync(keptFiles(env)[0] ?? "", "utf8")) as { entries: Record<string, unknown> }
      expect(Object.keys(kept.entries).filter((k) => k.startsWith("structure:"))).toHaveLength(10)
    },
    T,
  )

  it(
    "let `inspire doctor` check the account with one cheap request",
    async () => {
      const env = await loggedIn()
      emu.control.clearRequests()
      const run = await inspire(env, ["doctor", "--json"])
      const checks = json<{ checks: Array<{ name: string; status: string }> }>(run).checks
      expect(checks.find((c) => c.name === "credentials")?.status).toBe("ok")
      const api = Object.entries(emu.control.requests().bySurface).filter(([k]) => /^(v1|v2|oa):/.test(k))
      expect(api.reduce((n, [, v]) => n + v, 0)).toBeLessThanOrEqual(2)
    },
    T,
  )

  it(
    "start with the token `inspire login` saved: the next call does not log in again",
    async () => {
      const env = await loggedIn()
      emu.control.clearRequests()
      expect((await inspire(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])).code).toBe(0)
      expect(emu.control.requests().bySurface["http:POST /auth/token"]).toBeUndefined()
    },
    T,
  )
})
