import { z } from "zod"
import { isText, type Text } from "../../words/text.js"
import type { Operation } from "./operation.js"
import { strictSchema } from "./strict.js"

// The texts of schemas described with words, which zod's own description (a string) cannot carry.
const descriptions = new WeakMap<z.ZodType, Text>()

/**
 * A schema described by a text with words each frontend says in its own terms (a call, a field):
 * `described(z.string(), text\`as ${callWord("jobs")} lists it\`)`. The JSON Schema then carries the Text
 * as its `description`, which the frontend words (`renderDeep`); zod's own description is its English.
 * A description without words is `.describe()`.
 */
export const described = <S extends z.ZodType>(schema: S, description: Text): S => {
  // zod keeps the English, for readers of the schema that are not frontends.
  const with_ = schema.describe(String(description)) as S
  descriptions.set(with_, description)
  return with_
}

// zod copies the JSON Schema it builds as JSON (a Text would become its English), so each described
// schema's place is noted while zod builds, and its text put there afterwards.
const withTexts = (build: (override: (ctx: Described) => void) => Record<string, unknown>): Record<string, unknown> => {
  const placed: Array<readonly [ReadonlyArray<string | number>, Text]> = []
  const json = build((ctx) => {
    const said = descriptions.get(ctx.zodSchema as z.ZodType)
    if (said !== undefined) placed.push([ctx.path, said])
  })
  for (const [path, said] of placed) {
    const at = path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], json)
    if (typeof at === "object" && at !== null) (at as Record<string, unknown>).description = said
  }
  return json
}

interface Described {
  readonly zodSchema: unknown
  readonly path: ReadonlyArray<string | number>
}

/**
 * A result field that holds a Text: worded to a string by the frontend, a string in JSON. It accepts the
 * text or its wording, so a result checks against its schema before and after a frontend words it.
 */
export const textOutput = (): z.ZodCustom<Text, Text> =>
  z.custom<Text>((v) => isText(v) || typeof v === "string").meta({ type: "string" })

/** A JSON Schema object, as frontends hand it to hosts (MCP `inputSchema`, Synergy `parameters`, CLI flags). */
export interface JsonSchema {
  readonly type?: string | ReadonlyArray<string>
  /** A Text where the description has words a frontend says in its own terms (`described`). */
  readonly description?: string | Text
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
  const generated = withTexts((override) =>
    z.toJSONSchema(schema, { io: "input", target: "draft-2020-12", unrepresentable: "any", override }),
  )
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
  const generated = withTexts((override) =>
    z.toJSONSchema(operation.output, { io: "output", target: "draft-2020-12", unrepresentable: "any", override }),
  )
  const { $schema: _drop, ...rest } = generated
  const result: JsonSchema = { ...rest, type: "object" }
  outputCache.set(operation.output, result)
  return result
}
