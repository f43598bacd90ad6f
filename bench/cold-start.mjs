#!/usr/bin/env node
// How fast the bundled CLI starts: `inspire --version` and `inspire job list --json` (against the
// in-process emulator, logged in) side by side with `node -e 0`, interleaved in one run so that the
// machine's load weighs on all three alike. Prints medians and ratios; it is not a test.
// Needs a build: `npm test` or `npm run demo` (apps/cli/dist/inspire.mjs, packages/emulator/dist).
import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { median, writeReport } from "./report.mjs"

const BIN = new URL("../apps/cli/dist/inspire.mjs", import.meta.url).pathname
const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20)

const emu = await startEmulator({ port: 0 })
const env = {
  PATH: process.env.PATH,
  INSPIRE_HOME: mkdtempSync(join(tmpdir(), "inspire-bench-")),
  INSPIRE_BASE_URL: emu.url,
  INSPIRE_RATE_LIMIT: "1000",
  NO_COLOR: "1",
}

// Spawned asynchronously: the emulator answers from this process's event loop.
const timed = (args, input = "") =>
  new Promise((resolve, reject) => {
    const start = performance.now()
    const child = spawn(process.execPath, args, { env, stdio: ["pipe", "ignore", "ignore"] })
    child.on("error", reject)
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`${args.join(" ")} exited ${code}`))
      else resolve(performance.now() - start)
    })
    child.stdin.end(input)
  })

await timed([BIN, "login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
await timed([BIN, "config", "set", "defaultWorkspace", "分布式训练空间"])

const cases = {
  "node -e 0": ["-e", "0"],
  "inspire --version": [BIN, "--version"],
  "inspire job list --json": [BIN, "job", "list", "--json"],
}
const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]))
for (const args of Object.values(cases)) await timed(args) // warm the file cache
for (let i = 0; i < ROUNDS; i++) for (const [name, args] of Object.entries(cases)) samples[name].push(await timed(args))
await emu.close()

const base = median(samples["node -e 0"])
const targets = { "inspire --version": 2, "inspire job list --json": 3 }
const rows = Object.entries(samples).map(([name, xs]) => {
  const ratio = median(xs) / base
  const target = targets[name]
  return {
    name,
    value: `${median(xs).toFixed(0)} ms`,
    ratio: `${ratio.toFixed(2)}× node -e 0`,
    ...(target !== undefined ? { target: `≤ ${target}×`, met: ratio <= target } : {}),
  }
})
console.log(`cold start, ${ROUNDS} interleaved rounds, medians (node ${process.version}, ${new Date().toISOString()})`)
for (const r of rows)
  console.log(
    `${r.name.padEnd(26)} ${r.value.padStart(7)}  ${r.ratio}${r.target ? `  target ${r.target}: ${r.met ? "met" : "MISSED"}` : ""}`,
  )
writeReport({
  id: "cold-start",
  title: "Cold start of the CLI",
  kind: "performance",
  method:
    `${ROUNDS} rounds, each spawning \`node -e 0\`, \`inspire --version\` and \`inspire job list --json\` one after the other ` +
    "(medians of wall time from spawn to exit). `job list` runs against the in-process emulator, logged in, with a " +
    "default workspace and the client's rate limit lifted (INSPIRE_RATE_LIMIT=1000) so that the figure is the CLI's own " +
    "cost, not the platform's pacing; its V8 code cache and the user and projects the CLI keeps between calls are warm (written by the untimed calls before: login, config set, one job list).",
  rows,
})
