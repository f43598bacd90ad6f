import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { closedPort, homeFor, inspire, json, transcript } from "./harness.js"
import { placement, servingPlacement } from "./placement.js"

// `--notify`: a webhook receiver on 127.0.0.1 (a tiny server of this test) hears what a bot would; the jobs
// end when the test moves the emulator's clock, never by waiting on the wall clock.

interface Received {
  readonly path: string
  readonly body: Record<string, unknown>
}

const SECRET = "hook/SECRET-9f8e7d"
const T = 60_000

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>
let server: Server
let port: number
const got: Received[] = []
let answers: Array<{ status: number; body: string }> = []
const heard: Array<() => void> = []

const hook = (kind = "webhook", path = SECRET) => `${kind}:http://127.0.0.1:${port}/${path}`

/** Resolves once the receiver has heard `count` requests in all (the test's own timeout bounds it). */
const received = (count: number): Promise<void> =>
  new Promise((resolve) => {
    const check = () => (got.length >= count ? resolve() : heard.push(check))
    check()
  })

const submit = async (name: string, command: string) => {
  const r = await inspire(env, ["job", "submit", "--name", name, "--command", command, ...place, "--json"])
  return json<{ jobId: string }>(r).jobId
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ""
    req.on("data", (d: Buffer) => {
      body += d.toString("utf8")
    })
    req.on("end", () => {
      got.push({ path: req.url ?? "", body: JSON.parse(body) as Record<string, unknown> })
      const answer = answers.shift() ?? { status: 200, body: "{}" }
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body)
      for (const f of heard.splice(0)) f()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  port = typeof address === "object" && address !== null ? address.port : 0
  emu = await startEmulator({ port: 0, speed: 300 })
  env = homeFor(emu.url)
  place = placement(emu)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
}, T)
afterAll(async () => {
  await emu.close()
  await new Promise((resolve) => server.close(resolve))
  // The webhook's secret was never printed, by any run.
  expect(transcript.join("\n")).not.toContain("SECRET-9f8e7d")
})

