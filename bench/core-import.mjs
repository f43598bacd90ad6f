#!/usr/bin/env node
// What importing @holos-inspire/core costs a program that uses it as a library: fresh node processes
// that import packages/core/dist/index.js, taking turns with processes that import nothing, so the
// machine's load weighs on both alike. Each child reports its RSS after the import, the import's own
// time and which CommonJS packages it loaded (undici, dockerode: loaded only when a call needs them).
// Prints medians; it is not a test. Needs core's build (`pnpm run build` in packages/core: tsc, then the
// bundle of its entry points that dist/index.js is, scripts/bundle.mjs).
// Usage: node bench/core-import.mjs [--rounds 15] [--report FILE]
import { spawn } from "node:child_process"
import { performance } from "node:perf_hooks"
import { collected, flag, median, writeReport } from "./report.mjs"

const ROUNDS = Number(flag("rounds") ?? 15)
const CORE = new URL("../packages/core/dist/index.js", import.meta.url).href
const RSS_TARGET_MB = 60
const TIME_TARGET_MS = 150

// The child: imports core (or nothing), then prints one JSON line. The packages of the modules in
// require.cache say which CommonJS dependencies the import pulled in.
const childSource = (url) => `
import { createRequire } from "node:module"
const t0 = performance.now()
${url === undefined ? "" : `await import(${JSON.stringify(url)})`}
const importMs = performance.now() - t0
const rss = process.memoryUsage().rss
const packages = new Set()
for (const file of Object.keys(createRequire(import.meta.url).cache)) {
  const m = /node_modules[\\\\/](?:\\.pnpm[\\\\/][^\\\\/]+[\\\\/]node_modules[\\\\/])?((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(file)
  if (m) packages.add(m[1])
}
console.log(JSON.stringify({ importMs, rss, packages: [...packages].sort() }))
`

const run = async (url) => {
  const start = performance.now()
  const child = spawn(process.execPath, ["--input-type=module", "-e", childSource(url)], {
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "pipe", "pipe"],
  })
  const { code, out, err } = await collected(child)
  if (code !== 0) throw new Error(`the child exited ${code}: ${err.trim().slice(-400)}`)
  return { ...JSON.parse(out.trim().split("\n").at(-1)), wallMs: performance.now() - start }
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`
const ms = (n) => `${Math.round(n)} ms`

const main = async () => {
  const runs = { bare: [], core: [] }
  // One warm-up of each, so the first round does not pay for the disk cache alone.
  await run(undefined)
  await run(CORE)
  for (let round = 0; round < ROUNDS; round++)
    for (const mode of round % 2 === 0 ? ["bare", "core"] : ["core", "bare"])
      runs[mode].push(await run(mode === "core" ? CORE : undefined))
  const m = (mode, key) => median(runs[mode].map((r) => r[key]))
  const bareRss = m("bare", "rss")
  const coreRss = m("core", "rss")
  const cost = coreRss - bareRss
  const importMs = m("core", "importMs")
  const wallRatio = m("core", "wallMs") / m("bare", "wallMs")
  const loaded = [...new Set(runs.core.flatMap((r) => r.packages))].sort()
  const heavy = loaded.filter((p) => p === "dockerode" || p === "undici")

  const table = [
    ["rounds", String(ROUNDS)],
    ["RSS: node alone / after importing core", `${mb(bareRss)} / ${mb(coreRss)}`],
    [`RSS cost of the import (target ≤ ${RSS_TARGET_MB} MB)`, mb(cost)],
    [`import time (target ≤ ${TIME_TARGET_MS} ms)`, ms(importMs)],
    ["process wall time: node alone / importing core", `${ms(m("bare", "wallMs"))} / ${ms(m("core", "wallMs"))}`],
    ["CommonJS packages loaded by the import", loaded.join(", ") || "none"],
  ]
  const width = Math.max(...table.map(([k]) => k.length))
  for (const [k, v] of table) console.log(`${k.padEnd(width)}  ${v}`)

  writeReport({
    id: "core-import",
    title: "Importing core as a library",
    kind: "performance",
    method:
      `Fresh node processes (${process.version}) import packages/core/dist/index.js, as another lab tool would after installing the ` +
      `package, taking turns with processes that import nothing, ${ROUNDS} rounds after one warm-up of each. Each child reports its ` +
      "RSS right after the import (process.memoryUsage().rss), the import's own time (performance.now() around the dynamic import) " +
      "and the packages of the CommonJS modules in require.cache; the parent times each process from spawn to exit. Medians. " +
      "The RSS target is on the import's cost: the importing child's RSS minus that of node alone.",
    rows: [
      {
        name: "RSS cost of importing core",
        value: `${mb(cost)} (${mb(bareRss)} → ${mb(coreRss)})`,
        target: `≤ ${RSS_TARGET_MB} MB`,
        met: cost <= RSS_TARGET_MB * 1024 * 1024,
      },
      {
        name: "import time",
        value: ms(importMs),
        target: `≤ ${TIME_TARGET_MS} ms`,
        met: importMs <= TIME_TARGET_MS,
      },
      {
        name: "process wall time, importing core",
        value: ms(m("core", "wallMs")),
        ratio: `${wallRatio.toFixed(2)}× node alone (${ms(m("bare", "wallMs"))})`,
      },
      {
        name: "undici and dockerode loaded by the import",
        value: heavy.length === 0 ? "neither" : heavy.join(", "),
        target: "neither",
        met: heavy.length === 0,
      },
    ],
    notes: [
      "dist/index.js is a bundle (packages/core/scripts/bundle.mjs): core, Effect and zod in a few files, so the import compiles and runs them without resolving ~490 modules; undici is loaded only by a request through a proxy or a WebSocket (direct requests use Node's http) and dockerode by the first image push.",
    ],
  })
}

await main()
