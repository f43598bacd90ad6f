import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { createServer, type IncomingMessage } from "node:http"
import { type AddressInfo, connect, type Socket } from "node:net"
import { join } from "node:path"
import { Effect, Exit } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { labFailure, labFromUrl, labSend } from "../../src/api/jupyter/lab.js"
import { getNotebook } from "../../src/api/notebooks/read.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { notebookExecOperation } from "../../src/operations/notebook-exec/index.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

// inspire_notebook_exec against the emulator's real Jupyter terminals: commands really run under /bin/sh
// in the notebook's sandbox folder; the token must never appear in anything a caller sees.

const emu = useEmulator()

// A CONNECT-only forward proxy that counts the WebSocket handshakes it carried.
const tunnelProxy = async () => {
  let upgrades = 0
  const sockets = new Set<Socket>()
  const server = createServer((_req, res) => res.writeHead(502).end())
  server.on("connect", (req: IncomingMessage, client: Socket) => {
    const [host, port] = (req.url ?? "").split(":")
    const upstream = connect(Number(port), host ?? "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n")
      client.on("data", (d: Buffer) => {
        if (/^upgrade: websocket/im.test(d.toString("latin1"))) upgrades++
      })
      upstream.pipe(client)
      client.pipe(upstream)
    })
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on("error", () => undefined)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    upgrades: () => upgrades,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
type Nb = { id: string; name: string; token: string; labUrl: string }
let nb: Nb
let profile: ReturnType<typeof profileFor>
const seen: string[] = []

const exec = async (input: Record<string, unknown>) => {
  const exit = await call(emu.current, notebookExecOperation, { notebook: nb.id, ...input }, profile)
  seen.push(JSON.stringify(exit))
  return exit
}

beforeAll(() => {
  const e = emu.current
  nb = e.control.jupyter.runningNotebook({ name: "exec-nb" }) as Nb
  profile = profileFor(e, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })
})

