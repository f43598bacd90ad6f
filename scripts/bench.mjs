#!/usr/bin/env node
// `npm run bench`: runs every benchmark in bench/ and the reliability suites at full size, keeps
// each one's report in docs/data/, and regenerates docs/BENCHMARKS.md and docs/RELIABILITY.md.
// A benchmark that fails is recorded as not completed; the others still run.
// Usage: node scripts/bench.mjs [--only id,id] [--list]   (after a build: npm test or npm run demo)
import { execFileSync, spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { cpus, loadavg, release, tmpdir, totalmem, type } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { renderDocs } from "./bench-docs.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const dataDir = join(root, "docs", "data")
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", NO_COLOR: "1" }

/** The benchmarks, in the order the documents list them: id, script and arguments. */
const BENCHES = [
  { id: "cold-start", args: ["bench/cold-start.mjs", "20"] },
  { id: "core-import", args: ["bench/core-import.mjs"] },
  { id: "round-trips", args: ["bench/round-trips.mjs"] },
  { id: "per-call", args: ["bench/per-call.mjs"] },
  { id: "avail", args: ["bench/avail.mjs"] },
  { id: "requests", args: ["bench/requests.mjs"] },
  { id: "sweep", args: ["bench/sweep.mjs"] },
  { id: "rate-limit", args: ["bench/rate-limit.mjs"] },
  { id: "logs", args: ["bench/logs.mjs"] },
  { id: "storage", args: ["bench/storage.mjs"] },
  { id: "mcp-overhead", args: ["bench/mcp-overhead.mjs"] },
  { id: "mcp-results", args: ["bench/mcp-results.mjs"] },
  { id: "mcp-context", args: ["bench/mcp-context.mjs"] },
  { id: "synergy-overhead", args: ["bench/synergy-overhead.mjs"] },
  { id: "image-push", args: ["bench/image-push.mjs"] },
  { id: "test-time", args: ["bench/test-time.mjs"] },
]

/** The reliability suites (vitest files in tests/reliability) and the ids their reports carry. */
const SUITES = [
  { id: "fault-soak", file: "test/fault-soak.test.ts" },
  { id: "store", file: "test/store.test.ts" },
  { id: "login-storm", file: "test/login-storm.test.ts" },
  { id: "shared-rate-limit", file: "test/shared-rate-limit.test.ts" },
  { id: "exactly-once", file: "test/exactly-once.test.ts" },
  { id: "exactly-once-cli", file: "test/exactly-once-cli.test.ts" },
  { id: "exactly-once-markerless", file: "test/exactly-once-markerless.test.ts" },
  { id: "fuzz-mcp", file: "test/fuzz-mcp.test.ts" },
  { id: "fuzz-cli", file: "test/fuzz-cli.test.ts" },
  { id: "confinement", file: "test/confinement.test.ts" },
]

const ORDER = [...BENCHES.map((b) => b.id), ...SUITES.map((s) => s.id), "mcp-http", "secrets"]

const only = (() => {
  const at = process.argv.indexOf("--only")
  return at >= 0 ? new Set((process.argv[at + 1] ?? "").split(",").filter(Boolean)) : undefined
})()
const wanted = (id) => only === undefined || only.has(id)

if (process.argv.includes("--list")) {
  console.log(ORDER.join("\n"))
  process.exit(0)
}
const unknown = only === undefined ? [] : [...only].filter((id) => !ORDER.includes(id))
if (unknown.length > 0) {
  console.error(`unknown id(s): ${unknown.join(", ")}; known: ${ORDER.join(", ")}`)
  process.exit(2)
}

const stamp = (report) => ({ ...report, at: new Date().toISOString() })
const save = (report) =>
  writeFileSync(join(dataDir, `${report.id}.json`), `${JSON.stringify(stamp(report), null, 2)}\n`)
const failed = (id, title, kind, error) => save({ id, title, kind, error, rows: [] })

const tail = (text) => text.trim().split("\n").slice(-3).join(" / ").slice(0, 400)

const runBench = ({ id, args }) => {
  const file = join(mkdtempSync(join(tmpdir(), "inspire-bench-report-")), `${id}.json`)
  console.log(`\n=== ${id}: node ${args.join(" ")}`)
  const r = spawnSync(process.execPath, [...args, "--report", file], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "pipe"],
    encoding: "utf8",
  })
  process.stderr.write(r.stderr ?? "")
  try {
    save(JSON.parse(readFileSync(file, "utf8")))
  } catch {
    failed(id, id, "performance", `exit ${r.status}: ${tail(r.stderr ?? "")}`)
  }
}

