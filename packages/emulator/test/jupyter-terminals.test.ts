import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { Client, start } from "./helpers.js"
import { alive, eventually, Lab, Term } from "./jupyter-client.js"

let emu: RunningEmulator
let c: Client

beforeAll(async () => {
  emu = await start()
  c = new Client(emu)
  await c.loginToken()
})
afterAll(() => emu.close())
beforeEach(() => emu.control.faults.reset())

const lab = (name?: string) => {
  const nb = emu.control.jupyter.runningNotebook(name === undefined ? {} : { name })
  return { nb, lab: new Lab(nb.labBase, nb.token) }
}

describe("the notebook's Jupyter server: auth and readiness (§2.9, §4.17)", () => {
  it("takes the token as a header or ?token=, refuses a wrong or missing one with Jupyter's JSON 403", async () => {
    const { nb, lab: l } = lab()
    expect((await l.api("GET", "/api")).body).toEqual({ version: expect.any(String) })
    const status = await l.api("GET", "/api/status")
    expect(status.status).toBe(200)
    expect(Object.keys(status.body).sort()).toEqual(["connections", "kernels", "last_activity", "started"])
    const byQuery = await fetch(`${nb.labBase}/api/terminals?token=${nb.token}`)
    expect(byQuery.status).toBe(200)
    // Jupyter Server 2.x reads `token <t>` and `bearer <t>` alike.
    expect((await l.api("GET", "/api/terminals", undefined, `Bearer ${nb.token}`)).status).toBe(200)
    for (const auth of ["token 0000", "", `Bearer ${"f".repeat(32)}`]) {
      const r = await l.api("GET", "/api/terminals", undefined, auth)
      expect(r.status, auth).toBe(403)
      expect(r.body).toEqual({ message: "Forbidden", reason: null })
    }
    expect((await fetch(`${nb.labBase}/api/terminals?token=${"f".repeat(32)}`)).status).toBe(403)
    // The WebSocket takes the same token, and refuses without it.
    const name = await l.newTerminal()
    await expect(Term.connect(l.socketUrl(name, false))).rejects.toThrow(/403/)
    const t = await Term.connect(l.socketUrl(name, false), { authorization: `token ${nb.token}` })
    await t.until((x) => x.frames.some((f) => f[0] === "setup"), "setup")
    t.close()
  })

  it("answers 404 for an unknown notebook and 503 while it starts and once it stops", async () => {
    const { nb, lab: l } = lab()
    const unknown = nb.labBase.replace(nb.id, "00000000-0000-4000-8000-000000000000")
    const r = await fetch(`${unknown}/api/status`, { headers: { authorization: `token ${nb.token}` } })
    expect(r.status).toBe(404)
    expect(await r.json()).toMatchObject({ reason: null })
    await c.result("notebook", "StopNotebook", { notebook_id: nb.id })
    expect((await l.api("GET", "/api/status")).status).toBe(503)
    emu.control.clock.advance(10)
    const stopped = await l.api("GET", "/api/status")
    expect(stopped.status).toBe(503)
    expect(stopped.body.message).toMatch(/not running/)
    // Started again: RUNNING comes before Jupyter is ready.
    emu.control.faults.set({ jupyterStartupSeconds: 60 })
    await c.result("notebook", "StartNotebook", { notebook_id: nb.id })
    emu.control.clock.advance(20)
    expect((await c.result("notebook", "GetNotebook", { notebook_id: nb.id })).status).toBe("RUNNING")
    expect((await l.api("GET", "/api/status")).status).toBe(503)
    emu.control.clock.advance(60)
    expect((await l.api("GET", "/api/status")).status).toBe(200)
  })
})

