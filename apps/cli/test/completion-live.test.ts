import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire } from "./harness.js"
import { placement } from "./placement.js"

// Completion offers the names of jobs (and notebooks, servings, recipes, sweeps) the last list printed:
// with no request while that list is fresh; a stale list is read again once, silently, whatever happens.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let closed = false

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  // A stale list is read again by a second process: time enough for it on a busy machine.
  env = { ...homeFor(emu.url), INSPIRE_COMPLETION_REFRESH_MS: "60000" }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  const where = placement(emu, "分布式训练空间", "H100", { workspaceFlag: true })
  for (const name of ["alpha-run", "beta-run"])
    expect(
      (await inspire(env, ["job", "submit", "--name", name, "--command", "python a.py #emu:idle", ...where])).code,
    ).toBe(0)
}, 30_000)
afterAll(async () => {
  if (!closed) await emu.close()
})

const tab = async (words: ReadonlyArray<string>) => {
  const run = await inspire(env, ["__complete", ...words])
  return { ...run, lines: run.stdout.split("\n").filter((l) => l !== "") }
}

const namesFile = (): string => {
  const dir = join(env.INSPIRE_HOME ?? "", "cache", "names")
  const file = readdirSync(dir).find((f) => f.endsWith(".json"))
  if (file === undefined) throw new Error("no kept names")
  return join(dir, file)
}

// The kept lists, aged past freshness.
const age = (): void => {
  const file = namesFile()
  const kept = JSON.parse(readFileSync(file, "utf8")) as Record<string, { at: number; names: string[] }>
  writeFileSync(file, JSON.stringify(Object.fromEntries(Object.entries(kept).map(([k, v]) => [k, { ...v, at: 0 }]))))
}

describe("completion of live names", () => {
  it("offers the jobs of the last list, asking the platform nothing", async () => {
    expect((await inspire(env, ["job", "list"])).code).toBe(0)
    expect(statSync(namesFile()).mode & 0o777).toBe(0o600)
    emu.control.clearRequests()
    const ids = emu.control
      .state()
      .tasks.filter((t) => t.name.endsWith("-run"))
      .map((t) => t.id)
    expect((await tab(["job", "show", ""])).lines.sort()).toEqual(["alpha-run", "beta-run", ...ids].sort())
    expect((await tab(["job", "stop", "al"])).lines).toEqual(["alpha-run"])
    expect((await tab(["job", "logs", "--pod", "x", "b"])).lines).toEqual(["beta-run"])
    expect(emu.control.requests().log).toEqual([])
  }, 60_000)

  it("reads a stale list again once, and offers what it finds", async () => {
    const where = placement(emu, "分布式训练空间", "H100", { workspaceFlag: true })
    expect(
      (await inspire(env, ["job", "submit", "--name", "gamma-run", "--command", "python a.py", ...where])).code,
    ).toBe(0)
    age()
    emu.control.clearRequests()
    const first = await tab(["job", "wait", "g"])
    expect(first.lines).toEqual(["gamma-run"])
    expect(emu.control.requests().log.length).toBeGreaterThan(0)
    emu.control.clearRequests()
    expect((await tab(["job", "wait", "g"])).lines).toEqual(["gamma-run"])
    expect(emu.control.requests().log).toEqual([])
  }, 60_000)

  it("prints nothing but the names it kept when the platform cannot be reached", async () => {
    age()
    await emu.close()
    closed = true
    const run = await tab(["job", "show", "a"])
    expect(run.code).toBe(0)
    expect(run.stderr).toBe("")
    expect(run.lines).toEqual(["alpha-run"])
  }, 60_000)
})