describe("inspire job wait --notify", () => {
  it("notifies a failed job once, with its diagnosis, runtime and console link", { timeout: T }, async () => {
    got.length = 0
    const id = await submit("notify-oom", "python train.py #emu:oom")
    emu.control.clock.advance(600)
    const r = await inspire(env, ["job", "wait", id, "--notify", hook()])
    expect(r.code, r.stderr).toBe(10)
    expect(got).toHaveLength(1)
    const body = got[0]?.body ?? {}
    expect(got[0]?.path).toBe(`/${SECRET}`)
    expect(body).toMatchObject({ event: "task.ended", jobId: id, name: "notify-oom", outcome: "failed" })
    expect((body.diagnosis as Array<{ kind: string }>)[0]?.kind).toBe("oom")
    expect(String(body.consoleUrl)).toContain(id)
    expect(typeof body.runtimeMs).toBe("number")
    expect(r.stderr).toContain(`Notified webhook:http://127.0.0.1:${port}/***`)
    // A second wait of the same job and target sends nothing again.
    const again = await inspire(env, ["job", "wait", id, "--notify", hook()])
    expect(again.stderr).toContain("already notified")
    expect(got).toHaveLength(1)
  })

  it("speaks each bot's format, and reports a bot's refusal without failing the wait", { timeout: T }, async () => {
    got.length = 0
    const id = await submit("notify-bots", "python train.py #emu:oom")
    emu.control.clock.advance(600)
    answers = [{ status: 200, body: '{"code":0,"msg":"success"}' }]
    const feishu = await inspire(env, [
      "job",
      "wait",
      id,
      "--notify",
      hook("feishu", "open-apis/bot/v2/hook/SECRET-9f8e7d"),
    ])
    expect(feishu.stderr).toContain("Notified feishu:")
    expect(got[0]?.body).toMatchObject({ msg_type: "text", content: { text: expect.stringContaining("notify-bots") } })
    answers = [{ status: 200, body: '{"errcode":310000,"errmsg":"keywords not in content"}' }]
    const ding = await inspire(env, ["job", "wait", id, "--notify", hook("dingtalk")])
    expect(ding.code).toBe(10)
    expect(got[1]?.body).toMatchObject({ msgtype: "text", text: { content: expect.stringContaining(id) } })
    expect(ding.stderr).toContain("the bot refused the message (310000 keywords not in content)")
    const slack = await inspire(env, ["job", "wait", id, "--notify", hook("slack", "services/SECRET-9f8e7d")])
    expect(slack.stderr).toContain("Notified slack:")
    expect(Object.keys(got[2]?.body ?? {})).toEqual(["text"])
  })

  it("retries a webhook that fails, and reports an unreachable one without failing the job", {
    timeout: T,
  }, async () => {
    got.length = 0
    const id = await submit("notify-retry", "python train.py #emu:oom")
    emu.control.clock.advance(600)
    answers = [
      { status: 503, body: "" },
      { status: 502, body: "" },
    ]
    const r = await inspire(env, ["job", "wait", id, "--notify", hook("webhook", "retry/SECRET-9f8e7d")])
    expect(r.stderr).toContain("Notified webhook:")
    expect(got).toHaveLength(3)
    const closed = await closedPort()
    const down = await inspire(env, ["job", "wait", id, "--notify", `http://127.0.0.1:${closed}/${SECRET}`])
    expect(down.code).toBe(10)
    expect(down.stderr).toMatch(
      /was not notified after 4 attempt\(s\): the webhook could not be reached \(ECONNREFUSED\)/,
    )
  })

  it("serve create --wait --notify tells how the health wait ended", { timeout: T }, async () => {
    got.length = 0
    const r = await inspire(env, [
      "serve",
      "create",
      "--recipe",
      "qwen2.5-7b-instruct-vllm",
      "--name",
      "notify-serve",
      "--project",
      "具身智能基础模型",
      ...servingPlacement(emu),
      "--wait",
      "--notify",
      hook("wecom", "cgi-bin/webhook/send?key=SECRET-9f8e7d"),
    ])
    expect(r.code, r.stderr).toBe(0)
    expect(got[0]?.body).toMatchObject({ msgtype: "text", text: { content: expect.stringContaining("notify-serve") } })
    expect(String((got[0]?.body.text as { content?: string } | undefined)?.content)).toContain("ready")
    expect(r.stderr).toContain("Notified wecom:")
    const bare = await inspire(env, ["serve", "create", "--name", "x", "--notify", hook()])
    expect(bare.code).toBe(2)
    expect(bare.stderr).toContain("needs --wait")
  })

  it("says so when there is no desktop notifier, and the wait ends as the job did", { timeout: T }, async () => {
    const id = await submit("notify-desktop", "python train.py #emu:oom")
    emu.control.clock.advance(600)
    const r = await inspire({ ...env, PATH: "/nonexistent" }, ["job", "wait", id, "--notify", "desktop"])
    expect(r.code).toBe(10)
    expect(r.stderr).toContain("desktop was not notified after 1 attempt(s): no desktop notifier here")
  })

  it("refuses a plain-http webhook off this machine, without echoing it", { timeout: T }, async () => {
    const r = await inspire(env, ["job", "wait", "job-x", "--notify", `http://hooks.example.com/${SECRET}`])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("must be https")
    const alone = await inspire(env, ["job", "wait", "job-x", "--detach"])
    expect(alone.code).toBe(2)
    expect(alone.stderr).toContain("--detach leaves a waiter that notifies, so it needs --notify")
  })
})

