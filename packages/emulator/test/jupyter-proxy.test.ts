import { createServer, request, type Server } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket, { WebSocketServer } from "ws"
import type { RunningEmulator } from "../src/index.js"
import { start } from "./helpers.js"

// The port proxy of a notebook's Jupyter server, `<lab>/proxy/<port>/` (§4.17): a server listening on a
// port of the notebook (the emulator's notebooks run on this machine: its loopback) is reached over HTTP
// and WebSocket through the gateway, with the notebook's token; only for a notebook created with allow_ssh.

let emu: RunningEmulator
let app: Server
let port: number
let seen: { path: string; auth: string | undefined; host: string | undefined }[] = []

beforeAll(async () => {
  emu = await start()
  app = createServer((req, res) => {
    seen.push({ path: req.url ?? "", auth: req.headers.authorization, host: req.headers.host })
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/plain", "x-app": "yes" })
      res.end(`${req.method} ${req.url} ${Buffer.concat(chunks).toString("utf8")}`)
    })
  })
  const wss = new WebSocketServer({ server: app })
  wss.on("connection", (ws, req) => ws.on("message", (m) => ws.send(`echo ${req.url} ${String(m)}`)))
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve))
  port = (app.address() as AddressInfo).port
})
afterAll(async () => {
  app.closeAllConnections()
  await new Promise((resolve) => app.close(resolve))
  await emu.close()
})

const echo = (url: string, headers: Record<string, string> = {}): Promise<string> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers })
    ws.on("open", () => ws.send("hi"))
    ws.on("message", (m) => {
      resolve(String(m))
      ws.close()
    })
    ws.on("unexpected-response", (_req, res) => reject(new Error(`status ${res.statusCode}`)))
    ws.on("error", reject)
  })

describe("the port proxy <lab>/proxy/<port>/", () => {
  it("relays HTTP (method, path, query, body) and WebSocket to the notebook's port, without the token", async () => {
    const nb = emu.control.jupyter.runningNotebook({ allowSsh: true })
    seen = []
    const auth = { authorization: `token ${nb.token}` }
    const r = await fetch(`${nb.labBase}/proxy/${port}/a/b?x=1&token=${nb.token}`, { method: "POST", body: "data" })
    expect(r.status).toBe(200)
    expect(r.headers.get("x-app")).toBe("yes")
    expect(await r.text()).toBe("POST /a/b?x=1 data")
    const root = await fetch(`${nb.labBase}/proxy/${port}`, { headers: auth })
    expect(await root.text()).toBe("GET / ")
    expect(seen.map((s) => s.auth)).toEqual([undefined, undefined])
    expect(seen[0]?.host).toBe(`127.0.0.1:${port}`)
    const ws = `${nb.labBase.replace(/^http/, "ws")}/proxy/${port}/sock`
    expect(await echo(ws, auth)).toBe("echo /sock hi")
    expect(await echo(`${ws}?token=${nb.token}`)).toBe("echo /sock hi")
    const paths = emu.control.requests().log.map((l) => l.surface)
    expect(paths).toContain("jup:POST /proxy/:port")
    expect(paths).toContain("jup:WS /proxy/:port")
  })

  it("closes a socket both ways when the client's side ends", async () => {
    const nb = emu.control.jupyter.runningNotebook({ allowSsh: true })
    // A raw server: 101, then it never ends its side (a server's sockets stay half-open by default).
    const raw = createServer()
    const ended = new Promise<void>((resolve) =>
      raw.on("upgrade", (_req, socket: Socket) => {
        socket.write("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: x\r\n\r\n")
        socket.on("end", () => resolve())
      }),
    )
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve))
    const rawPort = (raw.address() as AddressInfo).port
    const client = await new Promise<Socket>((resolve, reject) => {
      const req = request(`${nb.labBase}/proxy/${rawPort}/`, {
        headers: { connection: "Upgrade", upgrade: "x", authorization: `token ${nb.token}` },
      })
      req.on("upgrade", (_res, socket: Socket) => resolve(socket))
      req.on("error", reject)
      req.end()
    })
    // The client half-closes; the proxy must close the whole connection, both ways, not keep it half-open.
    const clientClosed = new Promise<void>((resolve) => client.on("close", () => resolve()))
    client.end()
    await Promise.all([ended, clientClosed])
    raw.closeAllConnections()
    raw.close()
  })

  it("is 404 for a notebook created without allow_ssh, HTTP and WebSocket", async () => {
    const nb = emu.control.jupyter.runningNotebook()
    const r = await fetch(`${nb.labBase}/proxy/${port}/`, { headers: { authorization: `token ${nb.token}` } })
    expect(r.status).toBe(404)
    const ws = `${nb.labBase.replace(/^http/, "ws")}/proxy/${port}/`
    await expect(echo(ws, { authorization: `token ${nb.token}` })).rejects.toThrow(/404/)
  })

  it("refuses a wrong token (403), and answers 500 when nothing listens on the port", async () => {
    const nb = emu.control.jupyter.runningNotebook({ allowSsh: true })
    expect((await fetch(`${nb.labBase}/proxy/${port}/`, { headers: { authorization: "token nope" } })).status).toBe(403)
    const closed = await new Promise<number>((resolve) => {
      const s = createServer()
      s.listen(0, "127.0.0.1", () => {
        const p = (s.address() as AddressInfo).port
        s.close(() => resolve(p))
      })
    })
    const r = await fetch(`${nb.labBase}/proxy/${closed}/`, { headers: { authorization: `token ${nb.token}` } })
    expect(r.status).toBe(500)
    expect(await r.text()).toMatch(/Could not connect/)
    const ws = `${nb.labBase.replace(/^http/, "ws")}/proxy/${closed}/`
    await expect(echo(ws, { authorization: `token ${nb.token}` })).rejects.toThrow(/500/)
  })
})
