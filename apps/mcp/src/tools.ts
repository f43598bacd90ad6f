import { inputJsonSchema, type Operation, outputJsonSchema } from "@holos-inspire/core"
import type { Tool } from "@modelcontextprotocol/sdk/types.js"

/** The MCP tool name of an operation: the manual's `inspire_<name>`. */
export const toolName = (operation: Operation): string => `inspire_${operation.name}`

// The operation's note for agents (login's: keep the password out of the conversation) comes first.
const descriptionOf = (operation: Operation): string =>
  operation.agent?.note !== undefined ? `${operation.agent.note} ${operation.description}` : operation.description

/** An operation as an MCP tool: schemas from the catalogue and every annotation stated explicitly. */
export const toolOf = (operation: Operation): Tool => ({
  name: toolName(operation),
  title: operation.title,
  description: descriptionOf(operation),
  inputSchema: inputJsonSchema(operation) as Tool["inputSchema"],
  outputSchema: outputJsonSchema(operation) as Tool["outputSchema"],
  annotations: {
    title: operation.title,
    readOnlyHint: operation.annotations.readOnly,
    destructiveHint: operation.annotations.destructive,
    idempotentHint: operation.annotations.idempotent,
    openWorldHint: operation.annotations.openWorld,
  },
})
