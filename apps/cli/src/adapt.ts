import { inputJsonSchema, type JsonSchema, type Operation, renderWords } from "@holos-inspire/core"
import { fieldHelpKey } from "@holos-inspire/core/internal"
import { type Command, Option } from "commander"
import { catalogueHelp } from "./help-words.js"
import { msg } from "./language.js"
import { usageError } from "./output.js"

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
  /** The description as help shows it, in the CLI's language (the English one where none is given). */
  readonly help?: string
}

/** The JSON types a field's schema admits (through anyOf / oneOf, as zod writes unions). */
const typesOf = (schema: JsonSchema): ReadonlyArray<string> => {
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives !== undefined) return alternatives.flatMap(typesOf)
  if (schema.enum !== undefined || schema.const !== undefined) return ["enum"]
  if (schema.type === undefined) return schema.additionalProperties !== undefined ? ["object"] : []
  return typeof schema.type === "string" ? [schema.type] : schema.type
}

const kindOf = (types: ReadonlyArray<string>): FieldKind => {
  if (types.includes("array")) return "list"
  if (types.includes("object")) return "record"
  const numeric = types.includes("number") || types.includes("integer")
  if (numeric && types.includes("string")) return "string-or-number"
  if (numeric) return "number"
  if (types.includes("boolean")) return "boolean"
  if (types.length > 0 && types.every((t) => t === "enum")) return "enum"
  return "string"
}

const choicesOf = (schema: JsonSchema): ReadonlyArray<string> =>
  (schema.anyOf ?? schema.oneOf ?? [schema]).flatMap((s) =>
    s.enum !== undefined ? s.enum.map(String) : s.const !== undefined ? [String(s.const)] : [],
  )

/** Reads one field of an operation's JSON input schema: its kind, default, choices and help text. */
const describeField = (name: string, schema: JsonSchema, required: boolean): Field => {
  const kind = kindOf(typesOf(schema))
  return {
    name,
    flag: name.replace(/_/g, "-"),
    kind,
    required,
    ...(schema.default !== undefined ? { defaultValue: schema.default } : {}),
    ...(kind === "enum" ? { choices: choicesOf(schema) } : {}),
    description: renderWords(schema.description ?? "", "cli"),
  }
}

/** Every input field of an operation, in schema order, from the catalogue's JSON Schema. */
export const fieldsOf = (operation: Operation): ReadonlyArray<Field> => {
  const schema = inputJsonSchema(operation)
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    ...describeField(name, field, required.has(name) && field.default === undefined),
    help: catalogueHelp(fieldHelpKey(operation, name), field.description ?? ""),
  }))
}

/** camelCase key commander stores a kebab-case flag under. */
const optionKey = (flag: string): string => flag.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase())

const collect = (value: string, previous: ReadonlyArray<string> | undefined): ReadonlyArray<string> => [
  ...(previous ?? []),
  value,
]

// What `--no-<flag>` does, said as what it does rather than as what the field means (which is the opposite).
// The flags with a message of their own (cli-help-no-<flag>); any other says "turn off: …".
const NEGATED: ReadonlySet<string> = new Set(["mine", "details", "parents"])

/** Adds one commander option per field; booleans defaulting to true become `--no-<flag>`. */
export const addFieldOptions = (command: Command, fields: ReadonlyArray<Field>): void => {
  for (const f of fields) {
    const showDefault = f.defaultValue !== undefined && f.defaultValue !== false && !/default/i.test(f.description)
    const described = f.help ?? f.description
    const help = showDefault
      ? msg("cli-help-with-default", { help: described, value: JSON.stringify(f.defaultValue) })
      : described
    if (f.kind === "boolean" && f.defaultValue === true) {
      const said = NEGATED.has(f.flag) ? msg(`cli-help-no-${f.flag}`) : msg("cli-help-negated", { help: described })
      command.addOption(new Option(`--no-${f.flag}`, said))
      continue
    }
    if (f.kind === "boolean") {
      command.addOption(new Option(`--${f.flag}`, help))
      continue
    }
    const arg = f.kind === "record" ? "<KEY=VALUE>" : "<value>"
    const option = new Option(
      `--${f.flag} ${arg}`,
      f.kind === "record" ? msg("cli-help-record", { help, flag: `--${f.flag}` }) : help,
    )
    if (f.choices !== undefined) option.choices(f.choices)
    if (f.kind === "list" || f.kind === "record") option.argParser(collect)
    command.addOption(option)
  }
}

const parseNumber = (f: Field, raw: string): number => {
  const n = Number(raw)
  if (raw.trim() === "" || !Number.isFinite(n))
    throw usageError(
      msg("cli-flag-number", { flag: `--${f.flag}`, value: raw }),
      msg("cli-flag-number-hint", { flag: `--${f.flag}` }),
    )
  return n
}

const parseJson = (f: Field, raw: string): unknown => {
  try {
    return JSON.parse(raw)
  } catch {
    throw usageError(msg("cli-flag-json", { flag: `--${f.flag}`, value: raw }), msg("cli-flag-json-hint"))
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
    if (eq <= 0)
      throw usageError(
        msg("cli-flag-record", { flag: `--${f.flag}`, value: v }),
        msg("cli-flag-record-hint", { flag: `--${f.flag}` }),
      )
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
const convertValue = (f: Field, raw: unknown): unknown => {
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
