import { formatInstant } from "../../domain/time.js"
import { msg, speakNow } from "../../words/message.js"
import { displayWidth, layoutTable } from "../../words/table.js"

/** A column of a text table: its heading and how to read a cell from a row. */
export interface Column<R> {
  readonly header: string
  readonly cell: (row: R) => string | number | boolean | undefined | null
  readonly align?: "left" | "right"
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
  return layoutTable(
    columns.map((c) => c.header),
    columns.map((c) => c.align ?? "left"),
    cells,
  )
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

const two = (n: number): string => String(n).padStart(2, "0")

/** Formats a duration in milliseconds as `1h 05m`, `12m 30s` or `45s` (in English; the catalogue words it). */
export const formatDuration = (ms: number | undefined): string => {
  if (ms === undefined || ms < 0) return "-"
  const s = Math.floor(ms / 1000)
  if (s < 60) return msg("common-duration-seconds", { s })
  const m = Math.floor(s / 60)
  if (m < 60) return msg("common-duration-minutes", { m, s: two(s % 60) })
  const h = Math.floor(m / 60)
  if (h < 48) return msg("common-duration-hours", { h, m: two(m % 60) })
  return msg("common-duration-days", { d: Math.floor(h / 24), h: h % 24 })
}

/** A size in gigabytes as people read it, `9.1 GB`; `digits` after the point when given. */
export const formatGigabytes = (gb: number, digits?: number): string =>
  msg("common-size-gb", { size: digits === undefined ? String(gb) : gb.toFixed(digits) })

/** A size in megabytes as people read it, `512 MB`. */
export const formatMegabytes = (mb: number): string => msg("common-size-mb", { size: String(mb) })
