import { inputJsonSchema, type Operation, outputJsonSchema, renderDeep, renderWords, text } from "@holos-inspire/core"
import { withNotifyField } from "@holos-inspire/core/internal"
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

// zod's integers carry the safe-integer range as bounds; JSON numbers have it anyway, and every tool
// definition is read by the model in every turn, so those bounds are left out.
const SAFE = Number.MAX_SAFE_INTEGER
export const withoutSafeBounds = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutSafeBounds)
  if (typeof value !== "object" || value === null) return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, v]) => !((key === "maximum" && v === SAFE) || (key === "minimum" && v === -SAFE)))
      .map(([key, v]) => [key, withoutSafeBounds(v)]),
  )
}

/** An operation's output schema as MCP clients read it. */
export const outputSchemaOf = (operation: Operation): Tool["outputSchema"] =>
  withoutSafeBounds(renderDeep(outputJsonSchema(operation), "mcp")) as Tool["outputSchema"]

/**
 * An operation's annotations as MCP hints, each left out where it equals the protocol's default
 * (readOnlyHint false, idempotentHint false, openWorldHint true; destructiveHint is read only for tools
 * that write): every listing costs context. destructiveHint is always stated for a tool that writes, so
 * a host that only looks for `true` still asks before a destructive call.
 */
const hintsOf = (a: Operation["annotations"]): NonNullable<Tool["annotations"]> => ({
  ...(a.readOnly ? { readOnlyHint: true } : { destructiveHint: a.destructive }),
  ...(a.idempotent ? { idempotentHint: true } : {}),
  ...(a.openWorld ? {} : { openWorldHint: false }),
})

const inputSchemaOf = (operation: Operation, notify: boolean): Tool["inputSchema"] => {
  // Field descriptions name calls and fields as MCP clients write them (`spec=<ID>`, `confirm=true`).
  const schema = withoutSafeBounds(renderDeep(inputJsonSchema(operation), "mcp")) as Tool["inputSchema"]
  return notify ? (withNotifyField(operation, schema) as Tool["inputSchema"]) : schema
}

/**
 * An operation as an MCP tool: schemas from the catalogue and its annotations as hints. The output
 * schema only when asked for: the result's structuredContent needs none, and it costs context. `notify`
 * (default true; a read-only server leaves it out) adds the field to the tools that take it.
 */
export const toolOf = (
  operation: Operation,
  options: { readonly outputSchema?: boolean; readonly notify?: boolean } = {},
): Tool => ({
  name: toolName(operation),
  title: operation.title,
  description: descriptionOf(operation),
  inputSchema: inputSchemaOf(operation, options.notify !== false),
  ...(options.outputSchema === true ? { outputSchema: outputSchemaOf(operation) } : {}),
  // The title is stated once, at the top: hosts read it before annotations.title.
  annotations: hintsOf(operation.annotations),
})
