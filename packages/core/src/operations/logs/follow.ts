import { followLogs, type LogLine } from "../../api/jobs/logs.js"
import { formatInstant } from "../../domain/time.js"
import { Clock, Duration, Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { type JobState, jobState } from "../common/tasks/job.js"
import type { ShownLine } from "./read.js"

/** How `followTaskLogs` polls. */
export interface FollowOptions {
  /** Only this pod's lines; default every pod. */
  readonly pod?: string
  /**
   * The lines already shown (a tail), oldest first: following goes on right after the newest of them, so
   * no line is lost between the two and none is shown twice. Default: from the log's first line.
   */
  readonly after?: ReadonlyArray<ShownLine>
  /** Seconds between polls; default 3. */
  readonly pollSeconds?: number
}

/** Why following ended: the job's final state, when it was seen, and how many lines were handed over. */
export interface FollowEnd {
  readonly job: JobState
  /** When the job finished (epoch ms): the platform's finish time, else when the end was seen. */
  readonly endedAt: number
  readonly lines: number
}

/**
 * Follows a training or HPC job's log for the CLI's `--follow`: hands each batch of new lines (never a
 * line twice, none skipped after `after`) to `onLines`, and ends after the job reaches a terminal state
 * and its last lines are read. Interrupting the Effect stops it.
 */
export const followTaskLogs = (
  jobId: string,
  onLines: (lines: ReadonlyArray<LogLine>) => void,
  options: FollowOptions = {},
): Effect.Effect<FollowEnd, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const job = yield* jobState(jobId, "logs")
    const newest = options.after?.at(-1)?.time
    const follower = yield* followLogs(job.id, {
      ...(options.pod !== undefined ? { pod: options.pod } : {}),
      ...(newest !== undefined ? { since: newest, shown: (options.after ?? []).filter((l) => l.time === newest) } : {}),
    })
    const pause = Duration.millis(Math.max(100, (options.pollSeconds ?? 3) * 1000))
    let count = 0
    for (;;) {
      const state = yield* jobState(job.id, "logs")
      const lines = yield* follower.poll
      if (lines.length > 0) {
        onLines(lines)
        count += lines.length
      }
      // Lines read after the terminal status was seen are the last ones.
      if (state.status.terminal)
        return { job: state, endedAt: state.finishedAt ?? (yield* Clock.currentTimeMillis), lines: count }
      yield* Effect.sleep(pause)
    }
  })

/** The line that says why following ended: `— job exp-001 (job-…) succeeded (job_succeeded) at 2026-12-04 08:31:02 +08:00`. */
export const followEndLine = (end: FollowEnd): Text => {
  const name = end.job.name !== "" && end.job.name !== end.job.id ? `${end.job.name} (${end.job.id})` : end.job.id
  const status = `${end.job.status.family} (${end.job.status.raw})`
  return msg("logs-follow-end", { name, status, time: formatInstant(end.endedAt, { seconds: true }) })
}
