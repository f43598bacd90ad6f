import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Exit } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { InspireError } from "../../src/errors.js"
import { forwardNotebookPort, forwardServing, type PortForward } from "../../src/operations/common/forward.js"
import { inferenceOperation } from "../../src/operations/inference/index.js"
import { notebookOperation } from "../../src/operations/notebook/index.js"
import { notebookExecOperation } from "../../src/operations/notebook-exec/index.js"
import { renderWords } from "../../src/words/render.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, h100SpecId, succeeded, trainingSpaceProfile } from "./harness.js"

// undici's WebSocket alone, as core loads it: its index would patch undici's shared classes for every
// later test of this worker (test/platform/undici.test.ts checks that nothing does).
const { WebSocket } = (await import("undici/lib/web/websocket/websocket.js")) as unknown as typeof import("undici")

// Port forwarding through a notebook's Jupyter port proxy and to a serving, against the emulator: a tiny
// HTTP and WebSocket echo server really runs inside the notebook (started by notebook_exec), and is
// reached through a local relay; the notebook's token never reaches the server or the local client.

const emu = useEmulator()
const ECHO = readFileSync(new URL("../fixtures/echo-server.mjs", import.meta.url), "utf8")
const forwards: PortForward[] = []
let profile: ReturnType<typeof profileFor>
let nb: { id: string; name: string; token: string }
let remote: number

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer()
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as AddressInfo).port
      s.close(() => resolve(port))
    })
  })

const run = async <A>(effect: Parameters<typeof profile.run<A, InspireError>>[0]) => {
  const exit = await profile.run(effect)
  if (Exit.isSuccess(exit)) return exit.value
  throw exit.cause._tag === "Fail" ? exit.cause.error : new Error(String(exit.cause))
}
const refusal = async (effect: Parameters<typeof run>[0]) => {
  const e = await run(effect).then(
    () => undefined,
    (x: unknown) => x,
  )
  if (!(e instanceof InspireError)) throw new Error(`expected an InspireError, got ${String(e)}`)
  return { reason: e.reason, message: renderWords(e.text, "cli"), hint: renderWords(e.hint, "cli") }
}
const forward = async (input: Parameters<typeof forwardNotebookPort>[0]) => {
  const f = (await run(forwardNotebookPort(input))) as PortForward
  forwards.push(f)
  return f
}

