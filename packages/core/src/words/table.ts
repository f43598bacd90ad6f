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

/** Headings and rows of cells, already in words, as an aligned plain-text table (two spaces between columns). */
export const layoutTable = (
  headers: ReadonlyArray<string>,
  aligns: ReadonlyArray<Align>,
  rows: ReadonlyArray<ReadonlyArray<string>>,
): string => {
  const widths = headers.map((h, i) => Math.max(displayWidth(h), ...rows.map((row) => displayWidth(row[i] ?? ""))))
  const line = (values: ReadonlyArray<string>) =>
    values
      .map((v, i) => pad(v, widths[i] ?? 0, aligns[i] ?? "left"))
      .join("  ")
      .trimEnd()
  return [line(headers), ...rows.map(line)].join("\n")
}
