import { execFileSync, spawn } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { createServer } from "node:https"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

// A private CA and a certificate for 127.0.0.1 it signed, as a TLS-inspecting campus proxy would have.
const dir = mkdtempSync(join(tmpdir(), "inspire-tls-"))
const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" })
let server: ReturnType<typeof createServer>
let url = ""

beforeAll(async () => {
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=Test CA",
  )
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "srv.key", "-out", "srv.csr", "-subj", "/CN=127.0.0.1")
  writeFileSync(join(dir, "ext.cnf"), "subjectAltName=IP:127.0.0.1\n")
  openssl(
    "x509",
    "-req",
    "-in",
    "srv.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "srv.pem",
    "-days",
    "2",
    "-extfile",
    "ext.cnf",
  )
  server = createServer(
    { key: readFileSync(join(dir, "srv.key")), cert: readFileSync(join(dir, "srv.pem")) },
    (_req, res) => {
      res.writeHead(200)
      res.end("{}")
    },
  )
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`
}, 30_000)
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const get = (extraEnv: NodeJS.ProcessEnv) => {
  const script = fileURLToPath(new URL("../fixtures/tls-get.mjs", import.meta.url))
  const env = { ...process.env, ...extraEnv }
  if (!("NODE_EXTRA_CA_CERTS" in extraEnv)) delete env.NODE_EXTRA_CA_CERTS
  // Asynchronously: the server answering the child lives in this process.
  return new Promise<{ status?: number; kind?: string; hint?: string }>((resolve) => {
    const child = spawn(process.execPath, [script, url], { env, stdio: ["ignore", "pipe", "inherit"] })
    let out = ""
    child.stdout.on("data", (d) => {
      out += String(d)
    })
    child.on("exit", () => resolve(JSON.parse(out)))
  })
}

describe("TLS", () => {
  it("trusts a CA named by NODE_EXTRA_CA_CERTS", async () => {
    expect(await get({ NODE_EXTRA_CA_CERTS: join(dir, "ca.pem") })).toEqual({ status: 200 })
  })

  it("reports an untrusted certificate with the NODE_EXTRA_CA_CERTS hint", async () => {
    const r = await get({})
    expect(r.kind).toBe("tls")
    expect(r.hint).toContain("NODE_EXTRA_CA_CERTS")
  })
})
