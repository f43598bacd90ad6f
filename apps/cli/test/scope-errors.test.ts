import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { closedPort, homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

const T = 60_000
// Lines for people that must never reach stdout.
const ASIDE = /^(warning|hint|note|Next):/m

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
}, T)
afterAll(async () => {
  await emu.close()
})

describe("job list scope", () => {
  it(
    "searches only defaultWorkspace, says so when empty (hint on stderr), and --all-workspaces searches every one",
    async () => {
      // A task in 整节点任务空间, while the default is 分布式训练空间.
      const submitted = await inspire(env, [
        ...["job", "submit", "--name", "elsewhere", "--command", "python x.py", "--json"],
        ...placement(emu, "整节点任务空间", "H200-整节点", { workspaceFlag: true }),
      ])
      const jobId = json<{ jobId: string }>(submitted).jobId
      expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
      const empty = await inspire(env, ["job", "list"])
      expect(empty.code).toBe(0)
      expect(empty.stdout).toMatch(
        /No tasks match in workspace 分布式训练空间 \(defaultWorkspace\); type all, status all, only yours/,
      )
      expect(empty.stdout).not.toMatch(ASIDE)
      expect(empty.stderr).toMatch(/^hint: search every workspace: inspire job list --all-workspaces$/m)
      emu.control.clearRequests()
      const all = json<{ tasks: Array<{ id: string }>; workspaces: string[]; scope: { workspaceFrom: string } }>(
        await inspire(env, ["job", "list", "--all-workspaces", "--json"]),
      )
      expect(all.tasks.map((t) => t.id)).toContain(jobId)
      expect(all.scope.workspaceFrom).toBe("all")
      expect(all.workspaces.length).toBeGreaterThan(1)
      // Every workspace was asked, each request counted in the emulator's log.
      const log = emu.control.requests().log
      expect(log.length).toBeGreaterThanOrEqual(all.workspaces.length)
      const both = await inspire(env, ["job", "list", "--all-workspaces", "--workspace", "整节点任务空间"])
      expect(both.code).toBe(2)
    },
    T,
  )
})

