// Words a Text: each message in a language, each table and list of fields laid out once its cells are
// worded, each other reference (a call, a field, the confirmation, a dry run) by the function given —
// a frontend's dialect (render.ts), or MCP's terms for a text read as English outside any frontend (text.ts).
import type { Ref } from "./dialect.js"
import { formatMessage, type Language } from "./message.js"
import { displayWidth, layoutTable } from "./table.js"
import type { Cell, MessageArgs, Text, WordRef } from "./text.js"

// A label's colon: full-width after a Chinese label.
const COLON: Readonly<Record<Language, string>> = { en: ":", "zh-CN": "：" }

// A cell of a table shows on one line.
const oneLine = (said: string): string => said.replace(/\s+/g, " ")

const pad = (said: string, size: number): string => said + " ".repeat(Math.max(0, size - displayWidth(said)))

/**
 * `value` worded in `lang`, its calls, fields and confirmations by `wordRef`; a string as it is. With
 * `width` (a terminal's columns), a table that says which columns may go is made to fit it.
 */
export const wordText = (
  value: Text | string,
  lang: Language,
  wordRef: (ref: Ref) => string,
  width?: number,
): string => {
  if (typeof value === "string") return value
  const word = (v: Cell): string => wordText(v, lang, wordRef, width)
  const part = (ref: WordRef): string => {
    switch (ref.kind) {
      case "msg":
        return formatMessage(lang, ref.id, wordArgs(ref.args, word))
      case "table":
        return layoutTable(
          ref.headers.map(word),
          ref.aligns,
          ref.rows.map((row) => row.map((c) => oneLine(word(c)))),
          width !== undefined && ref.drop !== undefined ? { drop: ref.drop, width } : undefined,
        )
      case "fields": {
        const shown = ref.fields.map(([label, v]) => [word(label), word(v)] as const)
        const size = Math.max(0, ...shown.map(([label]) => displayWidth(label)))
        const colon = COLON[lang]
        return shown.map(([label, v]) => `${pad(`${label}${colon}`, size + displayWidth(colon))} ${v}`).join("\n")
      }
      case "clip": {
        const said = word(ref.text)
        return said.length > ref.max ? `${said.slice(0, ref.max - 1)}…` : said
      }
      default:
        return wordRef(ref)
    }
  }
  return value.parts.map((p) => (typeof p === "string" ? p : part(p))).join("")
}

const wordArgs = (args: MessageArgs, word: (v: Cell) => string): Readonly<Record<string, string | number>> =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === "number" ? v : word(v)]))
