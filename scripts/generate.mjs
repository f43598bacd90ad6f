#!/usr/bin/env node
// The one generator: every file of the repository that is made from other files is written here, and
// nowhere else (builds write only into dist/). Run it after editing a .ftl file, an operation's
// definition or core's exports, and commit what it changes; npm test fails on a stale one and names this.
//   1. each package's message module from its locales/<language>/*.ftl (scripts/locales.mjs)
//   2. the builds of core and the plugin, which the next steps read
//   3. core's API reports (packages/core/api/*.md)
//   4. the tool tables of the docs (scripts/tool-tables.mjs), then the plugin again: it carries the skill,
//      whose tool table was just rewritten
//   5. the weight table of docs/ARCHITECTURE.md (scripts/weight.mjs)
// Then the translator's list in short (npm run translations gives it whole).
import { spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" }

const step = (what, command, args, cwd = root) => {
  const r = spawnSync(command, args, { cwd, env, stdio: "inherit" })
  if (r.status !== 0) {
    console.error(`generate: ${what} failed${r.error !== undefined ? ` (${r.error.message})` : ""}`)
    process.exit(r.status ?? 1)
  }
}
const node = (what, script, args = [], cwd = root) => step(what, process.execPath, [script, ...args], cwd)

node("core's messages", join(root, "scripts/locales.mjs"), ["packages/core", "src/words/locales.generated.ts"])
node("the CLI's messages", join(root, "scripts/locales.mjs"), ["apps/cli", "src/locales.generated.ts"])
// Each package's own build (npm puts its node_modules/.bin on PATH): core, and the plugin whose manifest
// the tool tables read.
const npm = process.platform === "win32" ? "npm.cmd" : "npm"
step("core's build", npm, ["run", "--silent", "build"], join(root, "packages/core"))
step("the plugin's build", npm, ["run", "--silent", "build"], join(root, "apps/synergy-plugin"))
node("core's API reports", join(root, "packages/core/scripts/api-report.mjs"), [], join(root, "packages/core"))
node("the tool tables", join(root, "scripts/tool-tables.mjs"))
step(
  "the plugin's build, with the skill's new tool table",
  npm,
  ["run", "--silent", "build"],
  join(root, "apps/synergy-plugin"),
)
node("the weight table", join(root, "scripts/weight.mjs"))
node("the translator's list", join(root, "scripts/translations.mjs"), ["--summary"])
