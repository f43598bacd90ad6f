// The catalogue's help texts (command summaries, input fields' descriptions) in the reader's language.
// The texts stay English in the definitions, where models read them (MCP tool descriptions); a person's
// help (the CLI's --help) says them through messages of locales/<language>/help.ftl, whose English file
// scripts/help-messages.mjs writes from the catalogue: one message per text, each of its words (calls,
// fields, --yes, --dry-run) a value `$w0`, `$w1`… that the frontend words in its own terms.
import { formatMessage, hasMessage, type MessageArgs, msg } from "../../words/message.js"
import {
  callWord,
  confirmWord,
  dryRunWord,
  fieldWord,
  parseWords,
  type WordOperation,
  type WordRef,
} from "../../words/token.js"
import type { CatalogueCommand } from "./commands.js"
import type { Operation } from "./operation.js"

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

const tokenOf = (ref: WordRef): string => {
  switch (ref.kind) {
    case "call":
      return callWord(ref.op as WordOperation, ref.input)
    case "field":
      return fieldWord(ref.name, ref.value)
    case "confirm":
      return confirmWord()
    case "dry_run":
      return dryRunWord()
    case "msg":
      throw new Error(`a help text holds a message (${ref.id}): help texts hold calls and fields only`)
    case "table":
      throw new Error("a help text holds a table: help texts hold calls and fields only")
  }
}

/**
 * An English help text as the value of a Fluent message: its plain text escaped as Fluent needs (braces
 * anywhere; `[`, `*`, `.` and a space at the start of a continuation line), each word a value
 * `{ $w0 }`, `{ $w1 }`…; and the values, as words each frontend says in its own terms.
 */
export const helpPattern = (source: string): { readonly pattern: string; readonly args: MessageArgs } => {
  const args: Record<string, string> = {}
  const text = parseWords(source)
    .map((part) => {
      if (typeof part === "string") return part.replace(/[{}]/g, (c) => `{"${c}"}`)
      const name = `w${Object.keys(args).length}`
      args[name] = tokenOf(part)
      return `{ $${name} }`
    })
    .join("")
  const pattern = text
    .split("\n")
    .map((line, i) => (i === 0 ? line : line.replace(/^[[*. ]/, (c) => `{"${c}"}`)))
    .join("\n    ")
  return { pattern, args }
}

/**
 * A help text of the catalogue (`source`, its English) as the message `help-<key>`, worded in the reader's
 * language where it is shown; the English itself where the catalogue has no message for it, or one made
 * from another English (a description changed since help.ftl was written).
 */
export const helpMessage = (key: string, source: string): string => {
  const id = `help-${key}`
  if (!hasMessage("en", id)) return source
  const { args } = helpPattern(source)
  return formatMessage("en", id, args) === source ? msg(`help-${key}`, args) : source
}
