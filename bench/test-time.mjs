#!/usr/bin/env node
// How long `npm test` takes on a clean clone of this 2-core machine, whole and per package: each given
// revision is cloned into a temporary folder and CI's entry point (.ci/run) runs there; the wall time is
// the whole run's (install, build, lint, typecheck, both Node passes), and each package's time is the span
// of its vitest run, from the first file's start to the last file's end, as its JSON report gives it.
//   node bench/test-time.mjs [REV…]        default: HEAD
//   --reuse DIR --seconds N                read a run already made in DIR, which took N s (no new run)
import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { flag, writeReport } from "./report.mjs"

const ROOT = fileURLToPath(new URL("..", import.meta.url))
const TARGET_S = 12 * 60

/** The span of each package's vitest runs in `dir`, by package and pass, in seconds. */
const spans = (dir) => {
  const out = []
  for (const group of ["packages", "apps", "tests", "."])
    for (const pkg of group === "." ? ["."] : existsSync(join(dir, group)) ? readdirSync(join(dir, group)) : []) {
      const folder = group === "." ? dir : join(dir, group, pkg)
      for (const [file, pass] of [
        [".vitest-report.json", "Node 20"],
        [".vitest-report-node24.json", "Node 24"],
      ]) {
        const path = join(folder, file)
        if (!existsSync(path)) continue
        const r = JSON.parse(readFileSync(path, "utf8"))
        const starts = r.testResults.map((t) => t.startTime)
        const ends = r.testResults.map((t) => t.endTime)
        const seconds = (Math.max(...ends) - Math.min(...starts)) / 1000
        out.push({
          name: `${group === "." ? "scripts" : `${group}/${pkg}`} (${pass})`,
          seconds,
          tests: r.numTotalTests,
        })
      }
    }
  return out.sort((a, b) => b.seconds - a.seconds)
}

const run = (rev) => {
  const dir = mkdtempSync(join(tmpdir(), "inspire-test-time-"))
  spawnSync("git", ["clone", "--quiet", "--no-checkout", ROOT, dir], { stdio: "inherit" })
  spawnSync("git", ["checkout", "--quiet", rev], { cwd: dir, stdio: "inherit" })
  const started = performance.now()
  const r = spawnSync("bash", [join(dir, ".ci/run")], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] })
  return { dir, seconds: (performance.now() - started) / 1000, ok: r.status === 0 }
}

const reuse = flag("reuse")
const revs = process.argv.slice(2).filter((a, i, all) => !a.startsWith("--") && !all[i - 1]?.startsWith("--"))
const runs =
  reuse !== undefined
    ? [{ rev: "the given run", dir: reuse, seconds: Number(flag("seconds")), ok: true, kept: true }]
    : (revs.length > 0 ? revs : ["HEAD"]).map((rev) => ({ rev, ...run(rev) }))

const rows = []
for (const r of runs) {
  const m = Math.floor(r.seconds / 60)
  const s = Math.round(r.seconds % 60)
  rows.push({
    name: `npm test on a clean clone (${r.rev})`,
    value: `${m} min ${s} s${r.ok ? "" : " (failed)"}`,
    target: "≤ 12 min",
    met: r.ok && r.seconds <= TARGET_S,
  })
  for (const p of spans(r.dir))
    rows.push({ name: `  ${p.name}`, value: `${Math.round(p.seconds)} s, ${p.tests} tests` })
  if (!r.kept) rmSync(r.dir, { recursive: true, force: true })
}
for (const row of rows) console.log(`${row.name}: ${row.value}`)
writeReport({
  id: "test-time",
  title: "npm test on a clean clone",
  kind: "performance",
  method:
    "CI's entry point (.ci/run, which runs `npm test`) in a fresh clone: install from the lockfile, every build, lint, typecheck, knip, the file-size gate, the suites of every package on Node 20 and those of core, the emulator, the CLI and the MCP server again on Node 24, in one turbo run at three tasks at a time. The package rows are the span of each package's vitest run (first file's start to last file's end); they overlap.",
  rows,
})
