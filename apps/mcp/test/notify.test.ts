// `notify` on the tools that submit or wait: a webhook receiver on 127.0.0.1 (a tiny server of this test)
// hears what a bot would. The emulator's clock is paused: a job ends when the test moves it, never by
// waiting on the wall clock; a waiter left by a call notifies then, after the call (and its server) ended.
import { readdirSync, readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { join } from "node:path"
import { listWaiters, resolveStorePaths, stopWaiter } from "@holos-inspire/core/internal"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Connection, call, connectStdio, homeFor, logIn, structured, textOf, transcript } from "./harness.js"

const SECRET = "hook/SECRET-4c3b2a"
const T = 60_000

interface Received {
  readonly path: string
  readonly body: Record<string, unknown>
}

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let receiver: Server
let port: number
let server: Connection
const got: Received[] = []
const heard: Array<() => void> = []

const hook = (path = SECRET) => `webhook:http://127.0.0.1:${port}/${path}`

/** Resolves once the receiver has heard `count` requests in all (the test's own timeout bounds it). */
const received = (count: number): Promise<void> =>
  new Promise((resolve) => {
    const check = () => (got.length >= count ? resolve() : heard.push(check))
    check()
  })

const waitersDir = () => join(String(env.INSPIRE_HOME), "cache", "waiters")

const waiterRecord = (id: string): { state: string; jobs: string[]; notified: string[]; recover: number } =>
  JSON.parse(readFileSync(join(waitersDir(), `${id}.json`), "utf8"))

/** Resolves once the waiter's record says every task was notified (the test's timeout bounds it). */
const done = async (id: string): Promise<void> => {
  while (waiterRecord(id).state !== "done") await new Promise((r) => setTimeout(r, 50))
}

interface Fixture {
  readonly groups: ReadonlyArray<{ id: string; name: string }>
  readonly specs: ReadonlyArray<{ id: string; type: string; lcgIds: string[]; allowedPriorityLevels: unknown[] }>
  readonly images: ReadonlyArray<{ address: string; registry: string; status: string }>
}

/** A training job's fields: in H100 of the demo project, a plain image. */
const training = (name: string, command: string): Record<string, unknown> => {
  const s = emu.control.state() as unknown as Fixture
  const group = s.groups.find((g) => g.name === "H100")
  const spec = s.specs.find(
    (x) =>
      x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" &&
      x.lcgIds.includes(group?.id ?? "") &&
      x.allowedPriorityLevels.length === 0,
  )
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  return {
    name,
    command,
    workspace: "分布式训练空间",
    project: "具身智能基础模型",
    compute_group: "H100",
    spec: spec?.id,
    image: image?.address,
  }
}

const submit = async (name: string, command: string, notify?: unknown) => {
  const r = await call(server.client, "inspire_submit", {
    ...training(name, command),
    ...(notify !== undefined ? { notify } : {}),
  })
  return { id: structured<{ jobId: string }>(r).jobId, text: textOf(r) }
}

const waiterOf = (said: string): string => /Waiter (w-[0-9a-f]{8})/.exec(said)?.[1] ?? ""

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = ""
    req.on("data", (d: Buffer) => {
      body += d.toString("utf8")
    })
    req.on("end", () => {
      got.push({ path: req.url ?? "", body: JSON.parse(body) as Record<string, unknown> })
      res.writeHead(200, { "content-type": "application/json" }).end("{}")
      for (const f of heard.splice(0)) f()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve))
  const address = receiver.address()
  port = typeof address === "object" && address !== null ? address.port : 0
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...homeFor(emu.url), INSPIRE_WAITER_POLL_SECONDS: "0.2" }
  await logIn(env, emu.demo.username, emu.demo.password)
  server = await connectStdio(env)
}, T)

afterAll(async () => {
  // A waiter a failed test left waiting is stopped, so that no process of this test outlives it.
  const paths = resolveStorePaths(env)
  for (const w of listWaiters(paths)) if (w.state === "waiting") stopWaiter(paths, w.id)
  await server?.close()
  await emu?.close()
  await new Promise((resolve) => receiver.close(resolve))
  // The webhook's secret was never said: not in a result, an error, a dry run, the server's output or a log.
  const logs = readdirSync(waitersDir())
    .filter((f) => f.endsWith(".log"))
    .map((f) => readFileSync(join(waitersDir(), f), "utf8"))
  expect([...transcript, ...logs].join("\n")).not.toContain("SECRET-4c3b2a")
})

