// Run by the Synergy binary as Bun (BUN_BE_BUN=1 synergy run bun-call.mjs <runtime> <tool> <json>): calls
// one tool of the built runtime as the host does, in the host's own runtime, and prints its result.
const [runtime, id, raw] = process.argv.slice(2)
const plugin = (await import(runtime)).default
const tool = plugin.contributions.find((c) => c.kind === "tool" && c.id === id)
const result = await tool.handler(JSON.parse(raw), { requestId: "bun", actor: { type: "agent" } })
process.stdout.write(JSON.stringify({ bun: process.versions.bun, result }))
