import { z } from "zod"
import type { Operation } from "./operation.js"
import { strictSchema } from "./strict.js"

/** A JSON Schema object, as frontends hand it to hosts (MCP `inputSchema`, Synergy `parameters`, CLI flags). */
export interface JsonSchema {
  readonly type?: string | ReadonlyArray<string>
  readonly description?: string
  readonly properties?: Readonly<Record<string, JsonSchema>>
  readonly required?: ReadonlyArray<string>
  readonly enum?: ReadonlyArray<unknown>
  readonly const?: unknown
  readonly default?: unknown
  readonly items?: JsonSchema
  readonly anyOf?: ReadonlyArray<JsonSchema>
  readonly oneOf?: ReadonlyArray<JsonSchema>
  readonly additionalProperties?: boolean | JsonSchema
  readonly minimum?: number
  readonly maximum?: number
  readonly [key: string]: unknown
}

const cache = new WeakMap<z.ZodType, JsonSchema>()

const convert = (schema: z.ZodType): JsonSchema => {
  const known = cache.get(schema)
  if (known !== undefined) return known
  const generated = z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any" })
  const { $schema: _drop, ...rest } = generated as Record<string, unknown>
  const result = rest as JsonSchema
  cache.set(schema, result)
  return result
}

/**
 * The JSON Schema of what an operation accepts, as a caller writes it (defaults optional, every field
 * described, `additionalProperties: false` on every object, as parseInput enforces). The one description
 * every frontend derives its inputs from.
 */
export const inputJsonSchema = (operation: Pick<Operation, "input">): JsonSchema =>
  convert(strictSchema(operation.input))

const outputCache = new WeakMap<z.ZodType, JsonSchema>()

/**
 * The JSON Schema of an operation's result as JSON carries it. Always `type: "object"` at the top (a
 * result that varies by action is a union of objects), as MCP requires of an `outputSchema`.
 */
export const outputJsonSchema = (operation: Pick<Operation, "output">): JsonSchema => {
  const known = outputCache.get(operation.output)
  if (known !== undefined) return known
  const generated = z.toJSONSchema(operation.output, {
    io: "output",
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as Record<string, unknown>
  const { $schema: _drop, ...rest } = generated
  const result: JsonSchema = { ...rest, type: "object" }
  outputCache.set(operation.output, result)
  return result
}
