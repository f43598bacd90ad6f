import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

// Following a log (no line lost or repeated after the tail, a last line saying why it ended) and the one
// rule for times (local time with its offset, TZ honoured) in tables, logs and events, run as a user runs
// them: the built CLI in a child process, against the emulator over HTTP.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let place: ReadonlyArray<string>

const inZone = (zone: string): NodeJS.ProcessEnv => ({ ...env, TZ: zone })

// The expected text, worked out here by hand for the two zones the test uses.
const OFFSET_HOURS: Readonly<Record<string, number>> = { UTC: 0, "Asia/Shanghai": 8 }
const shown = (ms: number, zone: string, seconds: boolean): string => {
  const hours = OFFSET_HOURS[zone] ?? 0
  const wall = new Date(ms + hours * 3_600_000).toISOString().replace("T", " ")
  return `${wall.slice(0, seconds ? 19 : 16)} +${String(hours).padStart(2, "0")}:00`
}

const LINE = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) ([+-]\d\d:\d\d) (.*)$/

beforeAll(async () => {
  // The emulator's default speed: a line every 33 ms while a job runs, so lines keep coming during a follow.
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  place = placement(emu)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
})
afterAll(async () => {
  await emu.close()
})

const submit = async (name: string, command: string): Promise<string> =>
  json<{ jobId: string }>(
    await inspire(env, ["job", "submit", "--name", name, "--command", command, ...place, "--json"]),
  ).jobId

const wholeLog = async (id: string): Promise<string[]> => {
  const r = json<{ lines: Array<{ message: string }> }>(
    await inspire(env, ["job", "logs", id, "--since", "2000-01-01", "--json"]),
  )
  return r.lines.map((l) => l.message)
}

describe("inspire job logs -f", () => {
  it("prints the last 5 lines, then every later line exactly once, in one format, then why it ended", async () => {
    // About 10 seconds of lines, a step each.
    const id = await submit("follow-1", "python train.py #emu:duration=600")
    for (let i = 0; i < 100; i++) {
      const tail = json<{ lines: unknown[] }>(await inspire(env, ["job", "logs", id, "--lines", "5", "--json"]))
      if (tail.lines.length === 5) break
      await new Promise((r) => setTimeout(r, 100))
    }
    const run = await inspire(inZone("Asia/Shanghai"), ["job", "logs", id, "-f", "--lines", "5"])
    expect(run.code, run.stderr).toBe(0)
    const out = run.stdout.trimEnd().split("\n")
    const parsed = out.map((l) => LINE.exec(l))
    expect(
      parsed.every((m) => m !== null && m[2] === "+08:00"),
      out.slice(0, 3).join("\n"),
    ).toBe(true)
    const printed = parsed.map((m) => m?.[3] ?? "")
    const whole = await wholeLog(id)
    const first = whole.indexOf(printed[0] ?? "")
    expect(first).toBe(whole.length - printed.length)
    expect(printed).toEqual(whole.slice(first))
    const steps = printed.flatMap((m) => /step (\d+) \|/.exec(m)?.[1] ?? []).map(Number)
    expect(steps.length).toBeGreaterThan(50)
    expect(steps).toEqual(steps.map((_, i) => (steps[0] ?? 0) + i * 10))
    const last = run.stderr.trimEnd().split("\n").at(-1) ?? ""
    expect(last).toMatch(
      new RegExp(
        `^— job follow-1 \\(${id}\\) succeeded \\(\\w+\\) at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\+08:00$`,
      ),
    )
  }, 60_000)

  it("job submit --follow prints the log from its first line and ends with the job's state", async () => {
    const run = await inspire(inZone("UTC"), [
      "job",
      "submit",
      "--name",
      "follow-2",
      "--command",
      "python train.py #emu:duration=120",
      ...place,
      "--follow",
    ])
    expect(run.code, run.stderr).toBe(0)
    const id = /job-[\w-]+/.exec(run.stderr)?.[0] ?? ""
    const printed = run.stdout
      .trimEnd()
      .split("\n")
      .map((l) => LINE.exec(l))
    expect(printed.every((m) => m !== null && m[2] === "+00:00")).toBe(true)
    expect(printed.map((m) => m?.[3])).toEqual(await wholeLog(id))
    expect(run.stderr.trimEnd().split("\n").at(-1)).toMatch(/^— job follow-2 \(job-[\w-]+\) succeeded .* \+00:00$/)
  }, 60_000)
})

describe("times: local time with its offset, TZ honoured", () => {
  it("renders the same instant in each zone in log lines, tables and events", async () => {
    const id = await submit("zones", "python train.py #emu:duration=60")
    await inspire(env, ["job", "wait", id, "--json"])
    const logs = json<{ lines: Array<{ time: number; message: string }> }>(
      await inspire(env, ["job", "logs", id, "--lines", "3", "--json"]),
    )
    const list = json<{ tasks: Array<{ id: string; createdAt: number }> }>(
      await inspire(env, ["job", "list", "--status", "all", "--json"]),
    )
    const created = list.tasks.find((t) => t.id === id)?.createdAt ?? 0
    const events = json<{ events: Array<{ lastAt: number }> }>(await inspire(env, ["job", "events", id, "--json"]))
    for (const zone of ["UTC", "Asia/Shanghai"]) {
      const text = (await inspire(inZone(zone), ["job", "logs", id, "--lines", "3"])).stdout
      for (const l of logs.lines) expect(text).toContain(`${shown(l.time, zone, true)} ${l.message}`)
      const table = (await inspire(inZone(zone), ["job", "list", "--status", "all"])).stdout
      expect(table).toContain(shown(created, zone, false))
      const shownEvents = (await inspire(inZone(zone), ["job", "events", id])).stdout
      expect(events.events.length).toBeGreaterThan(0)
      for (const e of events.events) expect(shownEvents).toContain(shown(e.lastAt, zone, false))
    }
  }, 60_000)
})
