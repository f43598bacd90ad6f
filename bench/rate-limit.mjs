#!/usr/bin/env node
// A batch stop of many running jobs (inspire_stop with filters and confirm) against the emulator with its
// realistic gateway limiter (≈ 3 req/s, burst 3) and the client's default rate limit: failures, 429s,
// requests and wall time against the floor those requests need at 3 req/s. Prints figures; it is not a test.
// Needs built packages: `pnpm exec tsc -b` in packages/emulator and packages/core.
// Usage: node bench/rate-limit.mjs [--jobs 300] [--report FILE]
import { performance } from "node:perf_hooks"
import { setTimeout as sleep } from "node:timers/promises"
import { findOperation, invoke } from "../packages/core/dist/index.js"
import { DEFAULT_RATE_LIMIT } from "../packages/core/dist/internal.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { CPU_WORKSPACE, cpuJobInput, loggedInClient } from "./cpu-jobs.mjs"
import { flag, writeReport } from "./report.mjs"

const JOBS = Number(flag("jobs") ?? 300)
const LATENCY_MS = 50
const RPS = 3
const TARGET = 1.1
const PREFIX = "rl-"

const isApi = (r) => /^(v1|v2|oa):/.test(r.surface)

/** CPU jobs (no GPUs, so all of them run at once) that run for a nominal day, far longer than the stop takes. */
const createJobs = async (emu) => {
  const input = cpuJobInput(emu)
  const setup = await loggedInClient(emu, { INSPIRE_RATE_LIMIT: "1000" })
  try {
    const names = Array.from({ length: JOBS }, (_, i) => `${PREFIX}${String(i).padStart(4, "0")}`)
    const pending = [...names]
    const worker = async () => {
      for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
        await setup.createTrainingJob(input(name, "python train.py #emu:duration=86400"))
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
  } finally {
    await setup.close()
  }
  const ours = () => emu.control.state().tasks.filter((t) => t.name.startsWith(PREFIX))
  for (let i = 0; i < 200 && ours().some((t) => t.phase !== "running"); i++) await sleep(50)
  return ours().filter((t) => t.phase === "running").length
}

const main = async () => {
  // realistic: the emulator's gateway limiter is on from the start.
  const emu = await startEmulator({ port: 0, realistic: true })
  try {
    emu.control.faults.set({ limiter: { enabled: false } })
    const t0 = performance.now()
    const running = await createJobs(emu)
    const setupWall = performance.now() - t0
    emu.control.faults.set({ latencyMs: LATENCY_MS, limiter: { enabled: true, rps: RPS, burst: 3 } })

    const stopper = await loggedInClient(emu, {})
    // Both token buckets full, as for a fresh process after a pause.
    await sleep(1100)
    emu.control.clearRequests()
    const t1 = performance.now()
    const out = await stopper.run(
      invoke(findOperation("stop"), { workspace: CPU_WORKSPACE, status: "running", name: `${PREFIX}*`, confirm: true }),
    )
    const wall = performance.now() - t1
    await stopper.close()

    const log = emu.control.requests().log.filter(isApi)
    const throttled = log.filter((r) => r.status === 429).length
    const needed = log.length - throttled
    const bySurface = {}
    for (const r of log) if (r.status !== 429) bySurface[r.surface] = (bySurface[r.surface] ?? 0) + 1
    const tasks = emu.control.state().tasks.filter((t) => t.name.startsWith(PREFIX))
    const notStopped = tasks.filter((t) => t.phase !== "stopped").length
    const { counts } = out.result
    const floor = (needed / RPS) * 1000
    const nominal = (JOBS / RPS) * 1000
    const ratio = wall / floor

    const table = [
      ["jobs created and running", `${running} of ${JOBS} (setup ${(setupWall / 1000).toFixed(1)} s, limits lifted)`],
      [
        "limits",
        `client ${DEFAULT_RATE_LIMIT.perSecond} req/s burst ${DEFAULT_RATE_LIMIT.burst}; emulator ${RPS} req/s burst 3`,
      ],
      ["latency injected", `${LATENCY_MS} ms`],
      ["stopped / already finished / failed", `${counts.stopped} / ${counts.alreadyFinished} / ${counts.failed}`],
      ["jobs not stopped on the emulator", String(notStopped)],
      ["API requests answered (needed)", String(needed)],
      ["429s the emulator sent", String(throttled)],
      [
        "requests by surface",
        Object.entries(bySurface)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
      ],
      ["wall time", `${(wall / 1000).toFixed(1)} s`],
      [`vs ${JOBS} ÷ 3 req/s`, `${(wall / nominal).toFixed(2)}× ${(nominal / 1000).toFixed(0)} s`],
      [`floor: needed ÷ 3 req/s`, `${(floor / 1000).toFixed(1)} s`],
      [`ratio wall / floor (target ≤ ${TARGET})`, ratio.toFixed(3)],
    ]
    const width = Math.max(...table.map(([k]) => k.length))
    for (const [k, v] of table) console.log(`${k.padEnd(width)}  ${v}`)

    writeReport({
      id: "rate-limit",
      title: `Rate limit: a batch stop of ${JOBS} jobs`,
      kind: "performance",
      method:
        `The emulator runs with its realistic gateway limiter (${RPS} req/s, burst 3, 429 with Retry-After: 1 s) and ${LATENCY_MS} ms latency. ` +
        `${JOBS} CPU training jobs are created through core's createTrainingJob with both limiters lifted, then the limiter is turned back on and ` +
        `one inspire_stop call (workspace, status running, name glob, confirm) stops them through core's catalogue under the client's default ` +
        "rate limit, after a pause that fills both token buckets. The emulator's request log gives the requests and the 429s; its state tells " +
        "whether every job stopped. The floor is the requests that were answered (not 429) at 3 req/s.",
      rows: [
        {
          name: "failures",
          value: `${counts.failed} (${counts.stopped} stopped; ${notStopped} not stopped on the emulator)`,
          target: "0",
          met: counts.failed === 0 && notStopped === 0,
        },
        { name: "429s the emulator sent", value: String(throttled) },
        { name: "API requests answered", value: `${needed} (${(needed / JOBS).toFixed(2)} per job)` },
        {
          name: "wall time",
          value: `${(wall / 1000).toFixed(1)} s`,
          ratio: `${ratio.toFixed(3)}× floor ${(floor / 1000).toFixed(1)} s; ${(wall / nominal).toFixed(2)}× ${JOBS} ÷ 3 req/s`,
          target: `≤ ${TARGET}× floor`,
          met: ratio <= TARGET,
        },
      ],
      notes: [
        "Each job costs a detail read before its stop (core's stopTrainingJob reads the job to report one that already finished), although the batch's listing has just given its status.",
        "The client's limiter and the gateway's both run at 3 req/s, so a request that arrives a little early after the network's jitter is refused; each 429 is retried after its Retry-After of 1 s.",
        `Answered requests by surface: ${Object.entries(bySurface)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}.`,
      ],
    })
  } finally {
    await emu.close()
  }
}

await main()
