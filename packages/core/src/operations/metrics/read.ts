import { getJobMetrics, intervalFor, type JobMetrics, METRIC_INTERVALS } from "../../api/jobs/metrics.js"
import { Clock, Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import type { ClientServices } from "../catalogue/services.js"
import { jobState } from "../common/tasks/job.js"
import { parseTimeRange } from "../common/tasks/time-range.js"

/** The metrics of a job over a window, and the job's state. */
export interface MetricsRead {
  readonly jobId: string
  readonly jobName: string
  readonly status: string
  readonly metrics: JobMetrics
  readonly rangeSeconds: number
  /** The job has ended: its series will not grow. */
  readonly finished: boolean
}

/**
 * Reads a job's series over `time_range`. The window ends now for a live job and when it finished for a
 * finished one, so `30m` of a job that ended yesterday is its last 30 minutes, not an empty window.
 */
export const readMetrics = (
  jobId: string,
  timeRange: string,
  interval: number | undefined,
  workspace?: string | undefined,
): Effect.Effect<MetricsRead, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const rangeSeconds = yield* parseTimeRange(timeRange)
    if (interval !== undefined && !(METRIC_INTERVALS as ReadonlyArray<number>).includes(interval))
      return yield* Effect.fail(
        invalidInput(
          msg("metrics-interval-bad", { interval }),
          msg("metrics-interval-hint", {
            intervals: METRIC_INTERVALS.join(", "),
            fits: intervalFor(rangeSeconds),
            range: timeRange,
          }),
          { candidates: [...METRIC_INTERVALS] },
        ),
      )
    const job = yield* jobState(jobId, "metrics", workspace)
    const now = yield* Clock.currentTimeMillis
    const end = job.status.terminal && job.finishedAt !== undefined ? job.finishedAt : now
    const metrics = yield* getJobMetrics(job.id, {
      timeRangeSeconds: rangeSeconds,
      endMs: end,
      ...(interval !== undefined ? { interval: interval as (typeof METRIC_INTERVALS)[number] } : {}),
    })
    return {
      jobId: job.id,
      jobName: job.name,
      status: `${job.status.family} (${job.status.raw})`,
      metrics,
      rangeSeconds,
      finished: job.status.terminal,
    }
  })