describe("terminals (REST and WebSocket)", () => {
  it("names terminals 1, 2, …, lists them and deletes one (its socket is told and closed)", async () => {
    const { lab: l } = lab()
    expect((await l.api("GET", "/api/terminals")).body).toEqual([])
    expect(await l.newTerminal()).toBe("1")
    expect(await l.newTerminal()).toBe("2")
    const list = await l.api("GET", "/api/terminals")
    expect(list.body.map((t: { name: string }) => t.name)).toEqual(["1", "2"])
    expect(list.body[0].last_activity).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/)
    const t = await l.open("1")
    await t.until((x) => x.frames.length > 0, "setup")
    expect(t.frames[0]).toEqual(["setup", {}])
    expect((await l.api("DELETE", "/api/terminals/1")).status).toBe(204)
    await t.until((x) => x.closed, "the socket to close")
    const gone = await l.api("DELETE", "/api/terminals/1")
    expect(gone.status).toBe(404)
    expect(gone.body).toEqual({ message: "Terminal not found: 1", reason: null })
    await expect(l.open("1")).rejects.toThrow(/404/)
    expect(await l.newTerminal()).toBe("1")
  })

  it("runs commands for real in the notebook's sandbox, with its environment and exit statuses", async () => {
    const { nb, lab: l } = lab()
    const t = await l.open(await l.newTerminal())
    t.stdin("echo hello-$((40+2)); pwd; echo NB=$NB_PREFIX; echo WS=$WORKSPACE_DIR\r")
    await t.expect(/hello-42/)
    const sandbox = emu.control.jupyter.sandbox(nb.id)
    await t.expect(new RegExp(`WS=${sandbox}`))
    expect(t.stdout).toContain(`\n${sandbox}\r`)
    expect(t.stdout).toContain(`NB=${new URL(nb.labBase).pathname}`)
    t.stdin("false; echo __rc=$?__\r")
    expect((await t.expect(/__rc=(\d+)__/))[1]).toBe("1")
    t.send(["set_size", 33, 101, 600, 800])
    t.stdin("stty size\r")
    await t.expect(/33 101/)
    t.stdin("exit 3\r")
    await t.until((x) => x.closed, "the shell to exit")
    expect(t.frames.at(-1)).toEqual(["disconnect", 1])
    expect((await l.api("GET", "/api/terminals")).body).toEqual([])
  })

  it("passes Ctrl-C through to the foreground command: exit status 130", async () => {
    const { lab: l } = lab()
    const t = await l.open(await l.newTerminal())
    // The command says when it runs in the foreground; a ^C sent before that would reach the shell.
    t.stdin("sh -c 'echo __go=$((1+1))__; exec sleep 30'\r")
    await t.expect(/__go=2__/)
    t.stdin("\u0003")
    // As on any tty, ^C flushes input typed ahead of it: wait for its echo first.
    await t.expect(/\^C/)
    t.stdin("echo __rc=$?__\r")
    expect((await t.expect(/__rc=(\d+)__/))[1]).toBe("130")
    t.close()
  })

  it("keeps the shell when the gateway drops the socket; a reconnect sees the command finish", async () => {
    const { nb, lab: l } = lab()
    const name = await l.newTerminal()
    const first = await l.open(name)
    // The command finishes only once the file `go` exists, which the test creates after the drop.
    first.stdin("while [ ! -f go ]; do sleep 0.1; done; echo __done=$((6*7))__\r")
    await first.expect(/done; echo/)
    expect(emu.control.jupyter.dropTerminals()).toBeGreaterThanOrEqual(1)
    await first.until((x) => x.closed, "the drop")
    expect(first.stdout).not.toContain("__done=42__")
    writeFileSync(join(emu.control.jupyter.sandbox(nb.id), "go"), "")
    const again = await l.open(name)
    // What ran while no socket was attached comes back in the replayed buffer (as terminado does).
    await again.expect(/__done=42__/)
    again.stdin("echo __still=$$__\r")
    await again.expect(/__still=\d+__/)
    again.close()
  })

  it("drops every terminal socket after terminalSocketDropMs when the fault is on", async () => {
    const { lab: l } = lab()
    emu.control.faults.set({ terminalSocketDropMs: 300 })
    const name = await l.newTerminal()
    const t = await l.open(name)
    t.stdin("echo __up__\r")
    await t.expect(/__up__/)
    await t.until((x) => x.closed, "the fault to drop the socket")
    emu.control.faults.set({ terminalSocketDropMs: null })
    expect((await l.api("GET", `/api/terminals/${name}`)).status).toBe(200)
  })

  it("kills every process of the notebook when it stops, detached ones included", async () => {
    const { nb, lab: l } = lab()
    const t = await l.open(await l.newTerminal())
    t.stdin("setsid sh -c 'echo __bg=$$__; exec sleep 300' & sleep 300 & echo __job=$!__\r")
    const bg = Number((await t.expect(/__bg=(\d+)__/))[1])
    const job = Number((await t.expect(/__job=(\d+)__/))[1])
    expect(alive(bg) && alive(job)).toBe(true)
    await c.result("notebook", "StopNotebook", { notebook_id: nb.id })
    await eventually(() => !alive(bg) && !alive(job), "the notebook's processes to die", 20_000)
    await t.until((x) => x.closed, "the terminal to close")
    // Its files stay while it exists, and go with it.
    const sandbox = emu.control.jupyter.sandbox(nb.id)
    emu.control.clock.advance(10)
    await c.result("notebook", "DeleteNotebook", { notebook_id: nb.id })
    await eventually(() => !existsSync(sandbox), "the sandbox to be removed", 20_000)
  })

  it("kills what a notebook started when the emulator closes", async () => {
    const other = await start()
    const nb = other.control.jupyter.runningNotebook()
    const l = new Lab(nb.labBase, nb.token)
    const t = await l.open(await l.newTerminal())
    t.stdin("setsid sh -c 'echo __bg=$$__; exec sleep 300' &\r")
    const bg = Number((await t.expect(/__bg=(\d+)__/))[1])
    expect(alive(bg)).toBe(true)
    await other.close()
    await eventually(() => !alive(bg), "the detached process to die", 20_000)
  })
})

describe("the fallback without a pseudo-terminal (no `script` on the machine)", () => {
  it("still runs commands, gives exit statuses and interrupts with Ctrl-C (130)", async () => {
    const piped = await start({ jupyterShell: "pipes" })
    try {
      const nb = piped.control.jupyter.runningNotebook()
      const l = new Lab(nb.labBase, nb.token)
      const t = await l.open(await l.newTerminal())
      t.stdin("echo hello-$((40+2)); [ -t 0 ] || echo __no_tty__\n")
      await t.expect(/hello-42/)
      await t.expect(/__no_tty__/)
      t.stdin("sh -c 'echo __go=$((1+1))__; exec sleep 30'\n")
      await t.expect(/__go=2__/)
      t.stdin("\u0003")
      t.stdin("echo __rc=$?__\n")
      expect((await t.expect(/__rc=(\d+)__/))[1]).toBe("130")
      t.stdin("exit 4\n")
      await t.until((x) => x.closed, "the shell to exit")
      expect(t.frames.at(-1)).toEqual(["disconnect", 1])
    } finally {
      await piped.close()
    }
  })
})
