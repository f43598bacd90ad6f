#!/usr/bin/env node
// Requests per second and p99 latency of the emulator on loopback, for one list and one detail
// endpoint, with N concurrent keep-alive clients. Not run by the tests: `node bench/throughput.mjs`
// after `pnpm exec tsc -b`. Options: --clients N (default 16), --seconds S (default 4).
import { spawn } from "node:child_process"
import { Agent, request } from "node:http"
import { createInterface } from "node:readline"
import { parseArgs } from "node:util"

const { values } = parseArgs({
  options: { clients: { type: "string", default: "16" }, seconds: { type: "string", default: "4" } },
})
const clients = Number(values.clients)
const seconds = Number(values.seconds)

// The server runs in its own process (one core), the load generator in this one.
const server = spawn(process.execPath, [new URL("../dist/main.js", import.meta.url).pathname, "--port", "0"], {
  stdio: ["ignore", "pipe", "inherit"],
})
const info = await new Promise((resolve) =>
  createInterface({ input: server.stdout }).once("line", (l) => resolve(JSON.parse(l))),
)
const url = new URL(info.url)
const agent = new Agent({ keepAlive: true, maxSockets: clients })

const post = (path, headers, body) =>
  new Promise((resolve, reject) => {
    const data = JSON.stringify(body)
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: "POST",
        agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(data), ...headers },
      },
      (res) => {
        const chunks = []
        res.on("data", (c) => chunks.push(c))
        res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString("utf8") }))
      },
    )
    req.on("error", reject)
    req.end(data)
  })

const token = JSON.parse((await post("/auth/token", {}, { username: info.username, password: info.password })).body)
  .data.access_token
const v2 = { "x-inspire-client-source": "bench/1", authorization: `Bearer ${token}` }
const get = (path) =>
  new Promise((resolve, reject) => {
    request({ host: url.hostname, port: url.port, path, agent }, (res) => {
      const chunks = []
      res.on("data", (c) => chunks.push(c))
      res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8"))))
    })
      .on("error", reject)
      .end()
  })
const { state } = await get("/__emulator/state")
const ws = state.workspaces.find((w) => w.name === "分布式训练空间").id
const lcg = state.groups.find((g) => g.workspaceId === ws && g.name === "H100").id
const spec = state.specs.find(
  (s) => s.lcgIds.includes(lcg) && s.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && s.gpuCount === 1,
).id
const project = state.projects[0].id
// A realistic list: 50 jobs in the workspace.
let jobId = ""
for (let i = 0; i < 50; i++) {
  const r = await post(
    "/openapi/v1/train_job/create",
    { authorization: `Bearer ${token}` },
    {
      name: `bench-${i}`,
      command: "python train.py #emu:idle",
      workspace_id: ws,
      project_id: project,
      logic_compute_group_id: lcg,
      task_priority: 4,
      framework_config: [
        { image: state.images[0].address, image_type: "SOURCE_OFFICIAL", instance_count: 1, spec_id: spec, shm_gi: 64 },
      ],
    },
  )
  jobId = JSON.parse(r.body).data.job_id
}

const run = async (label, path, body) => {
  const latencies = []
  const deadline = Date.now() + seconds * 1000
  const worker = async () => {
    while (Date.now() < deadline) {
      const t0 = process.hrtime.bigint()
      const r = await post(path, v2, body)
      if (r.status !== 200) throw new Error(`${label}: HTTP ${r.status}`)
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
  }
  const started = Date.now()
  await Promise.all(Array.from({ length: clients }, worker))
  const elapsed = (Date.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2)
  console.log(
    `${label.padEnd(34)} ${String(Math.round(latencies.length / elapsed)).padStart(6)} req/s  p50 ${p(0.5)} ms  p99 ${p(0.99)} ms  (${latencies.length} requests, ${clients} clients, ${elapsed.toFixed(1)} s)`,
  )
}

await run("train.ListJobs (10 of 50 jobs)", "/api/v2/train?Action=ListJobs", {
  workspace_id: ws,
  page_num: 1,
  page_size: 10,
})
await run("train.ListJobs (50 of 50 jobs)", "/api/v2/train?Action=ListJobs", {
  workspace_id: ws,
  page_num: 1,
  page_size: 50,
})
await run("project.GetProjectForPage", "/api/v2/project?Action=GetProjectForPage", { page: 1, page_size: 20 })
await run("train.GetJob (detail)", "/api/v2/train?Action=GetJob", { job_id: jobId })
agent.destroy()
server.kill("SIGTERM")
