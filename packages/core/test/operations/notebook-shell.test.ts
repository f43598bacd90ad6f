import { Chunk, Effect, Fiber, Option, TestClock, TestContext } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { notebookShellOperation } from "../../src/operations/notebook-shell/index.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

// inspire_notebook_shell against the emulator's real Jupyter terminals: a shell (/bin/sh) that lives on
// between calls, whose socket replays its recent output to each connection, as terminado's does.

const emu = useEmulator()

type Nb = { id: string; name: string; token: string }
let nb: Nb
let profile: ReturnType<typeof profileFor>

const shell = async (input: Record<string, unknown>, around?: Parameters<typeof call>[4]) =>
  call(emu.current, notebookShellOperation, { notebook: nb.id, ...input }, profile, around)

const opened = async (): Promise<string> => {
  const r = succeeded(await shell({ action: "open", input: "echo ready-$((40+2))\n", until: "ready-42", wait: 20 }))
  return r.result.terminal ?? ""
}

// Effect's TestClock, moved to each wake-up of the program however far, but only after the program has
// slept a little real time (a socket's frames come in real time): long waits pass at once.
const onPatientClock = <A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.provide(
    Effect.gen(function* () {
      const fiber = yield* Effect.fork(program)
      for (;;) {
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 300)))
        const exit = yield* Fiber.poll(fiber)
        if (Option.isSome(exit)) return yield* exit.value
        const now = yield* TestClock.currentTimeMillis
        const next = Chunk.reduce(yield* TestClock.sleeps(), Number.POSITIVE_INFINITY, (m, t) => Math.min(m, t))
        if (Number.isFinite(next)) yield* TestClock.adjust(next - now)
      }
    }),
    TestContext.TestContext,
  )

beforeAll(() => {
  const e = emu.current
  nb = e.control.jupyter.runningNotebook({ name: "shell-nb" }) as Nb
  profile = profileFor(e, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })
})

