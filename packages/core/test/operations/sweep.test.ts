import { readdirSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { expandSweep } from "../../src/operations/sweep/expand.js"
import { inlineSweep, readSweepFile } from "../../src/operations/sweep/file.js"
import { sweepOperation } from "../../src/operations/sweep/index.js"
import type {
  SweepChangeResult,
  SweepListResult,
  SweepRunResult,
  SweepStatusResult,
} from "../../src/operations/sweep/result.js"
import type { Worded } from "../../src/words/render.js"
import { hpcInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"
import { freshPlatform } from "./tasks-fixture.js"

const emu = useEmulator()
type Profile = ReturnType<typeof trainingSpaceProfile>
let profile: Profile
let dir: string

const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

const sweepOf = (name: string, grid: Record<string, unknown[]>, command = "python train.py --lr {lr}") => ({
  name,
  job: {
    name: `${name}-{lr}`,
    command,
    compute_group: "H100",
    spec: h100SpecId(emu.current, "TRAIN"),
    image: IMAGE,
  },
  grid,
})

const expand = (definition: Record<string, unknown>) =>
  Effect.runPromise(Effect.flatMap(inlineSweep(definition), expandSweep))

const fileError = async (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  const exit = await Effect.runPromiseExit(Effect.flatMap(readSweepFile(name, dir), expandSweep))
  if (exit._tag === "Success") throw new Error("expected the file to be refused")
  return JSON.stringify(exit.cause)
}

const tasksNamed = (prefix: string) => emu.current.control.state().tasks.filter((t) => t.name.startsWith(prefix))

beforeAll(() => {
  freshPlatform(emu.current)
  profile = trainingSpaceProfile(emu.current)
  dir = profile.home
})

describe("sweep files", () => {
  it("expands a grid and a list with CJK parameters and names; identities are stable and distinct", async () => {
    const definition = {
      name: "消融",
      job: {
        name: "实验-{学习率}-{seed}",
        command: "python train.py --lr {学习率} --seed {seed} --home ${HOME} --brace {{x}} --user {username}",
        envs: { RUN: "运行-{index}" },
      },
      grid: { 学习率: [0.001, 0.0003], seed: [1, 2] },
      list: [{ 学习率: 0.1, seed: 9 }],
    }
    const rows = await expand(definition)
    expect(rows.map((r) => r.name)).toEqual([
      "实验-0.001-1",
      "实验-0.001-2",
      "实验-0.0003-1",
      "实验-0.0003-2",
      "实验-0.1-9",
    ])
    expect(rows[0]?.job.command).toBe(
      "python train.py --lr 0.001 --seed 1 --home ${HOME} --brace {x} --user {username}",
    )
    expect(rows[4]?.job.envs).toEqual({ RUN: "运行-5" })
    expect(new Set(rows.map((r) => r.key)).size).toBe(5)
    for (const r of rows) expect(r.key).toMatch(/^[0-9a-f]{20}$/)
    // The same content in another key order is the same sweep: the same identities.
    const again = await expand({ list: definition.list, grid: definition.grid, job: definition.job, name: "消融" })
    expect(again.map((r) => r.key)).toEqual(rows.map((r) => r.key))
  })

  it("points at the file, line and column of a wrong placeholder, field or syntax", async () => {
    const unknown = await fileError(
      "unknown.yaml",
      "name: s\njob:\n  name: exp-{lr}\n  command: python train.py --seed {seed}\ngrid:\n  lr: [1, 2]\n",
    )
    expect(unknown).toContain("unknown.yaml:4:")
    expect(unknown).toContain("{seed}")
    const field = await fileError(
      "field.yaml",
      "name: s\njob:\n  name: exp-{lr}\n  command: x\n  specc: a\ngrid:\n  lr: [1]\n",
    )
    expect(field).toContain("field.yaml:5:")
    expect(field).toContain("specc")
    const syntax = await fileError("syntax.yaml", "name: s\njob:\n  name: [exp\ngrid:\n  lr: [1]\n")
    expect(syntax).toMatch(/syntax\.yaml:\d+:\d+/)
    const same = await fileError("same.yaml", "name: s\njob:\n  name: exp\n  command: x\ngrid:\n  lr: [1, 2]\n")
    expect(same).toContain("same.yaml:3:")
    const json = await fileError(
      "s.json",
      '{\n  "name": "s",\n  "job": {"name": "e-{x}", "command": "c"},\n  "grid": {"lr": [1]}\n}\n',
    )
    expect(json).toContain("s.json:3:")
    // recover: the attempts of --recover N, named with its line and what to write.
    const body = "name: s\njob:\n  name: e-{lr}\n  command: x\ngrid:\n  lr: [1]\n"
    const recover = await fileError("recover.yaml", `${body}recover: 11\n`)
    expect(recover).toContain("recover.yaml:7:10: recover:")
    expect(recover).toContain("--recover N")
    expect(await fileError("word.yaml", `${body}recover: twice\n`)).toContain("word.yaml:7:10: recover:")
  })
})

describe("sweep runs against the emulator", () => {
  it("previews the table and the cost without creating anything or writing the manifest", async () => {
    const e = emu.current
    e.control.clearRequests()
    const r = succeeded(
      await call(
        e,
        sweepOperation,
        { action: "run", definition: sweepOf("dry", { lr: [1, 2, 3] }), dry_run: true },
        profile,
      ),
    )
    const result = r.result as Worded<SweepRunResult>
    expect(result.jobs.map((j) => j.name)).toEqual(["dry-1", "dry-2", "dry-3"])
    expect(result.jobs[0]?.costPerHour).toBe(19.5)
    expect(result.totalCostPerHour).toBe(58.5)
    // One placement for the three jobs: the availability ranking's verdict, from one node read.
    expect(result.fits).toHaveLength(1)
    expect(result.fits?.[0]).toMatchObject({ computeGroup: "H100", jobs: 3 })
    expect(result.fits?.[0]?.verdict).toMatch(/^(now|preempt|queue|never)$/)
    expect(r.text).toContain("fit: 3 jobs")
    // The sweep's whole ask, from the same node read: the three at once.
    expect(result.fits?.[0]?.together).toMatchObject({ jobs: 3, now: 3, summary: "all 3 fit now" })
    expect(r.text).toContain("at once: all 3 fit now")
    expect(r.text).toContain("Dry run")
    expect(r.text).toContain("58.50/h")
    expect(e.control.requests().log.filter((q) => q.write)).toEqual([])
    expect(tasksNamed("dry-")).toHaveLength(0)
    expect(() => readdirSync(join(profile.home, "config", "sweeps"))).toThrow()
  }, 30_000)

  it("says how many of the sweep's jobs fit at once: all, or some now and the rest queue", async () => {
    const e = emu.current
    const preview = async (jobs: number, maxRunning?: number) =>
      succeeded(
        await call(
          e,
          sweepOperation,
          {
            action: "run",
            definition: sweepOf("wide", { lr: Array.from({ length: jobs }, (_, i) => i + 1) }),
            dry_run: true,
            ...(maxRunning !== undefined ? { max_running: maxRunning } : {}),
          },
          profile,
        ),
      )
    // The group's room for one-GPU jobs now, as the per-job verdict read it.
    const one = (await preview(1)).result as Worded<SweepRunResult>
    const room = Number(/room for (\d+)/.exec(one.fits?.[0]?.reason ?? "")?.[1])
    expect(room).toBeGreaterThan(1)
    const over = await preview(room + 4)
    expect((over.result as Worded<SweepRunResult>).fits?.[0]?.together).toMatchObject({ jobs: room + 4, now: room })
    expect(over.text).toContain(`at once: ${room} of ${room + 4} fit now; the rest queue`)
    // With max_running, the ask is max_running jobs at once.
    const capped = await preview(room + 4, 2)
    expect((capped.result as Worded<SweepRunResult>).fits?.[0]?.together).toMatchObject({ jobs: 2, now: 2 })
    expect(capped.text).toContain("at once (at most 2 running): all 2 fit now")
  }, 30_000)

  it("creates each job once; a lost create answer is found by its marker; re-running sends nothing", async () => {
    const e = emu.current
    const definition = sweepOf("lost", { lr: [1, 2, 3] })
    e.control.faults.set({ answers: { "oa:/openapi/v1/train_job/create": { mode: "truncated", rate: 1 } } })
    const first = succeeded(await call(e, sweepOperation, { action: "run", definition }, profile))
      .result as Worded<SweepRunResult>
    e.control.faults.set({ answers: {} })
    expect(first.counts.created).toBe(3)
    expect(
      tasksNamed("lost-")
        .map((t) => t.name)
        .sort(),
    ).toEqual(["lost-1", "lost-2", "lost-3"])
    const files = readdirSync(join(profile.home, "config", "sweeps"))
    expect(files).toHaveLength(1)
    expect(statSync(join(profile.home, "config", "sweeps", files[0] ?? "")).mode & 0o777).toBe(0o600)
    e.control.clearRequests()
    const again = succeeded(await call(e, sweepOperation, { action: "run", definition }, profile))
      .result as Worded<SweepRunResult>
    expect(again.counts.submitted).toBe(0)
    expect(e.control.requests().log.filter((q) => q.write)).toEqual([])
    expect(tasksNamed("lost-")).toHaveLength(3)
  }, 60_000)

  it("max_running holds jobs back; a re-run after earlier ones finish submits the rest", async () => {
    const e = emu.current
    const definition = {
      ...sweepOf("cap", { lr: [1, 2, 3, 4] }, "python train.py #emu:duration=60"),
      limits: { max_running: 2 },
    }
    const first = succeeded(
      await call(e, sweepOperation, { action: "run", definition, wait_seconds: 0, poll_seconds: 1 }, profile),
    ).result as Worded<SweepRunResult>
    expect(first.counts).toMatchObject({ submitted: 2, pending: 2 })
    expect(tasksNamed("cap-")).toHaveLength(2)
    e.control.clock.advance(600)
    const second = succeeded(
      await call(e, sweepOperation, { action: "run", definition, wait_seconds: 0, poll_seconds: 1 }, profile),
    ).result as Worded<SweepRunResult>
    expect(second.counts).toMatchObject({ submitted: 2, pending: 0, created: 4 })
    expect(tasksNamed("cap-")).toHaveLength(4)
  }, 60_000)

  it("status shows mixed outcomes with verdicts and diagnoses; resubmit and stop act on the sweep", async () => {
    const e = emu.current
    const { grid: _grid, ...base } = sweepOf("mix", {}, "python train.py #emu:{tag}")
    const definition = {
      ...base,
      list: [
        { lr: "oom", tag: "oom" },
        { lr: "idle", tag: "idle" },
        { lr: "ok", tag: "duration=30" },
      ],
    }
    succeeded(await call(e, sweepOperation, { action: "run", definition }, profile))
    e.control.clock.advance(900)
    const status = succeeded(await call(e, sweepOperation, { action: "status", sweep: "mix" }, profile))
    const rows = (status.result as Worded<SweepStatusResult>).jobs
    const byName = new Map(rows.map((r) => [r.name, r]))
    expect(byName.get("mix-oom")?.status?.family).toBe("failed")
    expect(byName.get("mix-oom")?.diagnosis).toMatch(/memory/i)
    expect(byName.get("mix-idle")?.status?.family).toBe("running")
    // The metrics verdict as metrics gives it (the paused clock runs ahead of the window, so its state varies).
    expect(byName.get("mix-idle")?.verdict).toMatch(/^[A-Z-]+$/)
    expect(byName.get("mix-ok")?.status?.family).toBe("succeeded")
    expect(status.text).toContain("VERDICT")
    const list = succeeded(await call(e, sweepOperation, { action: "status" }, profile)).result as SweepListResult
    expect(list.sweeps.map((s) => s.name)).toContain("mix")
    const resubmit = succeeded(
      await call(e, sweepOperation, { action: "resubmit", sweep: "mix", failed: true }, profile),
    )
    expect((resubmit.result as Worded<SweepRunResult>).counts.submitted).toBe(1)
    expect(tasksNamed("mix-oom")).toHaveLength(2)
    const unconfirmed = succeeded(await call(e, sweepOperation, { action: "stop", sweep: "mix" }, profile))
    expect((unconfirmed.result as Worded<SweepChangeResult>).changed).toEqual([])
    const stop = succeeded(await call(e, sweepOperation, { action: "stop", sweep: "mix", confirm: true }, profile))
    expect((stop.result as Worded<SweepChangeResult>).changed.length).toBeGreaterThanOrEqual(1)
    const idle = tasksNamed("mix-idle")[0]
    expect(idle?.phase).toMatch(/stop/i)
  }, 90_000)

  it("an HPC sweep carries each job's identity in its script, so a lost answer is found without a duplicate", async () => {
    const e = emu.current
    const hpc = hpcInput(e, "x")
    const definition = {
      name: "slurm",
      kind: "hpc",
      job: {
        name: "slurm-{n}",
        entrypoint: "srun python run.py --n {n}",
        workspace: "高性能计算",
        compute_group: hpc.groupId,
        spec: hpc.specId,
        image: hpc.image,
        cpus_per_task: 4,
        memory_per_cpu: "4G",
      },
      grid: { n: [1, 2] },
    }
    const dry = succeeded(await call(e, sweepOperation, { action: "run", definition, dry_run: true }, profile))
    expect((dry.result as Worded<SweepRunResult>).jobs.map((j) => j.command)).toEqual([
      "srun python run.py --n 1",
      "srun python run.py --n 2",
    ])
    e.control.faults.set({ answers: { "oa:/openapi/v1/hpc_jobs/create": { mode: "empty", rate: 1 } } })
    const run = succeeded(await call(e, sweepOperation, { action: "run", definition }, profile))
    e.control.faults.set({ answers: {} })
    expect((run.result as Worded<SweepRunResult>).counts.created).toBe(2)
    expect(
      tasksNamed("slurm-")
        .map((t) => t.name)
        .sort(),
    ).toEqual(["slurm-1", "slurm-2"])
  }, 60_000)

  it("refuses a sweep over its cost limit before creating anything", async () => {
    const e = emu.current
    const definition = { ...sweepOf("costly", { lr: [1, 2, 3] }), limits: { max_cost_per_hour: 40 } }
    const error = failed(await call(e, sweepOperation, { action: "run", definition }, profile))
    expect(error.message).toContain("max_cost_per_hour")
    expect(tasksNamed("costly-")).toHaveLength(0)
  }, 30_000)
})
