#!/usr/bin/env node
// The weight of the code: lines per layer and per operation, written into docs/ARCHITECTURE.md between
// `<!-- weight:begin -->` and `<!-- weight:end -->`, so that growth is seen in review. Lines are the
// non-blank lines of TypeScript sources; generated modules are left out. Part of `npm run generate`.
//   node scripts/weight.mjs           rewrite the table
//   node scripts/weight.mjs --print   print it instead
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..")
const DOC = join(ROOT, "docs", "ARCHITECTURE.md")
const BEGIN = "<!-- weight:begin -->"
const END = "<!-- weight:end -->"

const isSource = (f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.includes(".generated.")

/** Non-blank lines of the sources at `path` (a file or a folder, walked). */
const lines = (path) => {
  if (statSync(path).isDirectory()) return readdirSync(path).reduce((n, f) => n + lines(join(path, f)), 0)
  if (!isSource(path)) return 0
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "").length
}

const core = (p) => join(ROOT, "packages/core/src", p)
const OPS = core("operations")
// The folders and files of operations/ that are machinery, not an operation.
const MACHINERY = new Set(["catalogue", "common", "registry.ts", "index.ts"])

const layers = () => {
  const rows = [
    ["core `domain/`", lines(core("domain"))],
    ["core `store/`", lines(core("store"))],
    ["core `platform/`", lines(core("platform"))],
    ["core `auth/`", lines(core("auth"))],
    ["core `api/`", lines(core("api"))],
    ["core `docker/`", lines(core("docker"))],
    ["core `words/`", lines(core("words"))],
    ["core `operations/catalogue/`", lines(join(OPS, "catalogue"))],
    ["core `operations/common/`", lines(join(OPS, "common"))],
    ["core operations", operations().reduce((n, [, l]) => n + l, 0)],
    [
      "core, the rest (entry points, facade, errors)",
      readdirSync(core(".")).reduce((n, f) => n + (f.endsWith(".ts") ? lines(core(f)) : 0), 0),
    ],
    ["emulator", lines(join(ROOT, "packages/emulator/src"))],
    ["CLI", lines(join(ROOT, "apps/cli/src"))],
    ["MCP server", lines(join(ROOT, "apps/mcp/src"))],
    ["Synergy plugin", lines(join(ROOT, "apps/synergy-plugin/src"))],
  ]
  const tests = ["packages/core", "packages/emulator", "apps/cli", "apps/mcp", "apps/synergy-plugin"]
    .map((p) => lines(join(ROOT, p, "test")))
    .reduce((a, b) => a + b, lines(join(ROOT, "tests/reliability/test")))
  return [...rows, ["tests (every package's and the reliability suites)", tests]]
}

/** Each operation's own code: its file, or its folder. */
const operations = () =>
  readdirSync(OPS)
    .filter((f) => !MACHINERY.has(f))
    .map((f) => [f.replace(/\.ts$/, ""), lines(join(OPS, f))])
    .sort((a, b) => b[1] - a[1])

export const weightTable = () => {
  const ops = operations()
  const total = ops.reduce((n, [, l]) => n + l, 0)
  return [
    "| layer | lines |",
    "| --- | ---: |",
    ...layers().map(([name, n]) => `| ${name} | ${n} |`),
    "",
    `Per operation (its file or folder under \`operations/\`; ${ops.length} of them, ${Math.round(total / ops.length)} lines on average, not counting the shared \`common/\`):`,
    "",
    "| operation | lines |",
    "| --- | ---: |",
    ...ops.map(([name, n]) => `| \`${name}\` | ${n} |`),
  ].join("\n")
}

const main = () => {
  const table = weightTable()
  if (process.argv.includes("--print")) {
    process.stdout.write(`${table}\n`)
    return
  }
  const text = readFileSync(DOC, "utf8")
  const start = text.indexOf(BEGIN)
  const end = text.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${DOC} has no ${BEGIN} … ${END} region`)
  const next = `${text.slice(0, start + BEGIN.length)}\n${table}\n${text.slice(end)}`
  if (next === text) return
  writeFileSync(`${DOC}.tmp`, next)
  renameSync(`${DOC}.tmp`, DOC)
}

main()