const runSuites = () => {
  const files = SUITES.filter((s) => wanted(s.id))
  if (files.length === 0) return
  const reports = mkdtempSync(join(tmpdir(), "inspire-suite-reports-"))
  console.log(`\n=== reliability suites at full size: ${files.map((s) => s.id).join(", ")}`)
  spawnSync("pnpm", ["exec", "vitest", "run", ...files.map((s) => s.file)], {
    cwd: join(root, "tests", "reliability"),
    env: { ...env, INSPIRE_SUITE_SCALE: "full", INSPIRE_REPORT_DIR: reports },
    stdio: "inherit",
  })
  const got = new Set(readdirSync(reports).map((f) => f.replace(/\.json$/, "")))
  for (const f of readdirSync(reports)) save(JSON.parse(readFileSync(join(reports, f), "utf8")))
  for (const s of files)
    if (!got.has(s.id)) failed(s.id, s.id, "reliability", "the suite wrote no report (see its output)")
}

// The MCP-over-HTTP guarantees are the assertions of apps/mcp/test/http.test.ts: each test is a row.
const runMcpHttp = () => {
  const out = join(mkdtempSync(join(tmpdir(), "inspire-mcp-http-")), "vitest.json")
  console.log("\n=== MCP over HTTP: apps/mcp/test/http.test.ts")
  spawnSync("pnpm", ["exec", "vitest", "run", "test/http.test.ts", "--reporter=json", `--outputFile=${out}`], {
    cwd: join(root, "apps", "mcp"),
    env,
    stdio: "inherit",
  })
  try {
    const results = JSON.parse(readFileSync(out, "utf8")).testResults.flatMap((f) => f.assertionResults)
    save({
      id: "mcp-http",
      title: "MCP over HTTP: token, Origin and bind address",
      kind: "reliability",
      method:
        "apps/mcp/test/http.test.ts starts the built inspire-mcp with --http and sends real requests: without the token, " +
        "with a wrong one, with a foreign Origin or Host; it checks the default bind address and that no secret is printed.",
      rows: results.map((t) => ({ name: t.title, value: t.status, target: "passed", met: t.status === "passed" })),
    })
  } catch {
    failed("mcp-http", "MCP over HTTP", "reliability", "the test run wrote no results")
  }
}

const runSecretsScan = () => {
  const file = join(mkdtempSync(join(tmpdir(), "inspire-secrets-")), "secrets.json")
  console.log("\n=== secrets scan of everything the test runs printed and logged")
  spawnSync(process.execPath, ["scripts/secrets-scan.mjs", "--report", file], { cwd: root, env, stdio: "inherit" })
  try {
    save(JSON.parse(readFileSync(file, "utf8")))
  } catch {
    failed("secrets", "Secrets in test output", "reliability", "the scan wrote no report")
  }
}

const git = (args) => {
  try {
    return execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim()
  } catch {
    return "unknown"
  }
}

mkdirSync(dataDir, { recursive: true })
writeFileSync(
  join(dataDir, "machine.json"),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      cpus: `${cpus().length} × ${cpus()[0]?.model ?? "unknown"}`,
      memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
      os: `${type()} ${release()}`,
      node: process.version,
      // Figures measured before their code is committed are committed with it: the code measured is then
      // the commit that brings this file, whose parent is HEAD now.
      commit:
        git(["status", "--porcelain"]) === ""
          ? git(["rev-parse", "--short", "HEAD"])
          : `the commit that brings these figures (its parent: ${git(["rev-parse", "--short", "HEAD"])})`,
      load: loadavg()
        .map((l) => l.toFixed(2))
        .join(" / "),
    },
    null,
    2,
  )}\n`,
)
for (const b of BENCHES) if (wanted(b.id)) runBench(b)
runSuites()
if (wanted("mcp-http")) runMcpHttp()
if (wanted("secrets")) runSecretsScan()
for (const f of renderDocs(dataDir, join(root, "docs"), ORDER)) console.log(`wrote ${f}`)
