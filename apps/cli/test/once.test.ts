import { spawn } from "node:child_process"
import { createServer, type IncomingHttpHeaders, request, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BIN, homeFor, inspire, json } from "./harness.js"

// Exactly once across processes: two `inspire notebook create` of one name at once, and a confirmed
// batch stop acting on what its prompt showed.

let emu: RunningEmulator
const IMAGE = "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311"
const T = 60_000

beforeAll(async () => {
  emu = await startEmulator({ port: 0, speed: 300 })
}, 30_000)
afterAll(async () => {
  await emu.close()
})

const loggedIn = async (url: string) => {
  const env = homeFor(url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code, login.stderr).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultWorkspace", "分布式训练空间"])).code).toBe(0)
  expect((await inspire(env, ["config", "set", "defaultProject", "具身智能基础模型"])).code).toBe(0)
  return env
}

const HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length"])
const forwardable = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).filter(([k]) => !HOP.has(k)))

/**
 * A loopback proxy in front of the emulator that cuts the first notebook create before it arrives, once
 * a second one has been carried out (or after 3 s when none comes).
 */
const startCutFirstCreate = async () => {
  let creates = 0
  let release: (() => void) | undefined
  const server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const path = req.url ?? "/"
      const create = /CreateNotebook|notebook\/create/.test(path)
      if (create && ++creates === 1) {
        const cut = () => req.socket.destroy()
        const timer = setTimeout(cut, 3_000)
        release = () => {
          clearTimeout(timer)
          cut()
        }
        return
      }
      const up = request(
        { host: "127.0.0.1", port: new URL(emu.url).port, method: req.method, path, headers: forwardable(req.headers) },
        (answer) => {
          const body: Buffer[] = []
          answer.on("data", (c: Buffer) => body.push(c))
          answer.on("end", () => {
            res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
            res.end(Buffer.concat(body))
            if (create) release?.()
          })
        },
      )
      up.on("error", () => req.socket.destroy())
      up.end(Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describe("two processes creating a same-named notebook", () => {
  it(
    "one create cut before it arrives: each process gets its own notebook, never the other's",
    async () => {
      const proxy = await startCutFirstCreate()
      try {
        const env = await loggedIn(proxy.url)
        const dsw = emu.control.state().specs.find((x) => x.type === "SCHEDULE_CONFIG_TYPE_DSW" && x.gpuCount === 1)
        const args = ["notebook", "create", "--name", "twin-nb", "--compute-group", "H100"]
        const create = () => inspire(env, [...args, "--spec", dsw?.id ?? "", "--image", IMAGE, "--json"])
        const [a, b] = await Promise.all([create(), create()])
        const ids = [a, b].map((r) => json<{ notebookId: string }>(r).notebookId)
        const made = emu.control
          .state()
          .tasks.filter((t) => t.name === "twin-nb")
          .map((t) => t.id)
        expect(made.sort()).toEqual([...ids].sort())
        expect(new Set(ids).size).toBe(2)
      } finally {
        await proxy.close()
      }
    },
    T,
  )
})

describe("a confirmed batch stop", () => {
  it(
    "stops exactly the tasks its prompt listed, not one that matched after it was shown",
    async () => {
      const env = await loggedIn(emu.url)
      const spec = emu.control
        .state()
        .specs.find(
          (x) => x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && x.gpuCount === 1 && x.allowedPriorityLevels.length === 0,
        )
      const submit = async (name: string) => {
        const place = ["--compute-group", "H100", "--spec", spec?.id ?? "", "--image", IMAGE]
        place.push("--command", "python train.py #emu:idle")
        return json<{ jobId: string }>(await inspire(env, ["job", "submit", "--name", name, ...place, "--json"])).jobId
      }
      const shown = [await submit("batch-a"), await submit("batch-b")]
      const command = [process.execPath, BIN, "job", "stop", "--name", "batch-*"].map((a) => `'${a}'`).join(" ")
      const child = spawn("script", ["-qfec", `exec ${command}`, "/dev/null"], { env, stdio: ["pipe", "pipe", "pipe"] })
      let out = ""
      let late = ""
      const code = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no prompt: ${out}`)), T - 5_000)
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString("utf8")
          if (late === "" && out.includes("[y/N]")) {
            late = "pending"
            // A third matching task appears between the prompt and the answer.
            void submit("batch-c").then((id) => {
              late = id
              child.stdin.write("y\r")
            })
          }
        })
        child.on("close", (c) => {
          clearTimeout(timer)
          resolve(c ?? -1)
        })
      })
      expect(code, out).toBe(0)
      const phase = (id: string) => emu.control.state().tasks.find((t) => t.id === id)?.phase ?? ""
      for (const id of shown) expect(phase(id)).toMatch(/stop/i)
      expect(phase(late)).not.toMatch(/stop/i)
    },
    T,
  )
})
