import { execFileSync, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Json, needOpenssl } from "./helpers.js"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const main = join(root, "dist", "main.js")
const dir = mkdtempSync(join(tmpdir(), "inspire-emulator-"))

beforeAll(() => {
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-b"], { cwd: root })
}, 60_000)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Starts the CLI and resolves with its one stdout line parsed, plus the process. */
const launch = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const child = spawn(process.execPath, [main, ...args], { stdio: ["ignore", "pipe", "pipe"], env })
  const lines: string[] = []
  const ready = new Promise<Json>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout })
    rl.on("line", (line) => {
      lines.push(line)
      resolve(JSON.parse(line) as Json)
    })
    child.once("exit", (code) => reject(new Error(`exited early with ${code}`)))
  })
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)))
  return { child, ready, exited, lines }
}

describe("inspire-emulator CLI", () => {
  it("prints exactly one JSON line, serves, and exits 0 on SIGTERM", async () => {
    const run = launch(["--port", "0"])
    const info = await run.ready
    expect(info.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(info).toMatchObject({ username: "20250001", password: "Passw0rd!" })
    expect(info.harbor.username).toMatch(/^robot\$inspire-studio\+user-/)
    const token = await fetch(`${info.url}/auth/token`, {
      method: "POST",
      body: JSON.stringify({ username: info.username, password: info.password }),
    })
    expect(token.status).toBe(200)
    run.child.kill("SIGTERM")
    expect(await run.exited).toBe(0)
    expect(run.lines).toHaveLength(1)
  })

  it("names both Harbor registries in the ready line, each answering its own robot account", async () => {
    const run = launch(["--port", "0"])
    const info = await run.ready
    const { harbor } = info
    expect(harbor.url).toBe(`${info.url}/harbor/qb`)
    expect(harbor.sj.url).toBe(`${info.url}/harbor/sj`)
    const status = async (base: string, account: Json) =>
      (
        await fetch(`${base}/api/v2.0/projects?page_size=1`, {
          headers: {
            authorization: `Basic ${Buffer.from(`${account.username}:${account.password}`).toString("base64")}`,
          },
        })
      ).status
    expect(await status(harbor.url, harbor)).toBe(200)
    expect(await status(harbor.sj.url, harbor.sj)).toBe(200)
    expect(await status(harbor.sj.url, harbor)).toBe(401)
    // qb's Harbor also answers at the root, as on its own host.
    expect(await status(info.url, harbor)).toBe(200)
    run.child.kill("SIGTERM")
    expect(await run.exited).toBe(0)
  }, 30_000)

  it("rejects a bad flag with one line and exit code 2", async () => {
    const run = launch(["--bogus"])
    let stderr = ""
    run.child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString()
    })
    run.ready.catch(() => {})
    expect(await run.exited).toBe(2)
    expect(stderr.trimEnd().split("\n")).toHaveLength(1)
    expect(stderr).toContain("inspire-emulator: Unknown option '--bogus'")
    const bad = launch(["--speed", "fast"])
    bad.ready.catch(() => {})
    expect(await bad.exited).toBe(2)
  })

  it("with --tls prints https URLs and the certificate to trust; without openssl says so and exits 1", async () => {
    needOpenssl()
    const run = launch(["--port", "0", "--tls"])
    const info = await run.ready
    expect(info.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(info.harbor.url).toBe(`${info.url}/harbor/qb`)
    expect(readFileSync(info.ca, "utf8")).toMatch(/^-----BEGIN CERTIFICATE-----/)
    run.child.kill("SIGTERM")
    expect(await run.exited).toBe(0)
    expect(existsSync(info.ca)).toBe(false)
    const bare = launch(["--port", "0", "--tls"], { ...process.env, PATH: dir })
    let stderr = ""
    bare.child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString()
    })
    bare.ready.catch(() => {})
    expect(await bare.exited).toBe(1)
    expect(stderr.trim()).toBe(
      "inspire-emulator: --tls needs the openssl program to create the emulator's certificate, and none was found on PATH; install openssl or start without --tls",
    )
  })

  it("persists state across restarts with --state", async () => {
    const file = join(dir, "state.json")
    const first = launch(["--port", "0", "--state", file])
    const info = await first.ready
    await fetch(`${info.url}/__emulator/harbor/push`, {
      method: "POST",
      body: JSON.stringify({ registry: "qb", name: "kept", tag: "v9" }),
    })
    first.child.kill("SIGINT")
    expect(await first.exited).toBe(0)
    expect(JSON.parse(readFileSync(file, "utf8")).harbor.some((r: Json) => r.name === "inspire-studio/kept")).toBe(true)
    const second = launch(["--port", "0", "--state", file])
    const again = await second.ready
    const dump = (await (await fetch(`${again.url}/__emulator/state`)).json()) as Json
    expect(dump.state.harbor.some((r: Json) => r.name === "inspire-studio/kept")).toBe(true)
    second.child.kill("SIGTERM")
    expect(await second.exited).toBe(0)
  })
})
