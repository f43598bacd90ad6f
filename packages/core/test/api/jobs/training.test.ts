import { Cause, Clock, Effect, Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import {
  createTrainingJob,
  getTrainingJob,
  listJobInstances,
  listTrainingJobs,
  stopTrainingJob,
} from "../../../src/api/jobs/index.js"
import type { InspireError } from "../../../src/errors.js"
import { renderWords } from "../../../src/words/render.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { countNamed, syncClock, trainingInput } from "./fixture.js"

const emu = useEmulator()

const ok = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

const failure = (exit: Exit.Exit<unknown, unknown>): string => {
  expect(Exit.isFailure(exit)).toBe(true)
  return JSON.stringify(exit)
}

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
  syncClock(emu.current)
})

describe("training jobs", () => {
  it("creates a job that queues, runs and succeeds, decoded into a normalised job", async () => {
    const h = profileFor(emu.current)
    const created = ok(await h.run(createTrainingJob(trainingInput(emu.current, "lifecycle-1"))))
    expect(created.jobId).toMatch(/^job-/)
    expect(created.recovered).toBe(false)
    expect(created.job?.status.family).toBe("waiting")
    expect(created.job?.priority).toMatchObject({ submitted: 6, level: "HIGH", code: 31 })
    expect(created.job?.specId).toBe(trainingInput(emu.current, "x").specId)
    expect(created.job?.spec?.pricePerHour).toBeGreaterThan(0)
    expect(created.job?.consoleUrl).toContain(`/jobs/distributedTrainingDetail/${created.jobId}?spaceId=ws-`)
    expect(typeof created.job?.createdAt).toBe("number")
    emu.current.control.clock.advance(0.5)
    const running = ok(await h.run(getTrainingJob(created.jobId)))
    expect(running.status.family).toBe("running")
    const pods = ok(await h.run(listJobInstances(created.jobId)))
    expect(pods.map((p) => p.pod)).toEqual([`${created.jobId}-worker-0`])
    expect(pods[0]?.round).toBe(0)
    emu.current.control.clock.advance(5)
    const done = ok(await h.run(getTrainingJob(created.jobId)))
    expect(done.status).toMatchObject({ family: "succeeded", raw: "job_succeeded", terminal: true })
    expect(done.finishedAt).toBeGreaterThan(done.createdAt ?? 0)
    expect(done.runningTimeMs).toBeGreaterThan(0)
  })

  it("refuses bad input locally, before anything is sent", async () => {
    const h = profileFor(emu.current)
    const input = trainingInput(emu.current, "bad name!")
    expect(failure(await h.run(createTrainingJob(input)))).toContain("InvalidInput")
    const push = { ...trainingInput(emu.current, "push"), image: "docker-qb.sii.edu.cn/inspire-studio/x:v1" }
    expect(failure(await h.run(createTrainingJob(push)))).toContain("docker.sii.shaipower.online")
    const prio = { ...trainingInput(emu.current, "prio"), priority: 11 }
    expect(failure(await h.run(createTrainingJob(prio)))).toContain("1–10")
    expect(emu.current.control.state().tasks).toHaveLength(0)
  })

  it("lists every page and falls back to V1 when V2 ListJobs is unavailable", async () => {
    const h = profileFor(emu.current)
    for (let i = 0; i < 5; i++) ok(await h.run(createTrainingJob(trainingInput(emu.current, `page-${i}`))))
    const ws = trainingInput(emu.current, "x").workspaceId
    const all = ok(await h.run(listTrainingJobs({ workspaceId: ws, pageSize: 2 })))
    expect(all.jobs.map((j) => j.name).sort()).toEqual(["page-0", "page-1", "page-2", "page-3", "page-4"])
    expect(all.total).toBe(5)
    emu.current.control.faults.set({ surfaces: { "v2:train.ListJobs": "InvalidAction" } })
    const v1 = ok(await h.run(listTrainingJobs({ workspaceId: ws, pageSize: 2, status: "waiting" })))
    expect(v1.jobs).toHaveLength(5)
  })

  it("reads the detail through V2 and then V1 when OA is switched off", async () => {
    const h = profileFor(emu.current)
    const { jobId } = ok(await h.run(createTrainingJob(trainingInput(emu.current, "fallback"))))
    emu.current.control.faults.set({ surfaces: { "oa:*": "InvalidAction" } })
    expect(ok(await h.run(getTrainingJob(jobId))).name).toBe("fallback")
    emu.current.control.faults.set({ surfaces: { "oa:*": "InvalidAction", "v2:train.GetJob": "InvalidAction" } })
    expect(ok(await h.run(getTrainingJob(jobId))).name).toBe("fallback")
    emu.current.control.faults.set({ surfaces: { "v2:train.ListJobInstances": "InvalidAction" } })
    expect(ok(await h.run(listJobInstances(jobId)))).toHaveLength(1)
  })

  it("uses V2 CreateJob when the OA create path is absent, and never falls back after a refusal", async () => {
    const h = profileFor(emu.current)
    emu.current.control.faults.set({ surfaces: { "oa:/openapi/v1/train_job/create": "404" } })
    const viaV2 = ok(await h.run(createTrainingJob(trainingInput(emu.current, "via-v2"))))
    expect(viaV2.job?.name).toBe("via-v2")
    expect(countNamed(emu.current, "via-v2")).toBe(1)
    emu.current.control.faults.set({ surfaces: { "oa:/openapi/v1/train_job/create": "AccessForbidden" } })
    expect(failure(await h.run(createTrainingJob(trainingInput(emu.current, "refused"))))).toContain("Forbidden")
    expect(countNamed(emu.current, "refused")).toBe(0)
  })

  it("uses V2 CreateJob and StopJob (Conflict retried) for a CAS-federated account with no token", async () => {
    const h = profileFor(emu.current)
    const program = Effect.gen(function* () {
      const { saveInspireLogin } = yield* Effect.promise(() => import("../../../src/auth/save.js"))
      yield* saveInspireLogin("20250003", "Federated#2026")
      const created = yield* createTrainingJob(trainingInput(emu.current, "federated", "#emu:idle"))
      // V2 StopJob answers Conflict until the creation window has passed (§6 rule 21).
      setTimeout(() => emu.current.control.clock.advance(2), 700)
      const stopped = yield* stopTrainingJob(created.jobId)
      return { created, stopped }
    })
    const { created, stopped } = ok(await h.run(program))
    expect(created.job?.name).toBe("federated")
    expect(countNamed(emu.current, "federated")).toBe(1)
    expect(stopped.outcome).toBe("stopped")
  })

  it("creates each job exactly once under connection resets", async () => {
    const h = profileFor(emu.current)
    const names = ["flaky-0", "flaky-1", "flaky-2", "flaky-3", "flaky-4"]
    const results = ok(
      await h.run(
        Effect.gen(function* () {
          yield* getTrainingJob("job-00000000-0000-0000-0000-000000000000").pipe(Effect.either)
          emu.current.control.faults.set({ resetRate: 0.3 })
          return yield* Effect.forEach(names, (name) =>
            Effect.either(createTrainingJob(trainingInput(emu.current, name), { lookups: ["50 millis"] })),
          )
        }),
      ),
    )
    emu.current.control.faults.reset()
    results.forEach((r, i) => {
      const name = names[i] ?? ""
      const count = countNamed(emu.current, name)
      expect(count).toBeLessThanOrEqual(1)
      if (r._tag === "Right") expect(count).toBe(1)
      else expect(r.left.message).toMatch(/not created|could not be checked/)
      if (r._tag === "Left" && /not created/.test(r.left.message)) expect(count).toBe(0)
    })
  }, 30_000)

  it("recovers a create whose answer timed out, without a duplicate", async () => {
    const h = profileFor(emu.current)
    const created = ok(
      await h.run(
        Effect.gen(function* () {
          yield* getTrainingJob("job-00000000-0000-0000-0000-000000000000").pipe(Effect.either)
          emu.current.control.faults.set({ latencyMs: 400 })
          return yield* createTrainingJob(trainingInput(emu.current, "slow-answer"), {
            timeout: "150 millis",
            lookups: ["600 millis"],
          })
        }),
      ),
    )
    emu.current.control.faults.reset()
    expect(created.recovered).toBe(true)
    expect(countNamed(emu.current, "slow-answer")).toBe(1)
  })

  it.each(["reset", "504"] as const)(
    "returns the one job the platform made when the create's answer is lost (%s)",
    async (mode) => {
      const name = `lost-${mode}`
      const h = profileFor(emu.current)
      const created = ok(
        await h.run(
          Effect.gen(function* () {
            yield* getTrainingJob("job-00000000-0000-0000-0000-000000000000").pipe(Effect.either)
            emu.current.control.faults.set({ lostAnswerRate: 1, lostAnswerMode: mode })
            const input = trainingInput(emu.current, name)
            // The look-up after the lost answer must get through: the fault ends when the client first
            // pauses, the look-up's pause, which comes once the create was carried out and its answer lost.
            const live = Clock.make()
            const clock: Clock.Clock = {
              [Clock.ClockTypeId]: Clock.ClockTypeId,
              unsafeCurrentTimeMillis: () => live.unsafeCurrentTimeMillis(),
              currentTimeMillis: live.currentTimeMillis,
              unsafeCurrentTimeNanos: () => live.unsafeCurrentTimeNanos(),
              currentTimeNanos: live.currentTimeNanos,
              sleep: (d) =>
                Effect.zipRight(
                  Effect.sync(() => emu.current.control.faults.reset()),
                  live.sleep(d),
                ),
            }
            return yield* Effect.withClock(createTrainingJob(input, { lookups: ["200 millis"] }), clock)
          }),
        ),
      )
      emu.current.control.faults.reset()
      expect(created.recovered).toBe(true)
      expect(created.jobId).toMatch(/^job-/)
      expect(countNamed(emu.current, name)).toBe(1)
    },
  )

  it("keeps the cause in the message when a create fails ambiguously and cannot be checked", async () => {
    const h = profileFor(emu.current)
    const exit = await h.run(
      Effect.gen(function* () {
        yield* getTrainingJob("job-00000000-0000-0000-0000-000000000000").pipe(Effect.either)
        emu.current.control.faults.set({ resetRate: 1 })
        return yield* createTrainingJob(trainingInput(emu.current, "never-known"), { lookups: ["10 millis"] })
      }),
    )
    emu.current.control.faults.reset()
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? (Cause.squash(exit.cause) as InspireError) : undefined
    // The transport's account of the broken connection comes first, then what the check found.
    expect(renderWords(error?.message ?? "", "library")).toMatch(
      /^The connection to .* broke.* Whether the training job was created could not be checked/,
    )
    expect(error?.ambiguous).toBe(true)
  }, 30_000)

  it("stops right after create (Conflict retried) and reports an already finished job", async () => {
    const h = profileFor(emu.current)
    const { jobId } = ok(await h.run(createTrainingJob(trainingInput(emu.current, "stop-me", "#emu:idle"))))
    setTimeout(() => emu.current.control.clock.advance(2), 700)
    const stopped = ok(await h.run(stopTrainingJob(jobId)))
    expect(stopped.outcome).toBe("stopped")
    expect(ok(await h.run(getTrainingJob(jobId))).status.family).toBe("stopped")
    expect(ok(await h.run(stopTrainingJob(jobId))).outcome).toBe("already-finished")
  })
})
