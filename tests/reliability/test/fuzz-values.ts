// Value generators shared by the fuzzing suites: hostile JSON, and inputs guided by an operation's JSON
// Schema (right keys, wrong or edge values, and valid values taken from the emulator's own data).
import type { JsonSchema } from "@holos-inspire/core"
import fc from "fast-check"

/** Valid values per field name, read from the emulator (workspaces, specs, job ids, …). */
export type Vocabulary = Readonly<Record<string, ReadonlyArray<unknown>>>

/** Field values that must stay bounded so a valid call cannot block the suite (waits, polls). */
export type Overrides = Readonly<Record<string, fc.Arbitrary<unknown>>>

// Strings that parsers, number converters and path handling have tripped over before.
const TRICKY = [
  "",
  " ",
  "\t\n",
  "NaN",
  "Infinity",
  "-Infinity",
  "-0",
  "1e309",
  "0x1F",
  "1_000",
  "１２",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "{bad",
  "__proto__",
  "constructor",
  "toString",
  "../../../etc/passwd",
  "%s%n%x",
  "\u0000",
  "\u202e\u202d",
  "\ud800",
  "🙂🧪",
  "启智平台",
  "a\nb\r\nc",
  "$(id)",
  "`id`",
  "<script>alert(1)</script>",
  "--help",
  "-y",
  "=",
  "a=b=c",
  "job-",
  "hpc-job-",
  "sv-",
] as const

/** Strings of every shape: unicode, binary, tricky constants, and now and then a huge one. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 24 }), weight: 4 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 24 }), weight: 3 },
  { arbitrary: fc.string({ unit: "binary", maxLength: 24 }), weight: 2 },
  { arbitrary: fc.constantFrom(...TRICKY), weight: 4 },
  { arbitrary: fc.integer({ min: 1_000, max: 120_000 }).map((n) => "x".repeat(n)), weight: 1 },
  { arbitrary: fc.integer({ min: 200, max: 5_000 }).map((n) => "启".repeat(n)), weight: 1 },
)

/** Numbers at the edges: huge, negative, fractional, ±0, just past the safe integers. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 0.5, 1e308, -1e308, 5e-324, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 65_536, 3_600.5),
)

const primitive: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 4 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
)

const nested = (depth: number): unknown => {
  let value: unknown = []
  for (let i = 0; i < depth; i++) value = [value]
  return value
}

/** Any JSON value, objects with random keys and deeply nested arrays included. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: primitive, weight: 8 },
    { arbitrary: fc.array(tie("value"), { maxLength: 6 }), weight: 2 },
    { arbitrary: fc.dictionary(hostileString, tie("value"), { maxKeys: 5 }), weight: 2 },
    { arbitrary: fc.integer({ min: 50, max: 2_000 }).map(nested), weight: 1 },
  ),
})).value

/** Arguments for a tool: an object whose keys are the tool's own, prototype names or random text. */
export const hostileArguments = (keys: ReadonlyArray<string>): fc.Arbitrary<Record<string, unknown>> => {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...(keys.length > 0 ? keys : ["x"])), weight: 4 },
    { arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "", " ", "toJSON"), weight: 1 },
    { arbitrary: hostileString.filter((s) => s.length < 200), weight: 2 },
  )
  return fc.dictionary(key, hostileValue, { maxKeys: 8 })
}

const ABSENT = Symbol("absent")

const typesOf = (schema: JsonSchema): ReadonlyArray<string> => {
  if (schema.type === undefined) return []
  return typeof schema.type === "string" ? [schema.type] : schema.type
}

const limit = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback)

// Integer bounds of the schema, clamped to where fc.integer can draw from.
const integerRange = (schema: JsonSchema): { min: number; max: number } => {
  const low = Math.max(limit(schema.minimum, -(2 ** 31)), limit(schema.exclusiveMinimum, -(2 ** 31) - 1) + 1)
  const high = Math.min(limit(schema.maximum, 2 ** 31), limit(schema.exclusiveMaximum, 2 ** 31 + 1) - 1)
  return { min: Math.max(low, -(2 ** 31)), max: Math.min(high, 2 ** 31) }
}

