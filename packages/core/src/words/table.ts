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

/** How a column lines up its cells. */
export type Align = "left" | "right"

const pad = (text: string, size: number, align: Align) => {
  const fill = " ".repeat(Math.max(0, size - displayWidth(text)))
  return align === "right" ? fill + text : text + fill
}

/** How a table fits a terminal: its columns' turns to go (see `TableRef.drop`) and the columns it may take. */
export interface TableFit {
  readonly drop: ReadonlyArray<number | undefined>
  readonly width: number
}

const GAP = 2
const NARROWEST = 8

const widthsOf = (headers: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>): number[] =>
  headers.map((h, i) => Math.max(displayWidth(h), ...rows.map((row) => displayWidth(row[i] ?? ""))))

const total = (widths: ReadonlyArray<number>): number => widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1)

// `text` cut to `size` columns, `…` marking the cut.
const cut = (text: string, size: number): string => {
  if (displayWidth(text) <= size) return text
  let out = ""
  for (const ch of text) {
    if (displayWidth(`${out}${ch}`) > size - 1) break
    out += ch
  }
  return `${out}…`
}

// The columns kept when the table is wider than `fit.width`: those with a turn go, first turn first; if it
// is still too wide, the widest left-aligned column's cells are cut.
const fitted = (
  headers: ReadonlyArray<string>,
  aligns: ReadonlyArray<Align>,
  rows: ReadonlyArray<ReadonlyArray<string>>,
  fit: TableFit,
): { headers: string[]; aligns: Align[]; rows: string[][] } => {
  let keep = headers.map((_, i) => i)
  const width = () =>
    total(
      widthsOf(
        pick(headers, keep),
        rows.map((r) => pick(r, keep)),
      ),
    )
  const turns = [...new Set(fit.drop.filter((t): t is number => t !== undefined))].sort((a, b) => a - b)
  for (const turn of turns) {
    if (width() <= fit.width) break
    keep = keep.filter((i) => fit.drop[i] !== turn)
  }
  const kept = { headers: pick(headers, keep), aligns: pick(aligns, keep), rows: rows.map((r) => pick(r, keep)) }
  const over = width() - fit.width
  if (over <= 0) return kept
  const widths = widthsOf(kept.headers, kept.rows)
  const widest = widths.reduce((w, size, i) => (kept.aligns[i] !== "right" && size > (widths[w] ?? 0) ? i : w), 0)
  const size = Math.max(NARROWEST, (widths[widest] ?? 0) - over)
  return { ...kept, rows: kept.rows.map((r) => r.map((c, i) => (i === widest ? cut(c, size) : c))) }
}

const pick = <A>(values: ReadonlyArray<A>, keep: ReadonlyArray<number>): A[] =>
  keep.map((i) => values[i]).filter((v): v is A => v !== undefined)

/**
 * Headings and rows of cells, already in words, as an aligned plain-text table (two spaces between columns);
 * with `fit`, made to fit a terminal's width by dropping columns in their turn and cutting the widest one.
 */
export const layoutTable = (
  allHeaders: ReadonlyArray<string>,
  allAligns: ReadonlyArray<Align>,
  allRows: ReadonlyArray<ReadonlyArray<string>>,
  fit?: TableFit,
): string => {
  const { headers, aligns, rows } =
    fit === undefined
      ? { headers: allHeaders, aligns: allAligns, rows: allRows }
      : fitted(allHeaders, allAligns, allRows, fit)
  const widths = widthsOf(headers, rows)
  const line = (values: ReadonlyArray<string>) =>
    values
      .map((v, i) => pad(v, widths[i] ?? 0, aligns[i] ?? "left"))
      .join("  ")
      .trimEnd()
  return [line(headers), ...rows.map(line)].join("\n")
}
