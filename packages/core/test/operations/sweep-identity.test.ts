import { execFileSync } from "node:child_process"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { expandSweep } from "../../src/operations/sweep/expand.js"
import { inlineSweep, readSweepFile } from "../../src/operations/sweep/file.js"
import { sweepOperation } from "../../src/operations/sweep/index.js"
import type { SweepRunResult } from "../../src/operations/sweep/result.js"
import type { Worded } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"
import { freshPlatform } from "./tasks-fixture.js"

// A sweep's jobs are what they are, wherever the sweep is run from: an edited file, a second store or
// another spelling of the platform's address finds the jobs made before and sends only what is missing.

const emu = useEmulator()
const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

const sweepOf = (name: string, lr: unknown[], extra: Record<string, unknown> = {}) => ({
  name,
  job: {
    name: `${name}-{lr}`,
    command: "python train.py --lr {lr}",
    compute_group: "H100",
    spec: h100SpecId(emu.current, "TRAIN"),
    image: IMAGE,
  },
  grid: { lr },
  ...extra,
})

const tasksNamed = (prefix: string) => emu.current.control.state().tasks.filter((t) => t.name.startsWith(prefix))
const creates = () => emu.current.control.requests().log.filter((q) => q.write && /create/i.test(q.surface))
const run = async (profile: ReturnType<typeof trainingSpaceProfile>, input: Record<string, unknown>) =>
  succeeded(await call(emu.current, sweepOperation, { action: "run", ...input }, profile))
    .result as Worded<SweepRunResult>

beforeAll(() => freshPlatform(emu.current))

describe("a sweep's identity is its jobs", () => {
  it("an edited file, a second store and another address send only the jobs that are missing", async () => {
    const e = emu.current
    const home = trainingSpaceProfile(e)
    const first = await run(home, { definition: sweepOf("ident", [1, 2, 3]) })
    expect(first.counts).toMatchObject({ submitted: 3, created: 3 })
    e.control.clearRequests()
    // The limits changed: a new file's hash, the same jobs.
    const edited = await run(home, { definition: sweepOf("ident", [1, 2, 3], { limits: { max_jobs: 21 } }) })
    expect(edited.counts).toMatchObject({ submitted: 0, adopted: 3, created: 3 })
    expect(creates()).toEqual([])
    // One row more: one create.
    const grown = await run(home, { definition: sweepOf("ident", [1, 2, 3, 4]) })
    expect(grown.counts).toMatchObject({ submitted: 1, adopted: 3, created: 4 })
    expect(creates()).toHaveLength(1)
    // Another store, and the platform's address spelled another way: nothing is sent again.
    e.control.clearRequests()
    const other = trainingSpaceProfile(e, { INSPIRE_BASE_URL: e.url.replace("127.0.0.1", "localhost") })
    const dry = await run(other, { definition: sweepOf("ident", [1, 2, 3, 4, 5]), dry_run: true })
    expect(dry.jobs.filter((j) => j.state === "created")).toHaveLength(4)
    expect(dry.plan?.targets.map((t) => t.name)).toEqual(["ident-5"])
    expect(dry.plan?.summary).toMatch(/Submit 1 job of sweep ident .*; 4 already created/)
    const elsewhere = await run(other, { definition: sweepOf("ident", [1, 2, 3, 4, 5]) })
    expect(elsewhere.counts).toMatchObject({ submitted: 1, adopted: 4, created: 5 })
    expect(creates()).toHaveLength(1)
    expect(
      tasksNamed("ident-")
        .map((t) => t.name)
        .sort(),
    ).toEqual(["ident-1", "ident-2", "ident-3", "ident-4", "ident-5"])
  }, 90_000)

  it("a job changed under a name the platform has is refused unless asked, then sent beside the earlier one", async () => {
    const e = emu.current
    const home = trainingSpaceProfile(e)
    await run(home, { definition: sweepOf("chg", [1, 2]) })
    const changed = { ...sweepOf("chg", [1, 2]), job: { ...sweepOf("chg", [1, 2]).job, command: "python v2.py {lr}" } }
    e.control.clearRequests()
    const refused = failed(await call(e, sweepOperation, { action: "run", definition: changed }, home))
    expect(refused.message).toContain("chg-1, chg-2")
    expect(refused.message).toContain("Nothing was sent")
    expect(refused.hint).toContain("replace")
    expect(creates()).toEqual([])
    const replaced = await run(home, { definition: changed, replace: true })
    expect(replaced.counts).toMatchObject({ submitted: 2 })
    expect(replaced.warnings.join(" ")).toContain("beside earlier jobs")
    expect(tasksNamed("chg-")).toHaveLength(4)
  }, 60_000)
})

