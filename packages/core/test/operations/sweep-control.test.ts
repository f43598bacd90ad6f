import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { InspireError } from "../../src/errors.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { OperationContext } from "../../src/operations/catalogue/operation.js"
import { sweepOperation } from "../../src/operations/sweep/index.js"
import type {
  SweepChangeResult,
  SweepResult,
  SweepRunResult,
  SweepStatusResult,
} from "../../src/operations/sweep/result.js"
import type { Worded } from "../../src/words/render.js"
import { renderDeep, renderError, renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"
import { syncClock } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { call, failed, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"
import { freshPlatform } from "./tasks-fixture.js"

// What a sweep does when it is stopped, when the platform refuses some of its creates, and what its
// status says of an idle job next to a busy one.

const emu = useEmulator()
type Profile = ReturnType<typeof trainingSpaceProfile>
let profile: Profile

const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"

const sweepOf = (name: string, values: ReadonlyArray<string | number>, command = "python train.py --lr {lr}") => ({
  name,
  job: { name: `${name}-{lr}`, command, compute_group: "H100", spec: h100SpecId(emu.current, "TRAIN"), image: IMAGE },
  grid: { lr: values },
})

const tasksNamed = (prefix: string) => emu.current.control.state().tasks.filter((t) => t.name.startsWith(`${prefix}-`))

// A call with a progress listener: the tests act at an exact point of a run (before a given create).
const callWith = async (raw: unknown, progress: OperationContext["progress"]) =>
  Exit.mapBoth(await profile.run(invoke(sweepOperation, raw, { progress })), {
    onFailure: (e: unknown) => (e instanceof InspireError ? renderError(e, "mcp") : e),
    onSuccess: (v) => renderDeep(v, "mcp"),
  })

const manifestText = () => {
  const folder = join(profile.home, "config", "sweeps")
  return readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .map((f) => readFileSync(join(folder, f), "utf8"))
    .join("\n")
}

beforeEach(() => {
  freshPlatform(emu.current)
  profile = trainingSpaceProfile(emu.current)
})

describe("sweep status verdicts", () => {
  it("says IDLE for the idle job and HEALTHY for the busy one, over the metrics window", async () => {
    const e = emu.current
    // The jobs start 40 platform minutes ago and run until now, so the 30-minute window holds their metrics.
    e.control.clock.advance((Date.now() - 2_400_000 - e.control.clock.now()) / 1000)
    const { grid: _grid, ...base } = sweepOf("health", [], "python train.py #emu:{tag}")
    const definition = {
      ...base,
      list: [
        { lr: "idle", tag: "idle" },
        { lr: "busy", tag: "duration=9999999" },
      ],
    }
    succeeded(await call(e, sweepOperation, { action: "run", definition }, profile))
    syncClock(e)
    const status = succeeded(await call(e, sweepOperation, { action: "status", sweep: "health" }, profile))
    const byName = new Map((status.result as Worded<SweepStatusResult>).jobs.map((r) => [r.name, r]))
    expect(byName.get("health-idle")?.status?.family).toBe("running")
    expect(byName.get("health-busy")?.status?.family).toBe("running")
    expect(byName.get("health-idle")?.verdict).toBe("IDLE")
    expect(byName.get("health-busy")?.verdict).toBe("HEALTHY")
    expect(status.text).toMatch(/health-idle\s+running\s+\d+m \d+s\s+IDLE/)
    expect(status.text).toMatch(/health-busy\s+running\s+\d+m \d+s\s+HEALTHY/)
  }, 60_000)
})

describe("sweep stop", () => {
  it("holds back the unsent jobs: a run in progress stops sending, a later run is refused until resume", async () => {
    const e = emu.current
    const values = Array.from({ length: 12 }, (_, i) => i + 1)
    const definition = sweepOf("halt", values, "python train.py --lr {lr} #emu:idle")
    // Each answer takes a while, so the stop lands while the run still has creates to send.
    e.control.faults.set({ latencyMs: 40 })
    let stopping: ReturnType<typeof call<typeof sweepOperation.input, SweepResult>> | undefined
    const run = await callWith({ action: "run", definition }, (p) => {
      if (renderWords(p.message, "mcp") === "submitting halt-2" && stopping === undefined)
        stopping = call(e, sweepOperation, { action: "stop", sweep: "halt", confirm: true }, profile)
    })
    if (stopping === undefined) throw new Error("the run never reached its second create")
    const stop = succeeded(await stopping).result as Worded<SweepChangeResult>
    e.control.faults.set({ latencyMs: 0 })
    const sent = succeeded(run).result as Worded<SweepRunResult>
    expect(sent.counts.created).toBeGreaterThanOrEqual(2)
    expect(sent.counts.created).toBeLessThan(12)
    expect(sent.warnings.join(" ")).toMatch(/stopped while this run was sending/)
    expect(stop.held).toBe(12 - sent.counts.created)
    // Every job the run created is stopped, the one created just before the stop too.
    expect(tasksNamed("halt")).toHaveLength(sent.counts.created)
    for (const t of tasksNamed("halt")) expect(t.phase).toMatch(/stop/i)
    const refused = failed(await call(e, sweepOperation, { action: "run", definition }, profile))
    expect(refused.reason).toBe("InvalidInput")
    expect(refused.message).toMatch(/was stopped/)
    expect(refused.hint).toContain("resume=true")
    expect(tasksNamed("halt")).toHaveLength(sent.counts.created)
    const resumed = succeeded(await call(e, sweepOperation, { action: "run", definition, resume: true }, profile))
      .result as Worded<SweepRunResult>
    expect(resumed.counts).toMatchObject({ created: 12, pending: 0, submitted: 12 - sent.counts.created })
    const names = tasksNamed("halt").map((t) => t.name)
    expect(new Set(names).size).toBe(12)
    expect(names).toHaveLength(12)
  }, 60_000)

  it("a dry run of stop records nothing; a stop before any create holds every job back", async () => {
    const e = emu.current
    const definition = {
      ...sweepOf("held", [1, 2, 3], "python train.py --lr {lr} #emu:idle"),
      limits: { max_running: 1 },
    }
    const first = succeeded(await call(e, sweepOperation, { action: "run", definition, wait_seconds: 0 }, profile))
      .result as Worded<SweepRunResult>
    expect(first.counts).toMatchObject({ created: 1, pending: 2 })
    const dry = succeeded(await call(e, sweepOperation, { action: "stop", sweep: "held", dry_run: true }, profile))
    expect((dry.result as Worded<SweepChangeResult>).plan?.summary).toMatch(
      /1 job queued or running, 2 jobs not sent yet/,
    )
    expect(manifestText()).not.toContain("stoppedAt")
    expect(tasksNamed("held")[0]?.phase).not.toMatch(/stop/i)
    succeeded(await call(e, sweepOperation, { action: "stop", sweep: "held", confirm: true }, profile))
    expect(manifestText()).toContain("stoppedAt")
    // A run with room (max_running raised) still sends nothing: the stop holds the sweep, not the limit.
    const refused = failed(
      await call(e, sweepOperation, { action: "run", definition, max_running: 5, wait_seconds: 0 }, profile),
    )
    expect(refused.message).toMatch(/2 unsent job/)
    expect(tasksNamed("held")).toHaveLength(1)
  }, 60_000)
})

describe("sweep continue_on_error", () => {
  // The platform refuses the create of the second job (its create surfaces answer "access denied" for
  // that one create only): a platform refusal after every check passed, the job never made.
  const refuseSecond = (name: string) => (p: { readonly message: Text }) => {
    const refusing = renderWords(p.message, "mcp") === `submitting ${name}-2`
    emu.current.control.faults.set({
      surfaces: refusing
        ? { "oa:/openapi/v1/train_job/create": "AccessForbidden", "v2:train.CreateJob": "AccessForbidden" }
        : {},
    })
  }

  it("without it the run stops at the first refusal; with it the rest are sent and the refusal listed", async () => {
    const e = emu.current
    const strict = sweepOf("strict", [1, 2, 3, 4])
    const stopped = failed(await callWith({ action: "run", definition: strict }, refuseSecond("strict")))
    e.control.faults.set({ surfaces: {} })
    expect(stopped.message).toMatch(/stopped at job 2 \(strict-2\)/)
    expect(stopped.message).toContain("1 of 4 jobs are created")
    expect(tasksNamed("strict").map((t) => t.name)).toEqual(["strict-1"])

    const lenient = sweepOf("lenient", [1, 2, 3, 4])
    const run = succeeded(
      await callWith({ action: "run", definition: lenient, continue_on_error: true }, refuseSecond("lenient")),
    )
    e.control.faults.set({ surfaces: {} })
    const r = run.result as Worded<SweepRunResult>
    expect(r.counts).toMatchObject({ submitted: 3, created: 3, failed: 1 })
    const refusedRow = r.jobs.find((j) => j.name === "lenient-2")
    expect(refusedRow?.state).toBe("failed")
    expect(refusedRow?.error).toMatch(/denied|forbidden/i)
    expect(r.warnings.join(" ")).toMatch(/lenient-2 was not created: .*(denied|forbidden)/i)
    expect(run.text).toMatch(/lenient-2\s+failed/)
    expect(
      tasksNamed("lenient")
        .map((t) => t.name)
        .sort(),
    ).toEqual(["lenient-1", "lenient-3", "lenient-4"])
    // Run again: only the refused job is sent; the created ones are not sent twice.
    e.control.clearRequests()
    const again = succeeded(await call(e, sweepOperation, { action: "run", definition: lenient }, profile))
      .result as Worded<SweepRunResult>
    expect(again.counts).toMatchObject({ submitted: 1, created: 4, failed: 0 })
    expect(e.control.requests().log.filter((q) => q.surface.includes("create"))).toHaveLength(1)
    expect(
      tasksNamed("lenient")
        .map((t) => t.name)
        .sort(),
    ).toEqual(["lenient-1", "lenient-2", "lenient-3", "lenient-4"])
  }, 60_000)
})