describe("notebook exec", () => {
  it("returns a command's output and exit code, stdout and stderr as one stream", async () => {
    const ok = succeeded(await exec({ command: "echo hello; echo oops >&2; printf 'no newline'" }))
    expect(ok.result.exitCode).toBe(0)
    expect(ok.result.ended).toBe("exited")
    expect(ok.result.output).toBe("hello\noops\nno newline")
    const bad = succeeded(await exec({ command: "echo failing; exit 3" }))
    expect(bad.result.exitCode).toBe(3)
    expect(bad.result.output).toBe("failing\n")
  }, 60_000)

  it("runs in the folder and with the variables given, quoted safely", async () => {
    const sandbox = emu.current.control.jupyter.sandbox(nb.id)
    const r = succeeded(
      await exec({
        command: 'pwd; printf "%s|" "$GREETING" "$OTHER"',
        cwd: "~/",
        env: { GREETING: "it's $HOME; `x`", OTHER: "b c" },
      }),
    )
    expect(r.result.output).toBe(`${sandbox}\nit's $HOME; \`x\`|b c|`)
    expect(r.result.exitCode).toBe(0)
  }, 60_000)

  it("stops a command at its timeout with Ctrl-C and reports 124", async () => {
    const r = succeeded(await exec({ command: "echo started; sleep 30; echo never", timeout: 2 }))
    expect(r.result.exitCode).toBe(124)
    expect(r.result.ended).toBe("timed-out")
    expect(r.result.commandStatus).toBe(130)
    expect(r.result.output).toBe("started\n")
  }, 60_000)

  it("finds the notebook by name, id prefix and pasted URL", async () => {
    for (const ref of [
      "exec-nb",
      nb.id.slice(0, 8),
      nb.labUrl,
      `${emu.current.url}/develop/notebook/${nb.id}?spaceId=x`,
    ]) {
      const r = succeeded(
        await call(emu.current, notebookExecOperation, { notebook: ref, command: "echo hi" }, profile),
      )
      expect(r.result.notebook.id, ref).toBe(nb.id)
      expect(r.result.output).toBe("hi\n")
    }
  }, 90_000)

  it("keeps a detached command running through a dropped socket; attach reads all of it and its status", async () => {
    const e = emu.current
    const started = succeeded(
      await exec({ command: "for i in 1 2 3 4 5 6; do echo line $i; sleep 1; done; exit 7", detach: true }),
    )
    const id = started.result.execId ?? ""
    expect(id).toMatch(/^x[0-9a-f]{12}$/)
    expect(started.result.next[0]?.input).toEqual({ notebook: nb.id, attach: id })
    const running = succeeded(await exec({ status: id }))
    expect(running.result.state).toBe("running")
    e.control.faults.set({ terminalSocketDropMs: 2500 })
    try {
      const attached = succeeded(await exec({ attach: id }))
      expect(attached.result.state).toBe("exited")
      expect(attached.result.exitCode).toBe(7)
      expect(attached.result.output).toBe("line 1\nline 2\nline 3\nline 4\nline 5\nline 6\n")
      expect(attached.result.reconnects).toBeGreaterThan(0)
    } finally {
      e.control.faults.reset()
    }
    const done = succeeded(await exec({ status: id }))
    expect(done.result).toMatchObject({ state: "exited", exitCode: 7, outputBytes: 42 })
    const missing = succeeded(await exec({ status: "x000000000000" }))
    expect(missing.result.state).toBe("missing")
  }, 90_000)

  it("plans a dry run without opening a terminal", async () => {
    emu.current.control.clearRequests()
    const r = succeeded(await exec({ command: "rm -rf ~/data", dry_run: true }))
    expect(r.result.plan?.summary).toContain("rm -rf ~/data")
    const sent = emu.current.control.requests().log.map((q) => q.surface)
    expect(sent.filter((s) => s.startsWith("jup:") && !s.startsWith("jup:GET"))).toEqual([])
    expect(r.text).toContain("Dry run")
  }, 30_000)

  it("explains an unknown, a stopped notebook and a refused token, with hints", async () => {
    const e = emu.current
    const unknown = failed(await exec({ notebook: "no-such-notebook", command: "true" }))
    expect(unknown.reason).toBe("NotFound")
    expect(String(unknown.hint)).toMatch(/inspire_notebook/)
    const stopped = e.control.jupyter.runningNotebook({ name: "exec-stopped" }) as Nb
    succeeded(await call(e, notebookOperation, { action: "stop", notebook_id: stopped.id }, profile))
    e.control.clock.advance(60)
    const down = failed(await exec({ notebook: stopped.id, command: "true" }))
    expect(down.reason).toBe("Conflict")
    expect(down.message).toMatch(/RUNNING/)
    expect(String(down.hint)).toMatch(/start/)
    const fake = "f".repeat(32)
    const wrong = await profile.run(
      Effect.gen(function* () {
        const notebook = yield* getNotebook(nb.id)
        const lab = labFromUrl(notebook, nb.labUrl.replaceAll(nb.token, fake), e.url)
        if (lab === undefined) return yield* Effect.dieMessage("no lab")
        const answer = yield* labSend(lab, { method: "GET", path: "/api/terminals" })
        return { status: answer.status, error: labFailure(lab, answer, "listing terminals") }
      }),
    )
    if (!Exit.isSuccess(wrong)) throw new Error("the request failed")
    expect(wrong.value.status).toBe(403)
    expect(wrong.value.error.reason).toBe("Forbidden")
    expect(wrong.value.error.message).toMatch(/refused its token/)
    expect(String(wrong.value.error.hint)).toMatch(/changes when the notebook restarts/)
    expect(JSON.stringify(wrong.value.error) + wrong.value.error.message).not.toContain(fake)
    seen.push(JSON.stringify([unknown, down]))
  }, 60_000)

  it("reaches the terminal through the profile's proxy, as every request", async () => {
    const proxy = await tunnelProxy()
    try {
      const proxied = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源", HTTP_PROXY: proxy.url })
      const r = succeeded(
        await call(emu.current, notebookExecOperation, { notebook: nb.id, command: "echo via" }, proxied),
      )
      expect(r.result.output).toBe("via\n")
      // The terminal socket's handshake went through the proxy's tunnel, not around it.
      expect(proxy.upgrades()).toBeGreaterThan(0)
    } finally {
      await proxy.close()
    }
  }, 60_000)

  it("never shows the notebook's token", () => {
    expect(seen.length).toBeGreaterThan(5)
    for (const text of seen) expect(text).not.toContain(nb.token)
  })
})

describe("notebook exec files", () => {
  it("runs scripts the sandbox holds", async () => {
    const sandbox = emu.current.control.jupyter.sandbox(nb.id)
    writeFileSync(join(sandbox, "hello.sh"), "echo from script\n")
    const r = succeeded(await exec({ command: "sh hello.sh > out.txt; cat out.txt" }))
    expect(r.result.output).toBe("from script\n")
    expect(readFileSync(join(sandbox, "out.txt"), "utf8")).toBe("from script\n")
  }, 30_000)

  it("runs a command longer than one program argument may be, run or detached, and leaves no file", async () => {
    // 200 KiB: over Linux's 128 KiB limit of one argument, with quotes and a line that looks like an end.
    const data = "a'b\n".repeat(50 * 1024)
    const command = `cat <<'EOF' | wc -c | tr -d " "\n${data}EOF\necho "it's done"`
    const r = succeeded(await exec({ command, timeout: 40 }))
    expect(r.result.exitCode).toBe(0)
    expect(r.result.output).toBe(`${data.length}\nit's done\n`)
    const started = succeeded(await exec({ command: `${command}\nexit 5`, detach: true }))
    const attached = succeeded(await exec({ attach: started.result.execId, timeout: 40 }))
    expect(attached.result).toMatchObject({ state: "exited", exitCode: 5 })
    expect(attached.result.output).toBe(`${data.length}\nit's done\n`)
    const home = join(emu.current.control.jupyter.sandbox(nb.id), ".inspire")
    expect(readdirSync(home).filter((f) => f !== "exec")).toEqual([])
  }, 90_000)
})
