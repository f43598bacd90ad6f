const BARS = "▁▂▃▄▅▆▇█"

/**
 * A unicode sparkline of values on a fixed scale (default 0–100, so lines of different series compare),
 * averaged into at most `width` buckets; non-finite values show as a space.
 */
export const sparkline = (
  values: ReadonlyArray<number>,
  options: { readonly min?: number; readonly max?: number; readonly width?: number } = {},
): string => {
  const min = options.min ?? 0
  const max = options.max ?? 100
  const width = Math.max(1, options.width ?? 40)
  const buckets: number[] = []
  const size = Math.max(1, Math.ceil(values.length / width))
  for (let i = 0; i < values.length; i += size) {
    const part = values.slice(i, i + size).filter((v) => Number.isFinite(v))
    buckets.push(part.length === 0 ? Number.NaN : part.reduce((s, v) => s + v, 0) / part.length)
  }
  const span = max - min
  return buckets
    .map((v) => {
      if (!Number.isFinite(v)) return " "
      const level = span <= 0 ? 0 : Math.round(((Math.min(max, Math.max(min, v)) - min) / span) * (BARS.length - 1))
      return BARS[level] ?? " "
    })
    .join("")
}
