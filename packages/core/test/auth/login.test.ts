import { request as httpRequest } from "node:http"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { casLogin } from "../../src/auth/cas-login.js"
import { jwtExpiry } from "../../src/auth/jwt.js"
import { tokenLogin } from "../../src/auth/token-login.js"
import { Transport } from "../../src/platform/transport.js"
import { useEmulator } from "../emulator.js"
import { startServer } from "../platform/servers.js"

const emu = useEmulator()
const layer = Transport.layer({ rateLimit: { perSecond: 1000, burst: 1000 }, proxy: { env: {} } })
const run = <A, E>(program: Effect.Effect<A, E, Transport>) =>
  Effect.runPromiseExit(Effect.scoped(Effect.provide(program, layer)))

describe("token login (/auth/token)", () => {
  it("returns a token whose expiry comes from its exp claim", async () => {
    const exit = await run(tokenLogin(emu.current.url, emu.current.demo))
    expect(Exit.isSuccess(exit)).toBe(true)
    if (Exit.isSuccess(exit)) {
      expect(exit.value.expiresAt).toBe(jwtExpiry(exit.value.value))
      expect(exit.value.expiresAt).toBeGreaterThan(Date.now() + 6 * 86_400_000)
    }
  })

  it("reports a wrong password as CredentialsRejected without echoing it", async () => {
    const exit = await run(tokenLogin(emu.current.url, { username: emu.current.demo.username, password: "not-it-9" }))
    const text = JSON.stringify(exit)
    expect(text).toContain("CredentialsRejected")
    expect(text).toContain("invalid_grant")
    expect(text).not.toContain("not-it-9")
  })

  it("explains invalid_grant for a CAS-federated account", async () => {
    const exit = await run(tokenLogin(emu.current.url, { username: "20250003", password: "Federated#2026" }))
    expect(JSON.stringify(exit)).toContain("federated through CAS")
  })
})

describe("CAS session login", () => {
  it("walks the chain and returns a platform session cookie", async () => {
    const exit = await run(casLogin(emu.current.url, emu.current.demo))
    expect(Exit.isSuccess(exit)).toBe(true)
    if (Exit.isSuccess(exit)) expect(Object.keys(exit.value).some((k) => k.includes("session"))).toBe(true)
  })

  it("calls a login whose callback answer was lost ambiguous, so that it is run again, not paused", async () => {
    const upstream = new URL(emu.current.url)
    // Forwards everything; the first /login/callback is carried out upstream and its answer dropped.
    let drops = 1
    const lossy = await startServer((req, res) => {
      const body: Buffer[] = []
      req.on("data", (c: Buffer) => body.push(c))
      req.on("end", () => {
        const { connection: _c, ...headers } = req.headers
        const out = httpRequest(
          { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
          (answer) => {
            const chunks: Buffer[] = []
            answer.on("data", (c: Buffer) => chunks.push(c))
            answer.on("end", () => {
              if (req.url?.startsWith("/login/callback") && drops-- > 0) return void req.socket.destroy()
              const { "transfer-encoding": _t, connection: _k, "content-length": _l, ...h } = answer.headers
              res.writeHead(answer.statusCode ?? 502, h)
              res.end(Buffer.concat(chunks))
            })
          },
        )
        out.on("error", () => req.socket.destroy())
        out.end(Buffer.concat(body))
      })
    })
    try {
      const first = await run(casLogin(lossy.url, emu.current.demo))
      expect(Exit.isFailure(first)).toBe(true)
      const text = JSON.stringify(first)
      expect(text).toContain('"ambiguous":true')
      expect(text).not.toContain("CredentialsRejected")
      expect(Exit.isSuccess(await run(casLogin(lossy.url, emu.current.demo)))).toBe(true)
    } finally {
      await lossy.close()
    }
  })

  it("logs in a federated account that cannot get a token", async () => {
    const exit = await run(casLogin(emu.current.url, { username: "20250003", password: "Federated#2026" }))
    expect(Exit.isSuccess(exit)).toBe(true)
  })

  it("reads the verdict of a wrong password from the form-error element only", async () => {
    const exit = await run(casLogin(emu.current.url, { username: "20250002", password: "wrong-pass-1" }))
    const text = JSON.stringify(exit)
    expect(text).toContain("CredentialsRejected")
    expect(text).toContain("rejected the username or password")
    expect(text).not.toContain("captcha")
    expect(text).not.toContain("wrong-pass-1")
  })
})
