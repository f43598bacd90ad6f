// What the benches that run the CLI under the platform's gateway limit share: the emulator's realistic
// limit (3 requests/s, burst 3) with 50 ms of latency per request, the floor a call cannot beat, and a
// timed call that starts with a full token bucket and counts the API requests the emulator saw.
import { spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { performance } from "node:perf_hooks"
import { setTimeout as sleep } from "node:timers/promises"
import { fileURLToPath } from "node:url"
import { chainDepth, collected } from "./report.mjs"

export const CLI = fileURLToPath(new URL("../apps/cli/dist/inspire.mjs", import.meta.url))
export const LATENCY_MS = 50
export const RATE = 3
export const BURST = 3

/** Whether a logged request reached the platform's API (V1, V2, OpenAPI), not a login page or Harbor. */
export const isApi = (r) => /^(v1|v2|oa):/.test(r.surface)

/** The least wall time of N requests whose longest chain is D: max(D × latency, (N − burst) ÷ rate + latency). */
export const floorOf = (n, d) =>
  Math.max(d * LATENCY_MS, n > 0 ? (Math.max(0, n - BURST) / RATE) * 1000 + LATENCY_MS : 0)

/** Runs the bundled `inspire` with `args` (stdin `input`); its stdout, or a thrown error with its stderr's end. */
export const runCli = async (env, args, input) => {
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ["pipe", "pipe", "pipe"] })
  child.stdin.end(input ?? "")
  const { code, out, err } = await collected(child)
  if (code !== 0) throw new Error(`inspire ${args.join(" ")} exited ${code}: ${err.slice(-400)}`)
  return out
}

// GNU time reports a process's peak resident memory; without it calls are timed only.
const TIME = "/usr/bin/time"

/** Runs `inspire` as runCli does, and gives its peak resident memory in MB where GNU time is present. */
export const runCliRss = async (env, args) => {
  const [cmd, argv] = existsSync(TIME)
    ? [TIME, ["-f", "%M", process.execPath, CLI, ...args]]
    : [process.execPath, [CLI, ...args]]
  const child = spawn(cmd, argv, { env, stdio: ["pipe", "pipe", "pipe"] })
  child.stdin.end("")
  const { code, out, err } = await collected(child)
  if (code !== 0) throw new Error(`inspire ${args.join(" ")} exited ${code}: ${err.slice(-400)}`)
  const kb = Number(err.trim().split("\n").at(-1))
  return { out, rss: existsSync(TIME) && Number.isFinite(kb) ? kb / 1024 : undefined }
}

// Every call starts with a full token bucket, as a user's call after a pause does.
const refill = () => sleep(Math.ceil((BURST / RATE) * 1000) + 100)

/** Times `call` from a full bucket: wall time, API requests (N) and their longest chain (D). */
export const timedCall = async (emu, call) => {
  await refill()
  emu.control.clearRequests()
  const t0 = performance.now()
  await call()
  const wall = performance.now() - t0
  const log = emu.control.requests().log.filter(isApi)
  return { wall, n: log.length, d: chainDepth(log) }
}
