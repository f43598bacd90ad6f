#!/usr/bin/env node
// Measures what the MCP layer adds to one call of a read tool: the same operation called directly through
// core's client and as an MCP tool over stdio (the built server as a child process, the real SDK client),
// alternating call by call in one run. Prints figures; it is not a test.
// Needs built packages: `pnpm exec tsc -b` in packages/emulator and packages/core, and `pnpm build` in apps/mcp.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { fileURLToPath } from "node:url"
import { Client } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js"
import { StdioClientTransport } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js"
import { createInspireClient, findOperation, invoke } from "../packages/core/dist/index.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { percentile, writeReport } from "./report.mjs"

const SERVER = fileURLToPath(new URL("../apps/mcp/dist/inspire-mcp.mjs", import.meta.url))
const WARMUP = 30
const CALLS = 300

// Two read tools: one that only reads the local store, one answered from discovery's in-memory cache.
const CASES = [
  { tool: "config", input: { action: "get" } },
  { tool: "status", input: { schedule_type: "TRAIN" } },
]

const timed = async (call) => {
  const t0 = performance.now()
  await call()
  return performance.now() - t0
}

const main = async () => {
  const emu = await startEmulator({ port: 0 })
  const home = mkdtempSync(join(tmpdir(), "inspire-bench-mcp-"))
  const env = { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, INSPIRE_RATE_LIMIT: "1000" }
  const direct = createInspireClient({ env })
  const mcp = new Client({ name: "bench", version: "1" })
  try {
    await direct.login({ username: emu.demo.username, password: emu.demo.password })
    await mcp.connect(new StdioClientTransport({ command: process.execPath, args: [SERVER], env, stderr: "ignore" }))
    const rows = []
    const reportRows = []
    for (const { tool, input } of CASES) {
      const operation = findOperation(tool)
      const viaCore = () => direct.run(invoke(operation, input))
      const viaMcp = async () => {
        const r = await mcp.callTool({ name: `inspire_${tool}`, arguments: input })
        if (r.isError) throw new Error(r.content[0]?.text)
      }
      for (let i = 0; i < WARMUP; i++) {
        await viaCore()
        await viaMcp()
      }
      const core = []
      const over = []
      // Alternating keeps both sides under the same load from whatever else runs on the machine.
      for (let i = 0; i < CALLS; i++) {
        core.push(await timed(viaCore))
        over.push(await timed(viaMcp))
      }
      const p = (values, q) => percentile(values, q).toFixed(2)
      const extra = percentile(over, 50) - percentile(core, 50)
      rows.push([`inspire_${tool} ${JSON.stringify(input)}`, ""])
      rows.push(["  core directly   p50 / p95", `${p(core, 50)} / ${p(core, 95)} ms`])
      rows.push(["  MCP over stdio  p50 / p95", `${p(over, 50)} / ${p(over, 95)} ms`])
      rows.push(["  extra per call, p50 (target ≤ 5 ms)", `${extra.toFixed(2)} ms`])
      rows.push(["  extra per call, p95", `${(percentile(over, 95) - percentile(core, 95)).toFixed(2)} ms`])
      reportRows.push({
        name: `inspire_${tool} via MCP over stdio`,
        value: `+${extra.toFixed(2)} ms per call (p50)`,
        ratio: `core ${p(core, 50)} ms, MCP ${p(over, 50)} ms (p95 ${p(core, 95)} / ${p(over, 95)} ms)`,
        target: "≤ 5 ms",
        met: extra <= 5,
      })
    }
    console.log(`${CALLS} calls each after ${WARMUP} warm-up calls, alternating core and MCP`)
    const width = Math.max(...rows.map(([k]) => k.length))
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`)
    writeReport({
      id: "mcp-overhead",
      title: "MCP server: overhead per tool call",
      kind: "performance",
      method:
        `The built inspire-mcp runs as a child process over stdio, driven by the real MCP SDK client. After ${WARMUP} ` +
        `warm-up calls, ${CALLS} calls of the same operation alternate between core's client in this process and the ` +
        "MCP tool; the extra is the difference of the medians. inspire_config reads only the local store; inspire_status " +
        "is answered from discovery's in-memory cache on both sides.",
      rows: reportRows,
    })
  } finally {
    await mcp.close()
    await direct.close()
    await emu.close()
  }
}

await main()
