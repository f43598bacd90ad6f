#!/usr/bin/env node
// Fails when a hand-written source file grows past the limit, so every file stays readable in
// one sitting. Tests, fixtures and generated files are exempt.
import { readdirSync, readFileSync, statSync } from "node:fs"
import { join, relative } from "node:path"

export const LIMIT = 400
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const SKIP_DIRS = new Set([
  "node_modules",
  "dist",
  "test",
  "tests",
  "__tests__",
  "fixtures",
  "generated",
  "coverage",
  ".turbo",
  ".git",
  ".tools",
])
const SKIP_FILES = /(\.test\.|\.spec\.|\.d\.ts$|\.generated\.)/

export const oversized = (root, roots) => {
  const found = []
  const walk = (dir) => {
    let entries
    try {
      entries = readdirSync(dir)
    } catch {
      return
    }
    for (const name of entries) {
      const path = join(dir, name)
      const stat = statSync(path)
      if (stat.isDirectory()) {
        if (!SKIP_DIRS.has(name)) walk(path)
      } else if (SOURCE.test(name) && !SKIP_FILES.test(name)) {
        const text = readFileSync(path, "utf8")
        const lines = text.length === 0 ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0)
        if (lines > LIMIT) found.push({ file: relative(root, path), lines })
      }
    }
  }
  for (const r of roots) walk(join(root, r))
  return found
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.cwd()
  const found = oversized(root, ["packages", "apps", "scripts", "bench"])
  if (found.length > 0) {
    console.error(`File-size gate: ${found.length} source file(s) exceed ${LIMIT} lines:`)
    for (const f of found) console.error(`  ${f.file} (${f.lines} lines)`)
    console.error("Split each by responsibility (tests, fixtures and generated files are exempt).")
    process.exit(1)
  }
  console.log(`File-size gate: every source file is within ${LIMIT} lines.`)
}
