import { z } from "zod"

/**
 * Reads an amount of points (点券) as the platform writes it: a number, a decimal string, or a string with
 * thousands separators such as `"12,345.67"` (V2 budget surfaces, §5.4); `''` and text that is no number
 * are undefined. The one place budget strings are parsed.
 */
export const parsePoints = (v: number | string | null | undefined): number | undefined => {
  if (v === null || v === undefined) return undefined
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined
  const text = v.replace(/[,\s]/g, "")
  if (text === "") return undefined
  const n = Number(text)
  return Number.isFinite(n) ? n : undefined
}

/** `parsePoints` as a schema: a field of points in any of the platform's spellings. */
export const Points = z.union([z.number(), z.string()]).transform(parsePoints)

/**
 * Points as the console shows them, with thousands separators and two decimals (`12,345.60`), so that a
 * column's figures line up. By hand, not toLocaleString: its first call loads ICU's number formatting,
 * about 18 ms and 9 MB of resident memory for a call that prints a table.
 */
export const formatPoints = (v: number | undefined): string | undefined => {
  if (v === undefined) return undefined
  if (!(Math.abs(v) < 1e21)) return String(v)
  const [whole = "0", cents = "00"] = Math.abs(v).toFixed(2).split(".")
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")
  return `${v < 0 && Number(`${whole}${cents}`) !== 0 ? "-" : ""}${grouped}.${cents}`
}
