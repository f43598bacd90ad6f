#!/usr/bin/env node
// A package's suite on the second Node (scripts/node24.mjs): its `test:node24` script, which `npm test`
// runs in the same turbo run as the first pass, so the two passes share the machine's cores. vitest runs
// on Node 24, and so do the children the tests start with process.execPath (CLI, MCP server, emulator).
// run.mjs installs the binary before turbo starts; here it is only found.
import { spawnSync } from "node:child_process"
import { delimiter, dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { ensureNode24 } from "./node24.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const node = ensureNode24(root)
const vitest = join(process.cwd(), "node_modules", "vitest", "vitest.mjs")
const args = [vitest, "run", "--reporter=default", "--reporter=json", "--outputFile=.vitest-report-node24.json"]
const r = spawnSync(node, args, {
  stdio: "inherit",
  env: { ...process.env, PATH: [dirname(node), process.env.PATH].join(delimiter) },
})
if (r.error !== undefined) console.error(`could not start Node 24 (${node}): ${r.error.message}`)
process.exit(r.status ?? 1)
