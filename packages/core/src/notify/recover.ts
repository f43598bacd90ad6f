import { Effect } from "../effect.js"
import type { InspireError } from "../errors.js"
import type { ClientServices } from "../operations/catalogue/services.js"
import type { JobDetailResult } from "../operations/job-detail/index.js"
import { resubmitAttempt } from "../operations/resubmit.js"
import { detailOf, listWorkspaceJobs } from "../operations/sweep/jobs.js"
import { newSubmitId } from "../platform/recover.js"
import type { StorePaths } from "../store/paths.js"
import { msg } from "../words/message.js"
import { readWaiter, type WaiterRecord, writeWaiter } from "./waiters.js"
import type { WaiterLog } from "./watch.js"

type Attempt = WaiterRecord["attempts"][number]

/**
 * Why a task that ended should be submitted again, if it should: it failed because the platform took its
 * GPUs back (job_detail's diagnosis: pre-empted) or its node failed (node-fault), both read in the platform's
 * own words, not in the task's log; never because of its own code (an exit code, its own out of memory),
 * and never a task the user stopped.
 */
const recoverable = (d: JobDetailResult): "preempted" | "node-fault" | undefined => {
  if (d.status.family !== "failed" || !(d.kind === "train" || d.kind === "hpc" || d.kind === "ray")) return undefined
  const kinds = (d.diagnosis?.findings ?? []).map((f) => f.kind)
  return kinds.includes("node-fault") ? "node-fault" : kinds.includes("preempted") ? "preempted" : undefined
}

const ATTEMPT_SUFFIX = /-a\d+$/

// The attempt's job, when a create was sent before the waiter stopped: found by its name and the marker
// the record kept, never by name alone.
const sentBefore = (kind: "train" | "hpc" | "ray", workspaceId: string, a: Attempt) =>
  Effect.gen(function* () {
    const listed = yield* listWorkspaceJobs(kind, workspaceId)
    for (const job of listed.jobs.filter((j) => j.name === a.name)) {
      const marker = job.submitId !== "" ? job.submitId : (yield* detailOf(kind, job.id)).submitId
      if (marker === a.submitId) return job.id
    }
    return undefined
  })

/**
 * Submits a pre-empted task, or one whose node failed, again as attempt n (`<name>-a<n>`, its command told `INSPIRE_ATTEMPT=n`), at
 * most `recover` times per original task. The attempt is written to the waiter's record with its marker
 * before the create is sent; a waiter restarted after that point looks the attempt up by that marker and
 * adopts it rather than sending it again. Returns the new task's id, or undefined when it is not retried.
 */
export const recoverTask = (
  paths: StorePaths,
  waiterId: string,
  d: JobDetailResult,
  log: WaiterLog,
): Effect.Effect<string | undefined, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const r = readWaiter(paths, waiterId)
    const why = recoverable(d)
    if (r === undefined || r.recover === 0 || why === undefined) return undefined
    const node = why === "node-fault"
    const kind = d.kind as "train" | "hpc" | "ray"
    const earlier = r.attempts.find((a) => a.from === d.id)
    if (earlier?.jobId !== undefined) return earlier.jobId
    const root = r.attempts.find((a) => a.jobId === d.id)?.root ?? d.id
    const made = r.attempts.filter((a) => a.root === root).length
    if (earlier === undefined && made >= r.recover) {
      const spent = { id: d.id, count: r.recover }
      log(node ? msg("recover-log-spent-node", spent) : msg("notify-log-recover-spent", spent))
      return undefined
    }
    const attempt: Attempt = earlier ?? {
      root,
      from: d.id,
      n: made + 2,
      name: `${d.name.replace(ATTEMPT_SUFFIX, "")}-a${made + 2}`.slice(-64),
      submitId: yield* newSubmitId(),
    }
    if (earlier === undefined) writeWaiter(paths, { ...r, attempts: [...r.attempts, attempt] })
    const old = yield* detailOf(kind, d.id)
    const found = earlier !== undefined ? yield* sentBefore(kind, old.workspaceId, attempt) : undefined
    const jobId = found ?? (yield* resubmitAttempt(d.id, kind, attempt.name, attempt)).jobId
    if (jobId === undefined) return undefined
    const now = readWaiter(paths, waiterId) ?? r
    writeWaiter(paths, {
      ...now,
      jobs: [...now.jobs, jobId],
      attempts: now.attempts.map((a) => (a.from === d.id ? { ...a, jobId } : a)),
    })
    const said = { id: d.id, job: jobId, n: attempt.n, count: r.recover + 1 }
    log(node ? msg("recover-log-recovered-node", said) : msg("notify-log-recovered", said))
    return jobId
  })
