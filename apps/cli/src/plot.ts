import { type MetricsResult, shortPodName, type Worded } from "@holos-inspire/core"
import { formatClockTime } from "@holos-inspire/core/internal"
import { msg } from "./language.js"
import { escapeXml, TEXT_STYLE } from "./svg.js"

type SeriesRow = NonNullable<Worded<MetricsResult>["series"]>[number]

/** One panel per metric (its title cli-plot-panel-…), one line per pod, percent on the y axis and time on the x axis. */
const PANELS = [
  ["gpu_usage_rate", "gpu"],
  ["gpu_memory_usage_rate", "gpu-memory"],
  ["cpu_usage_rate", "cpu"],
  ["memory_usage_rate", "memory"],
] as const

const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

const WIDTH = 860
const PANEL_HEIGHT = 170
const LEFT = 56
const RIGHT = 190
// The title's baseline, the verdict's below it, and the first panel's title below that, each a line apart:
// a panel title sits 8 px above its frame, so the frame starts one line plus that below the verdict.
const TITLE_Y = 22
const VERDICT_Y = 42
const TOP = VERDICT_Y + 34
const GAP = 44

const clock = (epochSeconds: number): string => formatClockTime(epochSeconds * 1000)

interface Frame {
  readonly x: (t: number) => number
  readonly y: (v: number) => number
  readonly top: number
}

const axes = (frame: Frame, title: string, start: number, end: number): string[] => {
  const plotWidth = WIDTH - LEFT - RIGHT
  const out = [
    `<text x="${LEFT}" y="${frame.top - 8}" class="panel">${escapeXml(title)}</text>`,
    `<rect x="${LEFT}" y="${frame.top}" width="${plotWidth}" height="${PANEL_HEIGHT}" class="frame"/>`,
  ]
  for (const v of [0, 25, 50, 75, 100]) {
    const y = frame.y(v).toFixed(1)
    out.push(`<line x1="${LEFT}" x2="${LEFT + plotWidth}" y1="${y}" y2="${y}" class="grid"/>`)
    out.push(`<text x="${LEFT - 6}" y="${y}" class="tick" text-anchor="end" dominant-baseline="middle">${v}%</text>`)
  }
  for (let i = 0; i <= 4; i++) {
    const t = start + ((end - start) * i) / 4
    const x = frame.x(t).toFixed(1)
    const y = frame.top + PANEL_HEIGHT + 14
    out.push(`<text x="${x}" y="${y}" class="tick" text-anchor="middle">${clock(t)}</text>`)
  }
  return out
}

// A line through a series' points; a series of one point (a job that ended early) is a dot, since a
// line through one point draws nothing.
const polyline = (frame: Frame, row: SeriesRow, colour: string): string => {
  const [only] = row.points
  if (row.points.length === 1 && only !== undefined)
    return `<circle cx="${frame.x(only.t).toFixed(1)}" cy="${frame.y(only.v).toFixed(1)}" r="2.5" fill="${colour}"/>`
  const points = row.points.map((p) => `${frame.x(p.t).toFixed(1)},${frame.y(p.v).toFixed(1)}`).join(" ")
  return `<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="1.6"/>`
}

/**
 * A standalone SVG chart of a metrics result: a panel per metric with a line per pod, the verdict in the
 * title, idle windows shaded. Plain SVG 1.1, no scripts or external references.
 */
export const metricsSvg = (result: Worded<MetricsResult>): string => {
  const series = result.series ?? []
  const pods = [...new Set(series.map((s) => s.pod))]
  const colourOf = (pod: string) => COLOURS[pods.indexOf(pod) % COLOURS.length] ?? "#000"
  const panels = PANELS.filter(([metric]) => series.some((s) => s.metric === metric && s.points.length > 0))
  const { start, end } = result.window
  const span = Math.max(1, end - start)
  const plotWidth = WIDTH - LEFT - RIGHT
  const height = TOP + Math.max(1, panels.length) * (PANEL_HEIGHT + GAP) + 10
  const verdict = result.summary?.verdict ?? `${result.status}, ${result.timeRange}`
  const body: string[] = [
    `<text x="${LEFT}" y="${TITLE_Y}" class="title">${escapeXml(`${result.jobName} (${result.jobId}) · ${result.timeRange}`)}</text>`,
    `<text x="${LEFT}" y="${VERDICT_Y}" class="verdict">${escapeXml(verdict)}</text>`,
  ]
  if (panels.length === 0)
    body.push(`<text x="${LEFT}" y="${TOP + 20}" class="panel">${escapeXml(msg("cli-plot-no-points"))}</text>`)
  panels.forEach(([metric, panel], index) => {
    const title = msg(`cli-plot-panel-${panel}`)
    const top = TOP + index * (PANEL_HEIGHT + GAP)
    const frame: Frame = {
      top,
      x: (t) => LEFT + ((Math.min(end, Math.max(start, t)) - start) / span) * plotWidth,
      y: (v) => top + PANEL_HEIGHT - (Math.min(100, Math.max(0, v)) / 100) * PANEL_HEIGHT,
    }
    if (metric === "gpu_usage_rate")
      for (const w of result.summary?.idleWindows ?? []) {
        const x0 = frame.x(w.start)
        body.push(
          `<rect x="${x0.toFixed(1)}" y="${top}" width="${Math.max(1, frame.x(w.end) - x0).toFixed(1)}" height="${PANEL_HEIGHT}" class="idle"/>`,
        )
      }
    body.push(...axes(frame, title, start, end))
    for (const row of series.filter((s) => s.metric === metric)) body.push(polyline(frame, row, colourOf(row.pod)))
  })
  pods.forEach((pod, i) => {
    const y = TOP + 12 + i * 18
    const x = LEFT + plotWidth + 16
    body.push(`<line x1="${x}" x2="${x + 18}" y1="${y}" y2="${y}" stroke="${colourOf(pod)}" stroke-width="3"/>`)
    body.push(
      `<text x="${x + 24}" y="${y}" class="tick" dominant-baseline="middle">${escapeXml(shortPodName(pod))}</text>`,
    )
  })
  const style = [
    TEXT_STYLE,
    ".title{font-size:15px;font-weight:bold}",
    ".verdict{font-size:12px}",
    ".panel{font-size:13px;font-weight:bold}",
    ".tick{font-size:10px;fill:#555}",
    ".frame{fill:none;stroke:#999}",
    ".grid{stroke:#e4e4e4}",
    ".idle{fill:#fbe3e3}",
  ].join("")
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">`,
    `<style>${style}</style>`,
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    ...body,
    "</svg>",
    "",
  ].join("\n")
}
