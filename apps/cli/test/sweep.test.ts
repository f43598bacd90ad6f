import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"
import { watchOnTerminal } from "./terminal.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let dir: string
let job: Record<string, string>

interface Task {
  readonly name: string
  readonly timeline: { created: number; finished?: number }
}

const tasks = (prefix: string) =>
  (emu.control.state() as unknown as { tasks: ReadonlyArray<Task> }).tasks.filter((t) => t.name.startsWith(prefix))

const creates = () => emu.control.requests().log.filter((r) => r.surface.includes("train_job/create")).length

const sweepFile = (file: string, name: string, grid: string, command: string, extra = ""): string => {
  const lines = [
    `name: ${name}`,
    "job:",
    `  name: "${name}-{a}-{b}"`,
    `  command: "${command}"`,
    ...Object.entries(job).map(([k, v]) => `  ${k}: "${v}"`),
    "grid:",
    grid,
    extra,
  ]
  writeFileSync(join(dir, file), `${lines.join("\n")}\n`)
  return file
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
  env = homeFor(emu.url)
  dir = mkdtempSync(join(tmpdir(), "inspire-sweep-"))
  const flags = placement(emu)
  job = {}
  for (let i = 0; i < flags.length; i += 2)
    job[(flags[i] ?? "").replace(/^--/, "").replace(/-/g, "_")] = flags[i + 1] ?? ""
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
})
afterAll(async () => {
  await emu.close()
})

const T = 60_000

// Runs the CLI and kills it with SIGKILL once the emulator has seen `after` creates (or when it ends first).
const runAndKill = (args: ReadonlyArray<string>, after: number): Promise<"killed" | "ended"> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, cwd: dir, stdio: "ignore" })
    let done = false
    const timer = setInterval(() => {
      if (creates() >= after && !done) {
        done = true
        child.kill("SIGKILL")
      }
    }, 2)
    child.on("exit", () => {
      clearInterval(timer)
      resolve(done ? "killed" : "ended")
    })
  })

