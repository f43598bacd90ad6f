#!/usr/bin/env node
// A 100-job sweep under the platform's gateway limit: the wall time of `inspire sweep run` and the API
// requests it sends, against the floor those requests cannot beat, and against 100 creates alone.
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { BURST, floorOf, LATENCY_MS, RATE, runCli, timedCall } from "./limited.mjs"
import { flag, median, writeReport } from "./report.mjs"

const ROUNDS = Number(flag("rounds") ?? 3)
const JOBS = 100

/** A store of its own, logged in, its session opened and its discovery kept by an earlier call. */
const account = async (emu) => {
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-sweep-"))
  const env = { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, NO_COLOR: "1" }
  await runCli(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  await runCli(env, ["job", "list", "--json", "--workspace", "分布式训练空间"])
  return { env, home }
}

// 10 learning rates × 10 seeds in the training workspace's H100 group; each round a sweep of its own.
const sweepFile = (dir, round) => {
  const file = join(dir, "sweep.yaml")
  writeFileSync(
    file,
    [
      `name: bench-${round}`,
      "job:",
      `  name: "b${round}-{lr}-{seed}"`,
      '  command: "python train.py --lr {lr} --seed {seed} #emu:idle"',
      "  workspace: 分布式训练空间",
      "  project: 具身智能基础模型",
      "  compute_group: H100",
      '  spec: "1*H100"',
      "  image: docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
      "grid:",
      `  lr: [${Array.from({ length: 10 }, (_, i) => String((i + 1) / 1000)).join(", ")}]`,
      `  seed: [${Array.from({ length: JOBS / 10 }, (_, i) => i + 1).join(", ")}]`,
      "",
    ].join("\n"),
  )
  return file
}

const fmt = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`)

const main = async () => {
  const emu = await startEmulator({ port: 0, realistic: true })
  try {
    const samples = []
    for (let round = 0; round < ROUNDS; round++) {
      emu.control.reset()
      emu.control.faults.set({ latencyMs: LATENCY_MS })
      const a = await account(emu)
      const file = sweepFile(a.home, round)
      const m = await timedCall(emu, () => runCli(a.env, ["sweep", "run", file, "--json"]))
      const created = emu.control.state().tasks.filter((t) => t.name.startsWith(`b${round}-`)).length
      if (created !== JOBS) throw new Error(`round ${round}: ${created} jobs created, not ${JOBS}`)
      samples.push(m)
      console.log(`round ${round + 1}: N ${m.n}, D ${m.d}, wall ${fmt(m.wall)}, floor ${fmt(floorOf(m.n, m.d))}`)
    }
    const n = median(samples.map((m) => m.n))
    const d = median(samples.map((m) => m.d))
    const wall = median(samples.map((m) => m.wall))
    const floor = floorOf(n, d)
    const createsOnly = floorOf(JOBS, 1)
    console.log(`median: N ${n}, wall ${fmt(wall)}, floor ${fmt(floor)}, ${JOBS} creates alone ${fmt(createsOnly)}`)
    writeReport({
      id: "sweep",
      title: `A ${JOBS}-job sweep under the gateway limit`,
      kind: "performance",
      method:
        `\`inspire sweep run\` of a ${JOBS}-job sweep file (a 10 × 10 grid of training jobs in one compute group), a new process of the bundled CLI (dist/inspire.mjs) against the in-process emulator in its realistic mode (the platform's gateway limit of ${RATE} requests/s, burst ${BURST}) with ${LATENCY_MS} ms of latency on every request. ` +
        "Each round has a fresh platform and a store of its own, logged in, its session opened and discovery kept by an earlier call, and starts with a full token bucket; every job is checked (reads only) before the first create, then created exactly once. " +
        `N is the API requests the emulator counted (V1, V2, OpenAPI), D the longest chain of them; wall is from spawn to exit and includes the process start. The floor is max(D × ${LATENCY_MS} ms, (N − ${BURST}) ÷ ${RATE} req/s + ${LATENCY_MS} ms); "${JOBS} creates alone" is the floor of the creates without any other request. Medians of ${ROUNDS} rounds.`,
      rows: [
        { name: `inspire sweep run (${JOBS} jobs)`, value: `N ${n}, wall ${fmt(wall)}`, ratio: `floor ${fmt(floor)}` },
        {
          name: "requests per job",
          value: (n / JOBS).toFixed(2),
          ratio: `${JOBS} creates alone: floor ${fmt(createsOnly)}`,
        },
        { name: "wall ÷ floor", value: (wall / floor).toFixed(2), ratio: "1.00 is the limit's own pace" },
      ],
    })
  } finally {
    await emu.close()
  }
}

await main()