describe("names and errors for people", () => {
  it(
    "takes a unique prefix or substring of a Chinese name, and says did-you-mean with bounded candidates otherwise",
    async () => {
      const byPrefix = json<{ workspaces: string[] }>(
        await inspire(env, ["job", "list", "--workspace", "分布式", "--json"]),
      )
      expect(byPrefix.workspaces).toEqual(["分布式训练空间"])
      const bySubstring = json<{ workspaces: string[] }>(
        await inspire(env, ["job", "list", "--workspace", "任务空间", "--json"]),
      )
      expect(bySubstring.workspaces).toEqual(["整节点任务空间"])
      const many = await inspire(env, ["job", "list", "--workspace", "资源"])
      expect(many.code).toBe(2)
      expect(many.stderr).toMatch(/"资源" matches 6 workspaces: did you mean .*"CPU资源空间"/)
      const typo = await inspire(env, ["job", "list", "--workspace", "分布训练空间"])
      expect(typo.code).toBe(2)
      expect(typo.stderr).toMatch(/Did you mean "分布式训练空间"\?/)
      // The candidates --json carries, readable: the first ten and how many more.
      expect(typo.stderr).toMatch(/^candidates:\n {2}分布式训练空间 \(ws-[0-9a-f-]+\)\n/m)
      expect(typo.stderr).toMatch(/^ {2}… 1 more \(--json lists them all\)$/m)
      expect(typo.stderr.split("\n").filter((l) => /^ {2}\S.*\(ws-/.test(l))).toHaveLength(10)
      // Compute groups and specs follow the same rule: "H2" is ambiguous, "H200-3" is one, and so is "1*H200".
      const dry = (group: string, spec?: string) => {
        const flags = [...placement(emu, "分布式训练空间", "H100", { workspaceFlag: true })]
        flags[flags.indexOf("--compute-group") + 1] = group
        if (spec !== undefined) flags[flags.indexOf("--spec") + 1] = spec
        return inspire(env, ["job", "submit", "--name", "g", "--command", "true", "--dry-run", "--json", ...flags])
      }
      const ambiguous = await dry("H2")
      expect(ambiguous.code).toBe(2)
      expect(JSON.parse(ambiguous.stderr).error.message).toMatch(/"H2" matches 2 compute groups: did you mean/)
      const chosen = json<{ computeGroup: { name: string }; spec: { name: string } }>(await dry("H200-3", "1*h200"))
      expect(chosen.computeGroup.name).toBe("H200-3号机房")
      expect(chosen.spec.name).toBe("1*H200 20核 200GiB")
      // A refused check's findings are not choices: the message and hint say them; --json carries them whole.
      const flags = placement(emu, "分布式训练空间", "H100", { workspaceFlag: true })
      const offline = await inspire(env, [
        "job",
        "submit",
        "--name",
        "n",
        "--command",
        "pip install x",
        "--dry-run",
        ...flags,
      ])
      expect(offline.code).toBe(2)
      expect(offline.stderr).toMatch(/needs the internet/)
      expect(offline.stderr).not.toMatch(/^candidates:|^ {2}\{"/m)
    },
    T,
  )

  it(
    "refuses a password given as a flag without repeating it, and an empty --password-stdin",
    async () => {
      const flag = await inspire(env, ["login", "--username", "someone", "--password", "hunter22secret"])
      expect(flag.code).toBe(2)
      expect(flag.stderr).toMatch(/--password-stdin/)
      expect(flag.stdout + flag.stderr).not.toContain("hunter22secret")
      const joined = await inspire(env, ["login", "--username", "someone", "--password=hunter22secret"])
      expect(joined.code).toBe(2)
      expect(joined.stdout + joined.stderr).not.toContain("hunter22secret")
      const empty = await inspire(env, ["login", "--username", "someone", "--password-stdin"], "")
      expect(empty.code).toBe(2)
      expect(empty.stderr).toMatch(/No password on stdin/)
    },
    T,
  )

  it(
    "exits 4 when Harbor rejects the credentials, as when the platform does",
    async () => {
      const home = homeFor(emu.url)
      const configDir = join(home.INSPIRE_HOME ?? "", "config")
      mkdirSync(configDir, { recursive: true })
      const registry = (id: "qb" | "sj", push: string, display: string) => ({
        push,
        display,
        api: `${emu.url}/harbor/${id}`,
      })
      const registries = {
        qb: registry("qb", "docker-qb.sii.edu.cn", "docker.sii.shaipower.online"),
        sj: registry("sj", "docker-t.sii.edu.cn", "docker-t.sii.shaipower.online"),
      }
      const profile = { defaults: {}, endpoints: { baseUrl: emu.url, registries } }
      writeFileSync(
        join(configDir, "config.json"),
        JSON.stringify({ version: 1, currentProfile: "default", profiles: { default: profile } }),
      )
      const args = ["harbor-login", "--registry", "qb", "--username", emu.demo.harbor.qb.username, "--password-stdin"]
      const rejected = await inspire(home, [...args, "--json"], "wrong-password")
      expect(rejected.code, rejected.stderr).toBe(4)
      expect(JSON.parse(rejected.stderr)).toMatchObject({ error: { reason: "RegistryAuthFailed" } })
      const platform = await inspire(home, ["login", "--username", emu.demo.username, "--password-stdin"], "wrong")
      expect(platform.code, platform.stderr).toBe(4)
    },
    T,
  )

  it(
    "says nothing listens at a loopback base URL that refuses connections, not the VPN hint",
    async () => {
      const closed = await closedPort()
      const run = await inspire({ ...env, INSPIRE_BASE_URL: `http://127.0.0.1:${closed}` }, ["job", "list"])
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(new RegExp(`Nothing listens at 127\\.0\\.0\\.1:${closed}`))
      expect(run.stderr).toMatch(/emulator/)
      expect(run.stderr).not.toMatch(/VPN|campus/)
    },
    T,
  )
})

describe("warnings on stderr, results on stdout", () => {
  it(
    "keeps a submit's warnings and hints off stdout",
    async () => {
      const run = await inspire(env, [
        ...["job", "submit", "--name", "warned", "--command", "python train.py"],
        ...placement(emu, "分布式训练空间", "H100", { workspaceFlag: true }),
      ])
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/submitted: job-/)
      expect(run.stdout).not.toMatch(ASIDE)
      expect(run.stderr).toMatch(/^warning: The job runs Python without setting up an environment/m)
      // The suggested next commands are hints too.
      expect(run.stderr).toMatch(/^Next:$/m)
      expect(run.stderr).toMatch(/^ {2}inspire job show job-/m)
    },
    T,
  )

  it(
    "warns (on stderr) and saves an unknown defaultWorkspace, checked against the kept discovery without a request",
    async () => {
      emu.control.clearRequests()
      const run = await inspire(env, ["config", "set", "defaultWorkspace", "分布训练空间"])
      expect(run.code).toBe(0)
      expect(run.stdout).not.toMatch(ASIDE)
      expect(run.stderr).toMatch(
        /^warning: No workspace you can see is named "分布训练空间".*Did you mean "分布式训练空间"\?/m,
      )
      expect(emu.control.requests().log).toHaveLength(0)
      expect(json<{ value: string }>(await inspire(env, ["config", "get", "defaultWorkspace", "--json"])).value).toBe(
        "分布训练空间",
      )
      expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).stderr).toBe("")
      // Nothing kept (a fresh home): nothing to check against, and still no request.
      const fresh = homeFor(emu.url)
      const unchecked = await inspire(fresh, ["config", "set", "defaultWorkspace", "whatever"])
      expect(unchecked.code).toBe(0)
      expect(unchecked.stderr).toBe("")
      expect(emu.control.requests().log).toHaveLength(0)
    },
    T,
  )
})

describe("metrics of a job that ended early", () => {
  it(
    "says finished with too few samples, not a failure, and plots the single point",
    async () => {
      const run = await inspire(env, [
        ...["job", "submit", "--name", "short", "--command", "python train.py #emu:duration=60", "--json"],
        ...placement(emu, "分布式训练空间", "H100", { workspaceFlag: true }),
      ])
      const jobId = json<{ jobId: string }>(run).jobId
      for (let i = 0; i < 6; i++) emu.control.clock.advance(20)
      const shown = json<{ status: { family: string } }>(await inspire(env, ["job", "show", jobId, "--json"]))
      expect(shown.status.family).toBe("succeeded")
      const metrics = await inspire(env, ["job", "metrics", jobId])
      expect(metrics.code).toBe(0)
      expect(metrics.stdout).toMatch(/finished; too few samples/)
      expect(metrics.stdout).not.toMatch(/warming up/)
      const plot = join(mkdtempSync(join(tmpdir(), "inspire-plot-")), "m.svg")
      const plotted = await inspire({ ...env, INSPIRE_DOWNLOAD_DIR: dirname(plot) }, [
        "job",
        "metrics",
        jobId,
        "--plot",
        plot,
      ])
      expect(plotted.code).toBe(0)
      expect(readFileSync(plot, "utf8")).toMatch(/<circle cx="[\d.]+" cy="[\d.]+"/)
    },
    T,
  )
})
