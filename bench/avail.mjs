#!/usr/bin/env node
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { BURST, floorOf, LATENCY_MS, RATE, runCli, timedCall } from "./limited.mjs"
import { flag, median, writeReport } from "./report.mjs"

const ROUNDS = Number(flag("rounds") ?? 3)
const WORKSPACE = "整节点任务空间"

/** A store of its own, logged in, its session opened by an earlier call (as in daily use). */
const account = async (emu) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-avail-"))
  const env = { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, NO_COLOR: "1" }
  await runCli(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  await runCli(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])
  const forget = () => rmSync(join(home, "cache", "resources"), { recursive: true, force: true })
  return { env, forget }
}

const avail = ["avail", "--json", "--workspace", WORKSPACE]
const fit = [...avail, "--gpus", "8", "--instances", "2"]

const CASES = [
  {
    name: `inspire avail --workspace ${WORKSPACE}, cold (nothing kept)`,
    call: async (emu, a) => {
      a.forget()
      return timedCall(emu, () => runCli(a.env, avail))
    },
  },
  {
    name: `inspire avail --workspace ${WORKSPACE}, warm (a second call within the keep times)`,
    call: async (emu, a) => {
      a.forget()
      await runCli(a.env, avail)
      return timedCall(emu, () => runCli(a.env, avail))
    },
  },
  {
    name: `inspire avail --workspace ${WORKSPACE} --gpus 8 --instances 2, warm`,
    call: async (emu, a) => {
      a.forget()
      await runCli(a.env, avail)
      return timedCall(emu, () => runCli(a.env, fit))
    },
  },
]

const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`)

const main = async () => {
  const emu = await startEmulator({ port: 0, realistic: true })
  try {
    emu.control.faults.set({ latencyMs: LATENCY_MS })
    const samples = CASES.map(() => [])
    for (let round = 0; round < ROUNDS; round++)
      for (const [i, c] of CASES.entries()) samples[i].push(await c.call(emu, await account(emu)))
    const rows = CASES.map((c, i) => {
      const n = median(samples[i].map((m) => m.n))
      const d = median(samples[i].map((m) => m.d))
      const wall = median(samples[i].map((m) => m.wall))
      const floor = floorOf(n, d)
      console.log(`${c.name}: N ${n}, D ${d}, wall ${fmt(wall)}, floor ${fmt(floor)}`)
      return {
        name: c.name,
        value: `N ${n}, D ${d}, wall ${fmt(wall)}`,
        ratio: `floor ${fmt(floor)} (+ process start)`,
      }
    })
    writeReport({
      id: "avail",
      title: "inspire avail for one workspace",
      kind: "performance",
      method:
        `Each call is a new process of the bundled CLI (dist/inspire.mjs) against the in-process emulator in its realistic mode (the platform's gateway limit of ${RATE} requests/s, burst ${BURST}) with ${LATENCY_MS} ms of latency on every request; each call gets a store of its own, logged in, its session opened by an earlier call, and starts with a full token bucket. ` +
        "Cold removes the kept resources (cache/resources) first; warm makes a plain `inspire avail` once before the measured call, so groups and specs come from the kept discovery and only the nodes are read (plus the task dimension, as the workspace has a node where pre-emptible work shares GPUs with other work, and for the fit the queued training jobs). " +
        `N is the API requests the emulator counted (V1, V2, OpenAPI), D the longest chain of them in its timings; wall is from spawn to exit. The floor is max(D × ${LATENCY_MS} ms, (N − ${BURST}) ÷ ${RATE} req/s + ${LATENCY_MS} ms). Medians of ${ROUNDS} rounds.`,
      rows,
    })
  } finally {
    await emu.close()
  }
}

await main()