describe("notebook shell", () => {
  it("opens a terminal, and each send returns only the output that followed it", async () => {
    const open = succeeded(
      await shell({ action: "open", input: "echo first-$((20+1))\n", until: "first-21", wait: 20 }),
    )
    const terminal = open.result.terminal ?? ""
    expect(terminal).not.toBe("")
    expect(open.result.output).toContain("first-21")
    expect(open.result.matched).toBe(true)
    expect(open.text).toContain(`Opened terminal ${terminal}`)
    expect(open.result.next.map((n) => n.input.action)).toEqual(["send", "read", "close"])
    const second = succeeded(
      await shell({ action: "send", terminal, input: "echo second-$((30+2))\n", until: "second-32", wait: 20 }),
    )
    expect(second.result.output).toContain("second-32")
    // The replay the fresh socket received (the first command and its output) is not new output.
    expect(second.result.output).not.toContain("first-21")
    expect(second.result.output).not.toContain("first-$((20+1))")
    const read = succeeded(await shell({ action: "read", terminal }))
    expect(read.result.output).toContain("first-21")
    expect(read.result.output).toContain("second-32")
    expect(read.result.truncated).toBeUndefined()
    succeeded(await shell({ action: "close", terminal }))
  }, 60_000)

  it("keeps state between calls and returns as soon as until appears", async () => {
    const terminal = await opened()
    succeeded(await shell({ action: "send", terminal, input: "cd /tmp; GREETING=kept\n", wait: 0.5 }))
    const started = performance.now()
    const r = succeeded(
      await shell({ action: "send", terminal, input: 'sleep 1; echo "$GREETING in $(pwd)"\n', until: "kept in /tmp" }),
    )
    expect(r.result.matched).toBe(true)
    expect(r.result.output).toContain("kept in /tmp")
    expect(performance.now() - started).toBeLessThan(10_000)
    const unseen = succeeded(
      await shell({ action: "send", terminal, input: "echo other\n", until: "never-seen", wait: 1 }),
    )
    expect(unseen.result.matched).toBe(false)
    expect(unseen.result.output).toContain("other")
    expect(unseen.text).toContain('"never-seen" did not appear within 1 s')
    succeeded(await shell({ action: "close", terminal }))
  }, 60_000)

  it("passes control characters: Ctrl-C stops what runs, the shell goes on", async () => {
    const terminal = await opened()
    succeeded(await shell({ action: "send", terminal, input: "sleep 30; echo never-$((1+1))\n", wait: 0.5 }))
    succeeded(await shell({ action: "send", terminal, input: "\u0003", wait: 0.5 }))
    const after = succeeded(
      await shell({ action: "send", terminal, input: "echo back-$((2+3))\n", until: "back-5", wait: 20 }),
    )
    expect(after.result.matched).toBe(true)
    expect(after.result.output).not.toContain("never-2")
    succeeded(await shell({ action: "close", terminal }))
  }, 60_000)

  it("reports a shell that exited, and refuses a closed terminal with a hint to open one", async () => {
    const exited = await opened()
    const bye = succeeded(await shell({ action: "send", terminal: exited, input: "exit\n", wait: 10 }))
    expect(bye.result.ended).toBe(true)
    expect(bye.result.next.map((n) => n.input.action)).toEqual(["open"])
    const terminal = await opened()
    const closed = succeeded(await shell({ action: "close", terminal }))
    expect(closed.result.closed).toBe(true)
    expect(closed.text).toContain(`Closed terminal ${terminal}`)
    for (const name of [terminal, exited]) {
      const refused = failed(await shell({ action: "send", terminal: name, input: "echo hi\n" }))
      expect(refused.reason).toBe("NotFound")
      expect(refused.message).toContain(`no terminal ${name}`)
      expect(refused.hint).toContain('inspire_notebook_shell(action="open"')
    }
    expect(failed(await shell({ action: "read", terminal })).reason).toBe("NotFound")
    const again = succeeded(await shell({ action: "close", terminal }))
    expect(again.result.closed).toBe(false)
    expect(again.text).toContain("already gone")
  }, 60_000)

  it("refuses a missing terminal or input before any request", async () => {
    emu.current.control.clearRequests()
    const noTerminal = failed(await shell({ action: "send", input: "ls\n" }))
    expect(noTerminal.reason).toBe("InvalidInput")
    expect(noTerminal.hint).toContain("terminal=<name>")
    const noInput = failed(await shell({ action: "send", terminal: "1" }))
    expect(noInput.reason).toBe("InvalidInput")
    expect(noInput.hint).toContain("input")
    expect(failed(await shell({ action: "send", terminal: "1", input: "x", wait: 31 })).reason).toBe("InvalidInput")
    expect(emu.current.control.requests().log.filter((q) => q.surface.startsWith("jup:"))).toEqual([])
  }, 30_000)

  it("plans open, send and close in a dry run, and sends nothing", async () => {
    const terminal = await opened()
    const e = emu.current
    e.control.clearRequests()
    const open = succeeded(await shell({ action: "open", input: "rm -rf ~/data\n", dry_run: true }))
    expect(open.result.plan?.summary).toContain("Open a terminal")
    expect(open.result.terminal).toBeUndefined()
    const send = succeeded(await shell({ action: "send", terminal, input: "rm -rf ~/data\n", dry_run: true }))
    expect(send.result.plan?.summary).toContain('"rm -rf ~/data\\n"')
    expect(send.text).toContain("Dry run")
    const close = succeeded(await shell({ action: "close", terminal, dry_run: true }))
    expect(close.result.plan?.requests.map((q) => q.method)).toEqual(["DELETE"])
    const sent = e.control.requests().log.map((q) => q.surface)
    expect(sent.filter((s) => s.startsWith("jup:") && !s.startsWith("jup:GET"))).toEqual([])
    expect(e.control.requests().log.filter((q) => q.write)).toEqual([])
    // The terminal is still there, and nothing was typed into it.
    const read = succeeded(await shell({ action: "read", terminal }))
    expect(read.result.output).not.toContain("rm -rf")
    succeeded(await shell({ action: "close", terminal }))
  }, 60_000)

  it("reads only the end of a long output, and collects output on Effect's clock", async () => {
    const terminal = await opened()
    succeeded(
      await shell({
        action: "send",
        terminal,
        input:
          "i=0; while [ $i -lt 600 ]; do echo line-$i-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; i=$((i+1)); done; echo done-$((5+5))\n",
        until: "done-10",
        wait: 20,
      }),
    )
    const read = succeeded(await shell({ action: "read", terminal }))
    expect(read.result.truncated).toBe(true)
    expect(read.result.output?.length).toBe(20_000)
    expect(read.result.output).toContain("done-10")
    expect(read.text).toContain("Only the last 20000 characters")
    // A 30 s wait on the test clock: it passes as soon as the clock is moved, not after 30 real seconds.
    const started = performance.now()
    const r = succeeded(
      await shell({ action: "send", terminal, input: "echo clocked-$((6+1))\n", wait: 30 }, onPatientClock),
    )
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(r.result.output).toContain("clocked-7")
    succeeded(await shell({ action: "close", terminal }))
  }, 60_000)
})
