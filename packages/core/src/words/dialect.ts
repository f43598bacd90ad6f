import { type CatalogueCommand, commandsOf } from "../operations/catalogue/commands.js"
import type { Operation } from "../operations/catalogue/operation.js"
import { findOperation } from "../operations/registry.js"
import { isPlaceholder, json, mcpWord } from "./mcp.js"
import type { CallRef, WordRef } from "./text.js"

export { isPlaceholder }

/** The references a dialect words; messages, tables and fields are worded by render.ts. */
export type Ref = Exclude<WordRef, { readonly kind: "msg" | "table" | "fields" | "clip" }>

/** How a frontend words references: MCP tool calls, CLI commands and flags, or the library's methods. */
export type Dialect = "mcp" | "cli" | "library"

// ---- library: `client.jobs({ type: "train" })`, `spec: "<ID>"`, `confirm: true`

const methodOf = (op: string): string => op.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase())

const libraryWord = (ref: Ref): string => {
  if (ref.kind === "confirm") return ref.targets === true ? "confirm: true, targets: […]" : "confirm: true"
  if (ref.kind === "dry_run") return "dry_run: true"
  if (ref.kind === "field") return ref.value === undefined ? ref.name : `${ref.name}: ${json(ref.value)}`
  const entries = Object.entries(ref.input).filter(([, v]) => v !== undefined)
  const args = entries.map(([k, v]) => `${k}: ${json(v)}`).join(", ")
  return `client.${methodOf(ref.op)}(${args === "" ? "" : `{ ${args} }`})`
}

// ---- CLI: `inspire job list --type train`, `--spec <ID>`, `--yes`

/** A value as a shell word: placeholders and plain words as they are, anything else single-quoted. */
export const shellWord = (value: unknown): string => {
  const text = typeof value === "string" ? value : json(value)
  if (isPlaceholder(text) || /^[\p{L}\p{N}_@%+=:,./-]+$/u.test(text)) return text
  return `'${text.replace(/'/g, `'\\''`)}'`
}

const flagName = (field: string): string => `--${field.replace(/_/g, "-")}`

// The CLI never takes a secret as a flag: it asks on the terminal or reads stdin.
const SECRET_FIELDS: ReadonlyArray<string> = ["password"]

const defaultOf = (op: Operation | undefined, field: string): unknown => {
  const parsed = op?.input.shape[field]?.safeParse(undefined)
  return parsed?.success === true ? parsed.data : undefined
}

/** The flags of one field and value, as the CLI's adapter reads them back. */
export const cliFlag = (op: Operation | undefined, field: string, value: unknown): ReadonlyArray<string> => {
  if (field === "confirm") return value === false ? [] : ["--yes"]
  if (field === "dry_run") return value === false ? [] : ["--dry-run"]
  const flag = flagName(field)
  if (value === undefined) return [flag]
  if (typeof value === "boolean") {
    if (value) return defaultOf(op, field) === true ? [] : [flag]
    return defaultOf(op, field) === true ? [`--no-${field.replace(/_/g, "-")}`] : []
  }
  if (Array.isArray(value)) return value.map((v) => `${flag} ${shellWord(v)}`)
  if (typeof value === "object" && value !== null)
    return Object.entries(value).map(([k, v]) => `${flag} ${shellWord(`${k}=${typeof v === "string" ? v : json(v)}`)}`)
  return [`${flag} ${shellWord(value)}`]
}

/** The CLI command a call runs: the one whose fixed input (its action) the call's input matches. */
export const commandOfCall = (
  op: Operation,
  input: Readonly<Record<string, unknown>>,
): CatalogueCommand | undefined => {
  const commands = commandsOf(op)
  const by = op.effects.by
  const picked = by === undefined ? undefined : (input[by] ?? defaultOf(op, by))
  return by === undefined ? commands[0] : commands.find((c) => c.fixed[by] === picked)
}

/** The CLI command line of a call, e.g. `inspire job wait job-1`, `inspire harbor-login --registry sj`. */
export const cliCall = (ref: Pick<CallRef, "op" | "input">): string => {
  const op = findOperation(ref.op)
  const command = op === undefined ? undefined : commandOfCall(op, ref.input)
  if (op === undefined || command === undefined) return `inspire ${ref.op.replace(/_/g, "-")}`
  const words = ["inspire", ...command.path]
  command.positional.forEach((field, i) => {
    const value = ref.input[field]
    if (Array.isArray(value)) words.push(...value.map(shellWord))
    else if (value !== undefined) words.push(shellWord(value))
    else if (!(command.lastOptional && i === command.positional.length - 1)) words.push(`<${field.replace(/_/g, "-")}>`)
  })
  for (const [field, value] of Object.entries(ref.input)) {
    if (value === undefined || field in command.fixed || command.positional.includes(field)) continue
    if (SECRET_FIELDS.includes(field)) continue
    if (field === "confirm" && !command.confirm) continue
    if (field === "dry_run" && !command.writes) continue
    if (field !== "confirm" && field !== "dry_run" && !command.fields.includes(field)) continue
    words.push(...cliFlag(op, field, value))
  }
  const rest = command.rest === undefined ? undefined : ref.input[command.rest]
  if (typeof rest === "string") words.push("--", rest)
  return words.join(" ")
}

const cliWord = (ref: Ref): string => {
  if (ref.kind === "confirm") return "--yes"
  if (ref.kind === "dry_run") return "--dry-run"
  if (ref.kind === "field") return cliFlag(undefined, ref.name, ref.value).join(" ") || flagName(ref.name)
  return cliCall(ref)
}

/** One reference in a dialect's terms. */
export const wordIn = (dialect: Dialect, ref: Ref): string =>
  dialect === "mcp" ? mcpWord(ref) : dialect === "cli" ? cliWord(ref) : libraryWord(ref)
