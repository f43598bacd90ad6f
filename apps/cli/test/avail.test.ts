import { displayWidth } from "@holos-inspire/core/internal"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"
import { watchOnTerminal } from "./terminal.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

const WHOLE = "整节点任务空间"
const ESC = String.fromCharCode(27)

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
}, 30_000)
afterAll(async () => {
  await emu.close()
})

// Terminal columns of a string: CJK characters take two.
const width = (s: string) => [...s].reduce((n, ch) => n + ((ch.codePointAt(0) ?? 0) >= 0x2e80 ? 2 : 1), 0)

interface Avail {
  workspaces: Array<{ name: string; groups: Array<{ name: string; fragmentation: string }> }>
  fit?: { ranked: Array<{ computeGroup: { name: string }; verdict: string; reason: string }> }
}

describe("inspire avail", () => {
  it("prints a table per workspace, CJK names aligned, with the fragmentation and nodes out of service", async () => {
    const run = await inspire(env, ["avail", "--workspace", WHOLE])
    expect(run.code, run.stderr).toBe(0)
    const lines = run.stdout.split("\n")
    const header = lines.findIndex((l) => /^GROUP\s+GPU\s+NODES\s+FULLY FREE\s+FREE\/TOTAL/.test(l))
    expect(header).toBeGreaterThan(0)
    const rows = lines.slice(header, lines.indexOf("", header) === -1 ? undefined : lines.indexOf("", header))
    expect(rows.length).toBe(4)
    // Every row's FREE/TOTAL cell ends in the same terminal column as the header's.
    const cellEnds = rows.map((l) => {
      const m = /^(.*?\s)(\S+)(\s+\S+\s+(?:FREE PER NODE|\d+ free|-))/.exec(l)
      return m === null ? -1 : width((m[1] ?? "") + (m[2] ?? ""))
    })
    expect(new Set(cellEnds).size, JSON.stringify({ rows, cellEnds })).toBe(1)
    expect(run.stdout).toMatch(/H100-碎片.*2 free: 4 nodes/)
    expect(run.stdout).toMatch(/H200-整节点.*1 cordoned, 1 faulty/)
  })

  it("--json gives the result only; the fit flags rank the groups with their reasons", async () => {
    const run = await inspire(env, [
      "avail",
      "--workspace",
      WHOLE,
      "--gpus",
      "8",
      "--instances",
      "2",
      "--priority",
      "6",
      "--json",
    ])
    expect(run.code, run.stderr).toBe(0)
    const r = json<Avail>(run)
    expect(r.workspaces.map((w) => w.name)).toEqual([WHOLE])
    const ranked = r.fit?.ranked ?? []
    expect(ranked.find((f) => f.computeGroup.name === "H200-整节点")?.verdict).toBe("preempt")
    expect(ranked.every((f) => f.reason.length > 0)).toBe(true)
    const human = await inspire(env, ["avail", "--workspace", WHOLE, "--gpus", "16"])
    expect(human.stdout).toMatch(/#\s+WORKSPACE\s+GROUP\s+STARTS\s+AHEAD\s+WHY/)
    expect(human.stdout).toContain("an instance needs 16 GPUs but its nodes have 8")
  })

  it("refuses --watch off a terminal and with --json, as usage errors", async () => {
    const piped = await inspire(env, ["avail", "--watch"])
    expect(piped.code).toBe(2)
    expect(piped.stderr).toContain("--watch refreshes a table on a terminal, and stdout is not one")
    expect(piped.stdout).toBe("")
    const both = await inspire(env, ["avail", "--watch", "--json"])
    expect(both.code).toBe(2)
    const slow = await inspire(env, ["avail", "--interval", "5"])
    expect(slow.code).toBe(2)
    expect(slow.stderr).toContain("--interval applies to --watch")
  })

  it("--watch on a terminal redraws the table until Ctrl-C, then exits 0", async () => {
    const { out, draws, code } = await watchOnTerminal(env, ["avail", "--workspace", WHOLE], 2, 20_000)
    expect(draws).toBeGreaterThanOrEqual(2)
    expect(out).toMatch(/H100-碎片.*2 free: 4 nodes/)
    expect(out).not.toMatch(/Error|error:/)
    expect(code).toBe(0)
  }, 30_000)

  it("--watch on a 90-column terminal fits the table to it, dropping the least needed columns", async () => {
    const { out, code } = await watchOnTerminal(env, ["avail", "--workspace", WHOLE], 2, 20_000, 90)
    expect(code).toBe(0)
    const shown = out.replaceAll(`${ESC}[H`, "").replaceAll(`${ESC}[2J`, "").split(/\r?\n/)
    const head = shown.find((l) => /^GROUP\s/.test(l)) ?? ""
    expect(head).toMatch(/GROUP\s+GPU\s+FREE\/TOTAL/)
    expect(head).not.toContain("OUT OF SERVICE")
    expect(shown.filter((l) => displayWidth(l) > 90)).toEqual([])
    expect(out).toMatch(/H100-碎片/)
  }, 30_000)

  it("job submit --compute-group auto says which group it picked and why", async () => {
    const flags = placement(emu, "分布式训练空间", "H100", { workspaceFlag: true }).map((f) => f)
    const at = flags.indexOf("--compute-group")
    const args = [...flags]
    args[at + 1] = "auto"
    const run = await inspire(env, [
      "job",
      "submit",
      "--name",
      "auto-cli",
      "--command",
      "python train.py",
      "--dry-run",
      ...args,
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/--compute-group auto: picked H100 \(ranked first of 1\)/)
  })

  it("job submit --compute-group auto without --workspace searches the project's workspaces and names the one it chose", async () => {
    // The spec id is 分布式训练空间/H100's own, so that is where it must land, found among every workspace.
    const flags = placement(emu, "分布式训练空间", "H100")
    const args = [...flags]
    args[args.indexOf("--compute-group") + 1] = "auto"
    const run = await inspire(env, [
      "job",
      "submit",
      "--name",
      "auto-wide",
      "--command",
      "python train.py",
      "--dry-run",
      ...args,
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(
      /--compute-group auto: picked H100 in 分布式训练空间, searched \d+ workspaces \(no workspace named: every enabled workspace of 具身智能基础模型\)/,
    )
  })
})
