#!/usr/bin/env node
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js"
import { StdioClientTransport } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { BURST, floorOf, LATENCY_MS, RATE, runCli, runCliRss, timedCall } from "./limited.mjs"
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

const GPU_WORKSPACE = "分布式训练空间"

// A measured CLI call whose peak memory is kept beside its time.
const withRss = async (emu, env, args) => {
  let rss
  const m = await timedCall(emu, async () => {
    rss = (await runCliRss(env, args)).rss
  })
  return { ...m, rss }
}

// The MCP server from spawn to its first tool result, and the CLI's same call, each timed from a full bucket.
const mcpCall = async (env, name, args) => {
  const client = new Client({ name: "bench", version: "1" })
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [MCP], env, stderr: "ignore" }))
  try {
    const r = await client.callTool({ name, arguments: args })
    if (r.isError) throw new Error(r.content[0]?.text)
  } finally {
    await client.close()
  }
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
    target: { s: 0.8, mb: 60 },
    call: async (emu, a, tag) => {
      await runCli(a.env, submitArgs(emu, `${tag}-w`))
      return withRss(emu, a.env, submitArgs(emu, tag))
    },
  },
  {
    name: `inspire job list --workspace ${GPU_WORKSPACE} --type train, warm`,
    target: { s: 0.5, mb: 60 },
    call: async (emu, a) => {
      const args = ["job", "list", "--json", "--workspace", GPU_WORKSPACE, "--type", "train"]
      await runCli(a.env, args)
      return withRss(emu, a.env, args)
    },
  },
  {
    name: `inspire job list --workspace ${GPU_WORKSPACE} (every kind), warm`,
    target: { s: 0.8, mb: 60 },
    call: async (emu, a) => {
      const args = ["job", "list", "--json", "--workspace", GPU_WORKSPACE]
      await runCli(a.env, args)
      return withRss(emu, a.env, args)
    },
  },
  {
    name: `inspire status --workspace ${GPU_WORKSPACE}, warm`,
    target: { s: 0.35, mb: 60 },
    call: async (emu, a) => {
      const args = ["status", "--json", "--workspace", GPU_WORKSPACE]
      await runCli(a.env, args)
      return withRss(emu, a.env, args)
    },
  },
  {
    name: `MCP inspire_jobs {workspace: ${GPU_WORKSPACE}}, spawn to first result, warm`,
    versus: `inspire job list --workspace ${GPU_WORKSPACE} (every kind), warm`,
    target: { ratio: 1.5 },
    call: async (emu, a) => {
      await runCli(a.env, ["job", "list", "--json", "--workspace", GPU_WORKSPACE])
      return timedCall(emu, () => mcpCall(a.env, "inspire_jobs", { workspace: GPU_WORKSPACE }))
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
    const wallOf = (i) => median(samples[i].map((m) => m.wall))
    const rows = CASES.map((c, i) => {
      const n = median(samples[i].map((m) => m.n))
      const d = median(samples[i].map((m) => m.d))
      const wall = wallOf(i)
      const rssSamples = samples[i].map((m) => m.rss).filter((x) => x !== undefined)
      const rss = rssSamples.length > 0 ? median(rssSamples) : undefined
      const floor = floorOf(n, d)
      const versus = c.versus === undefined ? undefined : wallOf(CASES.findIndex((x) => x.name === c.versus))
      const t = c.target ?? {}
      const checks = [
        t.n !== undefined ? [`≤ ${t.n} requests`, n <= t.n] : undefined,
        t.s !== undefined ? [`≤ ${t.s.toFixed(2)} s`, wall <= t.s * 1000] : undefined,
        t.mb !== undefined && rss !== undefined ? [`≤ ${t.mb} MB`, rss <= t.mb] : undefined,
        t.ratio !== undefined && versus !== undefined ? [`≤ ${t.ratio}× the CLI`, wall / versus <= t.ratio] : undefined,
      ].filter(Boolean)
      const target = checks.length > 0 ? checks.map(([label]) => label).join(", ") : undefined
      const met = checks.length > 0 ? checks.every(([, ok]) => ok) : undefined
      const memory = rss !== undefined ? `, ${rss.toFixed(0)} MB` : ""
      const ratio =
        versus !== undefined
          ? `${(wall / versus).toFixed(2)}× the CLI's ${fmt(versus)}`
          : floor > 0
            ? `floor ${fmt(floor)} (+ process start)`
            : "no requests"
      console.log(
        `${c.name}: N ${n}, D ${d}, wall ${fmt(wall)}${memory}, ${ratio}${target ? `, target ${target}: ${met ? "met" : "missed"}` : ""}`,
      )
      return {
        name: c.name,
        value: `N ${n}, D ${d}, wall ${fmt(wall)}${memory}`,
        ratio,
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
        `N is the API requests the emulator counted (V1, V2, OpenAPI), D the longest chain of them in its timings; wall is from spawn to exit. The floor is max(D × ${LATENCY_MS} ms, (N − ${BURST}) ÷ ${RATE} req/s + ${LATENCY_MS} ms), to which a process start (see the cold-start table) adds. Where a target names memory, the figure after the wall time is the call's peak resident memory (GNU time's %M). The MCP row compares a fresh server's first inspire_jobs result with the CLI's job list for the same workspace. Medians of ${ROUNDS} rounds.`,
      rows,
    })
  } finally {
    await emu.close()
  }
}

await main()
