import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"
import { expectNoSecrets } from "./secrets.js"

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>

interface Fixture {
  readonly tasks: ReadonlyArray<{ id: string }>
}

const state = () => emu.control.state() as unknown as Fixture

const submit = async (name: string, command: string, extra: ReadonlyArray<string> = []) => {
  const r = await inspire(env, ["job", "submit", "--name", name, "--command", command, ...place, ...extra, "--json"])
  return json<{ jobId: string; dryRun: boolean }>(r).jobId
}

beforeAll(async () => {
  // Five times the default speed: a job's phases pass in well under a second of the test's time.
  emu = await startEmulator({ port: 0, speed: 300 })
  env = homeFor(emu.url)
  place = placement(emu)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
})
afterAll(async () => {
  await emu.close()
})

const T = 40_000

describe("inspire job", () => {
  it(
    "dry-runs a submit without creating anything, then submits, lists and shows the job",
    async () => {
      const dry = json<{ dryRun: boolean; request: { body: { name: string } } }>(
        await inspire(env, [
          "job",
          "submit",
          "--name",
          "dry-1",
          "--command",
          "python train.py",
          ...place,
          "--dry-run",
          "--json",
        ]),
      )
      expect(dry.dryRun).toBe(true)
      expect(dry.request.body.name).toBe("dry-1")
      expect(state().tasks).toHaveLength(0)
      const id = await submit("exp-001", "python train.py #emu:idle", ["--envs", "WANDB_MODE=offline"])
      expect(id).toMatch(/^job-/)
      const list = json<{ tasks: Array<{ id: string; name: string }> }>(await inspire(env, ["job", "list", "--json"]))
      expect(list.tasks.map((r) => r.id)).toContain(id)
      const show = await inspire(env, ["job", "show", id])
      expect(show.code).toBe(0)
      expect(show.stdout).toContain("exp-001")
      const status = await inspire(env, ["job", "show", id, "--exit-status"])
      expect(status.code).toBe(11)
    },
    T,
  )

  it(
    "refuses to stop without --yes when not on a terminal, and stops with it",
    async () => {
      const id = await submit("to-stop", "python train.py #emu:idle")
      const refused = await inspire(env, ["job", "stop", id])
      expect(refused.code).toBe(2)
      const [error, hint, ...more] = refused.stderr.trim().split("\n")
      expect({ error, hint, more }).toMatchObject({
        error: expect.stringContaining("needs confirmation"),
        hint: expect.stringMatching(/^hint: Pass --yes/),
        more: [],
      })
      expect((await inspire(env, ["job", "stop", id, "--yes"])).code).toBe(0)
      const waited = await inspire(env, ["job", "wait", id, "--poll-seconds", "0.2", "--timeout-seconds", "20"])
      expect(waited.code).toBe(13)
    },
    T,
  )

  it(
    "exits with the wait codes: failed 10, not finished 11, not found 12, succeeded 0",
    async () => {
      const bad = await submit("fails", "python train.py; exit 1")
      const failed = await inspire(env, ["job", "wait", bad, "--poll-seconds", "0.2", "--timeout-seconds", "30"])
      expect(failed.code).toBe(10)
      expect((await inspire(env, ["job", "show", bad, "--exit-status"])).code).toBe(10)
      const idle = await submit("idles", "python train.py #emu:idle")
      const running = await inspire(env, ["job", "wait", idle, "--poll-seconds", "0.2", "--timeout-seconds", "1"])
      expect(running.code).toBe(11)
      const missing = "job-00000000-0000-4000-8000-000000000000"
      expect((await inspire(env, ["job", "wait", missing, "--poll-seconds", "0.2"])).code).toBe(12)
      expect((await inspire(env, ["job", "show", missing, "--exit-status"])).code).toBe(12)
      expect((await inspire(env, ["job", "show", missing])).code).toBe(12)
    },
    T,
  )

  it(
    "submit --wait exits 0 when the job succeeds and prints one JSON object",
    async () => {
      const r = await inspire(env, [
        "job",
        "submit",
        "--name",
        "short",
        "--command",
        "python train.py #emu:duration=60",
        ...place,
        "--wait",
        "--json",
      ])
      const out = json<{ submit: { jobId: string }; wait: { outcome: string; status: { family: string } } }>(r)
      expect(out.wait).toMatchObject({ outcome: "reached", status: { family: "succeeded" } })
      const logs = await inspire(env, ["job", "logs", out.submit.jobId, "--lines", "5"])
      expect(logs.code).toBe(0)
      expect(logs.stdout).toContain(out.submit.jobId)
      const follow = await inspire(env, ["job", "logs", out.submit.jobId, "--follow"])
      expect(follow.code).toBe(0)
      expect((await inspire(env, ["job", "logs", out.submit.jobId, "--follow", "--json"])).code).toBe(2)
    },
    T,
  )

  it("reaches the other resources: images, notebooks, models, servings, events, metrics (all --json)", async () => {
    const id = await submit("reads", "python train.py #emu:idle")
    const reads = [
      ["image", "list"],
      ["notebook", "list"],
      ["model", "list"],
      ["serve", "list"],
      ["job", "events", id],
      ["job", "metrics", id],
      ["hpc", "submit", "--name", "h", "--entrypoint", "srun true", "--workspace", "高性能计算", "--dry-run"],
    ]
    const runs = await Promise.all(reads.map((args) => inspire(env, [...args, "--json"])))
    runs.forEach((run, i) => {
      // Each reaches its operation: a result, or an error core gave (a refused input exits 2 too).
      if (run.code === 0) expect(() => JSON.parse(run.stdout)).not.toThrow()
      else {
        expect(run.stdout).toBe("")
        expect(JSON.parse(run.stderr).error.reason, `${reads[i]?.join(" ")}: ${run.stderr}`).not.toBe("UsageError")
      }
    })
    expect(runs.slice(0, 6).map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0])
  })

  it("never prints the password or the session token", () => {
    expectNoSecrets(env.INSPIRE_HOME ?? "", [emu.demo.password])
  })
})
