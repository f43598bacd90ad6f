#!/usr/bin/env node
// What the MCP server costs an agent before and during its work: the bytes and tokens of tools/list for
// each toolset (what a host puts in the model's context on every turn), and how long the calls that
// wait block at their defaults. The waits run on the emulator's paused clock, so nothing they wait for
// ever happens and each runs to its cap; each is timed from the SDK client's call to its result, with
// the longest gap between two of its progress notifications. Prints figures; it is not a test.
// Needs built packages (apps/mcp/dist, packages/core/dist, packages/emulator/dist).
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { Client } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js"
import { StdioClientTransport } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js"
import { countTokens } from "../apps/mcp/node_modules/gpt-tokenizer/esm/main.js"
import { createInspireClient, findOperation, invoke, TOOLSET_NAMES } from "../packages/core/dist/index.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { writeReport } from "./report.mjs"

const SERVER = fileURLToPath(new URL("../apps/mcp/dist/inspire-mcp.mjs", import.meta.url))
const BUDGET = 48 * 1024
// A call at its defaults returns within the server's cap of 50 s; one that asked for a longer wait returns
// at the cap too, within the SDK client's default timeout (60 s); progress at least every 10 s.
const DEFAULT_TARGET_S = 50
const ASKED_TARGET_S = 60
const PROGRESS_TARGET_S = 10

const connect = async (env, args = []) => {
  const client = new Client({ name: "bench", version: "1" })
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [SERVER, ...args], env, stderr: "ignore" }),
  )
  return client
}

const size = (tools) => {
  const json = JSON.stringify({ tools })
  return { bytes: Buffer.byteLength(json), tokens: countTokens(json) }
}

// One call timed to its result, with the longest silence between progress notifications (or from the call).
const timed = async (client, name, args) => {
  const t0 = performance.now()
  let last = t0
  let gap = 0
  const r = await client.callTool({ name, arguments: args }, undefined, {
    onprogress: () => {
      const now = performance.now()
      gap = Math.max(gap, now - last)
      last = now
    },
  })
  const end = performance.now()
  if (r.isError === true) console.log(`${name}: ${r.content?.[0]?.text ?? "an error"}`)
  return { wall: end - t0, gap: Math.max(gap, end - last), isError: r.isError === true }
}

const main = async () => {
  const emu = await startEmulator({ port: 0, paused: true })
  const env = {
    PATH: process.env.PATH,
    INSPIRE_HOME: mkdtempSync(join(tmpdir(), "inspire-bench-context-")),
    INSPIRE_BASE_URL: emu.url,
    NO_COLOR: "1",
  }
  try {
    const rows = []
    for (const set of [...TOOLSET_NAMES, "all"]) {
      const c = await connect(env, ["--toolsets", set])
      const listed = (await c.listTools()).tools
      await c.close()
      const s = size(listed)
      console.log(`tools/list ${set}: ${listed.length} tools, ${s.bytes} bytes, ${s.tokens} tokens`)
      rows.push({
        name: `tools/list, toolset ${set}`,
        value: `${s.bytes} bytes, ${s.tokens} tokens (${listed.length} tools)`,
        ...(set === "all" ? { target: `≤ ${BUDGET} bytes`, met: s.bytes <= BUDGET } : {}),
      })
    }

    // A training job that never starts (the clock is paused), for the waits.
    const core = createInspireClient({ env })
    let jobId
    let sweepJob
    try {
      await core.login({ username: emu.demo.username, password: emu.demo.password })
      const s = emu.control.state()
      const ws = s.workspaces.find((w) => w.name === "分布式训练空间")
      const group = s.groups.find((g) => g.workspaceId === ws.id && g.name === "H100")
      const spec = s.specs.find(
        (x) =>
          x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" &&
          x.lcgIds.includes(group.id) &&
          x.allowedPriorityLevels.length === 0,
      )
      const image = s.images.find(
        (i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address),
      )
      const target = {
        workspace: ws.name,
        project: "embodied-fm",
        compute_group: group.name,
        spec: spec.id,
        image: image.address,
      }
      const created = await core.run(
        invoke(findOperation("submit"), { ...target, name: "ctx-wait", command: "python train.py" }),
      )
      jobId = created.result?.jobId ?? created.jobId
      sweepJob = { ...target, name: "ctx-sweep-{LR}", command: "python train.py --lr {LR}" }
    } finally {
      await core.close()
    }

    const client = await connect(env, ["--toolsets", "all"])
    try {
      const waits = [
        ["inspire_wait (default wait)", "inspire_wait", { job_id: jobId }, DEFAULT_TARGET_S],
        [
          "inspire_sweep run with max_running 1 and wait_seconds 3600",
          "inspire_sweep",
          {
            action: "run",
            definition: { name: "ctx-sweep", job: sweepJob, grid: { LR: [0.1, 0.01, 0.001] } },
            max_running: 1,
            wait_seconds: 3600,
          },
          ASKED_TARGET_S,
        ],
      ]
      const results = await Promise.all(waits.map(([, name, args]) => timed(client, name, args)))
      for (const [i, [label, , , limit]] of waits.entries()) {
        const r = results[i]
        const silence = Math.round(r.gap / 100) / 10
        console.log(`${label}: ${(r.wall / 1000).toFixed(1)} s, longest silence ${(r.gap / 1000).toFixed(1)} s`)
        rows.push({
          name: label,
          value: `returned after ${(r.wall / 1000).toFixed(1)} s${r.isError ? " (an error)" : ""}`,
          ratio: `longest silence between progress notifications ${silence.toFixed(1)} s`,
          target: `≤ ${limit} s, silence ≤ ${PROGRESS_TARGET_S} s`,
          met: !r.isError && r.wall <= limit * 1000 && silence <= PROGRESS_TARGET_S,
        })
      }
    } finally {
      await client.close()
    }
    writeReport({
      id: "mcp-context",
      title: "MCP server: what an agent's context carries, and the longest a default call blocks",
      kind: "performance",
      method:
        "The built inspire-mcp over stdio, driven by the MCP SDK's client. tools/list is taken once per toolset " +
        "(`--toolsets NAME`) and once with every tool; bytes are those of the compact JSON result, tokens are " +
        "counted with the o200k_base encoding (gpt-tokenizer), as the server's budget test counts them. The waits " +
        "run together on one server against the emulator with its clock paused, so that the job never starts and " +
        "the sweep's room never comes: each call runs to the server's cap on a call's wait. Each is timed from the " +
        "call to its result, with the longest time without a progress notification.",
      rows,
    })
  } finally {
    await emu.close()
  }
}

await main()
