import { createServer, request, type Server } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startRelay } from "../../../src/api/forward/relay.js"

// The relay against a real upstream on loopback: what it hands back of the upstream's own addresses and
// cookies, and how it ends upgraded connections (a server's sockets stay half-open unless told).

const SECRET = "s3cr3t-token-value"
let upstream: Server
let base: string
const appSockets = new Set<Socket>()
const asked: string[] = []

beforeAll(async () => {
  upstream = createServer((req, res) => {
    asked.push(req.url ?? "")
    res.writeHead(302, {
      location: `${base}/proxy/1/next`,
      "set-cookie": [`username=x; Path=/lab/${SECRET}/`, "app=1; Path=/"],
      "x-echo-auth": req.headers.authorization ?? "-",
    })
    res.end()
  })
  upstream.on("upgrade", (_req, socket: Socket) => {
    appSockets.add(socket)
    socket.write("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: x\r\n\r\n")
    socket.on("data", (d: Buffer) => socket.write(d))
  })
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve))
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})
afterAll(() => {
  for (const s of appSockets) s.destroy()
  upstream.close()
})

const target = () => ({
  url: (path: string) => `${base}/proxy/1${path}`,
  headers: { authorization: `token ${SECRET}` },
  secret: SECRET,
})

const upgrade = (url: string, path = "/ws"): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const req = request(url, { path, headers: { connection: "Upgrade", upgrade: "x" } })
    req.on("upgrade", (_res, socket: Socket) => resolve(socket))
    req.on("response", (res) => reject(new Error(`no upgrade: ${res.statusCode}`)))
    req.on("error", reject)
    req.end()
  })

describe("the relay", () => {
  it("makes the upstream's own Location local and drops the cookies that carry the secret", async () => {
    const relay = await startRelay(target(), 0)
    try {
      const r = await fetch(`${relay.url}/x`, { redirect: "manual", headers: { authorization: "mine" } })
      expect(r.status).toBe(302)
      expect(r.headers.get("location")).toBe(`${relay.url}/next`)
      expect(r.headers.getSetCookie()).toEqual(["app=1; Path=/"])
      // The target's auth replaces the client's own header of that name, and is masked in what comes back.
      expect(r.headers.get("x-echo-auth")).toBe("token ***")
    } finally {
      await relay.close()
    }
  })

  it("refuses a path that would leave what is forwarded, before anything is sent", async () => {
    const relay = await startRelay(target(), 0)
    try {
      asked.length = 0
      for (const path of ["/../../api/terminals", "/%2e%2e/%2E%2E/api/terminals", "/a/../../x"]) {
        const status = await new Promise<number>((resolve, reject) => {
          const req = request(`${relay.url}/`, { path })
          req.on("response", (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          })
          req.on("error", reject)
          req.end()
        })
        expect(status, path).toBe(400)
      }
      await expect(upgrade(relay.url, "/../api")).rejects.toThrow()
      expect(asked).toEqual([])
      // Inside, a `..` is resolved as any client would.
      expect((await fetch(`${relay.url}/a/../b`, { redirect: "manual" })).status).toBe(302)
      expect(asked).toEqual(["/proxy/1/b"])
    } finally {
      await relay.close()
    }
  })

  it("closes a connection both ways when the local client ends its side", async () => {
    const relay = await startRelay(target(), 0)
    try {
      const socket = await upgrade(relay.url)
      const echoed = new Promise<string>((resolve) => socket.once("data", (d: Buffer) => resolve(d.toString())))
      socket.write("hi")
      expect(await echoed).toBe("hi")
      const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()))
      socket.end()
      await closed
    } finally {
      await relay.close()
    }
  })

  it("closes while a socket is still open", async () => {
    const relay = await startRelay(target(), 0)
    const socket = await upgrade(relay.url)
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()))
    await relay.close()
    await closed
  })
})
