// Text for people, as a type. Core never says a sentence as a plain string: it builds a `Text` out of
// messages of the catalogue (`msg`), references each frontend words in its own terms (an operation call,
// an input field, the confirmation, a dry run) and laid-out blocks (tables, labelled fields), joined with
// plain strings (values: names, ids, numbers). A frontend words a Text once, at its boundary, in its
// reader's language and its own syntax (render.ts); the compiler refuses a plain string where a Text is
// expected, so a sentence cannot skip the catalogue unnoticed.
import { mcpWord } from "./mcp.js"
import { WORD_OPERATIONS, type WordOperation } from "./operations.js"
import { wordText } from "./word.js"

export { WORD_OPERATIONS, type WordOperation }

/** A message's values: plain values (names, ids, numbers) and texts, worded before they go in. */
export type MessageArg = string | number | Text
export type MessageArgs = Readonly<Record<string, MessageArg>>

/** The input a call takes: field names to values (placeholders such as `<ID>` or `…` are strings). */
export type CallInput = Readonly<Record<string, unknown>>

/** An operation call, as data: `{ op: "jobs", input: { type: "train" } }`. */
export interface CallRef {
  readonly kind: "call"
  readonly op: string
  readonly input: CallInput
}

/** An input field of the operation at hand, with a value or without one. */
export interface FieldRef {
  readonly kind: "field"
  readonly name: string
  readonly value?: unknown
}

/** The confirmation a destructive call needs (CLI `--yes`, MCP `confirm=true`). */
export interface ConfirmRef {
  readonly kind: "confirm"
  /** A batch's: the ids its listing showed go with it (MCP `targets=[…]`; the CLI sends them itself). */
  readonly targets?: true
}

/** A dry run of the call at hand (CLI `--dry-run`, MCP `dry_run=true`). */
export interface DryRunRef {
  readonly kind: "dry_run"
}

/** A message of the catalogue (locales/<language>/*.ftl) with its values. */
export interface MessageRef {
  readonly kind: "msg"
  readonly id: string
  readonly args: MessageArgs
}

/** Cells of a table or values of a list of fields: plain values or texts. */
export type Cell = string | Text

/** A table laid out when worded, so its columns line up in the language it is shown in. */
export interface TableRef {
  readonly kind: "table"
  readonly headers: ReadonlyArray<Text>
  readonly aligns: ReadonlyArray<"left" | "right">
  readonly rows: ReadonlyArray<ReadonlyArray<Cell>>
  /**
   * Per column, when the table is wider than the reader's terminal: its turn to go (1 goes first, then 2…);
   * undefined never goes. A table without turns is laid out as it is, however wide.
   */
  readonly drop?: ReadonlyArray<number | undefined>
}

/** Labelled values one per line, aligned on the labels once these are worded. */
export interface FieldsRef {
  readonly kind: "fields"
  readonly fields: ReadonlyArray<readonly [label: Text, value: Cell]>
}

/** A text cut to at most `max` characters once worded (a table cell that may run long), `…` marking the cut. */
export interface ClipRef {
  readonly kind: "clip"
  readonly text: Text
  readonly max: number
}

/** Anything a text refers to, which each frontend words in its own terms. */
export type WordRef = CallRef | FieldRef | ConfirmRef | DryRunRef | MessageRef | TableRef | FieldsRef | ClipRef

/** A part of a text: said as it is (a string) or worded by the frontend (a reference). */
export type WordPart = string | WordRef

/** Text for people: parts said as they are and parts each frontend words (see the top of this file). */
export class Text {
  /** The parts in order; adjacent strings are merged. */
  readonly parts: ReadonlyArray<WordPart>

  constructor(parts: ReadonlyArray<WordPart | Text>) {
    const merged: WordPart[] = []
    for (const part of parts.flatMap((p) => (p instanceof Text ? p.parts : [p]))) {
      const last = merged.length - 1
      if (typeof part === "string" && typeof merged[last] === "string") merged[last] += part
      else if (part !== "") merged.push(part)
    }
    this.parts = merged
  }