describe("a sweep's size is checked before anything is made", () => {
  it("refuses a huge grid from its factors, under max_jobs and under the ceiling", async () => {
    const forty = Array.from({ length: 40 }, (_v, i) => i)
    const grid = { a: forty, b: forty, c: forty, d: forty, e: forty }
    const capped = await Effect.runPromiseExit(
      Effect.flatMap(inlineSweep({ ...sweepOf("huge", []), grid, limits: { max_jobs: 10 } }), expandSweep),
    )
    expect(JSON.stringify(capped)).toContain("102400000 jobs, more than limits.max_jobs (10)")
    const unlimited = await Effect.runPromiseExit(
      Effect.flatMap(inlineSweep({ ...sweepOf("wide", []), grid: { a: forty, b: forty } }), expandSweep),
    )
    expect(JSON.stringify(unlimited)).toContain("1600 jobs, more than one sweep may (1000)")
  })

  it("refuses aliases that multiply and parameter names objects keep for themselves", async () => {
    const dir = trainingSpaceProfile(emu.current).home
    const bomb = ["name: b", "job: {name: 'b-{x}', command: c}", "a: &a [1,1,1,1,1,1,1,1,1]"]
    for (const [n, prev] of ["b", "c", "d", "e", "f"].entries())
      bomb.push(
        `${prev}: &${prev} [${Array(9)
          .fill(`*${n === 0 ? "a" : ["b", "c", "d", "e"][n - 1]}`)
          .join(",")}]`,
      )
    writeFileSync(join(dir, "bomb.yaml"), `${bomb.join("\n")}\ngrid: {x: [1]}\n`)
    const exploded = await Effect.runPromiseExit(readSweepFile("bomb.yaml", dir))
    expect(JSON.stringify(exploded)).toContain("aliases")
    expect(JSON.stringify(exploded)).not.toContain("resource exhaustion")
    writeFileSync(
      join(dir, "proto.yaml"),
      "name: p\njob: {name: 'p-{x}', command: c}\ngrid:\n  __proto__: [1, 2]\n  x: [3]\n",
    )
    const proto = await Effect.runPromiseExit(readSweepFile("proto.yaml", dir))
    expect(JSON.stringify(proto)).toContain("proto.yaml:4")
  })

  it("reads a sweep file only when it is a regular file: a pipe is refused, never opened", async () => {
    const dir = trainingSpaceProfile(emu.current).home
    execFileSync("mkfifo", [join(dir, "pipe.yaml")])
    const piped = await Effect.runPromiseExit(readSweepFile("pipe.yaml", dir))
    expect(JSON.stringify(piped)).toContain("not a regular file")
  }, 10_000)

  it("two stores running one sweep at the same moment leave one job per row: the newer twin is stopped", async () => {
    const e = emu.current
    // Slow answers: both runs look their jobs up before either create lands, so both create.
    e.control.faults.set({ latencyMs: 200 })
    const definition = sweepOf("twins", [1, 2])
    const [a, b] = await Promise.all([
      run(trainingSpaceProfile(e), { definition }),
      run(trainingSpaceProfile(e), { definition }),
    ])
    e.control.faults.reset()
    const made = tasksNamed("twins-")
    // Each run created both jobs: the race happened, and each row has a twin.
    expect(made).toHaveLength(4)
    expect(a.counts.submitted + b.counts.submitted).toBe(4)
    e.control.clock.advance(60)
    const live = tasksNamed("twins-").filter((t) => !["stopped", "stopping"].includes(String(t.phase)))
    expect(live.map((t) => t.name).sort()).toEqual(["twins-1", "twins-2"])
    // Both stores hold the job that stays.
    const kept = (r: Worded<SweepRunResult>) => Object.fromEntries(r.jobs.map((j) => [j.name, j.jobId]))
    expect(kept(a)).toEqual(kept(b))
    expect(Object.values(kept(a)).sort()).toEqual(live.map((t) => t.id).sort())
  }, 60_000)
})
