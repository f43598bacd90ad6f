import { existsSync, readFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import WebSocket from "ws"
import { DEMO_USER } from "../src/fixtures/platform.js"
import type { RunningEmulator } from "../src/index.js"
import { CLIENT, fixture, type Json, needOpenssl, start } from "./helpers.js"

let emu: RunningEmulator
let ca: string

beforeAll(async () => {
  needOpenssl()
  emu = await start({ tls: true })
  ca = readFileSync(emu.ca ?? "", "utf8")
}, 620_000)
afterAll(() => emu.close())

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
}

/** A request over HTTPS that trusts the printed certificate, and nothing else. */
const call = (method: string, path: string, headers: Record<string, string> = {}, body?: unknown) =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpsRequest(new URL(path, emu.url), { method, headers, ca }, (res) => {
      let text = ""
      res.on("data", (d: Buffer) => {
        text += d.toString("utf8")
      })
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }))
    })
    req.on("error", reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })

const json = (a: Answer): Json => JSON.parse(a.text) as Json

describe("--tls: HTTPS and WSS with a certificate made at start", () => {
  it("serves the API over HTTPS to a client trusting the printed certificate, and hands out https URLs", async () => {
    expect(emu.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    expect(emu.ca !== undefined && existsSync(emu.ca)).toBe(true)
    expect(emu.harborUrls.qb).toBe(`${emu.url}/harbor/qb`)
    const token = await call("POST", "/auth/token", {}, { username: DEMO_USER.username, password: DEMO_USER.password })
    expect(token.status).toBe(200)
    const bearer = { ...CLIENT, authorization: `Bearer ${json(token).data.access_token}` }
    const nb = emu.control.jupyter.runningNotebook()
    expect(nb.labUrl.startsWith(`${emu.url}/`)).toBe(true)
    const urls = await call("POST", "/api/v2/notebook?Action=GetNotebookAccessUrl", bearer, { notebook_id: nb.id })
    const result = json(urls).Result as Json
    expect(result.jupyter_url).toBe(nb.labUrl)
    expect(result.vscode_url.startsWith(`${emu.url}/`)).toBe(true)
    // A running serving's access_url.
    const f = fixture(emu.control.state())
    const lcg = f.group("分布式训练空间", "H100")
    const made = await call("POST", "/openapi/v1/inference_servings/create", bearer, {
      name: "tls-serving",
      workspace_id: f.ws("分布式训练空间"),
      project_id: f.project("embodied-fm"),
      logic_compute_group_id: lcg,
      command:
        "python -m vllm.entrypoints.openai.api_server --model /inspire/hdd/project/embodied-fm/models/qwen2.5-7b/v2 --port 2400",
      image: "docker.sii.shaipower.online/inspire-studio/vllm:0.6.3-cuda12.4",
      image_type: "SOURCE_OFFICIAL",
      model_id: emu.control.state().models[0]?.id,
      model_version: 2,
      port: 2400,
      replicas: 1,
      node_num_per_replica: 1,
      task_priority: 6,
      spec_id: f.spec(lcg, "SERVING", 1),
    })
    const id = json(made).data.inference_serving_id as string
    emu.control.clock.advance(3600)
    const detail = await call("POST", "/openapi/v1/inference_servings/detail", bearer, { inference_serving_id: id })
    expect(json(detail).data.access_url).toBe(`${emu.url}/serving/${id}/v1`)
    // The login chain's redirects stay on https.
    const bounce = await call("GET", "/")
    expect(bounce.status).toBe(302)
    expect(String(bounce.headers.location).startsWith(`${emu.url}/auth/realms/`)).toBe(true)
    expect(decodeURIComponent(String(bounce.headers.location))).toContain(`redirect_uri=${emu.url}/login/callback`)
  })

  it("opens a lab's terminal socket over WSS, trusting the same certificate", async () => {
    const nb = emu.control.jupyter.runningNotebook()
    const auth = { authorization: `token ${nb.token}` }
    const made = await call("POST", `${nb.labBase}/api/terminals`, auth)
    expect(made.status).toBe(200)
    // Jupyter Server marks its login cookie Secure on an https request.
    expect(String(made.headers["set-cookie"])).toMatch(/^username-[^;]+;.*; HttpOnly; Path=[^;]+; Secure$/)
    const name = json(made).name as string
    const socket = `${nb.labBase.replace(/^https:/, "wss:")}/terminals/websocket/${name}?token=${nb.token}`
    const ws = new WebSocket(socket, { ca })
    const first = await new Promise<unknown[]>((resolve, reject) => {
      ws.once("message", (data) => resolve(JSON.parse(String(data)) as unknown[]))
      ws.once("error", reject)
    })
    expect(first[0]).toBe("setup")
    ws.close()
    await call("DELETE", `${nb.labBase}/api/terminals/${name}`, auth)
  })

  it("refuses a client that does not trust the certificate, and serves no plain HTTP on the port", async () => {
    const untrusted = new Promise<number>((resolve, reject) => {
      const req = httpsRequest(new URL("/auth/token", emu.url), { method: "POST" }, (res) =>
        resolve(res.statusCode ?? 0),
      )
      req.on("error", reject)
      req.end("{}")
    })
    await expect(untrusted).rejects.toThrow(/self-signed|self signed/)
    const plain = await new Promise<string>((resolve) => {
      const url = new URL(emu.url.replace(/^https:/, "http:"))
      const req = httpRequest({ host: url.hostname, port: url.port, path: "/auth/token", method: "POST" }, (res) =>
        resolve(`answered ${res.statusCode}`),
      )
      req.on("error", (e) => resolve(`error ${e.message}`))
      req.end("{}")
    })
    expect(plain).toMatch(/^error /)
  })
})