  /** Whether the text says nothing. */
  get empty(): boolean {
    return this.parts.length === 0
  }

  /** The text in English, references worded as MCP calls: for readers that are not frontends (logs, `Error.message`). */
  toString(): string {
    return english(this)
  }

  /** As `toString`: a text in JSON written by something other than a frontend reads as English. */
  toJSON(): string {
    return english(this)
  }
}

/** Whether a value is a Text. */
export const isText = (value: unknown): value is Text => value instanceof Text

/** A value (a name, an id, what the platform said) said as it is, as a Text. */
export const plain = (value: string | number): Text => new Text([String(value)])

/** A text from a template: `text\`${callWord("jobs")} lists them\``; values are said as they are or worded. */
export const text = (strings: TemplateStringsArray, ...values: ReadonlyArray<string | number | Text>): Text =>
  new Text(strings.flatMap((s, i) => (i < values.length ? [s, wordOf(values[i])] : [s])))

const wordOf = (value: string | number | Text | undefined): WordPart | Text =>
  value === undefined ? "" : typeof value === "number" ? String(value) : value

/** Texts (or values) joined with a separator, as `Array.join` does for strings. */
export const joinText = (items: ReadonlyArray<string | Text>, separator: string | Text = ""): Text =>
  new Text(items.flatMap((item, i) => (i === 0 ? [item] : [separator, item])))

const ref = (r: WordRef): Text => new Text([r])

/** A message of the catalogue with its values (message.ts checks and words it). */
export const messageText = (id: string, args: MessageArgs): Text => ref({ kind: "msg", id, args })

/** A call of a catalogue operation, e.g. `callWord("jobs", { type: "train" })`; an action is an input field. */
export const callWord = (op: WordOperation, input: CallInput = {}): Text => ref({ kind: "call", op, input })

/** An input field of the operation at hand, e.g. `fieldWord("spec", "<ID>")` (CLI `--spec <ID>`). */
export const fieldWord = (name: string, value?: unknown): Text =>
  ref(value === undefined ? { kind: "field", name } : { kind: "field", name, value })

/**
 * The confirmation of a destructive call: CLI `--yes`, MCP `confirm=true`, library `confirm: true`; a
 * batch's (`targets`) adds the ids its listing showed, `targets=[…]`, which the CLI sends by itself.
 */
export const confirmWord = (targets = false): Text =>
  ref(targets ? { kind: "confirm", targets: true } : { kind: "confirm" })

/** A dry run: CLI `--dry-run`, MCP `dry_run=true`, library `dry_run: true`. */
export const dryRunWord = (): Text => ref({ kind: "dry_run" })

/** A table to lay out in its reader's language (see `TableRef`): headings usually `msg(...)`. */
export const tableWord = (table: Omit<TableRef, "kind">): Text => ref({ kind: "table", ...table })

/** Labelled values to align once worded (see `FieldsRef`). */
export const fieldsWord = (fields: FieldsRef["fields"]): Text => ref({ kind: "fields", fields })

/** `value` cut to at most `max` characters once worded (see `ClipRef`). */
export const clipped = (value: Text | string, max: number): Text =>
  ref({ kind: "clip", text: typeof value === "string" ? plain(value) : value, max })

/** The parts of a text: plain strings and the references and messages it carries, in order. */
export const parseWords = (value: Text | string): ReadonlyArray<WordPart> =>
  typeof value === "string" ? (value === "" ? [] : [value]) : value.parts

/** Whether a text carries anything a frontend words (a message or a reference). */
export const hasWords = (value: Text | string): boolean =>
  typeof value !== "string" && value.parts.some((p) => typeof p !== "string")

// English with MCP words, for readers that are not frontends.
const english = (value: Text): string => wordText(value, "en", mcpWord)
