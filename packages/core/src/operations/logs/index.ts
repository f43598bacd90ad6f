import { z } from "zod"
import { shortPodName } from "../../domain/ids.js"
import { formatInstant } from "../../domain/time.js"
import { Effect } from "../../effect.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, text } from "../../words/text.js"
import { defineOperation, type OutputOf } from "../catalogue/operation.js"
import { described } from "../catalogue/schema.js"
import { jobIdField, lookupWorkspaceField } from "../common/lookup.js"
import { formatTime } from "../common/render.js"
import { jobState } from "../common/tasks/job.js"
import { downloadToFile, lastLines, MAX_WINDOW_LINES, type ShownLine, windowLines, windowOf } from "./read.js"

export { followEndLine, followTaskLogs } from "./follow.js"
export type { ShownLine } from "./read.js"

const Input = z.object({
  job_id: jobIdField(),
  workspace: lookupWorkspaceField(),
  lines: z
    .number()
    .int()
    .min(1)
    .max(MAX_WINDOW_LINES)
    .default(50)
    .describe("How many of the newest lines to return (default 50); ignored with a time window or download"),
  since: z
    .string()
    .optional()
    .describe("Window start: ISO time, epoch ms, or how long ago (e.g. 2h); returns lines in time order"),
  until: z.string().optional().describe("Window end: ISO time, epoch ms, or how long ago; default now"),
  time_range: z.string().optional().describe("Window ending at until/now, e.g. 30m, 3h, 1d (instead of since)"),
  pod: described(
    z.string().optional(),
    text`Only this pod's lines (names from ${callWord("job_detail")}); default every pod`,
  ),
  download: z
    .boolean()
    .default(false)
    .describe("Write every line (or the window's) to a file instead of returning them; for long logs"),
  path: z
    .string()
    .optional()
    .describe(
      "Download file; default <downloads>/<job_id>.log; inside the downloads folder (CLI: or here); no '..' or links",
    ),
  overwrite: z.boolean().default(false).describe("Replace an existing download file (default: refuse)"),
})

const Window = z
  .object({ from: z.number().describe("Start (epoch ms)"), to: z.number().describe("End (epoch ms)") })
  .describe("The time window read")

const LogsOutput = () =>
  z.object({
    jobId: z.string().describe("Job id"),
    status: z.string().describe("The job's status: family (raw)"),
    mode: z.enum(["tail", "window", "download"]).describe("Newest lines, a time window, or a download"),
    lines: z
      .array(
        z.object({
          time: z.number().describe("Epoch ms"),
          pod: z.string().describe("The pod that printed it"),
          message: z.string().describe("The line"),
        }),
      )
      .optional()
      .describe("The lines, in time order (absent for a download)"),
    window: Window.optional(),
    before: described(
      z.number().optional(),
      text`With a full tail: ${fieldWord("until")} set to this (epoch ms) reads the lines before these`,
    ),
    truncated: z.boolean().optional().describe("More lines exist in the window than were returned"),
    download: z
      .object({
        path: z.string().describe("The file written"),
        lines: z.number().describe("Lines written"),
        bytes: z.number().describe("Bytes written"),
        requests: z.number().describe("Pages requested"),
        crowdedAt: z
          .array(z.number())
          .describe("Instants (epoch ms) where more lines shared one time than a page holds; some may be missing"),
      })
      .optional()
      .describe("For download: where the log went"),
  })

/** The result of inspire_logs: its output schema's type. */
export interface LogsResult extends OutputOf<ReturnType<typeof LogsOutput>> {}

/**
 * Log lines for people, one per line: local time with seconds and offset (the platform's own
 * `timestamp_str` has no zone, so it is never shown), the pod when several pods print (`labelPods`,
 * default: when these lines come from more than one), the message.
 */
export const renderLogLines = (lines: ReadonlyArray<ShownLine>, labelPods?: boolean): string => {
  const label = labelPods ?? new Set(lines.map((l) => l.pod)).size > 1
  return lines
    .map((l) => `${formatInstant(l.time, { seconds: true })} ${label ? `[${shortPodName(l.pod)}] ` : ""}${l.message}`)
    .join("\n")
}

/** inspire_logs: tail, window or download a job's log. */
export const logsOperation = defineOperation({
  name: "logs",
  title: "Read or download task logs",
  description: text`Reads a training, HPC or Ray job's log: the newest lines (default 50) or a time window, for every pod or one. ${fieldWord("download", true)} writes the whole log to a file in the downloads folder and returns its path. Next: ${callWord("job_detail")} to diagnose a failure, ${callWord("metrics")} for utilisation.`,
  input: Input,
  output: LogsOutput,
  annotations: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  effects: {
    writes: false,
    files: true,
    fileInputs: [{ field: "path", overwrite: "overwrite", example: { job_id: "{train_job}", download: true } }],
  },
  cli: { path: ["job", "logs"], summary: "Read, follow (-f) or download a job's log", positional: ["job_id"] },
  agent: { longRunning: true },
  run: (input, context) =>
    Effect.gen(function* () {
      const window = yield* windowOf(input)
      const job = yield* jobState(input.job_id, "logs", input.workspace)
      const base = { jobId: job.id, status: `${job.status.family} (${job.status.raw})` }
      if (input.download) {
        const download = yield* downloadToFile(
          job.id,
          { path: input.path, overwrite: input.overwrite, pod: input.pod, window },
          context,
        )
        return { ...base, mode: "download", download, ...(window !== undefined ? { window } : {}) } satisfies LogsResult
      }
      if (window !== undefined) {
        const got = yield* windowLines(job.id, window, input.pod)
        return { ...base, mode: "window", window, lines: got.lines, truncated: got.truncated } satisfies LogsResult
      }
      const lines = yield* lastLines(job.id, input.lines, input.pod)
      // A full tail may have more before it: the cursor to read them is the instant just before its first line.
      const first = lines.length === input.lines ? lines[0]?.time : undefined
      return {
        ...base,
        mode: "tail",
        lines,
        ...(first !== undefined ? { before: first - 1 } : {}),
      } satisfies LogsResult
    }),
  render: (r: LogsResult) => {
    if (r.download !== undefined) {
      const d = r.download
      const args = { lines: d.lines, bytes: d.bytes, id: r.jobId, path: d.path }
      return d.crowdedAt.length > 0
        ? msg("logs-downloaded-crowded", { ...args, crowded: d.crowdedAt.length })
        : msg("logs-downloaded", args)
    }
    const lines = r.lines ?? []
    const head =
      r.mode === "window" && r.window !== undefined
        ? msg("logs-window-head", {
            id: r.jobId,
            status: r.status,
            count: lines.length,
            from: formatTime(r.window.from),
            to: formatTime(r.window.to),
          })
        : msg("logs-tail-head", { id: r.jobId, status: r.status, count: lines.length })
    const tail = r.truncated
      ? text`\n${msg("logs-window-truncated", { field: fieldWord("download", true) })}`
      : r.before !== undefined
        ? text`\n${msg("logs-older", { field: fieldWord("until", String(r.before)) })}`
        : ""
    return text`${head}\n${lines.length > 0 ? renderLogLines(lines) : msg("logs-none")}${tail}`
  },
})
