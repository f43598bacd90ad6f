import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { OPERATIONS } from "@holos-inspire/core"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, logIn, transcript } from "./harness.js"
import { expectNoSecrets } from "./secrets.js"

// The official MCP Inspector, in CLI mode, launching the built server over stdio.
const INSPECTOR = fileURLToPath(new URL("../node_modules/.bin/mcp-inspector", import.meta.url))

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

const inspector = (args: ReadonlyArray<string>): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(INSPECTOR, ["--cli", process.execPath, BIN, ...args], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
    })
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
    })
    child.on("error", reject)
    child.on("close", (code) => {
      transcript.push(stdout, stderr)
      resolve({ code: code ?? -1, stdout, stderr })
    })
  })

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  await logIn(env, emu.demo.username, emu.demo.password)
})

afterAll(async () => {
  await emu?.close()
})

describe("the MCP Inspector CLI", () => {
  it("lists the tools", async () => {
    const r = await inspector(["--method", "tools/list"])
    expect(r.code, r.stderr).toBe(0)
    const { tools } = JSON.parse(r.stdout) as { tools: Array<{ name: string; outputSchema?: { type: string } }> }
    expect(tools.map((t) => t.name)).toEqual(OPERATIONS.map((op) => `inspire_${op.name}`))
    expect(tools.every((t) => t.outputSchema === undefined)).toBe(true)
  })

  it("calls inspire_status and gets the structured result", async () => {
    const r = await inspector([
      "--method",
      "tools/call",
      "--tool-name",
      "inspire_status",
      "--tool-arg",
      "schedule_type=TRAIN",
    ])
    expect(r.code, r.stderr).toBe(0)
    const result = JSON.parse(r.stdout) as {
      isError?: boolean
      content: Array<{ text: string }>
      structuredContent: { user: { loginName: string }; scheduleTypes: string[]; workspaces: Array<{ name: string }> }
    }
    expect(result.isError ?? false).toBe(false)
    expect(result.structuredContent.user.loginName).toBe(emu.demo.username)
    expect(result.structuredContent.scheduleTypes).toEqual(["TRAIN"])
    expect(result.structuredContent.workspaces.map((w) => w.name)).toContain("分布式训练空间")
    // The text is the rendering's first and last lines, and names the structured result as the whole.
    expect(result.content[0]?.text).toContain("the whole result is the structuredContent of inspire_status")
    expectNoSecrets([env.INSPIRE_HOME ?? ""], [emu.demo.password])
  })
})
