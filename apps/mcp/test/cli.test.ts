import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, logIn } from "./harness.js"

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }

let emu: RunningEmulator

/** Runs the binary with arguments and optional stdin lines; resolves when it exits. */
const run = (
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv = { PATH: process.env.PATH },
  input = "",
): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
    })
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }))
    child.stdin.end(input)
  })

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
})

afterAll(async () => {
  await emu?.close()
})

describe("the inspire-mcp command line", () => {
  it("prints its version and help", async () => {
    for (const flag of ["--version", "-v", "-V"])
      expect(await run([flag])).toMatchObject({ code: 0, stdout: `${version}\n` })
    const help = await run(["--help"])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain("Usage: inspire-mcp [--profile NAME] [--http [--port N]]")
    expect(help.stdout).toContain("INSPIRE_MCP_TOKEN")
  })

  it("refuses a bearer token shorter than 32 characters before serving, with exit code 2", async () => {
    const short = await run(["--http", "--port", "0"], { ...homeFor(emu.url), INSPIRE_MCP_TOKEN: "abc123" })
    expect(short.code).toBe(2)
    expect(short.stderr).toContain("INSPIRE_MCP_TOKEN is 6 characters long; a bearer token needs at least 32.")
    expect(short.stderr).not.toContain("serving")
  })

  it("refuses unknown flags and a port without --http with exit code 2", async () => {
    const unknown = await run(["--bogus"])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/^error: Unknown option '--bogus'/)
    expect((await run(["--port", "80"])).stderr).toContain("--port only applies with --http")
    expect((await run(["--http", "--port", "99999"])).code).toBe(2)
  })

  it("writes nothing but JSON-RPC on stdout in stdio mode, and exits when stdin closes", async () => {
    const env = homeFor(emu.url)
    await logIn(env, emu.demo.username, emu.demo.password)
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "inspire_config", arguments: {} } },
    ]
    const r = await run([], env, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`)
    expect(r.code).toBe(0)
    const out = r.stdout.trim().split("\n")
    expect(out).toHaveLength(2)
    const messages = out.map((l) => JSON.parse(l) as { id: number; result: { structuredContent?: unknown } })
    expect(messages.map((m) => m.id)).toEqual([1, 2])
    expect(messages[1]?.result.structuredContent).toMatchObject({ action: "get", profile: "default" })
    expect(r.stderr).toContain("inspire-mcp: serving")
  })
})
