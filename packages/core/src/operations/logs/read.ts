import { downloadLogs, type LogLine, tailLogs } from "../../api/jobs/logs.js"
import { isoInstants } from "../../domain/time.js"
import { Clock, Data, Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { fieldWord } from "../../words/text.js"
import type { OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { openDownload } from "../common/tasks/output-file.js"
import { parseInstant, parseTimeRange } from "../common/tasks/time-range.js"

/** One log line as the tool returns it. */
export interface ShownLine {
  readonly time: number
  readonly pod: string
  readonly message: string
}

/** The most lines a window query returns; a longer log is for `download`. */
export const MAX_WINDOW_LINES = 5000

const show = (l: LogLine): ShownLine => ({ time: l.timestampMs, pod: l.pod, message: l.message })

/** A time window in epoch ms from `since`/`until` or `time_range` (ending now). */
export const windowOf = (input: {
  readonly since?: string | undefined
  readonly until?: string | undefined
  readonly time_range?: string | undefined
}): Effect.Effect<{ readonly from: number; readonly to: number } | undefined, InspireError> =>
  Effect.gen(function* () {
    if (input.since === undefined && input.until === undefined && input.time_range === undefined) return undefined
    if (input.time_range !== undefined && input.since !== undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("logs-range-and-since", { range: fieldWord("time_range"), since: fieldWord("since") }),
          msg("logs-range-and-since-hint", { example: fieldWord("time_range", "30m") }),
        ),
      )
    const now = yield* Clock.currentTimeMillis
    const to = input.until !== undefined ? yield* parseInstant(input.until, now, "until") : now
    const from =
      input.since !== undefined
        ? yield* parseInstant(input.since, now, "since")
        : to - (input.time_range !== undefined ? yield* parseTimeRange(input.time_range) : 3600) * 1000
    if (from >= to) return yield* Effect.fail(invalidInput(msg("logs-window-empty"), msg("logs-window-empty-hint")))
    return { from, to }
  })

class Full extends Data.TaggedError("Full")<Record<never, never>> {}

/** The lines of a window, oldest first, at most MAX_WINDOW_LINES; `truncated` when more exist. */
export const windowLines = (
  jobId: string,
  window: { readonly from: number; readonly to: number },
  pod: string | undefined,
): Effect.Effect<{ lines: ReadonlyArray<ShownLine>; truncated: boolean }, InspireError, ClientServices> => {
  const lines: ShownLine[] = []
  const sink = (batch: ReadonlyArray<LogLine>) =>
    Effect.gen(function* () {
      for (const l of batch) {
        if (l.timestampMs > window.to) continue
        if (lines.length >= MAX_WINDOW_LINES) return yield* Effect.fail(new Full())
        lines.push(show(l))
      }
    })
  return downloadLogs(jobId, sink, { from: window.from, to: window.to, ...(pod !== undefined ? { pod } : {}) }).pipe(
    Effect.as({ lines, truncated: false }),
    Effect.catchTag("Full", () => Effect.succeed({ lines, truncated: true })),
  )
}

/** The newest `count` lines, oldest first. */
export const lastLines = (jobId: string, count: number, pod: string | undefined) =>
  Effect.map(tailLogs(jobId, count, pod !== undefined ? { pod } : {}), (ls) => ls.map(show))

/**
 * The lines as written to a downloaded file: ISO 8601 time with the local offset, pod, message. A page is
 * encoded into one buffer, reused for the next page (the file takes each page before the next comes), so
 * a download makes no string or buffer per line beyond the time's text. Lines later than `to` are left out.
 */
const fileLines = (): ((batch: ReadonlyArray<LogLine>, to: number) => { bytes: Uint8Array; lines: number }) => {
  const stamp = isoInstants()
  let buffer = Buffer.allocUnsafe(256 * 1024)
  return (batch, to) => {
    let at = 0
    let lines = 0
    for (const l of batch) {
      if (l.timestampMs > to) continue
      const time = stamp(l.timestampMs)
      // UTF-8 takes at most three bytes for each UTF-16 unit.
      const most = at + 3 * (time.length + l.pod.length + l.message.length) + 3
      if (most > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.max(most, 2 * buffer.length))
        buffer.copy(grown, 0, 0, at)
        buffer = grown
      }
      at += buffer.write(time, at)
      buffer[at++] = 0x20
      at += buffer.write(l.pod, at)
      buffer[at++] = 0x20
      at += buffer.write(l.message, at)
      buffer[at++] = 0x0a
      lines++
    }
    return { bytes: buffer.subarray(0, at), lines }
  }
}

/**
 * Streams every line (or a window's) to a file, page by page, reporting progress. The file is checked and
 * placed by openDownload; a download that fails half-way leaves no file behind.
 */
export const downloadToFile = (
  jobId: string,
  options: {
    readonly path: string | undefined
    readonly overwrite: boolean
    readonly pod: string | undefined
    readonly window: { readonly from: number; readonly to: number } | undefined
  },
  context: OperationContext,
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const file = yield* openDownload(
        { path: options.path, defaultName: `${jobId}.log`, overwrite: options.overwrite },
        context,
      )
      let lines = 0
      const format = fileLines()
      const to = options.window?.to ?? Number.POSITIVE_INFINITY
      // Each page is written as it arrives, synchronously: nothing waits in memory for the disk.
      // Not an Effect.gen: a generator per page kept its page reachable until a full collection, so every
      // page outlived the young generation and the heap grew by tens of megabytes between collections.
      const sink = (batch: ReadonlyArray<LogLine>) =>
        Effect.suspend(() => {
          const page = format(batch, to)
          return Effect.map(file.write(page.bytes), () => {
            lines += page.lines
            context.progress({ message: msg("logs-progress", { lines, id: jobId }), current: lines })
          })
        })
      const summary = yield* downloadLogs(jobId, sink, {
        ...(options.pod !== undefined ? { pod: options.pod } : {}),
        ...(options.window !== undefined ? { from: options.window.from, to: options.window.to } : {}),
      })
      yield* file.commit
      return { path: file.path, lines, bytes: file.bytes(), requests: summary.requests, crowdedAt: summary.crowdedAt }
    }),
  )
