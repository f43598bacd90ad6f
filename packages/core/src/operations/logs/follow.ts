import { followLogs, type LogLine } from "../../api/jobs/logs.js"
import { Duration, Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { ClientServices } from "../catalogue/services.js"
import { jobState } from "../common/tasks/job.js"

/** How `followTaskLogs` polls. */
export interface FollowOptions {
  /** Only this pod's lines; default every pod. */
  readonly pod?: string
  /** Start from this time (epoch ms); default now, so only new lines are shown. */
  readonly since?: number
  /** Seconds between polls; default 3. */
  readonly pollSeconds?: number
}

/**
 * Follows a training or HPC job's log for the CLI's `--follow`: hands each batch of new lines (never a
 * line twice) to `onLines`, and ends after the job reaches a terminal state and its last lines are read.
 * Interrupting the Effect stops it. Returns how many lines were handed over.
 */
export const followTaskLogs = (
  jobId: string,
  onLines: (lines: ReadonlyArray<LogLine>) => void,
  options: FollowOptions = {},
): Effect.Effect<number, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const job = yield* jobState(jobId, "logs")
    const follower = yield* followLogs(job.id, {
      ...(options.pod !== undefined ? { pod: options.pod } : {}),
      ...(options.since !== undefined ? { since: options.since } : {}),
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
      if (state.status.terminal) return count
      yield* Effect.sleep(pause)
    }
  })
