import { spawn } from "node:child_process"
import { inputJsonSchema } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import type { Command } from "commander"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { fieldsOf } from "../src/adapt.js"
import { materializeTree, operationOf } from "../src/command.js"
import { EXIT, exitCodeList } from "../src/exit-codes.js"
import { buildProgram } from "../src/program.js"
import { BIN, closedPort, homeFor, inspire, json, type Run, transcript } from "./harness.js"
import { placement } from "./placement.js"

// Every invalid flag value exits 2 (`inspire help exit-codes`), whoever finds it: commander (a bad
// choice, a missing argument), the CLI's parsing (not a number), or core's input checks (a schema
// bound, a check inside the operation). The calls are made logged out, against a port nothing listens
// on: a call that got past the checks would exit 4 (login needed) or 1, never 2.

interface Case {
  readonly args: ReadonlyArray<string>
  /** What stderr must name: the flag (or its field). */
  readonly names: RegExp
}

const pathOf = (c: Command): string[] => {
  const names: string[] = []
  for (let x: Command | null = c; x !== null && x.parent !== null; x = x.parent) names.unshift(x.name())
  return names
}

const walk = (command: Command, out: Command[] = []): Command[] => {
  out.push(command)
  for (const c of command.commands) walk(c, out)
  return out
}

// Placeholder operands: well-formed ids, so that only the flag under test is wrong.
const operand = (name: string): string =>
  /job-id|task/.test(name) ? "job-00000000-0000-0000-0000-000000000000" : /key/.test(name) ? "defaultPriority" : "x"

const cases = (): ReadonlyArray<Case> => {
  const out: Case[] = []
  for (const c of walk(materializeTree(buildProgram()))) {
    const op = operationOf.get(c)
    if (op === undefined) continue
    const path = pathOf(c)
    const operands = c.registeredArguments.filter((a) => a.required).map((a) => operand(a.name()))
    const longs = new Set(c.options.map((o) => o.long))
    const schema = inputJsonSchema(op).properties ?? {}
    for (const f of fieldsOf(op)) {
      const flag = `--${f.flag}`
      if (!longs.has(flag) || (f.kind !== "enum" && f.kind !== "number")) continue
      const names = new RegExp(`${flag}|${f.name}`)
      const run = (...rest: string[]) => out.push({ args: [...path, ...operands, ...rest], names })
      // The flag given without its value.
      run(flag)
      if (f.kind === "enum") run(flag, "not-a-choice")
      if (f.kind === "number") {
        run(flag, "abc")
        const bound = schema[f.name] as { minimum?: number; maximum?: number; type?: string } | undefined
        if (bound?.minimum !== undefined) run(flag, String(bound.minimum - 1))
        if (bound?.maximum !== undefined) run(flag, String(bound.maximum + 1))
        if (bound?.type === "integer") run(flag, "1.5")
      }
    }
  }
  return out
}

let env: NodeJS.ProcessEnv

beforeAll(async () => {
  const closed = await closedPort()
  env = homeFor(`http://127.0.0.1:${closed}`)
})

describe("exit codes as a contract", () => {
  it("exits 2 for every invalid enum or number flag value of every catalogue command", async () => {
    const all = cases()
    expect(all.length).toBeGreaterThan(40)
    const failures: string[] = []
    for (let i = 0; i < all.length; i += 12)
      await Promise.all(
        all.slice(i, i + 12).map(async (c) => {
          const run = await inspire(env, c.args)
          if (run.code !== EXIT.usage || !c.names.test(run.stderr))
            failures.push(`inspire ${c.args.join(" ")} → exit ${run.code}: ${run.stderr.split("\n")[0]}`)
        }),
      )
    expect(failures).toEqual([])
  }, 300_000)

  it("exits 2 for values core's operations refuse before sending anything", async () => {
    const job = "job-00000000-0000-0000-0000-000000000000"
    for (const args of [
      ["job", "metrics", job, "--interval", "7"],
      ["job", "metrics", job, "--time-range", "5 fortnights"],
      ["job", "list", "--all-workspaces", "--workspace", "x"],
    ]) {
      const run = await inspire(env, args)
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(EXIT.usage)
    }
  }, 60_000)
})

/** Runs a program and calls `act` with it once its output contains `marker`. */
const runUntil = (
  env: NodeJS.ProcessEnv,
  command: string,
  argv: ReadonlyArray<string>,
  marker: string,
  act: (child: ReturnType<typeof spawn>) => void,
): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, argv, { env, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    let fired = false
    const check = () => {
      if (!fired && (stdout + stderr).includes(marker)) {
        fired = true
        act(child)
      }
    }
    child.stdout?.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
      check()
    })
    child.stderr?.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
      check()
    })
    child.on("error", reject)
    child.on("close", (code) => {
      transcript.push(stdout, stderr)
      resolve({ code: code ?? -1, stdout, stderr })
    })
  })

