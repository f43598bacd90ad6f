import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json, type Run } from "./harness.js"
import { placement } from "./placement.js"

const inspireIn = (cwd: string, env: NodeJS.ProcessEnv, args: ReadonlyArray<string>): Promise<Run> =>
  inspire(env, args, undefined, cwd)

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

interface Usage {
  workspace: { name: string }
  totals: { gpus: number; idleGpus: number }
  byUser: Array<{ name: string; gpus: number; idleGpus: number }>
  byProject: Array<{ name: string; gpus: number }>
  tasks: Array<{ name: string; idle: boolean; gpus: number }>
  budgets: Array<{ project: { name: string }; members?: unknown[]; membersNote?: string }>
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...homeFor(emu.url), INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  const submitted = await inspire(env, [
    ...["job", "submit", "--name", "idle-holder", "--command", "python train.py #emu:idle", "--json"],
    ...placement(emu, "分布式训练空间", "H100", { workspaceFlag: true }),
  ])
  expect(submitted.code, submitted.stderr).toBe(0)
  emu.control.clock.advance(60)
}, 30_000)
afterAll(async () => {
  await emu.close()
})

describe("inspire usage", () => {
  it("prints tables with CJK names aligned, flags the idle holder, and says which budget section was refused", async () => {
    const run = await inspire(env, ["usage"])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split("\n")
    const header = lines.findIndex((l) => /^USER\s+GPUS\s+RUNNING/.test(l))
    expect(header).toBeGreaterThan(0)
    // The GPUS column ends at the same terminal column on every row, whatever the width of the names.
    const width = (s: string) => [...s].reduce((n, ch) => n + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1), 0)
    const ends = lines
      .slice(header, lines.indexOf("", header))
      .map((l) => width(l.replace(/^(\S+\s+\d+|\S+\s+GPUS).*$/, "$1")))
    expect(new Set(ends).size).toBe(1)
    expect(run.stdout).toMatch(/idle-holder .*IDLE/)
    expect(run.stdout).toMatch(/^! Member budgets of 视觉语言对齐: refused to this account/m)
    expect(run.stdout).toMatch(/^Members of 具身智能基础模型:$/m)
    expect(run.stderr).toMatch(/^warning: 1 task holds 1 GPU at under 5% utilisation: idle-holder \(张演示, 1\)/m)
    expect(run.stderr).toContain("inspire job metrics")
  }, 30_000)

  it("--json holds the sums and the flagged holder", async () => {
    const r = json<Usage>(await inspire(env, ["usage", "--workspace", "分布式训练空间", "--json"]))
    expect(r.workspace.name).toBe("分布式训练空间")
    expect(r.tasks.find((t) => t.name === "idle-holder")).toMatchObject({ idle: true, gpus: 1 })
    expect(r.byUser.reduce((n, u) => n + u.gpus, 0)).toBe(r.totals.gpus)
    expect(r.byUser.find((u) => u.name === "张演示")?.idleGpus).toBe(1)
    expect(r.budgets.find((b) => b.project.name === "具身智能基础模型")?.members?.length).toBeGreaterThan(0)
    expect(r.budgets.find((b) => b.project.name === "视觉语言对齐")?.membersNote).toMatch(/refused/)
  }, 30_000)

  it("--plot writes stacked bars by user or project, in this directory, never over a file or through a link", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "inspire-usage-cwd-"))
    const outside = mkdtempSync(join(tmpdir(), "inspire-usage-outside-"))
    const byUser = await inspireIn(cwd, env, ["usage", "--plot", "users.svg", "--json"])
    expect(byUser.code, byUser.stderr).toBe(0)
    const r = json<Usage>(byUser)
    const svg = readFileSync(join(cwd, "users.svg"), "utf8")
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true)
    for (const u of r.byUser.filter((x) => x.gpus > 0)) expect(svg).toContain(`>${u.name}</text>`)
    expect(svg).toContain('class="idle"')
    expect(svg).toContain("GPUs held in 分布式训练空间 by user")
    // Chinese names need a font with CJK glyphs ahead of the generic family, which alone may lack them.
    expect(svg).toMatch(/font-family:[^;]*"Noto Sans CJK SC"[^;]*sans-serif/)

    const byProject = await inspireIn(cwd, env, ["usage", "--plot", "projects.svg", "--by", "project"])
    expect(byProject.code, byProject.stderr).toBe(0)
    expect(byProject.stderr).toContain(`Chart written to ${join(cwd, "projects.svg")}`)
    const projects = readFileSync(join(cwd, "projects.svg"), "utf8")
    for (const p of r.byProject.filter((x) => x.gpus > 0)) expect(projects).toContain(`>${p.name}</text>`)
    expect((await inspireIn(cwd, env, ["usage", "--by", "team"])).code).toBe(2)

    const again = await inspireIn(cwd, env, ["usage", "--plot", "users.svg"])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain("already exists")
    // The chart's error is the call's one answer: no table or warning printed before it.
    expect(again.stdout).toBe("")
    expect(again.stderr).toMatch(/^error: /)
    expect((await inspireIn(cwd, env, ["usage", "--plot", "users.svg", "--overwrite"])).code).toBe(0)
    const far = await inspireIn(cwd, env, ["usage", "--plot", join(outside, "far.svg")])
    expect(far.code).toBe(2)
    expect(far.stderr).toContain("outside the current directory")
    const up = await inspireIn(cwd, env, ["usage", "--plot", "../up.svg"])
    expect(up.stderr).toContain('".." is not allowed in --plot')
    writeFileSync(join(outside, "victim.svg"), "keep")
    symlinkSync(join(outside, "victim.svg"), join(cwd, "link.svg"))
    const link = await inspireIn(cwd, env, ["usage", "--plot", "link.svg", "--overwrite"])
    expect(link.code).toBe(2)
    expect(link.stderr).toContain("symbolic link")
    expect(readFileSync(join(outside, "victim.svg"), "utf8")).toBe("keep")
    expect(readdirSync(outside)).toEqual(["victim.svg"])
    expect(existsSync(join(cwd, "..", "up.svg"))).toBe(false)
  }, 60_000)

  it("--plot refuses a file named for another format before reading anything", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "inspire-usage-png-"))
    for (const args of [
      ["usage", "--plot", "chart.png"],
      ["job", "metrics", "job-x", "--plot", "gpu.PNG"],
    ]) {
      const run = await inspireIn(cwd, env, args)
      expect(run.code).toBe(2)
      expect(run.stderr).toContain("--plot writes an SVG chart")
      expect(run.stderr).toMatch(/Name it (chart|gpu)\.svg/)
    }
    expect(readdirSync(cwd)).toEqual([])
  }, 60_000)
})
