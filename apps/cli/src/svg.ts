// What the CLI's SVG charts (metrics, usage) share.
import { statSync } from "node:fs"
import { extname } from "node:path"
import { msg } from "./language.js"
import { usageError } from "./output.js"

/**
 * Refuses a `--plot` file named for another format before anything is read: the charts are SVG, and a
 * `.png` holding SVG opens nowhere. A folder (the chart gets its default name there) is fine.
 */
export const checkPlotName = (plot: unknown): void => {
  if (typeof plot !== "string" || /[/\\]$/.test(plot)) return
  const ext = extname(plot)
  if (ext === "" || ext.toLowerCase() === ".svg" || statSync(plot, { throwIfNoEntry: false })?.isDirectory()) return
  throw usageError(
    msg("cli-plot-not-svg", { file: plot, ext }),
    msg("cli-plot-not-svg-hint", { file: `${plot.slice(0, -ext.length)}.svg` }),
  )
}

/** Text made safe inside SVG markup. */
export const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c)

/**
 * The charts' text rule. Names are often Chinese (workspaces, projects, users), so the fonts that carry
 * CJK on macOS, Windows and Linux come before the generic family, which alone may lack the glyphs.
 */
export const TEXT_STYLE =
  'text{font-family:"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC","WenQuanYi Micro Hei",sans-serif;fill:#222}'
