import type { UsageResult, Worded } from "@holos-inspire/core"
import { formatInstant, IDLE_GPU_BELOW_PERCENT } from "@holos-inspire/core/internal"
import { msg } from "./language.js"
import { escapeXml, TEXT_STYLE } from "./svg.js"

/** Whose bars: one per user (stacked by project) or one per project (stacked by user). */
export type UsageBy = "user" | "project"

const COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

const WIDTH = 900
const LABEL = 190
const RIGHT = 60
const TOP = 64
const BAR = 22
const GAP = 10

type Task = Worded<UsageResult>["tasks"][number]

interface Segment {
  readonly name: string
  readonly gpus: number
  readonly idle: boolean
}

interface Bar {
  readonly name: string
  readonly gpus: number
  readonly segments: ReadonlyArray<Segment>
}

const userOf = (t: Task): string => t.user.name || t.user.id || "?"
const projectOf = (t: Task): string => t.project.name || t.project.id || "?"

/** The bars: GPUs held per user (or project), split by the other one, idle GPUs in segments of their own. */
const usageBars = (result: Worded<UsageResult>, by: UsageBy): ReadonlyArray<Bar> => {
  const [keyOf, partOf] = by === "user" ? [userOf, projectOf] : [projectOf, userOf]
  const bars = new Map<string, Map<string, Segment>>()
  for (const t of result.tasks.filter((x) => x.gpus > 0)) {
    const parts = bars.get(keyOf(t)) ?? new Map<string, Segment>()
    const id = `${partOf(t)}\u0000${t.idle}`
    const seen = parts.get(id)
    parts.set(id, { name: partOf(t), idle: t.idle, gpus: (seen?.gpus ?? 0) + t.gpus })
    bars.set(keyOf(t), parts)
  }
  return [...bars]
    .map(([name, parts]) => {
      const segments = [...parts.values()].sort((a, b) => Number(a.idle) - Number(b.idle) || b.gpus - a.gpus)
      return { name, gpus: segments.reduce((n, s) => n + s.gpus, 0), segments }
    })
    .sort((a, b) => b.gpus - a.gpus || a.name.localeCompare(b.name))
}

/**
 * A standalone SVG chart of a usage result: a horizontal bar per user (or project) of the GPUs held, stacked
 * by project (or user), idle GPUs hatched. Plain SVG 1.1, no scripts or external references.
 */
export const usageSvg = (result: Worded<UsageResult>, by: UsageBy): string => {
  const bars = usageBars(result, by)
  const parts = [...new Set(bars.flatMap((b) => b.segments.map((s) => s.name)))]
  const colourOf = (name: string) => COLOURS[parts.indexOf(name) % COLOURS.length] ?? "#000"
  const max = Math.max(1, ...bars.map((b) => b.gpus))
  const plotWidth = WIDTH - LABEL - RIGHT
  const legendTop = TOP + Math.max(1, bars.length) * (BAR + GAP) + 16
  const height = legendTop + (parts.length + 1) * 18 + 16
  const workspace = { workspace: result.workspace.name }
  const title =
    by === "user" ? msg("cli-usage-plot-title-user", workspace) : msg("cli-usage-plot-title-project", workspace)
  const held = { gpus: result.totals.gpus, tasks: result.totals.running, idle: result.totals.idleGpus }
  const heldText = result.totals.idleGpus > 0 ? msg("cli-usage-plot-held-idle", held) : msg("cli-usage-plot-held", held)
  const subtitle = `${heldText} · ${formatInstant(result.readAt)}`
  const body: string[] = [
    `<text x="16" y="24" class="title">${escapeXml(title)}</text>`,
    `<text x="16" y="44" class="sub">${escapeXml(subtitle)}</text>`,
  ]
  if (bars.length === 0)
    body.push(`<text x="${LABEL}" y="${TOP + 16}" class="label">${escapeXml(msg("cli-usage-plot-none"))}</text>`)
  bars.forEach((bar, i) => {
    const y = TOP + i * (BAR + GAP)
    body.push(
      `<text x="${LABEL - 8}" y="${y + BAR / 2}" class="label" text-anchor="end" dominant-baseline="middle">${escapeXml(bar.name)}</text>`,
    )
    let x = LABEL
    for (const s of bar.segments) {
      const w = (s.gpus / max) * plotWidth
      const segment = { name: s.name, gpus: s.gpus }
      const what = s.idle ? msg("cli-usage-plot-segment-idle", segment) : msg("cli-usage-plot-segment", segment)
      const title = `<title>${escapeXml(what)}</title>`
      body.push(
        `<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${BAR}" fill="${colourOf(s.name)}" class="seg">${title}</rect>`,
      )
      if (s.idle) body.push(`<rect x="${x.toFixed(1)}" y="${y}" width="${w.toFixed(1)}" height="${BAR}" class="idle"/>`)
      x += w
    }
    body.push(
      `<text x="${(x + 6).toFixed(1)}" y="${y + BAR / 2}" class="label" dominant-baseline="middle">${bar.gpus}</text>`,
    )
  })
  parts.forEach((name, i) => {
    const y = legendTop + i * 18
    body.push(`<rect x="${LABEL}" y="${y - 6}" width="14" height="12" fill="${colourOf(name)}"/>`)
    body.push(`<text x="${LABEL + 20}" y="${y}" class="label" dominant-baseline="middle">${escapeXml(name)}</text>`)
  })
  if (bars.some((b) => b.segments.some((s) => s.idle))) {
    const y = legendTop + parts.length * 18
    body.push(`<rect x="${LABEL}" y="${y - 6}" width="14" height="12" fill="#ccc"/>`)
    body.push(`<rect x="${LABEL}" y="${y - 6}" width="14" height="12" class="idle"/>`)
    body.push(
      `<text x="${LABEL + 20}" y="${y}" class="label" dominant-baseline="middle">${escapeXml(msg("cli-usage-plot-idle", { percent: IDLE_GPU_BELOW_PERCENT }))}</text>`,
    )
  }
  const style = [
    TEXT_STYLE,
    ".title{font-size:15px;font-weight:bold}",
    ".sub{font-size:12px}",
    ".label{font-size:12px}",
    ".seg{stroke:#fff;stroke-width:1}",
    ".idle{fill:url(#hatch);stroke:#c00;stroke-width:1}",
  ].join("")
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<style>${style}</style>`,
    '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
      '<line x1="0" y1="0" x2="0" y2="6" stroke="#c00" stroke-width="2"/></pattern></defs>',
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    ...body,
    "</svg>",
    "",
  ].join("\n")
}
