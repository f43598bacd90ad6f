import { inputJsonSchema, type Operation, outputJsonSchema, renderDeep, renderWords, text } from "@holos-inspire/core"
import type { Tool } from "@modelcontextprotocol/sdk/types.js"

/** The MCP tool name of an operation: the manual's `inspire_<name>`. */
export const toolName = (operation: Operation): string => `inspire_${operation.name}`

// The operation's note for agents (login's: keep the password out of the conversation) comes first.
const descriptionOf = (operation: Operation): string =>
  renderWords(
    operation.agent?.note !== undefined
      ? text`${operation.agent.note} ${operation.description}`
      : operation.description,
    "mcp",
  )

/** An operation as an MCP tool: schemas from the catalogue and every annotation stated explicitly. */
export const toolOf = (operation: Operation): Tool => ({
  name: toolName(operation),
  title: operation.title,
  description: descriptionOf(operation),
  // Field descriptions name calls and fields as MCP clients write them (`spec=<ID>`, `confirm=true`).
  inputSchema: renderDeep(inputJsonSchema(operation), "mcp") as Tool["inputSchema"],
  outputSchema: renderDeep(outputJsonSchema(operation), "mcp") as Tool["outputSchema"],
  annotations: {
    title: operation.title,
    readOnlyHint: operation.annotations.readOnly,
    destructiveHint: operation.annotations.destructive,
    idempotentHint: operation.annotations.idempotent,
    openWorldHint: operation.annotations.openWorld,
  },
})
