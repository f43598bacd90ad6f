// Everything that needs core (effect, zod, undici, dockerode): loaded on the first call, so that the
// plugin process starts within the host's startup limit even on a busy machine.
import { loginHandlers } from "./cli.js"
import type { CliResult, InvocationContext, ToolResult } from "./sdk.js"
import { catalogueTools } from "./tools.js"

const tools = new Map(catalogueTools().map((t) => [t.id, t]))

/** Runs the tool `id` as the host asked. */
export const callTool = (id: string, raw: unknown, context: InvocationContext): Promise<ToolResult> => {
  const found = tools.get(id)
  if (found === undefined) throw new Error(`The runtime has no tool ${id}; rebuild the plugin.`)
  return found.handler(raw, context)
}

/** Runs the CLI command `id`. */
export const runCommand = (id: string, args: Readonly<Record<string, unknown>>): Promise<CliResult> => {
  const found = loginHandlers[id]
  if (found === undefined) throw new Error(`The runtime has no command ${id}; rebuild the plugin.`)
  return found(args)
}