describe("waiters", () => {
  // The platform's clock at the wall's pace: a job ends when the test moves the clock, not before.
  beforeAll(() => emu.control.clock.setSpeed(1))

  it("--detach leaves a waiter that notifies when the job ends, once, and is listed", { timeout: T }, async () => {
    got.length = 0
    // The URL from stdin (`-`): never on a command line.
    const set = await inspire(env, ["config", "set", "notify", "-"], hook("webhook", "default/SECRET-9f8e7d"))
    expect(set.code, set.stderr).toBe(0)
    expect(set.stdout).toContain(`webhook:http://127.0.0.1:${port}/***`)
    const id = await submit("notify-detached", "python train.py #emu:oom")
    const left = await inspire(env, ["job", "wait", id, "--notify", "--detach", "--poll-seconds", "0.2"])
    expect(left.code, left.stderr).toBe(0)
    const waiter = /Waiter (w-[0-9a-f]{8})/.exec(left.stderr)?.[1] ?? ""
    expect(waiter).not.toBe("")
    emu.control.clock.advance(600)
    await received(1)
    expect(got[0]?.path).toBe("/default/SECRET-9f8e7d")
    expect(got[0]?.body).toMatchObject({ jobId: id, outcome: "failed" })
    let listed: Array<{ id: string; state: string; target: string; notified: string[] }> = []
    while (listed.find((w) => w.id === waiter)?.state !== "done")
      listed = json<typeof listed>(await inspire(env, ["waiters", "--json"]))
    expect(listed.find((w) => w.id === waiter)).toMatchObject({
      notified: [id],
      target: expect.stringContaining("/***"),
    })
    // Its record, pid and log are the user's alone.
    const dir = join(String(env.INSPIRE_HOME), "cache", "waiters")
    for (const f of readdirSync(dir)) expect(statSync(join(dir, f)).mode & 0o077).toBe(0)
    // Killed after sending but before its record said so, then run again: the sent-record keeps it from
    // notifying twice.
    const record = join(dir, `${waiter}.json`)
    writeFileSync(
      record,
      JSON.stringify({ ...JSON.parse(readFileSync(record, "utf8")), state: "waiting", notified: [] }),
    )
    const rerun = await inspire(env, ["waiters", "run", waiter])
    expect(rerun.code, rerun.stderr).toBe(0)
    expect(rerun.stdout).toContain("was already notified")
    expect(got).toHaveLength(1)
  })

  it("job submit --notify submits and walks away: a waiter is left for the new job", { timeout: T }, async () => {
    const r = await inspire(env, [
      "job",
      "submit",
      "--name",
      "notify-submitted",
      "--command",
      "python train.py #emu:idle",
      ...place,
      "--notify",
      hook(),
    ])
    expect(r.code, r.stderr).toBe(0)
    const waiter = /Waiter (w-[0-9a-f]{8})/.exec(r.stderr)?.[1] ?? ""
    const listed = json<Array<{ id: string; jobs: string[]; state: string }>>(await inspire(env, ["waiters", "--json"]))
    const mine = listed.find((w) => w.id === waiter)
    expect(mine?.state).toBe("waiting")
    expect(mine?.jobs[0]).toMatch(/^job-/)
    expect((await inspire(env, ["waiters", "stop", waiter])).code).toBe(0)
  })

  it("stop ends a waiter; its job goes on and nothing is sent", { timeout: T }, async () => {
    got.length = 0
    const id = await submit("notify-stopped", "python train.py #emu:idle")
    const left = await inspire(env, ["job", "wait", id, "--notify", hook(), "--detach", "--poll-seconds", "0.2"])
    const waiter = /Waiter (w-[0-9a-f]{8}) \(pid (\d+)\)/.exec(left.stderr)
    const stopped = await inspire(env, ["waiters", "stop", waiter?.[1] ?? "", "--json"])
    expect(json<{ state: string }>(stopped).state).toBe("stopped")
    const pid = Number(waiter?.[2])
    const alive = () => {
      try {
        process.kill(pid, 0)
        return true
      } catch {
        return false
      }
    }
    while (alive()) await new Promise((r) => setImmediate(r))
    expect((await inspire(env, ["waiters", "stop", "w-00000000"])).code).toBe(12)
    expect(got).toHaveLength(0)
  })
})