describe("inspire sweep", () => {
  it(
    "previews the table and the cost without a create; points at the file's line on an error",
    async () => {
      const file = sweepFile("preview.yaml", "预览", "  a: [1, 2]\n  b: [x, y]", "python train.py --a {a} --b {b}")
      emu.control.clearRequests()
      const run = await inspire(env, ["sweep", "run", file, "--dry-run"], undefined, dir)
      expect(run.code).toBe(0)
      expect(run.stdout).toContain("Dry run")
      expect(run.stdout).toContain("预览-1-x")
      expect(run.stdout).toMatch(/COST\/H/)
      expect(run.stdout).toMatch(/Estimated cost: [\d.]+\/h/)
      const preview = json<{ jobs: Array<{ name: string; costPerHour?: number }>; totalCostPerHour: number }>(
        await inspire(env, ["sweep", "run", file, "--dry-run", "--json"], undefined, dir),
      )
      expect(preview.jobs.map((j) => j.name)).toEqual(["预览-1-x", "预览-1-y", "预览-2-x", "预览-2-y"])
      expect(preview.totalCostPerHour).toBeCloseTo(preview.jobs.reduce((a, j) => a + (j.costPerHour ?? 0), 0))
      expect(emu.control.requests().log.filter((r) => r.write)).toEqual([])
      const bad = sweepFile("bad.yaml", "bad", "  a: [1]\n  b: [2]", "python train.py {c}")
      const refused = await inspire(env, ["sweep", "run", bad], undefined, dir)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain("bad.yaml:4:")
      expect(refused.stderr).toContain("{c}")
    },
    T,
  )

  it(
    "--max-running keeps at most N jobs alive, submitting the rest as earlier ones finish",
    async () => {
      const file = sweepFile("cap.yaml", "cap", "  a: [1, 2, 3]\n  b: [1, 2]", "python train.py #emu:duration=60")
      const run = json<{ counts: { created: number } }>(
        await inspire(
          env,
          // A run returns with what fits unless told to wait for room.
          ["sweep", "run", file, "--max-running", "2", "--wait-seconds", "3600", "--poll-seconds", "1", "--json"],
          undefined,
          dir,
        ),
      )
      expect(run.counts.created).toBe(6)
      const spans = tasks("cap-").map((t) => t.timeline)
      expect(spans).toHaveLength(6)
      for (const s of spans) {
        const alive = spans.filter(
          (o) => o.created <= s.created && (o.finished ?? Number.POSITIVE_INFINITY) > s.created,
        )
        expect(alive.length).toBeLessThanOrEqual(2)
      }
    },
    T,
  )

  it("killed with SIGKILL at random points several times, a re-run ends with every job exactly once", async () => {
    for (const round of [1, 2, 3]) {
      const name = `kill-${round}`
      const file = sweepFile(
        `${name}.yaml`,
        name,
        "  a: [1, 2, 3, 4]\n  b: [1, 2, 3, 4, 5, 6]",
        "python train.py #emu:idle",
      )
      // Each answer takes a little while, so the kills land between and inside creates.
      emu.control.faults.set({ latencyMs: 15, jitterMs: 15 })
      emu.control.clearRequests()
      const outcomes: string[] = []
      let target = 0
      for (let kill = 0; kill < 5; kill++) {
        target += 1 + Math.floor(Math.random() * 5)
        outcomes.push(await runAndKill(["sweep", "run", file], target))
      }
      emu.control.faults.set({ latencyMs: 0, jitterMs: 0 })
      expect(outcomes.filter((o) => o === "killed").length).toBeGreaterThanOrEqual(3)
      const last = json<{ counts: { created: number; pending: number } }>(
        await inspire(env, ["sweep", "run", file, "--json"], undefined, dir),
      )
      expect(last.counts).toMatchObject({ created: 24, pending: 0 })
      const names = tasks(`${name}-`).map((t) => t.name)
      expect(names).toHaveLength(24)
      expect(new Set(names).size).toBe(24)
      // One more run sends nothing at all.
      const before = creates()
      expect((await inspire(env, ["sweep", "run", file], undefined, dir)).code).toBe(0)
      expect(creates()).toBe(before)
    }
  }, 180_000)

  it(
    "two runs of one sweep at once never duplicate a job: one holds the sweep, the other waits or says so",
    async () => {
      const file = sweepFile("twice.yaml", "twice", "  a: [1, 2, 3]\n  b: [1, 2]", "python train.py #emu:duration=60")
      emu.control.faults.set({ latencyMs: 20 })
      const runs = await Promise.all([1, 2, 3].map(() => inspire(env, ["sweep", "run", file], undefined, dir)))
      emu.control.faults.set({ latencyMs: 0 })
      expect(runs.some((r) => r.code === 0)).toBe(true)
      for (const r of runs.filter((x) => x.code !== 0)) expect(r.stderr).toContain("Another inspire process")
      const names = tasks("twice-").map((t) => t.name)
      expect(names).toHaveLength(6)
      expect(new Set(names).size).toBe(6)
    },
    T,
  )

  it(
    "a lost create answer is settled by the job's marker on the re-run, without a duplicate",
    async () => {
      const file = sweepFile("lost.yaml", "lost", "  a: [1, 2]\n  b: [1]", "python train.py #emu:duration=60")
      // The run's first look at the platform goes through; then the create's answer is spoiled and so are
      // the listings it is looked up in: the run cannot tell whether the job exists, stops and says so; the
      // intent stays in the manifest.
      const spoiled = { mode: "truncated" as const, rate: 1 }
      emu.control.faults.set({
        answers: {
          "oa:/openapi/v1/train_job/create": spoiled,
          "v2:train.ListJobs": { ...spoiled, after: 1 },
          "v1:POST /api/v1/train_job/list": spoiled,
        },
      })
      const first = await inspire(env, ["sweep", "run", file], undefined, dir)
      emu.control.faults.set({ answers: {} })
      expect(first.code).not.toBe(0)
      expect(first.stderr).toMatch(/run the sweep again/i)
      expect(tasks("lost-")).toHaveLength(1)
      const again = json<{ counts: { created: number; adopted: number } }>(
        await inspire(env, ["sweep", "run", file, "--json"], undefined, dir),
      )
      expect(again.counts).toMatchObject({ created: 2, adopted: 1 })
      expect(
        tasks("lost-")
          .map((t) => t.name)
          .sort(),
      ).toEqual(["lost-1-1", "lost-2-1"])
    },
    T,
  )

  it(
    "stop holds back the jobs not yet sent: a later run is refused, and says how to go on with --resume",
    async () => {
      const file = sweepFile("held.yaml", "held", "  a: [1, 2, 3]\n  b: [1]", "python train.py #emu:idle")
      const first = json<{ counts: { created: number; pending: number } }>(
        await inspire(
          env,
          ["sweep", "run", file, "--max-running", "1", "--wait-seconds", "0", "--json"],
          undefined,
          dir,
        ),
      )
      expect(first.counts).toMatchObject({ created: 1, pending: 2 })
      const dry = await inspire(env, ["sweep", "stop", "held", "--dry-run"])
      expect(dry.code).toBe(0)
      expect(dry.stdout).toMatch(/2 jobs not sent yet/)
      // The dry run changed nothing: a run still goes on.
      expect((await inspire(env, ["sweep", "run", file, "--wait-seconds", "0"], undefined, dir)).code).toBe(0)
      const stop = json<{ changed: string[]; held: number }>(
        await inspire(env, ["sweep", "stop", "held", "--yes", "--json"]),
      )
      expect(stop).toMatchObject({ changed: [expect.any(String)], held: 2 })
      const before = creates()
      const refused = await inspire(env, ["sweep", "run", file, "--max-running", "5"], undefined, dir)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain("was stopped")
      expect(refused.stderr).toContain(`inspire sweep run ${file} --resume`)
      expect(creates()).toBe(before)
      const resumed = json<{ counts: { created: number; pending: number } }>(
        await inspire(env, ["sweep", "run", file, "--resume", "--max-running", "5", "--json"], undefined, dir),
      )
      expect(resumed.counts).toMatchObject({ created: 3, pending: 0 })
      const names = tasks("held-").map((t) => t.name)
      expect(names.sort()).toEqual(["held-1-1", "held-2-1", "held-3-1"])
    },
    T,
  )

  it(
    "status --watch on a terminal redraws the sweep's table until Ctrl-C, then exits 0",
    async () => {
      const { out, draws, code } = await watchOnTerminal(env, ["sweep", "status", "held"], 5, 40_000)
      expect(draws).toBeGreaterThanOrEqual(2)
      // Each draw clears the screen and shows the sweep's jobs.
      expect(out.split("\x1b[H\x1b[2J").length - 1).toBeGreaterThanOrEqual(2)
      expect(out).toMatch(/held-1-1\s+\S+/)
      expect(out).toMatch(/held-3-1/)
      expect(out).not.toMatch(/Error|error:/)
      expect(code).toBe(0)
    },
    T,
  )

  it(
    "status lists sweeps and shows one sweep's jobs; stop asks, dry-runs, then stops",
    async () => {
      const list = await inspire(env, ["sweep", "status"])
      expect(list.code).toBe(0)
      expect(list.stdout).toContain("kill-1")
      const status = json<{ jobs: Array<{ status?: { family: string } }> }>(
        await inspire(env, ["sweep", "status", "kill-1", "--json"]),
      )
      expect(status.jobs).toHaveLength(24)
      // --watch redraws a table: off a terminal it is a usage error.
      const watch = await inspire(env, ["sweep", "status", "kill-1", "--watch"])
      expect(watch.code).toBe(2)
      expect(watch.stderr).toContain("terminal")
      const refused = await inspire(env, ["sweep", "stop", "kill-1"])
      expect(refused.code).toBe(2)
      const dry = await inspire(env, ["sweep", "stop", "kill-1", "--dry-run"])
      expect(dry.code).toBe(0)
      expect(dry.stdout).toContain("Dry run")
      expect(tasks("kill-1-").filter((t) => t.timeline.finished !== undefined)).toHaveLength(0)
      const stop = json<{ changed: string[] }>(await inspire(env, ["sweep", "stop", "kill-1", "--yes", "--json"]))
      expect(stop.changed).toHaveLength(24)
    },
    T,
  )
})
