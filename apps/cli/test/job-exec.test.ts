import { spawn } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, inspire, json } from "./harness.js"
import { placement, servingPlacement } from "./placement.js"
import { appears, type Step, stepsOnTerminal } from "./terminal.js"

// `inspire job exec | shell` as a child process against the emulator's worker PTY: commands really run
// on a pseudo-terminal in the pod's folder.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let single: string
let pair: string
let serving: string
let servingPair: string
const T = 60_000

const submit = async (name: string, command: string, instances = 1) => {
  const place = placement(emu)
  const r = await inspire(env, [
    "job",
    "submit",
    "--name",
    name,
    "--command",
    command,
    "--instance-count",
    String(instances),
    ...place,
    "--json",
  ])
  return json<{ jobId: string }>(r).jobId
}

const deploy = async (name: string, replicas: number) => {
  const model = (emu.control.state() as unknown as { models: { id: string }[] }).models[0]?.id ?? ""
  const r = await inspire(env, [
    "serve",
    "create",
    ...["--name", name, "--model-id", model, "--model-version", "2", "--replicas", String(replicas)],
    ...["--image", "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4", "--port", "8000"],
    ...["--command", "vllm serve /model --port 8000", "--project", "具身智能基础模型"],
    ...servingPlacement(emu),
    "--json",
  ])
  expect(r.code, r.stderr).toBe(0)
  return json<{ servingId: string }>(r).servingId
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...homeFor(emu.url), INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间" }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  single = await submit("pty-one", "python a.py #emu:idle")
  pair = await submit("pty-two", "python b.py #emu:idle", 2)
  serving = await deploy("pty-sv-one", 1)
  servingPair = await deploy("pty-sv-two", 2)
  emu.control.clock.advance(120)
}, T)
afterAll(async () => {
  await emu.close()
})

const onTerminal = (line: string, steps: ReadonlyArray<Step>) => stepsOnTerminal(env, line, steps, T - 5_000)

describe("inspire job exec", () => {
  it(
    "prints the command's output and exits with its code",
    async () => {
      const ok = await inspire(env, ["job", "exec", single, "--", "echo", "hello-$((2*3))"])
      expect(ok.code, ok.stderr).toBe(0)
      expect(ok.stdout).toBe("hello-6\n")
      const bad = await inspire(env, ["job", "exec", single, "--", "echo out; exit 7"])
      expect(bad.code).toBe(7)
      expect(bad.stdout).toContain("out")
      const timed = await inspire(env, ["job", "exec", single, "--timeout", "1", "--", "sleep 30"])
      expect(timed.code).toBe(124)
      // Ctrl-C (SIGINT to the CLI) is passed to the command, which stops: 130.
      const interrupted = await new Promise<number>((resolve) => {
        const child = spawn(process.execPath, [BIN, "job", "exec", single, "--", "echo started; sleep 30"], { env })
        let out = ""
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString("utf8")
          if (out.includes("started")) child.kill("SIGINT")
        })
        child.on("close", (code) => resolve(code ?? -1))
      })
      expect(interrupted).toBe(130)
    },
    T,
  )

  it(
    "lists the pods when a job of several names none, and runs in the one --pod names",
    async () => {
      const none = await inspire(env, ["job", "exec", pair, "--", "true"])
      expect(none.code).toBe(2)
      expect(none.stderr).toContain(`${pair}-worker-1`)
      expect(none.stderr).toContain("--pod")
      expect(none.stderr).not.toMatch(/\n\s+at /)
      const one = await inspire(env, ["job", "exec", pair, "--pod", "1", "--", "echo $MY_POD_NAME"])
      expect(one.code, one.stderr).toBe(0)
      expect(one.stdout).toBe(`${pair}-worker-1\n`)
      const unknown = await inspire(env, ["job", "exec", pair, "--pod", "nope", "--", "true"])
      expect(unknown.code).toBe(2)
      expect(unknown.stderr).toMatch(/no pod nope/)
    },
    T,
  )
})

