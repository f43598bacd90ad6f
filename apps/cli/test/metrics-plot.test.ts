import { existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json, type Run } from "./harness.js"

/** `inspire args…` run in another directory. */
const inspireIn = (cwd: string, env: NodeJS.ProcessEnv, args: ReadonlyArray<string>): Promise<Run> =>
  inspire(env, args, undefined, cwd)

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
  // The downloads folder is `out`, so absolute paths there are allowed wherever the CLI runs.
  env = { ...homeFor(emu.url), INSPIRE_DOWNLOAD_DIR: out }
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
})
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
    expect(svg).toMatch(/font-family:[^;]*"Noto Sans CJK SC"[^;]*sans-serif/)
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

  it("titles the chart by the job's name and id, and keeps the verdict clear of the first panel's title", async () => {
    const file = join(out, "boxes.svg")
    expect((await inspire(env, ["job", "metrics", jobId, "--plot", file])).code).toBe(0)
    const svg = readFileSync(file, "utf8")
    const sizes = new Map([...svg.matchAll(/\.(\w+)\{font-size:(\d+)px/g)].map((m) => [m[1], Number(m[2])]))
    // Each text's vertical extent: from its baseline up by the font's ascent, down by its descent.
    const texts = [...svg.matchAll(/<text x="[\d.]+" y="([\d.]+)" class="(\w+)"[^>]*>([^<]*)<\/text>/g)].map((m) => {
      const size = sizes.get(m[2] ?? "") ?? 0
      return { cls: m[2], text: m[3] ?? "", top: Number(m[1]) - size, bottom: Number(m[1]) + size * 0.25 }
    })
    const title = texts.find((t) => t.cls === "title")
    const verdict = texts.find((t) => t.cls === "verdict")
    const panel = texts.find((t) => t.cls === "panel")
    expect(title?.text).toBe(`plotme (${jobId}) · 30m`)
    if (title === undefined || verdict === undefined || panel === undefined) throw new Error("texts missing")
    expect(verdict.top).toBeGreaterThanOrEqual(title.bottom)
    expect(panel.top).toBeGreaterThanOrEqual(verdict.bottom)
  })

  it("refuses --plot with --mode download, and writes a missing folder only inside the downloads folder", async () => {
    const usage = await inspire(env, ["job", "metrics", jobId, "--mode", "download", "--plot", join(out, "x.svg")])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain("--plot")
    const nested = join(out, "no", "such", "dir", "c.svg")
    expect((await inspire(env, ["job", "metrics", jobId, "--plot", nested])).code).toBe(0)
    expect(readFileSync(nested, "utf8")).toContain("<svg")
  }, 90_000)

  it("writes the chart only in the current directory or the downloads folder, never through a link or over a file", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "inspire-plot-cwd-"))
    const outside = mkdtempSync(join(tmpdir(), "inspire-plot-outside-"))
    const here = await inspireIn(cwd, env, ["job", "metrics", jobId, "--plot", "here.svg"])
    expect(here.code, here.stderr).toBe(0)
    expect(here.stderr).toContain(`Chart written to ${join(cwd, "here.svg")}`)

    const again = await inspireIn(cwd, env, ["job", "metrics", jobId, "--plot", "here.svg"])
    expect(again.code).toBe(2)
    expect(again.stderr).toContain("already exists")
    // The chart's error is the call's one answer: no result printed before it.
    expect(again.stdout).toBe("")
    expect(again.stderr).toMatch(/^error: /)
    expect((await inspireIn(cwd, env, ["job", "metrics", jobId, "--plot", "here.svg", "--overwrite"])).code).toBe(0)

    const far = await inspireIn(cwd, env, ["job", "metrics", jobId, "--plot", join(outside, "far.svg")])
    expect(far.code).toBe(2)
    expect(far.stderr).toContain("outside the current directory")
    expect(far.stderr).toMatch(/^hint: /m)
    const up = await inspireIn(cwd, env, ["job", "metrics", jobId, "--plot", "../up.svg"])
    expect(up.stderr).toContain('".." is not allowed in --plot')
    writeFileSync(join(outside, "victim.svg"), "keep")
    symlinkSync(join(outside, "victim.svg"), join(cwd, "link.svg"))
    symlinkSync(outside, join(cwd, "dir"))
    for (const target of ["link.svg", "dir/new.svg"]) {
      const link = await inspireIn(cwd, env, ["job", "metrics", jobId, "--plot", target, "--overwrite"])
      expect(link.code, target).toBe(2)
      expect(link.stderr).toContain("symbolic link")
      expect(link.stderr).not.toContain("    at ")
    }
    expect(readFileSync(join(outside, "victim.svg"), "utf8")).toBe("keep")
    expect(readdirSync(outside)).toEqual(["victim.svg"])
    expect(existsSync(join(cwd, "..", "up.svg"))).toBe(false)
  }, 90_000)
})

describe("downloads from the command line", () => {
  it("start in the current directory, and may go to the downloads folder; --mode download refuses ..", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "inspire-dl-cwd-"))
    const log = await inspireIn(cwd, env, ["job", "logs", jobId, "--download", "--path", "job.log", "--json"])
    expect(json<{ download: { path: string } }>(log).download.path).toBe(join(cwd, "job.log"))
    expect(readFileSync(join(cwd, "job.log"), "utf8")).toContain(jobId)
    const byDefault = await inspireIn(cwd, env, ["job", "metrics", jobId, "--mode", "download", "--json"])
    expect(json<{ download: { path: string } }>(byDefault).download.path).toBe(join(out, `${jobId}-30m.csv`))
    const up = await inspireIn(cwd, env, ["job", "metrics", jobId, "--mode", "download", "--path", "../m.csv"])
    expect(up.code).toBe(2)
    expect(up.stderr).toContain('".." is not allowed')
    expect(up.stderr).toMatch(/^hint: /m)
  }, 150_000)
})