// Every code of `inspire help exit-codes`, each from a real run against the emulator: the table and
// what the commands do agree.
describe("every code of the table, from a real run", () => {
  let emu: RunningEmulator
  let live: NodeJS.ProcessEnv
  let place: ReadonlyArray<string>
  const seen = new Set<number>()

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, speed: 300 })
    live = homeFor(emu.url)
    const login = await inspire(live, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
    expect(login.code).toBe(0)
    expect((await inspire(live, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
    place = placement(emu)
  }, 60_000)
  afterAll(async () => {
    await emu.close()
  })

  const exits = async (code: number, args: ReadonlyArray<string>, run?: Run): Promise<Run> => {
    const r = run ?? (await inspire(live, args))
    expect(r.code, `inspire ${args.join(" ")}: ${r.stderr}`).toBe(code)
    seen.add(code)
    return r
  }
  const submit = async (name: string, command: string): Promise<string> =>
    json<{ jobId: string }>(
      await inspire(live, ["job", "submit", "--name", name, "--command", command, ...place, "--json"]),
    ).jobId

  it("exits 0, 1, 2 and 4 for success, a failure, a usage error and a login needed", async () => {
    await exits(EXIT.ok, ["help", "exit-codes"])
    await exits(
      EXIT.error,
      ["job", "list"],
      await inspire({ ...live, INSPIRE_BASE_URL: env.INSPIRE_BASE_URL }, ["job", "list"]),
    )
    await exits(EXIT.usage, ["job", "list", "--status", "not-a-status"])
    await exits(EXIT.loginNeeded, ["job", "list"], await inspire(homeFor(emu.url), ["job", "list"]))
  }, 120_000)

  it("exits 12 for an unknown task id in every command that takes one", async () => {
    const job = "job-00000000-0000-4000-8000-000000000000"
    for (const args of [
      ["job", "show", job],
      ["job", "show", job, "--exit-status"],
      ["job", "wait", job, "--poll-seconds", "0.2"],
      ["job", "logs", job],
      ["job", "stop", job, "--yes"],
      ["serve", "show", "sv-00000000-0000-4000-8000-000000000000"],
    ])
      await exits(EXIT.taskNotFound, args)
  }, 60_000)

  it("exits 10, 11 and 13 with a task's end state: wait, submit --wait and submit -f alike", async () => {
    const failing = ["--command", "python train.py; exit 1", ...place]
    await exits(EXIT.taskFailed, ["job", "submit", "--name", "fails-f", ...failing, "-f"])
    await exits(EXIT.taskFailed, ["job", "submit", "--name", "fails-w", ...failing, "--wait"])
    const idle = await submit("idles", "python train.py #emu:idle")
    await exits(EXIT.taskNotFinished, ["job", "wait", idle, "--poll-seconds", "0.2", "--timeout-seconds", "1"])
    expect((await inspire(live, ["job", "stop", idle, "--yes"])).code).toBe(0)
    await exits(EXIT.taskStopped, ["job", "wait", idle, "--poll-seconds", "0.2", "--timeout-seconds", "20"])
  }, 60_000)

  it("exits 3 when a prompt is declined, saying so plainly, and changes nothing", async () => {
    const id = await submit("kept", "python train.py #emu:idle")
    // `script` gives the CLI a terminal, where it asks; "n" declines.
    const line = `exec ${process.execPath} ${BIN} job stop ${id}`
    const run = await runUntil(live, "script", ["-qfec", line, "/dev/null"], "[y/N]", (c) => c.stdin?.write("n\r"))
    await exits(EXIT.cancelled, ["job", "stop", id], run)
    expect(run.stdout).toContain("Cancelled; nothing was changed.")
    expect(run.stdout).not.toMatch(/error:/)
    const show = json<{ status: { family: string } }>(await inspire(live, ["job", "show", id, "--json"]))
    expect(show.status.family).not.toBe("stopped")
  }, 60_000)

  it("exits 130 when a waiting command is interrupted (Ctrl-C)", async () => {
    const id = await submit("waited", "python train.py #emu:idle")
    const run = await runUntil(live, process.execPath, [BIN, "job", "logs", id, "-f"], "following", (c) =>
      c.kill("SIGINT"),
    )
    await exits(EXIT.interrupted, ["job", "logs", id, "-f"], run)
  }, 60_000)

  it("has produced every code of the table", () => {
    expect([...seen].sort((a, b) => a - b)).toEqual(exitCodeList().map((e) => e.code))
  })
})