describe("inspire job shell", () => {
  it(
    "refuses without a terminal",
    async () => {
      const run = await inspire(env, ["job", "shell", single])
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/needs a terminal/)
    },
    T,
  )

  it(
    "runs an interactive shell on a pseudo-terminal, follows its size, passes Ctrl-C, and exits with its status",
    async () => {
      // `script` gives the CLI a pseudo-terminal of 30x100; a background job resizes it to 40x120 (SIGWINCH
      // to the CLI) when the test writes a flag file, while `sleep` runs in the pod: the size must wait
      // for the prompt, or `sleep` leaves it unread and Ctrl-C discards it.
      const flag = join(mkdtempSync(join(tmpdir(), "inspire-shell-")), "resize")
      const resizer = `(while [ ! -e ${flag} ]; do sleep 0.05; done; stty rows 40 cols 120 < /dev/tty; touch ${flag}.done) &`
      const line = `stty rows 30 cols 100; ${resizer} exec ${process.execPath} ${BIN} job shell ${single}`
      const run = await onTerminal(line, [
        { after: /leave\.\r*\n\$ /, act: (type) => type("echo shell-$((6*7)); stty size\r") },
        { after: /\b30 100\r*\n\$ /, act: (type) => type("sleep 30; echo never-$((1+1))\r") },
        {
          after: "never-$((1+1))",
          act: async (type) => {
            writeFileSync(flag, "")
            await appears(`${flag}.done`)
            type("\u0003")
          },
        },
        { after: /stty columns 120 rows 40[^\n]*\n\$ /, act: (type) => type("stty size\r") },
        { after: /\b40 120\b/, act: (type) => type("exit 5\r") },
      ])
      expect(run.code).toBe(5)
      expect(run.stdout).toContain("shell-42")
      expect(run.stdout).toMatch(/\b30 100\b/)
      expect(run.stdout).toMatch(/\b40 120\b/)
      expect(run.stdout).not.toContain("never-2")
      expect(run.stdout).not.toMatch(/inspire-(ready|exit)|trap /)
      expect(run.stdout).toContain("Disconnected.")
    },
    T,
  )

  it(
    "refuses a finished job with a clear error",
    async () => {
      const done = await submit("pty-done", "python c.py")
      emu.control.clock.advance(400)
      const run = await inspire(env, ["job", "exec", done, "--", "true"])
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/not running/)
      expect(run.stderr).not.toMatch(/\n\s+at /)
    },
    T,
  )
})

describe("inspire serve exec | shell", () => {
  it(
    "prints the command's output and exits with its code; lists the pods when --pod is missing",
    async () => {
      const ok = await inspire(env, ["serve", "exec", serving, "--", "echo", "sv-$((2*3))", "$MY_POD_NAME"])
      expect(ok.code, ok.stderr).toBe(0)
      expect(ok.stdout).toBe(`sv-6 ${serving}-replica-0\n`)
      const bad = await inspire(env, ["serve", "exec", "pty-sv-one", "--", "echo out; exit 7"])
      expect(bad.code).toBe(7)
      expect(bad.stdout).toBe("out\n")
      const none = await inspire(env, ["serve", "exec", servingPair, "--", "true"])
      expect(none.code).toBe(2)
      expect(none.stderr).toContain(`${servingPair}-replica-0`)
      expect(none.stderr).toContain(`${servingPair}-replica-1`)
      expect(none.stderr).toContain("--pod")
      const one = await inspire(env, ["serve", "exec", servingPair, "--pod", "1", "--", "echo $MY_POD_NAME"])
      expect(one.code, one.stderr).toBe(0)
      expect(one.stdout).toBe(`${servingPair}-replica-1\n`)
      const shown = await inspire(env, ["serve", "show", servingPair])
      expect(shown.stdout).toContain(`${servingPair}-replica-1 (RUNNING)`)
    },
    T,
  )

  it(
    "runs an interactive shell in a serving's pod and exits with its status",
    async () => {
      const line = `stty rows 30 cols 100; exec ${process.execPath} ${BIN} serve shell ${servingPair} --pod 1`
      const run = await onTerminal(line, [
        { after: "type exit to leave", act: (type) => type("echo shell-$((6*7)) $MY_POD_NAME; stty size\r") },
        { after: /\b30 100\b/, act: (type) => type("exit 6\r") },
      ])
      expect(run.code).toBe(6)
      expect(run.stdout).toContain(`shell-42 ${servingPair}-replica-1`)
      expect(run.stdout).toMatch(/\b30 100\b/)
      expect(run.stdout).toContain("Disconnected.")
      const tty = await inspire(env, ["serve", "shell", serving])
      expect(tty.code).toBe(2)
      expect(tty.stderr).toMatch(/serve shell is interactive/)
    },
    T,
  )

  it(
    "refuses a stopped serving with a clear error",
    async () => {
      const stopped = await deploy("pty-sv-stopped", 1)
      emu.control.clock.advance(120)
      expect((await inspire(env, ["serve", "stop", stopped, "--yes"])).code).toBe(0)
      emu.control.clock.advance(60)
      const run = await inspire(env, ["serve", "exec", stopped, "--", "true"])
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/Serving pty-sv-stopped is not running \(STOPPED\)/)
      expect(run.stderr).toContain("inspire serve show")
      expect(run.stderr).not.toMatch(/\n\s+at /)
    },
    T,
  )
})