/** A value the schema accepts (taken from the vocabulary when the field has one). */
const validValue = (schema: JsonSchema, name: string, vocabulary: Vocabulary): fc.Arbitrary<unknown> => {
  const known = vocabulary[name]
  if (known !== undefined && known.length > 0) return fc.constantFrom(...known)
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  if (schema.const !== undefined) return fc.constant(schema.const)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives !== undefined) return fc.oneof(...alternatives.map((s) => validValue(s, name, vocabulary)))
  const arbitraries = typesOf(schema).map((type): fc.Arbitrary<unknown> => {
    if (type === "integer") return fc.integer(integerRange(schema))
    if (type === "number") {
      const { min, max } = integerRange(schema)
      return fc.double({ min, max, noNaN: true })
    }
    if (type === "boolean") return fc.boolean()
    if (type === "array") return fc.array(validValue(schema.items ?? {}, name, vocabulary), { maxLength: 4 })
    if (type === "object") return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }))
    return fc.string({ minLength: limit(schema.minLength, 0), maxLength: 16 })
  })
  return arbitraries.length > 0 ? fc.oneof(...arbitraries) : hostileValue
}

/** A value just off what the schema accepts: boundaries, wrong case, empty, wrong type. */
const edgeValue = (schema: JsonSchema): fc.Arbitrary<unknown> => {
  const types = typesOf(schema)
  const edges: unknown[] = [null, "", [], {}, true]
  if (types.includes("integer") || types.includes("number")) {
    const { min, max } = integerRange(schema)
    edges.push(min - 1, max + 1, min, max, 0, -1, 0.5, 1.5, "1", "NaN", 1e308, -1e308)
  }
  if (types.includes("string")) edges.push(" ", 0, "\u0000", "x".repeat(10_000))
  if (schema.enum !== undefined)
    for (const v of schema.enum) if (typeof v === "string") edges.push(v.toUpperCase(), ` ${v}`, `${v}x`)
  if (types.includes("boolean")) edges.push("true", "false", 1, 0)
  if (types.includes("array")) edges.push([null], [[]], "a,b", [1, 2])
  if (types.includes("object")) edges.push({ a: 1 }, { "": "" }, ["a=b"], { a: null })
  return fc.oneof(fc.constantFrom(...edges), primitive)
}

type Fields = ReadonlyArray<readonly [string, JsonSchema]>

// Every field valid (an optional one absent now and then); required fields always present.
const validArguments = (
  fields: Fields,
  required: ReadonlySet<string>,
  vocabulary: Vocabulary,
  overrides: Overrides,
): fc.Arbitrary<Record<string, unknown>> =>
  fc
    .tuple(
      ...fields.map(([name, field]) => {
        const valid = overrides[name] ?? validValue(field, name, vocabulary)
        return required.has(name) ? valid : fc.option(valid, { nil: ABSENT, freq: 2 })
      }),
    )
    .map((values) => {
      const args: Record<string, unknown> = {}
      fields.forEach(([name], i) => {
        if (values[i] !== ABSENT) args[name] = values[i]
      })
      return args
    })

// One or two fields of a base input changed: to an edge value, a wrong type, a valid value, or removed.
const mutated = (
  base: fc.Arbitrary<Record<string, unknown>>,
  fields: Fields,
  vocabulary: Vocabulary,
  overrides: Overrides,
): fc.Arbitrary<Record<string, unknown>> => {
  const change = fc
    .constantFrom(...fields)
    .chain(([name, field]) =>
      fc
        .oneof(
          { arbitrary: edgeValue(field), weight: 4 },
          { arbitrary: hostileValue, weight: 2 },
          { arbitrary: overrides[name] ?? validValue(field, name, vocabulary), weight: 2 },
          { arbitrary: fc.constant(ABSENT), weight: 1 },
        )
        .map((value) => [name, value] as const),
    )
  return fc.tuple(base, fc.array(change, { minLength: 1, maxLength: 2 })).map(([args, changes]) => {
    const out: Record<string, unknown> = { ...args }
    for (const [name, value] of changes) {
      if (value === ABSENT) delete out[name]
      else out[name] = value
    }
    return out
  })
}

/**
 * Arguments guided by an object schema: all valid (values from the vocabulary, the overrides or the
 * schema), or a valid input, or a known-good template, with one or two fields pushed off the schema.
 */
export const guidedArguments = (
  schema: JsonSchema,
  vocabulary: Vocabulary,
  overrides: Overrides = {},
  templates: ReadonlyArray<Record<string, unknown>> = [],
): fc.Arbitrary<Record<string, unknown>> => {
  const required = new Set(schema.required ?? [])
  const fields: Fields = Object.entries(schema.properties ?? {})
  if (fields.length === 0) return fc.constant({})
  const valid = validArguments(fields, required, vocabulary, overrides)
  const parts = [
    { arbitrary: valid, weight: 2 },
    { arbitrary: mutated(valid, fields, vocabulary, overrides), weight: 2 },
  ]
  if (templates.length > 0)
    parts.push({ arbitrary: mutated(fc.constantFrom(...templates), fields, vocabulary, overrides), weight: 2 })
  return fc.oneof(...parts)
}
