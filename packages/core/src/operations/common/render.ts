import { formatInstant } from "../../domain/time.js"
import { msg } from "../../words/message.js"
import { type Cell, fieldsWord, joinText, plain, type Text, tableWord, text } from "../../words/text.js"
import { type NextStep, nextLine } from "./output.js"

/** A value a table cell or a field shows: a text, or a plain value said as it is. */
export type Shown = Text | string | number | boolean | undefined | null

/** A column of a text table: its heading and how to read a cell from a row. */
export interface Column<R> {
  readonly header: Text
  readonly cell: (row: R) => Shown
  readonly align?: "left" | "right"
  /** Its turn to go when the table is wider than the reader's terminal (1 first); never when undefined. */
  readonly drop?: number
}

const missing = (v: Shown): v is undefined | null | "" => v === undefined || v === null || v === ""

// A cell as shown: nothing as `-`.
const show = (v: Shown): Cell => (missing(v) ? "-" : typeof v === "object" ? v : String(v))

/** Lines that speak to the reader beside the result (the CLI sends them to stderr). */
export const asides = (kind: "warning" | "hint" | "note", texts: ReadonlyArray<Text>): ReadonlyArray<Text> =>
  texts.map((text) => msg(`common-${kind}`, { text }))

/** The blocks of a render that say something (missing and empty ones left out), one per line. */
export const lines = (...parts: ReadonlyArray<Text | string | undefined>): Text =>
  joinText(
    parts.filter((p): p is Text | string => p !== undefined && (typeof p === "string" ? p !== "" : !p.empty)),
    "\n",
  )

/** The heading of a block of suggested next calls, each on an indented line below it. */
export const nextHeading = (): Text => msg("common-next")

/**
 * Suggested next calls as every render shows them: the heading, then one indented call per line (the
 * CLI sends the block to stderr); empty when there is none.
 */
export const nextSteps = (next: ReadonlyArray<NextStep>): Text =>
  joinText(next.length > 0 ? [nextHeading(), ...next.map((n) => text`  ${nextLine(n)}`)] : [], "\n")

/** Rows as an aligned plain-text table, laid out once worded; an empty list renders as `empty`. */
export const renderTable = <R>(
  rows: ReadonlyArray<R>,
  columns: ReadonlyArray<Column<R>>,
  empty: Text = msg("common-none"),
): Text =>
  rows.length === 0
    ? empty
    : tableWord({
        headers: columns.map((c) => c.header),
        aligns: columns.map((c) => c.align ?? "left"),
        rows: rows.map((r) => columns.map((c) => show(c.cell(r)))),
        ...(columns.some((c) => c.drop !== undefined) ? { drop: columns.map((c) => c.drop) } : {}),
      })

/** Labelled values one per line, aligned on the labels once worded; missing values are left out. */
export const renderFields = (fields: ReadonlyArray<readonly [Text, Shown]>): Text =>
  fieldsWord(fields.filter(([, v]) => !missing(v)).map(([k, v]) => [k, show(v)] as const))

/** Formats epoch milliseconds for a table, `2026-12-04 08:29 +08:00` in local time, or `-`. */
export const formatTime = (ms: number | undefined): string => (ms === undefined ? "-" : formatInstant(ms))

const two = (n: number): string => String(n).padStart(2, "0")

/** Formats a duration in milliseconds as `1h 05m`, `12m 30s` or `45s` (in English; the catalogue words it). */
export const formatDuration = (ms: number | undefined): Text => {
  if (ms === undefined || ms < 0) return plain("-")
  const s = Math.floor(ms / 1000)
  if (s < 60) return msg("common-duration-seconds", { s })
  const m = Math.floor(s / 60)
  if (m < 60) return msg("common-duration-minutes", { m, s: two(s % 60) })
  const h = Math.floor(m / 60)
  if (h < 48) return msg("common-duration-hours", { h, m: two(m % 60) })
  return msg("common-duration-days", { d: Math.floor(h / 24), h: h % 24 })
}

/** A size in gigabytes as people read it, `9.1 GB`; `digits` after the point when given. */
export const formatGigabytes = (gb: number, digits?: number): Text =>
  msg("common-size-gb", { size: digits === undefined ? String(gb) : gb.toFixed(digits) })

/** A size in megabytes as people read it, `512 MB`. */
export const formatMegabytes = (mb: number): Text => msg("common-size-mb", { size: String(mb) })
