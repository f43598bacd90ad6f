import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let jobId: string
const out = mkdtempSync(join(tmpdir(), "inspire-plot-"))

interface Fixture {
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[]; gpuCount?: number }>
  readonly groups: ReadonlyArray<{ id: string; name: string }>
  readonly images: ReadonlyArray<{ address: string; registry: string; status: string }>
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  const s = emu.control.state() as unknown as Fixture
  const group = s.groups.find((g) => g.name === "H100")
  const spec = s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && group && x.lcgIds.includes(group.id))
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  if (spec === undefined || image === undefined) throw new Error("fixture changed")
  const submitted = await inspire(env, [
    ...["job", "submit", "--name", "plotme", "--command", "python train.py #emu:stall"],
    ...["--workspace", "分布式训练空间", "--compute-group", "H100", "--spec", spec.id, "--image", image.address],
    ...["--project", "具身智能基础模型", "--instance-count", "2", "--json"],
  ])
  jobId = json<{ jobId: string }>(submitted).jobId
  // Half an hour of running, then stopped: the metrics window ends when it stopped.
  emu.control.clock.advance(1800)
  expect((await inspire(env, ["job", "stop", jobId, "--yes"])).code).toBe(0)
  emu.control.clock.advance(5)
}, 30_000)
afterAll(async () => {
  await emu.close()
})

describe("inspire job metrics --plot", () => {
  it("writes an SVG chart with a line per pod and series, and the verdict as its subtitle", async () => {
    const file = join(out, "chart.svg")
    const run = await inspire(env, ["job", "metrics", jobId, "--plot", file, "--json"])
    const result = json<{ summary: { verdict: string }; series: Array<{ pod: string; metric: string }> }>(run)
    const svg = readFileSync(file, "utf8")
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true)
    const drawn = result.series.filter((s) => s.metric !== undefined).length
    expect(drawn).toBeGreaterThanOrEqual(4)
    expect(svg.match(/<polyline /g)?.length).toBe(drawn)
    const pods = new Set(result.series.map((s) => s.pod))
    expect(pods.size).toBe(2)
    expect(svg).toContain("GPU utilisation")
    const escaped = result.summary.verdict.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    expect(svg).toContain(escaped.replace(/"/g, "&quot;").replace(/'/g, "&#39;"))
    // The stalled job's idle stretch is shaded on the GPU panel.
    expect(svg).toContain('class="idle"')
  })

  it("refuses --plot with --mode download, and reports a folder that does not exist", async () => {
    const usage = await inspire(env, ["job", "metrics", jobId, "--mode", "download", "--plot", join(out, "x.svg")])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain("--plot")
    const missing = join(out, "no", "such", "dir", "c.svg")
    const failed = await inspire(env, ["job", "metrics", jobId, "--plot", missing])
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain("Cannot write the chart")
    expect(failed.stderr).not.toContain("    at ")
    expect(existsSync(missing)).toBe(false)
  })
})
