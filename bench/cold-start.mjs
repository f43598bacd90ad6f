#!/usr/bin/env node
// How fast the bundled CLI starts: `inspire --version` and `inspire job list --json` (against the
// in-process emulator, logged in) side by side with `node -e 0`, on the Node that runs this script
// (Node 20 here) and on the pinned Node 24 (installed into .tools/node24 when missing), all interleaved
// in one run so that the machine's load weighs on every case alike. On Node 24 `job list` is also
// timed with Node's own compile cache (INSPIRE_CODE_CACHE=node) instead of the CLI's: the figures that
// decide which one the launcher uses (apps/cli/src/code-cache.ts). Prints medians and ratios; not a test.
// Needs a build: `npm test` or `npm run demo` (apps/cli/dist/inspire.mjs, packages/emulator/dist).
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { ensureNode24 } from "../scripts/node24.mjs"
import { median, writeReport } from "./report.mjs"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const BIN = join(ROOT, "apps", "cli", "dist", "inspire.mjs")
const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20)
// GNU time reports each call's peak resident memory; without it only wall times are given.
const TIME = "/usr/bin/time"
const withRss = existsSync(TIME)

const emu = await startEmulator({ port: 0 })
const homeEnv = (extra = {}) => ({
  PATH: process.env.PATH,
  INSPIRE_HOME: mkdtempSync(join(tmpdir(), "inspire-bench-")),
  INSPIRE_BASE_URL: emu.url,
  INSPIRE_RATE_LIMIT: "1000",
  NO_COLOR: "1",
  ...extra,
})

// Spawned asynchronously: the emulator answers from this process's event loop.
const timed = (node, args, env, input = "") =>
  new Promise((resolve, reject) => {
    const start = performance.now()
    const [cmd, argv] = withRss ? [TIME, ["-f", "%M", node, ...args]] : [node, args]
    const child = spawn(cmd, argv, { env, stdio: ["pipe", "ignore", "pipe"] })
    let err = ""
    child.stderr.on("data", (d) => {
      err += d
    })
    child.on("error", reject)
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`${args.join(" ")} exited ${code}: ${err.trim().slice(-400)}`))
      const kb = Number(err.trim().split("\n").at(-1))
      resolve({ ms: performance.now() - start, mb: withRss && Number.isFinite(kb) ? kb / 1024 : undefined })
    })
    child.stdin.end(input)
  })

const versionOf = (node) =>
  new Promise((resolve) => {
    const child = spawn(node, ["--version"], { stdio: ["ignore", "pipe", "ignore"] })
    let out = ""
    child.stdout.on("data", (d) => {
      out += d
    })
    child.on("close", () => resolve(out.trim()))
  })

const nodes = [
  { id: "20", bin: process.execPath },
  { id: "24", bin: ensureNode24(ROOT) },
]
const JOB_LIST = [BIN, "job", "list", "--json"]
const cases = []
for (const n of nodes) {
  const version = await versionOf(n.bin)
  const label = `Node ${version}`
  const env = homeEnv()
  cases.push({ node: n, label, name: `${label}: node -e 0`, args: ["-e", "0"], env, base: true })
  cases.push({ node: n, label, name: `${label}: inspire --version`, args: [BIN, "--version"], env, target: 2 })
  cases.push({ node: n, label, name: `${label}: inspire job list --json`, args: JOB_LIST, env, target: 2.5, own: true })
  if (n.id === "24")
    cases.push({
      node: n,
      label,
      name: `${label}: inspire job list --json, Node's compile cache`,
      args: JOB_LIST,
      env: homeEnv({ INSPIRE_CODE_CACHE: "node" }),
      versus: `${label}: inspire job list --json`,
    })
}

// Logged in, a default workspace, and the code cache and the kept user and projects written.
for (const env of new Set(cases.map((c) => c.env)))
  for (const n of nodes.filter((x) => cases.some((c) => c.env === env && c.node === x))) {
    await timed(n.bin, [BIN, "login", "--username", emu.demo.username, "--password-stdin"], env, emu.demo.password)
    await timed(n.bin, [BIN, "config", "set", "defaultWorkspace", "分布式训练空间"], env)
  }
for (const c of cases) await timed(c.node.bin, c.args, c.env) // warm the file cache and the code caches
const samples = new Map(cases.map((c) => [c.name, []]))
for (let i = 0; i < ROUNDS; i++) for (const c of cases) samples.get(c.name).push(await timed(c.node.bin, c.args, c.env))
await emu.close()

const ms = (name) => median(samples.get(name).map((s) => s.ms))
const mb = (name) => (withRss ? median(samples.get(name).map((s) => s.mb)) : undefined)
const rows = cases.map((c) => {
  const base = ms(`${c.label}: node -e 0`)
  const ratio = ms(c.name) / (c.versus !== undefined ? ms(c.versus) : base)
  const memory = mb(c.name)
  return {
    name: c.name,
    value: `${ms(c.name).toFixed(0)} ms${memory !== undefined ? `, ${memory.toFixed(0)} MB` : ""}`,
    ratio: c.versus !== undefined ? `${ratio.toFixed(2)}× the CLI's own cache` : `${ratio.toFixed(2)}× node -e 0`,
    ...(c.target !== undefined ? { target: `≤ ${c.target}×`, met: ratio <= c.target } : {}),
  }
})
console.log(`cold start, ${ROUNDS} interleaved rounds, medians (${new Date().toISOString()})`)
for (const r of rows)
  console.log(
    `${r.name.padEnd(64)} ${r.value.padStart(14)}  ${r.ratio}${r.target ? `  target ${r.target}: ${r.met ? "met" : "MISSED"}` : ""}`,
  )

const [old, current] = cases.filter((c) => c.own)
writeReport({
  id: "cold-start",
  title: "Cold start of the CLI, on Node 20 and Node 24",
  kind: "performance",
  method:
    `${ROUNDS} rounds, each spawning \`node -e 0\`, \`inspire --version\` and \`inspire job list --json\` on Node 20 and on ` +
    "Node 24 one after the other, and on Node 24 `job list` once more with Node's own compile cache instead of the CLI's " +
    "(INSPIRE_CODE_CACHE=node); medians of wall time from spawn to exit" +
    (withRss ? " and of each call's peak resident memory (GNU time's %M)" : "") +
    ". `job list` runs against the in-process emulator, logged in, with a default workspace and the client's rate limit " +
    "lifted (INSPIRE_RATE_LIMIT=1000) so that the figure is the CLI's own cost, not the platform's pacing; its code cache " +
    "and the user and projects the CLI keeps between calls are warm (written by the untimed calls before: login, config " +
    "set, one job list). The calls get a minimal environment: NODE_EXTRA_CA_CERTS and NODE_OPTIONS are not set.",
  rows,
  notes: [
    `Node 24 against Node 20 for \`job list\`: ${(ms(current.name) / ms(old.name)).toFixed(2)}× the wall time` +
      (withRss ? ` and ${(mb(current.name) / mb(old.name)).toFixed(2)}× the memory.` : "."),
  ],
})
