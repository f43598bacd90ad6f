#!/usr/bin/env node
// Fails when the committed plugin package (dist/) is not exactly what the build makes from the current
// sources: `github:` installs use dist/ as committed, so a stale one would ship old code.
//   1. builds into a temporary folder and compares every file, byte for byte, with dist/;
//   2. in CI (CI set), also checks that dist/ in the working tree is what HEAD holds, so a build
//      step that ran before this check cannot hide a dist/ that was never committed.
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
// --dist <dir> compares another folder instead (the test uses it to see that a difference is caught).
const distFlag = process.argv.indexOf("--dist")
const dist = distFlag > 0 ? resolve(process.argv[distFlag + 1] ?? "") : join(root, "dist")
const FIX = "run pnpm --filter @holos-inspire/synergy-plugin build and commit dist/"

const files = (dir, prefix = "") =>
  existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .flatMap((name) =>
          statSync(join(dir, name)).isDirectory() ? files(join(dir, name), `${prefix}${name}/`) : [`${prefix}${name}`],
        )
    : []

const differences = (expected, actual) => {
  const want = files(expected)
  const have = files(actual)
  const out = []
  for (const f of want) {
    if (!have.includes(f)) out.push(`missing   dist/${f}`)
    else if (!readFileSync(join(expected, f)).equals(readFileSync(join(actual, f)))) out.push(`differs   dist/${f}`)
  }
  for (const f of have) if (!want.includes(f)) out.push(`unexpected dist/${f}`)
  return out
}

const fail = (lines) => {
  console.error(["The committed Synergy plugin package is out of date:", ...lines.map((l) => `  ${l}`), FIX].join("\n"))
  process.exit(1)
}

const fresh = mkdtempSync(join(tmpdir(), "inspire-plugin-dist-"))
let found
try {
  execFileSync(process.execPath, [join(root, "scripts", "build.mjs"), "--out", fresh], {
    stdio: ["ignore", "ignore", "pipe"],
  })
  found = differences(fresh, dist)
} finally {
  rmSync(fresh, { recursive: true, force: true })
}
if (found.length > 0) fail(found)

if (process.env.CI && distFlag < 0) {
  const git = (args) => execFileSync("git", args, { cwd: root, encoding: "utf8" })
  const changed = git(["status", "--porcelain", "--untracked-files=all", "--", "dist"]).trim()
  if (changed !== "") fail(changed.split("\n").map((l) => `not committed: ${l.trim()}`))
}
console.error("dist/ matches the build.")
