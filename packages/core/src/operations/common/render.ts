import { formatInstant } from "../../domain/time.js"
import { msg, speakNow } from "../../words/message.js"

/** A column of a text table: its heading and how to read a cell from a row. */
export interface Column<R> {
  readonly header: string
  readonly cell: (row: R) => string | number | boolean | undefined | null
  readonly align?: "left" | "right"
}

/**
 * The terminal columns a text takes: East Asian wide characters take two (counting them as one breaks
 * the alignment of workspace and project names, and the wrapping of help).
 */
export const displayWidth = (text: string): number => {
  let w = 0
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    w +=
      (cp >= 0x1100 && cp <= 0x115f) ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe30 && cp <= 0xfe4f) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6)
        ? 2
        : 1
  }
  return w
}

const width = displayWidth

const pad = (text: string, size: number, align: "left" | "right") => {
  const fill = " ".repeat(Math.max(0, size - width(text)))
  return align === "right" ? fill + text : text + fill
}

// A cell as shown: messages made while the call ran are worded now, so the width measured is the one shown.
const show = (v: string | number | boolean | undefined | null): string =>
  v === undefined || v === null || v === "" ? "-" : speakNow(String(v))

/** Lines that speak to the reader beside the result (the CLI sends them to stderr), in the render's language. */
export const asides = (kind: "warning" | "hint" | "note", texts: ReadonlyArray<string>): ReadonlyArray<string> =>
  texts.map((text) => msg(`common-${kind}`, { text }))

/** The heading of a block of suggested next calls, each on an indented line below it. */
export const nextHeading = (): string => msg("common-next")

/** Renders rows as an aligned plain-text table; an empty list renders as `empty`. */
export const renderTable = <R>(
  rows: ReadonlyArray<R>,
  columns: ReadonlyArray<Column<R>>,
  empty = msg("common-none"),
): string => {
  if (rows.length === 0) return empty
  const cells = rows.map((r) => columns.map((c) => show(c.cell(r)).replace(/\s+/g, " ")))
  const widths = columns.map((c, i) => Math.max(width(c.header), ...cells.map((row) => width(row[i] ?? ""))))
  const line = (values: ReadonlyArray<string>) =>
    values
      .map((v, i) => pad(v, widths[i] ?? 0, columns[i]?.align ?? "left"))
      .join("  ")
      .trimEnd()
  return [line(columns.map((c) => c.header)), ...cells.map(line)].join("\n")
}

/** Renders labelled values one per line, aligned on the labels; undefined values are left out. */
export const renderFields = (
  fields: ReadonlyArray<readonly [string, string | number | boolean | undefined | null]>,
): string => {
  const shown = fields.filter(([, v]) => v !== undefined && v !== null && v !== "")
  const size = Math.max(0, ...shown.map(([k]) => width(k)))
  return shown.map(([k, v]) => `${pad(`${k}:`, size + 1, "left")} ${speakNow(String(v))}`).join("\n")
}

/** Formats epoch milliseconds for a table, `2026-12-04 08:29 +08:00` in local time, or `-`. */
export const formatTime = (ms: number | undefined): string => (ms === undefined ? "-" : formatInstant(ms))

/** Formats a duration in milliseconds as `1h 05m`, `12m 30s` or `45s`. */
export const formatDuration = (ms: number | undefined): string => {
  if (ms === undefined || ms < 0) return "-"
  const s = Math.floor(ms / 1000)
  if (s < 60) return `${s}s`
  const m = Math.floor(s / 60)
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`
  const h = Math.floor(m / 60)
  if (h < 48) return `${h}h ${String(m % 60).padStart(2, "0")}m`
  return `${Math.floor(h / 24)}d ${h % 24}h`
}
