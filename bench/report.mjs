// What every benchmark and reliability suite hands to `npm run bench` (scripts/bench.mjs), which
// turns the reports into docs/BENCHMARKS.md and docs/RELIABILITY.md. A script prints its figures
// as it always did; when run with `--report FILE` it also writes them there as JSON.
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname } from "node:path"

/**
 * @typedef {object} Row one measured figure
 * @property {string} name what was measured, e.g. "inspire job list --json"
 * @property {string} value the figure as shown, e.g. "690 ms" or "0 duplicates"
 * @property {string} [ratio] the comparison, e.g. "12.1× node -e 0"
 * @property {string} [target] e.g. "≤ 3×"
 * @property {boolean} [met] whether the target was met (absent when there is no target)
 *
 * @typedef {object} Report
 * @property {string} id file-name-safe id, e.g. "cold-start"
 * @property {string} title section heading
 * @property {"performance" | "reliability"} kind which document it belongs to
 * @property {string} method one paragraph: how it was measured, in our own words
 * @property {Row[]} rows
 * @property {string[]} [notes] anything a reader needs to judge the figures
 */

/** The value of `--name VALUE` on the command line, or undefined. */
export const flag = (name, argv = process.argv) => {
  const at = argv.indexOf(`--${name}`)
  return at >= 0 ? argv[at + 1] : undefined
}

/** Writes the report to the `--report FILE` path when one was given; returns the report. */
export const writeReport = (/** @type {Report} */ report, argv = process.argv) => {
  const file = flag("report", argv)
  if (file !== undefined) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`)
  }
  return report
}

/** Median of a list of numbers. */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/** A percentile (0–100) of a list of numbers, nearest rank. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]
}

/** The longest chain of requests (emulator log records) each of which arrived after the previous one's response had closed. */
export const chainDepth = (log) => {
  const sorted = [...log].sort((a, b) => a.start - b.start)
  const depth = []
  sorted.forEach((r, i) => {
    let best = 0
    for (let j = 0; j < i; j++) if (sorted[j].end <= r.start) best = Math.max(best, depth[j])
    depth.push(best + 1)
  })
  return Math.max(0, ...depth)
}

/** What a child process wrote and how it ended: `{ code, out, err }` once it has closed (rejects if it cannot start). */
export const collected = (child) =>
  new Promise((resolve, reject) => {
    let out = ""
    let err = ""
    child.stdout?.on("data", (d) => {
      out += d
    })
    child.stderr?.on("data", (d) => {
      err += d
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, out, err }))
  })
