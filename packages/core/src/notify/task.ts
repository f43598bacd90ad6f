import { createHash } from "node:crypto"
import { closeSync, openSync, writeSync } from "node:fs"
import { join } from "node:path"
import { Effect } from "../effect.js"
import type { InspireError } from "../errors.js"
import type { ClientServices } from "../operations/catalogue/services.js"
import { jobDetailOperation } from "../operations/job-detail/index.js"
import { writeFileAtomicSync } from "../store/atomic.js"
import { ensurePrivateDir } from "../store/files.js"
import { storeRoots } from "../store/paths.js"
import { Store } from "../store/store.js"
import type { Text } from "../words/text.js"
import { noticeOf } from "./notice.js"
import { type SendOptions, type SendReport, sendNotice } from "./send.js"
import { maskTarget, type NotifyTarget } from "./target.js"

/** What a notification of a task's end came to: sent, refused, or already claimed by another sender. */
export type TaskNotice =
  | (SendReport & { readonly jobId: string; readonly outcome: string })
  | { readonly jobId: string; readonly outcome: string; readonly target: string; readonly duplicate: true }

const QUIET = { progress: () => undefined }

// One record per task and target. Only the first sender creates it (O_EXCL), so two waiters of one task,
// or a waiter restarted after a crash, never send twice.
const recordFile = (dir: string, jobId: string, t: NotifyTarget) =>
  join(
    dir,
    `${createHash("sha256")
      .update(`${jobId}\n${t.kind}\n${t.url ?? ""}`)
      .digest("hex")
      .slice(0, 24)}.json`,
  )

const claim = (file: string, jobId: string, outcome: string): boolean => {
  try {
    const fd = openSync(file, "wx", 0o600)
    try {
      writeSync(fd, JSON.stringify({ jobId, outcome, state: "sending" }))
    } finally {
      closeSync(fd)
    }
    return true
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false
    throw e
  }
}

/**
 * Reads a task (with job_detail's diagnosis) and, when it has ended, notifies `target` exactly once at
 * most: the record is claimed before sending, so a sender killed between claim and send leaves the
 * notification unsent (its record says `sending`) rather than risk a second one. `undefined` while the
 * task has not ended.
 */
export const notifyTaskEnd = (
  jobId: string,
  target: NotifyTarget,
  say: (t: Text) => string,
  options: SendOptions & {
    /** An outcome of the caller's own (a serving's health wait: ready), notified while the task goes on. */
    readonly outcome?: string
  } = {},
): Effect.Effect<TaskNotice | undefined, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const detail = yield* jobDetailOperation.run({ job_id: jobId, log_lines: 100 }, QUIET)
    if (!detail.status.terminal && options.outcome === undefined) return undefined
    const store = yield* Store
    const dir = join(store.paths.cacheDir, "notify")
    yield* ensurePrivateDir(dir, storeRoots(store.paths))
    const outcome = options.outcome ?? detail.status.family
    const file = recordFile(dir, options.outcome !== undefined ? `${detail.id}\n${outcome}` : detail.id, target)
    if (!claim(file, detail.id, outcome))
      return { jobId: detail.id, outcome, target: maskTarget(target), duplicate: true }
    const report = yield* sendNotice(target, { ...noticeOf(detail), outcome }, say, options)
    writeFileAtomicSync(file, JSON.stringify({ jobId: detail.id, outcome, state: report.sent ? "sent" : "failed" }))
    return { ...report, jobId: detail.id, outcome }
  })
