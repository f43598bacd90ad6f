import type { Operation } from "@holos-inspire/core"
import { type Command, Option } from "commander"
import { usageError } from "./output.js"

/** The parts of a zod 4 schema's definition the adapter reads (zod itself is not a CLI dependency). */
interface SchemaLike {
  readonly description?: string
  readonly _zod: {
    readonly def: {
      readonly type: string
      readonly innerType?: SchemaLike
      readonly in?: SchemaLike
      readonly options?: ReadonlyArray<SchemaLike>
      readonly entries?: Readonly<Record<string, string | number>>
      readonly defaultValue?: unknown
    }
  }
}

/** What a flag holds, as the adapter parses it. */
export type FieldKind = "string" | "number" | "boolean" | "enum" | "string-or-number" | "list" | "record"

/** One input field of an operation, seen as a flag. */
export interface Field {
  readonly name: string
  readonly flag: string
  readonly kind: FieldKind
  readonly required: boolean
  readonly defaultValue?: unknown
  readonly choices?: ReadonlyArray<string>
  readonly description: string
}

const WRAPPERS = new Set(["optional", "default", "nullable", "prefault", "readonly", "catch", "nonoptional"])

const kindOf = (types: ReadonlyArray<string>): FieldKind => {
  if (types.includes("array")) return "list"
  if (types.includes("record")) return "record"
  if (types.includes("number") && types.includes("string")) return "string-or-number"
  if (types.includes("number")) return "number"
  if (types.includes("boolean")) return "boolean"
  if (types.length === 1 && types[0] === "enum") return "enum"
  return "string"
}

/** Reads one field of an operation's input schema: its kind, default, choices and help text. */
export const describeField = (name: string, schema: SchemaLike): Field => {
  let s = schema
  let description = schema.description
  let required = true
  let defaultValue: unknown
  while (WRAPPERS.has(s._zod.def.type) || s._zod.def.type === "pipe") {
    const def = s._zod.def
    if (def.type !== "nonoptional") required = false
    if (def.type === "default") defaultValue = def.defaultValue
    const inner = def.innerType ?? def.in
    if (inner === undefined) break
    s = inner
    description ??= s.description
  }
  const members = s._zod.def.type === "union" ? (s._zod.def.options ?? []) : [s]
  const types = members.map((m) => m._zod.def.type)
  const kind = kindOf(types)
  const entries = s._zod.def.entries
  return {
    name,
    flag: name.replace(/_/g, "-"),
    kind,
    required,
    ...(defaultValue !== undefined ? { defaultValue } : {}),
    ...(kind === "enum" && entries !== undefined ? { choices: Object.values(entries).map(String) } : {}),
    description: description ?? "",
  }
}

/** Every input field of an operation, in schema order. */
export const fieldsOf = (operation: Operation): ReadonlyArray<Field> =>
  Object.entries(operation.input.shape as unknown as Record<string, SchemaLike>).map(([name, schema]) =>
    describeField(name, schema),
  )

/** camelCase key commander stores a kebab-case flag under. */
export const optionKey = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())

const collect = (value: string, previous: ReadonlyArray<string> | undefined): ReadonlyArray<string> => [
  ...(previous ?? []),
  value,
]

/** Adds one commander option per field; booleans defaulting to true become `--no-<flag>`. */
export const addFieldOptions = (command: Command, fields: ReadonlyArray<Field>): void => {
  for (const f of fields) {
    const showDefault = f.defaultValue !== undefined && f.defaultValue !== false && !/default/i.test(f.description)
    const help = f.description + (showDefault ? ` (default: ${JSON.stringify(f.defaultValue)})` : "")
    if (f.kind === "boolean") {
      command.addOption(new Option(f.defaultValue === true ? `--no-${f.flag}` : `--${f.flag}`, help))
      continue
    }
    const arg =
      f.kind === "list" || f.kind === "record" ? `<${f.kind === "record" ? "key=value" : "value"}>` : "<value>"
    const option = new Option(`--${f.flag} ${arg}`, help)
    if (f.choices !== undefined) option.choices(f.choices)
    if (f.kind === "list" || f.kind === "record") option.argParser(collect)
    command.addOption(option)
  }
}

const parseNumber = (f: Field, raw: string): number => {
  const n = Number(raw)
  if (raw.trim() === "" || !Number.isFinite(n)) throw usageError(`--${f.flag} takes a number, got "${raw}".`)
  return n
}

const parseJson = (f: Field, raw: string): unknown => {
  try {
    return JSON.parse(raw)
  } catch {
    throw usageError(`--${f.flag} holds invalid JSON: ${raw}`)
  }
}

const parseRecord = (f: Field, values: ReadonlyArray<string>): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const v of values) {
    if (v.trim().startsWith("{")) {
      Object.assign(out, parseJson(f, v))
      continue
    }
    const eq = v.indexOf("=")
    if (eq <= 0) throw usageError(`--${f.flag} takes KEY=VALUE or a JSON object, got "${v}".`)
    out[v.slice(0, eq)] = v.slice(eq + 1)
  }
  return out
}

const parseList = (f: Field, values: ReadonlyArray<string>): ReadonlyArray<unknown> =>
  values.flatMap((v) => {
    if (!v.trim().startsWith("[")) return [v]
    const parsed = parseJson(f, v)
    return Array.isArray(parsed) ? parsed : [parsed]
  })

/** Converts one flag's raw commander value to the value the schema takes. */
export const convertValue = (f: Field, raw: unknown): unknown => {
  if (raw === undefined) return undefined
  if (f.kind === "boolean") return raw === true
  if (f.kind === "number") return parseNumber(f, String(raw))
  if (f.kind === "string-or-number") {
    const text = String(raw)
    return /^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text
  }
  if (f.kind === "record") return parseRecord(f, raw as ReadonlyArray<string>)
  if (f.kind === "list") return parseList(f, raw as ReadonlyArray<string>)
  return String(raw)
}

/** The operation input from parsed commander options: only flags that were given, converted. */
export const inputFromOptions = (
  fields: ReadonlyArray<Field>,
  options: Readonly<Record<string, unknown>>,
): Record<string, unknown> => {
  const input: Record<string, unknown> = {}
  for (const f of fields) {
    const value = convertValue(f, options[optionKey(f.flag)])
    if (value === undefined) continue
    // commander reports a `--no-x` flag that was not given as its default, true: leave it to the schema.
    if (f.kind === "boolean" && f.defaultValue === true && value === true) continue
    input[f.name] = value
  }
  return input
}