beforeAll(async () => {
  profile = profileFor(emu.current, { INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" })
  nb = emu.current.control.jupyter.runningNotebook({ name: "pf-nb", allowSsh: true })
  remote = await freePort()
  const command = `cat > echo.mjs <<'EOF'\n${ECHO}\nEOF\nexec '${process.execPath}' echo.mjs ${remote}`
  succeeded(await call(emu.current, notebookExecOperation, { notebook: nb.id, command, detach: true }, profile))
}, 60_000)
afterAll(async () => {
  for (const f of forwards) await f.relay.close()
})

// The echo server starts in the background: asked through the forward until it answers.
const ready = async (url: string) => {
  for (let i = 0; i < 200; i++) {
    const r = await fetch(`${url}/ready`).catch(() => undefined)
    if (r?.status === 200) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error("the echo server in the notebook never answered")
}

const echoOnce = (url: string, text: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.addEventListener("open", () => ws.send(text))
    ws.addEventListener("message", (m) => {
      resolve(String(m.data))
      ws.close()
    })
    ws.addEventListener("error", () => reject(new Error("the socket failed")))
  })

describe("notebook port-forward", () => {
  it("relays HTTP (any method, bodies streamed) and a WebSocket to a server inside the notebook", async () => {
    const f = await forward({ notebook: "pf-nb", remotePort: remote, localPort: 0 })
    expect(f.relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(f).toMatchObject({ kind: "notebook", id: nb.id, name: "pf-nb", remotePort: remote })
    await ready(f.relay.url)
    const posted = await fetch(`${f.relay.url}/a/b?x=1`, { method: "PUT", body: "hello" })
    expect(await posted.json()).toEqual({ method: "PUT", url: "/a/b?x=1", auth: null, body: "hello" })
    // The first line arrives while the server still holds the rest: nothing is buffered on the way.
    const stream = await fetch(`${f.relay.url}/stream`)
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first\n")
    await fetch(`${f.relay.url}/release`)
    let rest = ""
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value)
    expect(rest).toBe("second\n")
    expect(await echoOnce(`${f.relay.url.replace(/^http/, "ws")}/sock`, "ping")).toBe("echo ping")
    expect(f.relay.stats()).toMatchObject({ sockets: 1, failures: 0 })
    const surfaces = emu.current.control.requests().log.map((l) => l.surface)
    expect(surfaces).toContain("jup:PUT /proxy/:port")
    expect(surfaces).toContain("jup:WS /proxy/:port")
  })

  it("refuses a local port in use, a bad port, and a notebook created without SSH (saying how to get one)", async () => {
    const taken: Server = createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    const port = (taken.address() as AddressInfo).port
    try {
      const inUse = await refusal(forwardNotebookPort({ notebook: nb.id, remotePort: remote, localPort: port }))
      expect(inUse).toMatchObject({ reason: "Conflict", message: `Local port ${port} on 127.0.0.1 is already in use.` })
    } finally {
      taken.close()
    }
    const bad = await refusal(forwardNotebookPort({ notebook: nb.id, remotePort: 70000, localPort: 0 }))
    expect(bad).toMatchObject({ reason: "InvalidInput", message: "70000 is not a port number." })
    const plain = emu.current.control.jupyter.runningNotebook({ name: "pf-plain" })
    const noSsh = await refusal(forwardNotebookPort({ notebook: "pf-plain", remotePort: remote, localPort: 0 }))
    expect(noSsh.reason).toBe("Conflict")
    expect(noSsh.message).toBe(
      "Notebook pf-plain was not created with SSH enabled, so the platform opens no port proxy for it.",
    )
    expect(noSsh.hint).toContain("inspire notebook create --allow-ssh")
    expect(plain.id).not.toBe(nb.id)
  })

  it("refuses a notebook that is not running", async () => {
    const other = emu.current.control.jupyter.runningNotebook({ name: "pf-stopped", allowSsh: true })
    succeeded(
      await call(emu.current, notebookOperation, { action: "stop", notebook_id: other.id, confirm: true }, profile),
    )
    emu.current.control.clock.advance(30)
    const e = await refusal(forwardNotebookPort({ notebook: other.id, remotePort: remote, localPort: 0 }))
    expect(e.reason).toBe("Conflict")
    expect(e.message).toMatch(/^Notebook pf-stopped is \S+; commands and files need it RUNNING\.$/)
    expect(e.hint).toContain("inspire notebook start")
  })
})

describe("serve port-forward", () => {
  it("is a local OpenAI endpoint: /v1/models and a streamed chat through the forward, no token", async () => {
    const p = trainingSpaceProfile(emu.current)
    const created = succeeded(
      await call(
        emu.current,
        inferenceOperation,
        {
          action: "create",
          recipe: "qwen2.5-7b-instruct-vllm",
          name: "pf-serving",
          compute_group: "H100",
          spec: h100SpecId(emu.current, "SERVING") ?? "",
        },
        p,
      ),
    ).result as unknown as { servingId: string }
    const early = await refusal(forwardServing({ serving: created.servingId, localPort: 0 }))
    expect(early.reason).toBe("Conflict")
    expect(early.message).toMatch(/^Serving pf-serving is \S+; a forward needs it RUNNING\.$/)
    emu.current.control.clock.advance(10)
    const f = (await run(
      forwardServing({ serving: "pf-serving", localPort: 0, workspace: "分布式训练空间" }),
    )) as PortForward
    forwards.push(f)
    expect(f).toMatchObject({ kind: "serving", id: created.servingId, name: "pf-serving" })
    const models = await fetch(`${f.relay.url}/v1/models`)
    expect(models.status).toBe(200)
    expect(((await models.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toEqual(["qwen2.5-7b-instruct"])
    const chat = await fetch(`${f.relay.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: "qwen2.5-7b-instruct",
        messages: [{ role: "user", content: "ping" }],
        stream: true,
      }),
    })
    expect(chat.headers.get("content-type")).toContain("text/event-stream")
    const events = await chat.text()
    expect(events).toContain("chat.completion.chunk")
    expect(events.trimEnd().endsWith("data: [DONE]")).toBe(true)
  })
})
