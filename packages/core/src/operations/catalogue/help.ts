// The catalogue's help texts (command summaries, input fields' descriptions) in the reader's language.
// The texts stay English in the definitions, where models read them (MCP tool descriptions); a person's
// help (the CLI's --help) says them through the translations of locales/<language>/help.ftl: one message
// per text, each of its words (calls, fields, --yes, --dry-run) a value `$w0`, `$w1`… that the frontend
// words in its own terms, and the English it translates as the message's `.en` attribute.
import { type Language, translationOf } from "../../words/message.js"
import { parseWords, Text } from "../../words/text.js"
import { type CatalogueCommand, commandsOf } from "./commands.js"
import type { Operation } from "./operation.js"
import { inputJsonSchema } from "./schema.js"

const kebab = (name: string): string => name.replace(/_/g, "-").toLowerCase()

/** The help message key of a command's summary: `jobs-summary`, `notebook-create-summary` for an action. */
export const summaryHelpKey = (command: CatalogueCommand): string => {
  const by = command.operation.effects.by
  const action = by !== undefined ? command.fixed[by] : undefined
  return [kebab(command.operation.name), ...(typeof action === "string" ? [kebab(action)] : []), "summary"].join("-")
}

/** The help message key of an operation's input field: `jobs-field-job-id`. */
export const fieldHelpKey = (operation: Operation, field: string): string =>
  `${kebab(operation.name)}-field-${kebab(field)}`

/**
 * An English help text as the value of a Fluent message: its plain text escaped as Fluent needs (braces
 * anywhere; `[`, `*`, `.` and a space at the start of a continuation line), each word a value
 * `{ $w0 }`, `{ $w1 }`…; and the values, as words each frontend says in its own terms.
 */
export const helpPattern = (
  source: Text | string,
): { readonly pattern: string; readonly args: Record<string, Text> } => {
  const args: Record<string, Text> = {}
  const text = parseWords(source)
    .map((part) => {
      if (typeof part === "string") return part.replace(/[{}]/g, (c) => `{"${c}"}`)
      if (part.kind === "msg" || part.kind === "table" || part.kind === "fields" || part.kind === "clip")
        throw new Error(`a help text holds a ${part.kind}: help texts hold calls and fields only`)
      const name = `w${Object.keys(args).length}`
      args[name] = new Text([part])
      return `{ $${name} }`
    })
    .join("")
  const pattern = text
    .split("\n")
    .map((line, i) => (i === 0 ? line : line.replace(/^[[*. ]/, (c) => `{"${c}"}`)))
    .join("\n    ")
  return { pattern, args }
}

// While a translation is formatted, each word stands as its name between two Unicode noncharacters,
// which no help text holds; the formatted text is then cut there and the words put back.
const mark = (name: string): string => `\uFDD0${name}\uFDD1`
const MARKED = /\uFDD0(w\d+)\uFDD1/

/**
 * A help text of the catalogue (`source`, its English, with words) in `lang`: the translation of
 * `help-<key>` (locales/<language>/help.ftl) when it was made from this very English (its `.en`
 * attribute), its words left for the frontend to word; the English itself otherwise — in English, where
 * no translation exists yet, or where the description changed since it was translated.
 */
export const helpMessage = (key: string, source: Text | string, lang: Language): Text | string => {
  if (lang === "en") return source
  const { args } = helpPattern(source)
  const found = translationOf(lang, `help-${key}`, Object.fromEntries(Object.keys(args).map((k) => [k, mark(k)])))
  let word = 0
  const english = parseWords(source)
    .map((p) => (typeof p === "string" ? p : mark(`w${word++}`)))
    .join("")
  if (found === undefined || found.english !== english) return source
  return new Text(found.text.split(MARKED).map((piece, i) => (i % 2 === 1 ? (args[piece] ?? piece) : piece)))
}

/**
 * Every help text of `operations`, in their order, as a translator needs it: by message id, its key,
 * its English (with words) and that English as a Fluent pattern (`helpPattern`). Each command's summary,
 * then its operation's flag fields.
 */
export const helpTexts = (
  operations: ReadonlyArray<Operation>,
): ReadonlyMap<string, { readonly key: string; readonly source: Text | string; readonly pattern: string }> => {
  const out = new Map<string, { readonly key: string; readonly source: Text | string; readonly pattern: string }>()
  const add = (key: string, source: Text | string): void => {
    const id = `help-${key}`
    const { pattern } = helpPattern(source)
    if (out.has(id) && out.get(id)?.pattern !== pattern) throw new Error(`${id} names two different texts`)
    if (pattern.trim() !== "") out.set(id, { key, source, pattern })
  }
  for (const op of operations) {
    const commands = commandsOf(op)
    for (const command of commands) add(summaryHelpKey(command), command.summary)
    const flags = new Set(commands.flatMap((c) => c.fields))
    for (const [name, schema] of Object.entries(inputJsonSchema(op).properties ?? {}))
      if (flags.has(name)) add(fieldHelpKey(op, name), schema.description ?? "")
  }
  return out
}
