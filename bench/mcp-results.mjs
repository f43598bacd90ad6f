#!/usr/bin/env node
// Measures how many bytes the everyday MCP calls put in front of an agent: the text content and the
// structuredContent of each result, on the emulator's fixture, through the built server over stdio with
// the real SDK client. `--before FILE` measures another build of the server too (e.g. one built from
// the previous commit) and prints both side by side. Prints figures; it is not a test.
// Needs built packages: `pnpm exec tsc -b` in packages/emulator and packages/core, `pnpm build` in apps/mcp.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Client } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js"
import { StdioClientTransport } from "../apps/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm/client/stdio.js"
import { createInspireClient, findOperation, invoke } from "../packages/core/dist/index.js"
import { startEmulator } from "../packages/emulator/dist/index.js"
import { flag, writeReport } from "./report.mjs"

const SERVER = fileURLToPath(new URL("../apps/mcp/dist/inspire-mcp.mjs", import.meta.url))

// The calls of the skill's workflows, in the order an agent makes them; `{job}` is a job of the fixture.
const CASES = [
  { tool: "status", input: {} },
  { tool: "status", input: { schedule_type: "TRAIN" } },
  { tool: "jobs", input: {} },
  { tool: "job_detail", input: { job_id: "{job}" } },
  { tool: "logs", input: { job_id: "{job}" } },
  { tool: "metrics", input: { job_id: "{job}" } },
  { tool: "availability", input: {} },
  { tool: "usage", input: { workspace: "分布式训练空间" } },
]

const bytes = (s) => Buffer.byteLength(s, "utf8")

/** All the calls together, at most: half of what they cost before results were summarised. */
const TARGET = 69_000

/** The names a user types for a training submit in 分布式训练空间 / H100, plus the fixture's spec and image. */
const trainingTarget = (emu) => {
  const s = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === "分布式训练空间")
  const group = s.groups.find((g) => g.workspaceId === ws.id && g.name === "H100")
  const spec = s.specs.find(
    (x) =>
      x.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && x.lcgIds.includes(group.id) && x.allowedPriorityLevels.length === 0,
  )
  const image = s.images.find((i) => i.registry === "qb" && i.status === "READY" && !/slurm|ray|vllm/.test(i.address))
  return { workspace: ws.name, project: "embodied-fm", compute_group: group.name, spec: spec.id, image: image.address }
}

/** A day's work on the platform: 12 training jobs, running, finished and failed, an hour into their runs. */
const populate = async (emu, env) => {
  const core = createInspireClient({ env })
  try {
    await core.login({ username: emu.demo.username, password: emu.demo.password })
    const target = trainingTarget(emu)
    const commands = ["python train.py #emu:busy", "python train.py #emu:idle", "python train.py; exit 1"]
    for (let i = 0; i < 12; i++)
      await core.run(invoke(findOperation("submit"), { ...target, name: `exp-${i}`, command: commands[i % 3] ?? "" }))
    emu.control.clock.advance(3600)
  } finally {
    await core.close()
  }
}

/** Text bytes, structuredContent bytes (its JSON) and whether the call failed, per case. */
const measure = async (server, env) => {
  const mcp = new Client({ name: "bench", version: "1" })
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [server, "--toolsets", "all"],
      env,
      stderr: "ignore",
    }),
  )
  try {
    const jobs = await mcp.callTool({ name: "inspire_jobs", arguments: { limit: 50 } })
    const job = jobs.structuredContent?.tasks?.find((j) => j.name === "exp-1")?.id
    const out = []
    for (const { tool, input } of CASES) {
      const args = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === "{job}" ? job : v]))
      const r = await mcp.callTool({ name: `inspire_${tool}`, arguments: args })
      const text = r.content.filter((c) => c.type === "text").reduce((n, c) => n + bytes(c.text), 0)
      const structured = r.structuredContent !== undefined ? bytes(JSON.stringify(r.structuredContent)) : 0
      out.push({ call: `inspire_${tool} ${JSON.stringify(input)}`, text, structured, error: r.isError === true })
    }
    return out
  } finally {
    await mcp.close()
  }
}

const main = async () => {
  const before = flag("before")
  const emu = await startEmulator({ port: 0, paused: true })
  try {
    const home = mkdtempSync(join(tmpdir(), "inspire-bench-results-"))
    const env = { PATH: process.env.PATH, INSPIRE_HOME: home, INSPIRE_BASE_URL: emu.url, INSPIRE_RATE_LIMIT: "1000" }
    await populate(emu, env)
    const after = await measure(SERVER, env)
    const old = before !== undefined ? await measure(before, env) : undefined
    const total = (r) => r.text + r.structured
    const show = (r) => `${r.text} + ${r.structured} = ${total(r)}${r.error ? " (error)" : ""}`
    const width = Math.max(...after.map((r) => r.call.length))
    console.log(`bytes per result: text + structuredContent = total${old !== undefined ? "   (before → now)" : ""}`)
    const rows = after.map((r, i) => {
      const o = old?.[i]
      console.log(`${r.call.padEnd(width)}  ${o !== undefined ? `${show(o)}  →  ` : ""}${show(r)}`)
      return {
        name: r.call,
        value: `${total(r)} bytes (text ${r.text}, structured ${r.structured})`,
        ...(o !== undefined ? { ratio: `${(total(r) / total(o)).toFixed(2)}× the ${total(o)} bytes before` } : {}),
      }
    })
    const sum = (rs) => rs.reduce((n, r) => n + total(r), 0)
    console.log(`all calls: ${old !== undefined ? `${sum(old)} → ` : ""}${sum(after)} bytes (target ≤ ${TARGET})`)
    writeReport({
      id: "mcp-results",
      title: "MCP result sizes",
      kind: "performance",
      method:
        "The everyday calls of the skill's workflows (status, jobs, job_detail, logs, metrics, availability, usage) through the built inspire-mcp over stdio with the MCP SDK's client, on the emulator's fixture with its clock paused; each result's bytes: the text content and the JSON of its structuredContent. The target is half of what these calls cost (about 138,600 bytes) when the text was the whole rendering and inspire_status listed every spec.",
      rows: [
        ...rows,
        {
          name: "all calls",
          value: `${sum(after)} bytes`,
          ...(old !== undefined
            ? { ratio: `${(sum(after) / sum(old)).toFixed(2)}× the ${sum(old)} bytes before` }
            : {}),
          target: `≤ ${TARGET} bytes`,
          met: sum(after) <= TARGET,
        },
      ],
    })
  } finally {
    await emu.close()
  }
}

await main()