describe("notify over MCP", () => {
  it("lists one notify field on the submits, the sweep and wait, and none on a read-only server", async () => {
    const tools = (await server.client.listTools()).tools
    const fields = tools.filter((t) => t.inputSchema.properties?.notify !== undefined).map((t) => t.name)
    expect(fields.sort()).toEqual([
      "inspire_submit",
      "inspire_submit_hpc",
      "inspire_submit_ray",
      "inspire_sweep",
      "inspire_wait",
    ])
    const field = tools.find((t) => t.name === "inspire_wait")?.inputSchema.properties?.notify
    for (const t of tools.filter((x) => fields.includes(x.name)))
      expect(t.inputSchema.properties?.notify).toEqual(field)
    // recover on the submits alone: a waiter resubmits what the platform ended.
    expect(
      tools
        .filter((t) => t.inputSchema.properties?.recover !== undefined)
        .map((t) => t.name)
        .sort(),
    ).toEqual(["inspire_submit", "inspire_submit_hpc", "inspire_submit_ray"])
    const readOnly = await connectStdio(env, ["--read-only"])
    const listed = (await readOnly.client.listTools()).tools
    expect(listed.find((t) => t.name === "inspire_wait")?.inputSchema.properties?.notify).toBeUndefined()
    const refused = await call(readOnly.client, "inspire_wait", { job_id: "job-x", notify: hook() })
    expect(refused.isError).toBe(true)
    await readOnly.close()
  })

  it("a submit leaves a waiter that notifies once, when the job ends, after the server has gone", {
    timeout: T,
  }, async () => {
    got.length = 0
    const mine = await connectStdio(env)
    const r = await call(mine.client, "inspire_submit", {
      ...training("mcp-notify-oom", "python train.py #emu:oom"),
      notify: hook(),
    })
    const id = structured<{ jobId: string }>(r).jobId
    expect(textOf(r)).toContain(`watches ${id} and notifies webhook:http://127.0.0.1:${port}/*** when each ends`)
    const waiter = waiterOf(textOf(r))
    await mine.close()
    expect(got).toHaveLength(0)
    emu.control.clock.advance(600)
    await received(1)
    expect(got[0]?.path).toBe(`/${SECRET}`)
    expect(got[0]?.body).toMatchObject({ event: "task.ended", jobId: id, name: "mcp-notify-oom", outcome: "failed" })
    await done(waiter)
    expect(waiterRecord(waiter)).toMatchObject({ jobs: [id], notified: [id] })
    expect(got).toHaveLength(1)
  })

  it("a wait with notify=true uses the notify setting: a task that ended is notified in the call, once", {
    timeout: T,
  }, async () => {
    got.length = 0
    const set = await call(server.client, "inspire_config", {
      action: "set",
      key: "notify",
      value: hook("default/SECRET-4c3b2a"),
    })
    expect(set.isError, textOf(set)).toBeFalsy()
    const { id } = await submit("mcp-notify-wait", "python train.py #emu:oom")
    emu.control.clock.advance(600)
    const r = await call(server.client, "inspire_wait", { job_id: id, notify: true })
    expect(structured<{ status: { family: string } }>(r).status.family).toBe("failed")
    expect(textOf(r)).toContain(`${id} ended (failed): webhook:http://127.0.0.1:${port}/*** notified`)
    expect(got.map((g) => g.path)).toEqual(["/default/SECRET-4c3b2a"])
    const again = await call(server.client, "inspire_wait", { job_id: id, notify: true })
    expect(textOf(again)).toContain("was already notified")
    expect(got).toHaveLength(1)
  })

  it("a wait cut short leaves a waiter for the task still going", { timeout: T }, async () => {
    got.length = 0
    const { id } = await submit("mcp-notify-later", "python train.py #emu:oom")
    const r = await call(server.client, "inspire_wait", {
      job_id: id,
      timeout_seconds: 1,
      poll_seconds: 0.2,
      notify: hook("later/SECRET-4c3b2a"),
    })
    expect(structured<{ outcome: string }>(r).outcome).toBe("timed-out")
    const waiter = waiterOf(textOf(r))
    expect(got).toHaveLength(0)
    emu.control.clock.advance(600)
    await received(1)
    expect(got[0]).toMatchObject({ path: "/later/SECRET-4c3b2a", body: { jobId: id, outcome: "failed" } })
    await done(waiter)
    expect(got).toHaveLength(1)
  })

  it("a sweep run leaves one waiter for the jobs it created, which notifies each once", { timeout: T }, async () => {
    got.length = 0
    const r = await call(server.client, "inspire_sweep", {
      action: "run",
      definition: {
        name: "mcp-notify-sweep",
        job: { ...training("mcp-notify-sweep-{LR}", "python train.py --lr {LR} #emu:oom") },
        grid: { LR: [0.1, 0.01] },
      },
      notify: hook("sweep/SECRET-4c3b2a"),
    })
    const jobs = structured<{ jobs: Array<{ jobId?: string }> }>(r).jobs.map((j) => j.jobId ?? "")
    expect(jobs).toHaveLength(2)
    const waiter = waiterOf(textOf(r))
    expect(waiterRecord(waiter).jobs).toEqual(jobs)
    emu.control.clock.advance(600)
    await received(2)
    await done(waiter)
    expect(got.map((g) => g.body.jobId).sort()).toEqual([...jobs].sort())
  })

  it("a sweep run whose file asks recover: leaves a waiter that submits each pre-empted job once more", {
    timeout: T,
  }, async () => {
    const named = (name: string) =>
      (emu.control.state() as unknown as { tasks: Array<{ name: string; command: string }> }).tasks.filter(
        (t) => t.name === name,
      )
    const r = await call(server.client, "inspire_sweep", {
      action: "run",
      definition: {
        name: "mcp-recover-sweep",
        recover: 1,
        job: { ...training("mcp-rs-{A}", "python train.py --a {A} #emu:preempt"), priority: 1 },
        grid: { A: [1, 2] },
      },
    })
    expect(r.isError, textOf(r)).toBeFalsy()
    expect(textOf(r)).toContain("submits again, at most once")
    const waiter = waiterOf(textOf(r))
    expect(waiterRecord(waiter)).toMatchObject({ recover: 1 })
    emu.control.clock.advance(600)
    while (named("mcp-rs-1-a2").length + named("mcp-rs-2-a2").length < 2) await new Promise((t) => setTimeout(t, 50))
    expect(named("mcp-rs-2-a2")[0]?.command).toMatch(/^export INSPIRE_ATTEMPT=2; python train\.py --a 2 /)
    emu.control.clock.advance(600)
    await done(waiter)
    expect(["mcp-rs-1-a3", "mcp-rs-2-a3"].map((n) => named(n).length)).toEqual([0, 0])
  })

  it("a submit with recover leaves a waiter that submits the pre-empted job once more, and refuses a bad count", {
    timeout: T,
  }, async () => {
    const named = (name: string) =>
      (emu.control.state() as unknown as { tasks: Array<{ name: string; command: string }> }).tasks.filter(
        (t) => t.name === name,
      )
    for (const [tool, bad] of [
      ["inspire_submit", 0],
      ["inspire_submit", 11],
      ["inspire_submit", "2"],
      ["inspire_wait", 1],
    ] as const) {
      const refused = await call(server.client, tool, {
        ...(tool === "inspire_wait" ? { job_id: "job-x" } : training("mcp-recover-bad", "python train.py")),
        recover: bad,
      })
      expect(refused.isError, `${tool} ${bad}`).toBe(true)
      expect(textOf(refused)).toContain("recover")
    }
    expect(named("mcp-recover-bad")).toHaveLength(0)
    const r = await call(server.client, "inspire_submit", {
      ...training("mcp-rc", "python train.py #emu:preempt"),
      priority: 1,
      recover: 1,
    })
    expect(r.isError, textOf(r)).toBeFalsy()
    expect(textOf(r)).toContain("submits again, at most once")
    const waiter = waiterOf(textOf(r))
    expect(waiterRecord(waiter)).toMatchObject({ recover: 1 })
    emu.control.clock.advance(600)
    while (named("mcp-rc-a2").length < 1) await new Promise((t) => setTimeout(t, 50))
    expect(named("mcp-rc-a2")[0]?.command).toMatch(/^export INSPIRE_ATTEMPT=2; python train\.py/)
    emu.control.clock.advance(600)
    await done(waiter)
    expect(named("mcp-rc-a3")).toHaveLength(0)
  })

  it("checks the target before anything is sent, and never echoes it", { timeout: T }, async () => {
    const before = (await call(server.client, "inspire_jobs", {})).structuredContent
    const plain = await call(server.client, "inspire_submit", {
      ...training("mcp-notify-refused", "python train.py"),
      notify: `http://hooks.example.com/${SECRET}`,
    })
    expect(plain.isError).toBe(true)
    expect(textOf(plain)).toContain("must be https")
    expect((await call(server.client, "inspire_jobs", {})).structuredContent).toEqual(before)
    // notify=true without the setting: the error says how to set one.
    const bare = await connectStdio(homeFor(emu.url))
    const none = await call(bare.client, "inspire_wait", { job_id: "job-x", notify: true })
    await bare.close()
    expect(textOf(none)).toContain("notify=true needs a default target")
    expect(textOf(none)).toContain('inspire_config(action="set", key="notify", value=<target>)')
    // A dry run checks the target and leaves no waiter; an HPC job asks the platform to notify too.
    const s = emu.control.state() as unknown as Fixture
    const group = s.groups.find((g) => g.name === "高性能计算")
    const dry = await call(server.client, "inspire_submit_hpc", {
      name: "mcp-notify-dry",
      entrypoint: "srun hostname",
      workspace: "高性能计算",
      project: "具身智能基础模型",
      compute_group: group?.id,
      spec: s.specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_HPC" && x.lcgIds.includes(group?.id ?? ""))?.id,
      image: s.images.find((i) => i.registry === "qb" && /slurm/.test(i.address))?.address,
      priority: 6,
      dry_run: true,
      notify: hook(),
    })
    const plan = JSON.stringify(dry.structuredContent)
    expect(textOf(dry)).toContain(`A dry run leaves no waiter; webhook:http://127.0.0.1:${port}/*** was checked.`)
    expect(plan).toContain('"enable_notification":true')
  })
})
