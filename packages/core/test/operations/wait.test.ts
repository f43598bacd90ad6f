import { Effect, Exit, Option } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { Progress } from "../../src/operations/catalogue/operation.js"
import { waitOperation } from "../../src/operations/wait.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { onTestClock as withTestClock } from "../test-clock.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startJob, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

/** The wait on the test clock, the platform's clock moving `platformRate` seconds per second with it. */
const onTestClock = <A, E, R>(program: Effect.Effect<A, E, R>, platformRate = 0) =>
  withTestClock(program, { onAdvance: (ms) => emu.current.control.clock.advance((ms / 1000) * platformRate) })

describe("wait", () => {
  it("reports progress at least every 10 s however long it pauses between two reads", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "long", "python train.py #emu:idle")
    const progress: Progress[] = []
    const input = { job_id: id, until: "succeeded", poll_seconds: 30, timeout_seconds: 95 }
    const exit = await profile.run(
      withTestClock(invoke(waitOperation, input, { progress: (p) => progress.push(p) }), { horizonMs: 30_000 }),
    )
    expect(succeeded(exit).result).toMatchObject({ outcome: "timed-out", polls: 5 })
    const seconds = progress.map((p) => p.current ?? -1)
    expect(seconds.length).toBeGreaterThan(4)
    for (const [i, s] of seconds.entries()) if (i > 0) expect(s - (seconds[i - 1] ?? 0)).toBeLessThanOrEqual(10)
  })

  it("waits until a job succeeds, reporting progress", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "short", "python train.py #emu:duration=300")
    const progress: Progress[] = []
    const exit = await profile.run(
      onTestClock(
        invoke(
          waitOperation,
          { job_id: id, until: "succeeded", poll_seconds: 0.2 },
          { progress: (p) => progress.push(p) },
        ),
        60,
      ),
    )
    const r = succeeded(exit)
    expect(r.result).toMatchObject({
      jobId: id,
      outcome: "reached",
      status: { family: "succeeded", raw: "job_succeeded" },
    })
    expect(r.result.polls).toBeGreaterThan(1)
    expect(progress.length).toBeGreaterThan(0)
    expect(progress[0]?.total).toBe(600)
    const said = renderWords(r.text, "mcp")
    expect(said).toContain(`${id} reached status succeeded (job_succeeded)`)
    expect(said).toMatch(/outcome:\s+reached/)
  })

  it("reaches running, and reports a job that failed instead of succeeding", async () => {
    const profile = trainingProfile(emu.current)
    const ok = await startJob(emu.current, profile, "runs", "python train.py #emu:idle")
    const bad = await startJob(emu.current, profile, "fails", "python train.py; exit 1")
    const running = succeeded(
      await call(emu.current, waitOperation, { job_id: ok, until: "running", poll_seconds: 0.2 }, profile, (op) =>
        onTestClock(op, 10),
      ),
    )
    expect(running.result).toMatchObject({ outcome: "reached", status: { family: "running" } })
    const r = succeeded(
      await call(emu.current, waitOperation, { job_id: bad, until: "succeeded", poll_seconds: 0.2 }, profile, (op) =>
        onTestClock(op, 10),
      ),
    )
    expect(r.result).toMatchObject({ outcome: "task-failed", status: { family: "failed" } })
    expect(r.text).toContain("inspire_job_detail")
  })

  it("times out with the last status", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "forever", "python train.py #emu:idle")
    emu.current.control.clock.advance(5)
    const r = succeeded(
      await call(
        emu.current,
        waitOperation,
        { job_id: id, timeout_seconds: 1, poll_seconds: 0.2 },
        profile,
        onTestClock,
      ),
    )
    // Polls at 0, 0.2, …, 1 s on the test clock, the last one at the timeout.
    expect(r.result).toMatchObject({ outcome: "timed-out", status: { family: "running" }, waitedMs: 1000, polls: 6 })
    expect(r.text).toContain("call inspire_wait again")
  })

  it("stops when interrupted", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "forever", "python train.py #emu:idle")
    // Interrupted half a second into its first 5 s pause: the test clock never goes further, so a wait
    // that kept sleeping would never end.
    const exit = await profile.run(
      onTestClock(Effect.timeoutOption(invoke(waitOperation, { job_id: id }), "500 millis")),
    )
    expect(Exit.isSuccess(exit) && Option.isNone(exit.value)).toBe(true)
  })

  it("says not found for an unknown job, and refuses bad input", async () => {
    const r = succeeded(await call(emu.current, waitOperation, { job_id: "job-00000000-0000-4000-8000-000000000000" }))
    expect(r.result).toMatchObject({ outcome: "not-found", polls: 1 })
    expect(r.text).toContain("was not found")
    // A name or id prefix that names nothing is not waited for.
    expect(failed(await call(emu.current, waitOperation, { job_id: "job-nope" })).reason).toBe("NotFound")
    expect(failed(await call(emu.current, waitOperation, { job_id: "lcg-1" })).reason).toBe("InvalidInput")
    expect(
      failed(await call(emu.current, waitOperation, { job_id: "job-a", timeout_seconds: 7200 })).message,
    ).toContain("timeout_seconds")
    expect(failed(await call(emu.current, waitOperation, { job_id: "job-a", poll_seconds: 0.01 })).message).toContain(
      "poll_seconds",
    )
  })
})
