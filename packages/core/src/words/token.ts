/**
 * The operations a word may call, as the registry names them. Spelled out rather than read from the
 * registry, whose operations word their own texts with these (a type cycle); registry.ts checks that each
 * is an operation of the registry. A new operation is added here once some text calls it.
 */
export const WORD_OPERATIONS = [
  "config",
  "login",
  "status",
  "availability",
  "submit",
  "submit_hpc",
  "inference",
  "jobs",
  "job_detail",
  "logs",
  "metrics",
  "stop",
  "images",
  "image_push",
  "notebook",
  "notebook_exec",
  "notebook_files",
  "models",
  "wait",
  "resubmit",
  "events",
  "sweep",
] as const

/** An operation a word may call (`WORD_OPERATIONS`). */
export type WordOperation = (typeof WORD_OPERATIONS)[number]

// A reference travels inside an ordinary string as JSON between two private-use characters, so every
// string-typed channel (an error's hint, a warning, a render, a schema description) can carry it, and
// no text a user or the platform wrote can be taken for one.
const OPEN = "\uE000"
const CLOSE = "\uE001"
const TOKEN = /\uE000([^\uE000\uE001]*)\uE001/g

/** An operation call, as data: `{ op: "jobs", input: { type: "train" } }`. */
export interface CallRef {
  readonly kind: "call"
  readonly op: string
  readonly input: Readonly<Record<string, unknown>>
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
}

/** A dry run of the call at hand (CLI `--dry-run`, MCP `dry_run=true`). */
export interface DryRunRef {
  readonly kind: "dry_run"
}

/**
 * A message of the catalogue (locales/<language>/*.ftl) with its values: worded in the reader's language
 * where the text reaches a frontend. Its values may carry references and messages themselves.
 */
export interface MessageRef {
  readonly kind: "msg"
  readonly id: string
  readonly args: Readonly<Record<string, string | number>>
}

/**
 * A table made before its reader's language is known (in an error's hint): headings and cells as texts,
 * which may be messages, laid out when worded, so its columns line up in the language it is shown in.
 */
export interface TableRef {
  readonly kind: "table"
  readonly headers: ReadonlyArray<string>
  readonly aligns: ReadonlyArray<"left" | "right">
  readonly rows: ReadonlyArray<ReadonlyArray<string>>
}

/** Anything a message may refer to, which each frontend words in its own terms. */
export type WordRef = CallRef | FieldRef | ConfirmRef | DryRunRef | MessageRef | TableRef

/** A text split into what is said as is and what each frontend words itself. */
export type WordPart = string | WordRef

/** The input a call word takes: field names to values (placeholders such as `<ID>` or `…` are strings). */
export type CallInput = Readonly<Record<string, unknown>>

// A message travels as its reference and, for any reader that is not a frontend (a log line, a test), its
// English text: MSG_OPEN json MSG_TEXT english MSG_CLOSE. Only the English may hold further markers.
const MSG_OPEN = "\uE002"
const MSG_TEXT = "\uE003"
const MSG_CLOSE = "\uE004"

// JSON with every marker escaped, so a reference never holds a raw one.
const json = (value: unknown): string =>
  JSON.stringify(value).replace(/[\uE000-\uE004]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)

const encode = (ref: WordRef): string => OPEN + json(ref) + CLOSE

/** A message's reference and English text, as `msg` (message.ts) writes it into a string. */
export const encodeMessage = (ref: MessageRef, english: string): string =>
  MSG_OPEN + json(ref) + MSG_TEXT + english + MSG_CLOSE

/** A text split into its outermost messages (as data, with their English) and the plain text between them. */
export const splitMessages = (
  text: string,
): ReadonlyArray<string | { readonly ref: MessageRef; readonly english: string }> => {
  if (!text.includes(MSG_OPEN)) return [text]
  const parts: Array<string | { readonly ref: MessageRef; readonly english: string }> = []
  let plain = ""
  let i = 0
  while (i < text.length) {
    const start = text.indexOf(MSG_OPEN, i)
    if (start < 0) break
    const sep = text.indexOf(MSG_TEXT, start)
    let depth = 0
    let end = -1
    for (let j = sep + 1; sep > 0 && j < text.length; j++) {
      const c = text[j]
      if (c === MSG_OPEN) depth++
      else if (c === MSG_CLOSE && depth-- === 0) {
        end = j
        break
      }
    }
    const ref = end < 0 ? undefined : decode(text.slice(start + 1, sep))
    if (ref?.kind !== "msg" || end < 0) {
      // A stray marker: kept as text, so nothing the platform or a user wrote is lost.
      plain += text.slice(i, start + 1)
      i = start + 1
      continue
    }
    plain += text.slice(i, start)
    if (plain !== "") parts.push(plain)
    plain = ""
    parts.push({ ref, english: text.slice(sep + 1, end) })
    i = end + 1
  }
  plain += text.slice(i)
  if (plain !== "") parts.push(plain)
  return parts
}

/** A call of a catalogue operation, e.g. `callWord("jobs", { type: "train" })`; an action is an input field. */
export const callWord = (op: WordOperation, input: CallInput = {}): string => encode({ kind: "call", op, input })

/** An input field of the operation at hand, e.g. `fieldWord("spec", "<ID>")` (CLI `--spec <ID>`). */
export const fieldWord = (name: string, value?: unknown): string =>
  encode(value === undefined ? { kind: "field", name } : { kind: "field", name, value })

/** The confirmation of a destructive call: CLI `--yes`, MCP `confirm=true`, library `confirm: true`. */
export const confirmWord = (): string => encode({ kind: "confirm" })

/** A table to lay out in its reader's language (see `TableRef`): headings usually `msg(...)`. */
export const tableWord = (table: Omit<TableRef, "kind">): string => encode({ kind: "table", ...table })

/** A dry run: CLI `--dry-run`, MCP `dry_run=true`, library `dry_run: true`. */
export const dryRunWord = (): string => encode({ kind: "dry_run" })

const decode = (json: string): WordRef | undefined => {
  try {
    const ref = JSON.parse(json) as WordRef
    return typeof ref === "object" && ref !== null && typeof ref.kind === "string" ? ref : undefined
  } catch {
    return undefined
  }
}

const parseRefs = (text: string): ReadonlyArray<WordPart> => {
  const parts: WordPart[] = []
  let last = 0
  for (const m of text.matchAll(TOKEN)) {
    if (m.index > last) parts.push(text.slice(last, m.index))
    parts.push(decode(m[1] ?? "") ?? m[0])
    last = m.index + m[0].length
  }
  if (last < text.length) parts.push(text.slice(last))
  return parts
}

/** The parts of a text: plain strings, the references and the messages it carries, in order. */
export const parseWords = (text: string): ReadonlyArray<WordPart> =>
  splitMessages(text).flatMap((p) => (typeof p === "string" ? parseRefs(p) : [p.ref]))

/** Whether a text carries any reference or message (or a stray marker) still to be worded. */
export const hasWords = (text: string): boolean => /[\uE000-\uE004]/.test(text)

/** A text with each reference replaced by `word(ref)`; a text without any is returned as it is. */
export const replaceWords = (text: string, word: (ref: WordRef) => string): string =>
  hasWords(text)
    ? parseRefs(text)
        .map((p) => (typeof p === "string" ? p : word(p)))
        .join("")
    : text
