import { spawn } from "node:child_process"
import { createServer, request, type Server } from "node:http"
import type { AddressInfo, Socket } from "node:net"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, inspire, json, type Run, transcript } from "./harness.js"
import { servingPlacement } from "./placement.js"

// `inspire notebook port-forward` and `inspire serve port-forward` as child processes: the local URL on
// stdout, requests relayed while it runs, Ctrl-C ends it with 0; bad input refused before listening.

const T = 60_000
let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let app: Server
let appPort: number
let token: string

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  env = { ...homeFor(emu.url), INSPIRE_DEFAULT_WORKSPACE: "可上网GPU资源" }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  token = emu.control.jupyter.runningNotebook({ name: "cli-pf", allowSsh: true }).token
  emu.control.jupyter.runningNotebook({ name: "cli-plain" })
  // A server on the notebook's loopback (the emulator's notebooks run on this machine).
  app = createServer((req, res) => res.end(`app ${req.method} ${req.url} ${req.headers.authorization ?? "-"}`))
  // An upgrade is answered 101, then every byte is echoed back (framing is the ends' business).
  app.on("upgrade", (_req, socket: Socket) => {
    socket.write("HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
    socket.on("data", (d: Buffer) => socket.write(Buffer.concat([Buffer.from("echo "), d])))
  })
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve))
  appPort = (app.address() as AddressInfo).port
}, T)
afterAll(async () => {
  app.closeAllConnections()
  app.close()
  await emu.close()
})

// Upgrades a connection through `url` and returns what one write of `text` brought back.
const upgradeEcho = (url: string, text: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const req = request(`${url}/sock`, { headers: { connection: "Upgrade", upgrade: "websocket" } })
    req.on("upgrade", (_res, socket: Socket) => {
      socket.once("data", (d: Buffer) => {
        resolve(d.toString("utf8"))
        socket.destroy()
      })
      socket.write(text)
    })
    req.on("response", (res) => reject(new Error(`no upgrade: ${res.statusCode}`)))
    req.on("error", reject)
    req.end()
  })

/** Runs a forward, calls `use` with the URL it printed, then sends it Ctrl-C and returns how it ended. */
const whileForwarding = (args: ReadonlyArray<string>, use: (url: string) => Promise<void>): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    let used = false
    child.stdout.on("data", (d: Buffer) => {
      stdout += d.toString("utf8")
      const url = /^(http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout)?.[1]
      if (url === undefined || used) return
      used = true
      use(url).then(
        () => child.kill("SIGINT"),
        (e: unknown) => {
          child.kill("SIGKILL")
          reject(e)
        },
      )
    })
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString("utf8")
    })
    child.on("close", (code) => {
      transcript.push(stdout, stderr)
      resolve({ code: code ?? -1, stdout, stderr })
    })
  })

describe("inspire notebook port-forward", () => {
  it("prints the local URL, relays requests to the notebook's port, and ends with 0 on Ctrl-C", {
    timeout: T,
  }, async () => {
    const run = await whileForwarding(["notebook", "port-forward", "cli-pf", `0:${appPort}`], async (url) => {
      const r = await fetch(`${url}/x?y=1`, { method: "POST", body: "b" })
      expect(await r.text()).toBe("app POST /x?y=1 -")
      expect(await upgradeEcho(url, "ping")).toBe("echo ping")
    })
    expect(run.code).toBe(0)
    expect(run.stderr).toContain(`to port ${appPort} of notebook cli-pf`)
    expect(run.stderr).toContain("Stopped forwarding after 2 requests.")
    expect(run.stdout + run.stderr).not.toContain(token)
  })

  it("refuses bad ports, a notebook without SSH, and a local port in use", { timeout: T }, async () => {
    const bad = await inspire(env, ["notebook", "port-forward", "cli-pf", "80:x"])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("80:x is not a port or LOCAL:REMOTE pair.")
    const noSsh = await inspire(env, ["notebook", "port-forward", "cli-plain", String(appPort)])
    expect(noSsh.code).not.toBe(0)
    expect(noSsh.stderr).toContain("was not created with SSH enabled")
    expect(noSsh.stderr).toContain("inspire notebook create --allow-ssh")
    // The app's own port is taken on this machine: the same port here is refused.
    const inUse = await inspire(env, ["notebook", "port-forward", "cli-pf", String(appPort)])
    expect(inUse.code).not.toBe(0)
    expect(inUse.stderr).toContain(`Local port ${appPort} on 127.0.0.1 is already in use.`)
  })
})

describe("inspire serve port-forward", () => {
  it("serves the serving's /v1/models locally, as JSON with --json", { timeout: T }, async () => {
    const created = json<{ servingId: string }>(
      await inspire(env, [
        "serve",
        "create",
        "--recipe",
        "qwen2.5-7b-instruct-vllm",
        "--name",
        "cli-pf-serving",
        ...servingPlacement(emu),
        "--workspace",
        "分布式训练空间",
        "--project",
        "具身智能基础模型",
        "--json",
      ]),
    )
    emu.control.clock.advance(10)
    const child = spawn(process.execPath, [BIN, "serve", "port-forward", created.servingId, "--json"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    const line = await new Promise<string>((resolve) => {
      let out = ""
      child.stdout.on("data", (d: Buffer) => {
        out += d.toString("utf8")
        if (out.includes("\n")) resolve(out.trim())
      })
    })
    const printed = JSON.parse(line) as Record<string, unknown>
    expect(printed).toMatchObject({ kind: "serving", id: created.servingId, name: "cli-pf-serving" })
    const models = await fetch(`${String(printed.url)}/v1/models`)
    expect(((await models.json()) as { data: { id: string }[] }).data[0]?.id).toBe("qwen2.5-7b-instruct")
    const ended = new Promise<number | null>((resolve) => child.on("close", resolve))
    child.kill("SIGINT")
    expect(await ended).toBe(0)
  })
})
