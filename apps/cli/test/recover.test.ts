import { readFileSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

// `job submit --recover N`: a waiter submits a pre-empted job again, at most N times, once per attempt.
// The platform's clock moves only when the test moves it (speed 1, then `advance`).

const T = 90_000
let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>
let server: Server
let port = 0
const got: Array<Record<string, unknown>> = []
const heard: Array<() => void> = []

const tasks = () =>
  (emu.control.state() as unknown as { tasks: Array<{ id: string; name: string; command: string }> }).tasks
const named = (name: string) => tasks().filter((t) => t.name === name)

/** Resolves once the emulator holds a task of that name (the waiter made it); the test's timeout bounds it. */
const created = async (name: string): Promise<string> => {
  while (named(name).length === 0) await new Promise((r) => setTimeout(r, 20))
  return named(name)[0]?.id ?? ""
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ""
    req.on("data", (d: Buffer) => {
      body += d.toString("utf8")
    })
    req.on("end", () => {
      got.push(JSON.parse(body) as Record<string, unknown>)
      res.writeHead(200).end("{}")
      for (const f of heard.splice(0)) f()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  port = typeof address === "object" && address !== null ? address.port : 0
  emu = await startEmulator({ port: 0, speed: 1 })
  env = { ...homeFor(emu.url), INSPIRE_WAITER_POLL_SECONDS: "0.2" }
  place = placement(emu)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
}, T)
afterAll(async () => {
  await emu.close()
  await new Promise((resolve) => server.close(resolve))
})

describe("job submit --recover", () => {
  it("submits a pre-empted job again, at most N times, once per attempt, and notifies the last", {
    timeout: T,
  }, async () => {
    const hook = `http://127.0.0.1:${port}/hook/SECRET`
    const args = ["--command", "python train.py #emu:preempt", "--priority", "1", ...place]
    const r = await inspire(env, ["job", "submit", "--name", "rec", ...args, "--recover", "2", "--notify", hook])
    expect(r.code, r.stderr).toBe(0)
    const waiter = /Waiter (w-[0-9a-f]{8})/.exec(r.stderr)?.[1] ?? ""
    emu.control.clock.advance(600)
    const second = await created("rec-a2")
    expect(named("rec-a2")[0]?.command).toContain("export INSPIRE_ATTEMPT=2; ")
    emu.control.clock.advance(600)
    const third = await created("rec-a3")
    expect(named("rec-a3")[0]?.command).toMatch(/^export INSPIRE_ATTEMPT=3; (?!export)/)
    emu.control.clock.advance(600)
    await new Promise<void>((resolve) => {
      const check = () => (got.length > 0 ? resolve() : heard.push(check))
      check()
    })
    // Two attempts spent: the third run's failure is told, once; no fourth attempt.
    expect(got).toHaveLength(1)
    expect(got[0]).toMatchObject({ jobId: third, outcome: "failed" })
    expect(["rec", "rec-a2", "rec-a3", "rec-a4"].map((n) => named(n).length)).toEqual([1, 1, 1, 0])
    const shown = await inspire(env, ["job", "show", third, "--json"])
    const attempts = json<{ attempts: Array<{ n: number; jobId: string }> }>(shown).attempts
    expect(attempts.map((a) => a.n)).toEqual([1, 2, 3])
    expect(attempts[1]?.jobId).toBe(second)
    // Killed after saving attempt 3 but before its create's answer was kept: run again, it adopts the job
    // by its marker instead of sending another.
    const file = join(String(env.INSPIRE_HOME), "cache", "waiters", `${waiter}.json`)
    const record = JSON.parse(readFileSync(file, "utf8")) as {
      jobs: string[]
      notified: string[]
      attempts: Array<{ n: number; jobId?: string }>
    }
    writeFileSync(
      file,
      JSON.stringify({
        ...record,
        state: "waiting",
        jobs: record.jobs.filter((j) => j !== third),
        notified: record.notified.filter((j) => j !== second && j !== third),
        attempts: record.attempts.map((a) => (a.n === 3 ? { ...a, jobId: undefined } : a)),
      }),
    )
    const rerun = await inspire(env, ["waiters", "run", waiter])
    expect(rerun.code, rerun.stderr).toBe(0)
    expect(rerun.stdout).toContain(`submitted again as ${third}`)
    expect(named("rec-a3")).toHaveLength(1)
    expect(got).toHaveLength(1)
  })

  it("never submits again a job the user stopped", { timeout: T }, async () => {
    const args = ["--command", "python train.py #emu:idle", "--priority", "1", ...place]
    const r = await inspire(env, ["job", "submit", "--name", "kept", ...args, "--recover", "2"])
    expect(r.code, r.stderr).toBe(0)
    const id = named("kept")[0]?.id ?? ""
    emu.control.clock.advance(120)
    expect((await inspire(env, ["job", "stop", id, "--yes"])).code).toBe(0)
    emu.control.clock.advance(120)
    const waiter = /Waiter (w-[0-9a-f]{8})/.exec(r.stderr)?.[1] ?? ""
    let state = ""
    while (state !== "done")
      state = json<Array<{ id: string; state: string }>>(await inspire(env, ["waiters", "--json"])).find(
        (w) => w.id === waiter,
      )?.state as string
    expect(named("kept-a2")).toHaveLength(0)
    expect((await inspire(env, ["job", "submit", "--name", "x", ...args, "--recover", "2", "--wait"])).code).toBe(2)
  })
})
