import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import type { LogLine } from "../../src/api/jobs/logs.js"
import { formatInstant } from "../../src/domain/time.js"
import { invoke } from "../../src/operations/catalogue/invoke.js"
import type { Progress } from "../../src/operations/catalogue/operation.js"
import { followEndLine, followTaskLogs, logsOperation, renderLogLines } from "../../src/operations/logs/index.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startJob, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

describe("logs", () => {
  it("returns the newest lines, oldest first, ending with the failure", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "fails", "python train.py; exit 1")
    emu.current.control.clock.advance(10)
    const r = succeeded(await call(emu.current, logsOperation, { job_id: id, lines: 10 }, profile))
    expect(r.result).toMatchObject({ jobId: id, mode: "tail", status: "failed (job_failed)" })
    expect(r.result.lines).toHaveLength(10)
    expect(r.result.lines?.at(-1)?.message).toContain("exited with code 1")
    expect(r.text).toContain(`${id} failed (job_failed): last 10 lines`)
    expect(r.text).toContain("FileNotFoundError")
    expect(r.text).not.toContain("[worker-")
  })

  it("labels lines with their pod, reads one pod, and reads a time window", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "two", "python train.py #emu:idle", { instances: 2 })
    const from = emu.current.control.clock.now()
    emu.current.control.clock.advance(3)
    const both = succeeded(await call(emu.current, logsOperation, { job_id: id, lines: 40 }, profile))
    expect(new Set(both.result.lines?.map((l) => l.pod)).size).toBe(2)
    // First-round pods are <job>-worker-<i>; lines are labelled with the part from `worker` on.
    expect(both.text).toContain("[worker-0]")
    expect(both.text).toContain("[worker-1]")
    const pod = `${id}-worker-1`
    const one = succeeded(await call(emu.current, logsOperation, { job_id: id, lines: 20, pod }, profile))
    expect(one.result.lines?.every((l) => l.pod === pod)).toBe(true)
    const until = from + 2000
    const w = succeeded(
      await call(emu.current, logsOperation, { job_id: id, since: String(from), until: String(until) }, profile),
    )
    expect(w.result.mode).toBe("window")
    const times = w.result.lines?.map((l) => l.time) ?? []
    expect(times.length).toBeGreaterThan(10)
    expect(times.every((t) => t >= from && t <= until)).toBe(true)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(w.text).toMatch(/lines from .* to /)
  })

  it("reads a window reaching years before the job and past now with a handful of requests", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "wide", "python train.py #emu:idle")
    emu.current.control.clock.advance(3)
    const tail = succeeded(await call(emu.current, logsOperation, { job_id: id, lines: 500 }, profile))
    emu.current.control.clearRequests()
    const input = { job_id: id, since: "2000-01-01", until: "2999-01-01" }
    const w = succeeded(await call(emu.current, logsOperation, input, profile))
    expect(w.result.lines?.map((l) => l.message)).toEqual(tail.result.lines?.map((l) => l.message))
    // 26 years in 7-day windows would be about 1,400 log requests.
    expect(emu.current.control.requests().total).toBeLessThan(12)
  })

  it("downloads more than 10,000 lines once each, in order, with progress, and never overwrites", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "long", "python train.py #emu:duration=24000")
    emu.current.control.clock.advance(450)
    const progress: Progress[] = []
    const exit = await profile.run(
      invoke(logsOperation, { job_id: id, download: true }, { progress: (p) => progress.push(p) }),
    )
    const r = succeeded(exit)
    const d = r.result.download
    expect(d?.path).toBe(join(profile.home, "cache", "downloads", `${id}.log`))
    const lines = readFileSync(d?.path ?? "", "utf8")
      .trimEnd()
      .split("\n")
    expect(lines.length).toBeGreaterThan(10_000)
    expect(d?.lines).toBe(lines.length)
    expect(d?.bytes).toBe(Buffer.byteLength(readFileSync(d?.path ?? "")))
    expect(new Set(lines).size).toBe(lines.length)
    const steps = lines.flatMap((l) => /step (\d+) \|/.exec(l)?.[1] ?? []).map(Number)
    expect(steps.length).toBeGreaterThan(10_000)
    expect(steps).toEqual(steps.map((_, i) => (i + 1) * 10))
    expect(progress.length).toBeGreaterThan(20)
    expect(progress.at(-1)?.current).toBe(lines.length)
    expect(renderWords(r.text, "mcp")).toContain(`Downloaded ${lines.length} lines`)

    const again = failed(await call(emu.current, logsOperation, { job_id: id, download: true }, profile))
    expect(again.message).toContain("already exists")
    expect(again.hint).toContain("overwrite=true")
    const replaced = succeeded(
      await call(emu.current, logsOperation, { job_id: id, download: true, overwrite: true }, profile),
    )
    expect(replaced.result.download?.lines).toBe(lines.length)
  })

  it("writes only inside the downloads folder (or the CLI's directory), never through a link or with ..", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "short")
    emu.current.control.clock.advance(5)
    const downloads = join(profile.home, "cache", "downloads")
    const etc = failed(
      await call(emu.current, logsOperation, { job_id: id, download: true, path: "/etc/x.log" }, profile),
    )
    expect(etc.message).toContain(`outside the downloads folder (${downloads})`)
    const outside = mkdtempSync(join(tmpdir(), "inspire-logs-outside-"))
    const inTemp = failed(
      await call(emu.current, logsOperation, { job_id: id, download: true, path: join(outside, "x.log") }, profile),
    )
    expect(inTemp.reason).toBe("InvalidInput")
    mkdirSync(downloads, { recursive: true })
    symlinkSync(outside, join(downloads, "sneaky"))
    const link = failed(
      await call(emu.current, logsOperation, { job_id: id, download: true, path: "sneaky/x.log" }, profile),
    )
    expect(link.message).toContain("symbolic link")
    const dots = failed(
      await call(emu.current, logsOperation, { job_id: id, download: true, path: "a/../../../etc/x.log" }, profile),
    )
    expect(dots.message).toContain('".." is not allowed')
    expect(readdirSync(outside)).toEqual([])
    const ok = succeeded(
      await call(emu.current, logsOperation, { job_id: id, download: true, path: join("a", "b.log") }, profile),
    )
    expect(ok.result.download?.path).toBe(join(downloads, "a", "b.log"))
    // The CLI hands over its directory: relative paths start there, and the downloads folder stays allowed.
    const cwd = mkdtempSync(join(tmpdir(), "inspire-logs-cwd-"))
    const cli = { progress: () => undefined, workingDir: cwd }
    const here = succeeded(await profile.run(invoke(logsOperation, { job_id: id, download: true, path: "c.log" }, cli)))
    expect(here.result.download?.path).toBe(join(cwd, "c.log"))
    const there = join(downloads, "d.log")
    const abs = succeeded(await profile.run(invoke(logsOperation, { job_id: id, download: true, path: there }, cli)))
    expect(abs.result.download?.path).toBe(there)
  })

  it("refuses bad windows, unknown jobs and servings", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "short")
    const bad = failed(await call(emu.current, logsOperation, { job_id: id, time_range: "soon" }, profile))
    expect(bad).toMatchObject({ reason: "InvalidInput", message: expect.stringContaining("time_range") })
    expect(failed(await call(emu.current, logsOperation, { job_id: "job-nope" }, profile)).reason).toBe("NotFound")
    expect(failed(await call(emu.current, logsOperation, { job_id: "sv-1" }, profile)).message).toContain("serving")
  })

  it("follows only new lines until the job ends", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "follow", "python train.py #emu:duration=120")
    const seen: LogLine[] = []
    const ticker = setInterval(() => emu.current.control.clock.advance(0.5), 50)
    const exit = await profile.run(followTaskLogs(id, (ls) => seen.push(...ls), { pollSeconds: 0.1 }))
    clearInterval(ticker)
    expect(Exit.isSuccess(exit) && exit.value.lines).toBe(seen.length)
    expect(seen.length).toBeGreaterThan(10)
    expect(new Set(seen.map((l) => l.id)).size).toBe(seen.length)
  })

  it("follows after a tail with no line lost or repeated, and says how the job ended", async () => {
    const profile = trainingProfile(emu.current)
    // A line every 2 nominal seconds for an hour: at the emulator's speed, 1,800 lines in one minute.
    const id = await startJob(emu.current, profile, "steps", "python train.py #emu:duration=3600")
    emu.current.control.clock.advance(2)
    const tail = succeeded(await call(emu.current, logsOperation, { job_id: id, lines: 5 }, profile))
    const shown = tail.result.lines ?? []
    expect(shown).toHaveLength(5)
    // The job goes on printing between the tail and the follow: those lines must not be lost.
    emu.current.control.clock.advance(3)
    const seen: LogLine[] = []
    const ticker = setInterval(() => emu.current.control.clock.advance(1), 30)
    const exit = await profile
      .run(followTaskLogs(id, (ls) => seen.push(...ls), { after: shown, pollSeconds: 0.1 }))
      .finally(() => clearInterval(ticker))
    if (!Exit.isSuccess(exit)) throw new Error(String(exit.cause))
    const all = succeeded(
      await call(emu.current, logsOperation, { job_id: id, download: true, overwrite: true }, profile),
    )
    const file = readFileSync(all.result.download?.path ?? "", "utf8")
      .trimEnd()
      .split("\n")
    const whole = file.map((l) => l.split(" ").slice(2).join(" "))
    const printed = [...shown.map((l) => l.message), ...seen.map((l) => l.message)]
    // Exactly the log from the tail's first line on: nothing missing, nothing twice, in order.
    expect(printed).toEqual(whole.slice(whole.length - printed.length))
    expect(whole.indexOf(printed[0] ?? "")).toBe(whole.length - printed.length)
    const steps = printed.flatMap((m) => /step (\d+) \|/.exec(m)?.[1] ?? []).map(Number)
    expect(steps.length).toBeGreaterThan(1000)
    expect(steps).toEqual(steps.map((_, i) => (steps[0] ?? 0) + i * 10))
    expect(exit.value.job.status.terminal).toBe(true)
    expect(renderWords(followEndLine(exit.value), "library")).toMatch(
      new RegExp(
        `^— job steps \\(${id}\\) \\w+ \\(\\w+\\) at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d [+-]\\d\\d:\\d\\d$`,
      ),
    )
  }, 20_000)

  it("renders tail lines in local time with seconds and the offset, never the platform's zone-less text", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "zone")
    emu.current.control.clock.advance(5)
    const r = succeeded(await call(emu.current, logsOperation, { job_id: id, lines: 3 }, profile))
    const lines = r.result.lines ?? []
    expect(lines.length).toBeGreaterThan(0)
    for (const l of lines) expect(r.text).toContain(`${formatInstant(l.time, { seconds: true })} ${l.message}`)
    expect(renderLogLines(lines.slice(0, 1))).toBe(
      `${formatInstant(lines[0]?.time ?? 0, { seconds: true })} ${lines[0]?.message}`,
    )
  })
})
