#!/usr/bin/env node
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js"
import { StdioClientTransport } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { BURST, floorOf, LATENCY_MS, RATE, runCli, timedCall } from "./limited.mjs"
import { flag, median, writeReport } from "./report.mjs"

const MCP = fileURLToPath(new URL("../apps/mcp/dist/inspire-mcp.mjs", import.meta.url))
const ROUNDS = Number(flag("rounds") ?? 3)
const WORKSPACE = "高性能计算"

/** A store of its own, logged in through the CLI, with a fixture target for submits. */
const account = async (emu, fresh = false) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-call-"))
  const env = { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, NO_COLOR: "1" }
  await runCli(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  // As in daily use, an earlier call has opened the session: the token and the CAS cookies (which the
  // V1 surfaces need) are in the store. `fresh` skips this to show a first call right after login.
  if (!fresh) await runCli(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])
  const forget = () => rmSync(join(home, "cache", "resources"), { recursive: true, force: true })
  return { env, forget }
}

const submitArgs = (emu, tag) => {
  const s = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === "分布式训练空间")
  const group = s.groups.find((g) => g.workspaceId === ws.id && g.name === "H100")
  const spec = s.specs.find(
    (x) =>
      x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && x.lcgIds.includes(group.id) && x.allowedPriorityLevels.length === 0,
  )
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  return [
    "job",
    "submit",
    "--json",
    "--workspace",
    ws.name,
    "--project",
    "embodied-fm",
    "--compute-group",
    "H100",
  ].concat(["--spec", spec.id, "--image", image.address, "--name", `pc-${tag}`, "--command", "python train.py"])
}

const mcpStatus = async (env) => {
  const client = new Client({ name: "bench", version: "1" })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [MCP], env, stderr: "ignore" }))
  try {
    const r = await client.callTool({ name: "inspire_status", arguments: { workspace: WORKSPACE } })
    if (r.isError) throw new Error(r.content[0]?.text)
  } finally {
    await client.close()
  }
}

// name, target (requests and seconds), and how one measured call is made (after its preparation).
const CASES = [
  {
    name: "inspire status, warm (a second call within the keep time)",
    target: { n: 2, s: 1.0 },
    call: async (emu, a) => {
      a.forget()
      await runCli(a.env, ["status", "--json"])
      return timedCall(emu, () => runCli(a.env, ["status", "--json"]))
    },
  },
  {
    name: "inspire status, cold (nothing kept)",
    call: async (emu, a) => {
      a.forget()
      return timedCall(emu, () => runCli(a.env, ["status", "--json"]))
    },
  },
  {
    name: `inspire status --workspace ${WORKSPACE} (with HPC groups), cold`,
    target: { n: 6, s: 2.5 },
    call: async (emu, a) => {
      a.forget()
      return timedCall(emu, () => runCli(a.env, ["status", "--json", "--workspace", WORKSPACE]))
    },
  },
  {
    name: "inspire status --workspace 分布式训练空间 (GPU groups only), cold",
    target: { n: 6, s: 2.5 },
    call: async (emu, a) => {
      a.forget()
      return timedCall(emu, () => runCli(a.env, ["status", "--json", "--workspace", "分布式训练空间"]))
    },
  },
  {
    name: `inspire status --workspace ${WORKSPACE}, cold, as the first call after login (no session cookies yet)`,
    fresh: true,
    call: async (emu, a) => {
      a.forget()
      return timedCall(emu, () => runCli(a.env, ["status", "--json", "--workspace", WORKSPACE]))
    },
  },
  {
    name: "inspire doctor",
    target: { s: 3.0 },
    call: async (emu, a) => timedCall(emu, () => runCli(a.env, ["doctor", "--json"]).catch(() => undefined)),
  },
  {
    name: "inspire job submit, warm (names resolved from kept lists)",
    target: { s: 1.5 },
    call: async (emu, a, tag) => {
      await runCli(a.env, submitArgs(emu, `${tag}-w`))
      return timedCall(emu, () => runCli(a.env, submitArgs(emu, tag)))
    },
  },
  {
    name: "inspire job list (every workspace), warm",
    target: { s: 3.0 },
    call: async (emu, a) => {
      await runCli(a.env, ["job", "list", "--json"])
      return timedCall(emu, () => runCli(a.env, ["job", "list", "--json"]))
    },
  },
  {
    name: `MCP inspire_status {workspace: ${WORKSPACE}}, first call in a fresh server (spawn to result), cold`,
    target: { s: 3.0 },
    call: async (emu, a) => {
      a.forget()
      return timedCall(emu, () => mcpStatus(a.env))
    },
  },
]

const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`)

const main = async () => {
  const emu = await startEmulator({ port: 0, realistic: true })
  try {
    emu.control.faults.set({ latencyMs: LATENCY_MS })
    const samples = CASES.map(() => [])
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, c] of CASES.entries()) {
        const a = await account(emu, c.fresh === true)
        samples[i].push(await c.call(emu, a, `${round}-${i}`))
      }
    }
    const rows = CASES.map((c, i) => {
      const n = median(samples[i].map((m) => m.n))
      const d = median(samples[i].map((m) => m.d))
      const wall = median(samples[i].map((m) => m.wall))
      const floor = floorOf(n, d)
      const met =
        c.target === undefined ? undefined : (c.target.n === undefined || n <= c.target.n) && wall <= c.target.s * 1000
      const target =
        c.target === undefined
          ? undefined
          : [c.target.n !== undefined ? `≤ ${c.target.n} requests` : undefined, `≤ ${c.target.s.toFixed(1)} s`]
              .filter(Boolean)
              .join(", ")
      console.log(
        `${c.name}: N ${n}, D ${d}, wall ${fmt(wall)}, floor ${fmt(floor)}${target ? `, target ${target}: ${met ? "met" : "missed"}` : ""}`,
      )
      return {
        name: c.name,
        value: `N ${n}, D ${d}, wall ${fmt(wall)}`,
        ratio: floor > 0 ? `floor ${fmt(floor)} (+ process start)` : "no requests",
        ...(target !== undefined ? { target, met } : {}),
      }
    })
    writeReport({
      id: "per-call",
      title: "Per call, as a user runs it",
      kind: "performance",
      method:
        `Each call is a new process of the bundled CLI (dist/inspire.mjs), or a fresh MCP server over stdio driven by the MCP SDK's client, against the in-process emulator in its realistic mode (the platform's gateway limit of ${RATE} requests/s, burst ${BURST}) with ${LATENCY_MS} ms of latency on every request; each call gets a store of its own, logged in through the CLI, with its session opened by an earlier call (the token and the CAS cookies the V1 surfaces need, as in daily use; one row shows a first call right after login, which also pays the CAS login's 8 requests), and starts with a full token bucket. ` +
        "Cold removes the kept resources (cache/resources) first; warm makes the same call once before the measured one. " +
        `N is the API requests the emulator counted (V1, V2, OpenAPI), D the longest chain of them in its timings; wall is from spawn to exit. The floor is max(D × ${LATENCY_MS} ms, (N − ${BURST}) ÷ ${RATE} req/s + ${LATENCY_MS} ms), to which a process start (see the cold-start table) adds. Medians of ${ROUNDS} rounds.`,
      rows,
    })
  } finally {
    await emu.close()
  }
}

await main()
