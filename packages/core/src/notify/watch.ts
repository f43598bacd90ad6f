import { Effect, Either } from "../effect.js"
import type { InspireError } from "../errors.js"
import type { ClientServices } from "../operations/catalogue/services.js"
import { resolveTask } from "../operations/common/lookup.js"
import { jobDetailOperation } from "../operations/job-detail/index.js"
import { readTask } from "../operations/job-detail/read.js"
import { Store } from "../store/store.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { recoverTask } from "./recover.js"
import type { SendOptions } from "./send.js"
import { parseNotifyTarget } from "./target.js"
import { notifyTaskEnd, type TaskNotice } from "./task.js"
import { readWaiter, type WaiterRecord, writeWaiter } from "./waiters.js"

const QUIET = { progress: () => undefined }

/** What a waiter says as it goes (its log), one line each. */
export type WaiterLog = (line: Text) => void

/** How a notification of a task's end went, in one line (a waiter's log, an agent's result). */
export const noticeText = (n: TaskNotice): Text =>
  "duplicate" in n
    ? msg("notify-log-duplicate", { id: n.jobId, target: n.target })
    : n.sent
      ? msg("notify-log-sent", { id: n.jobId, outcome: n.outcome, target: n.target, attempts: n.attempts })
      : msg("notify-log-failed", { id: n.jobId, target: n.target, attempts: n.attempts, error: n.error ?? "" })

// One round over the tasks not yet settled: a cheap status read each, job_detail and the notice for those
// that ended. A task that is gone is settled (nothing will end); any other error is tried again next round.
const round = (r: WaiterRecord, say: (t: Text) => string, log: WaiterLog, send: SendOptions) =>
  Effect.gen(function* () {
    const store = yield* Store
    const target = r.target !== undefined ? yield* parseNotifyTarget(r.target) : undefined
    const settled: string[] = []
    for (const id of r.jobs.filter((j) => !r.notified.includes(j))) {
      const status = yield* Effect.either(
        Effect.flatMap(resolveTask(id, ["train", "hpc", "serving", "ray", "notebook"]), (t) => readTask(t.id, t.kind)),
      )
      if (Either.isLeft(status)) {
        if (status.left.reason === "NotFound") settled.push(id)
        log(msg("notify-log-unread", { id, error: status.left.text }))
        continue
      }
      if (!status.right.status.terminal) continue
      if (r.recover > 0 && status.right.status.family === "failed") {
        const again = yield* Effect.either(
          Effect.flatMap(jobDetailOperation.run({ job_id: id, log_lines: 100 }, QUIET), (d) =>
            recoverTask(store.paths, r.id, d, log),
          ),
        )
        if (Either.isLeft(again)) {
          log(msg("notify-log-unread", { id, error: again.left.text }))
          continue
        }
        // Submitted again: the new attempt is watched instead, and its end is the one told.
        if (again.right !== undefined) {
          settled.push(id)
          continue
        }
      }
      if (target === undefined) {
        settled.push(id)
        continue
      }
      const sent = yield* Effect.either(notifyTaskEnd(id, target, say, send))
      if (Either.isLeft(sent)) {
        log(msg("notify-log-unread", { id, error: sent.left.text }))
        continue
      }
      if (sent.right === undefined) continue
      log(noticeText(sent.right))
      settled.push(id)
    }
    return settled
  })

/**
 * Runs a waiter until each of its tasks has ended and been notified, or its record says stop. Every read
 * goes through the account's shared rate limit like any other call. The record is read again each round,
 * so `inspire waiters stop` is heard even where the signal is not; a restarted waiter goes on where the
 * record left off, and the sent-records (task.ts) keep it from notifying twice.
 */
export const runWaiter = (
  id: string,
  say: (t: Text) => string,
  log: WaiterLog,
  send: SendOptions = {},
): Effect.Effect<WaiterRecord | undefined, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const store = yield* Store
    for (;;) {
      const r = readWaiter(store.paths, id)
      if (r === undefined || r.state !== "waiting") return r
      const settled = yield* round(r, say, log, send)
      // The record again: `stop` may have written it while this round ran.
      const now = readWaiter(store.paths, id) ?? r
      const notified = [...new Set([...now.notified, ...settled])]
      const done = now.jobs.every((j) => notified.includes(j))
      const next: WaiterRecord = { ...now, notified, state: now.state === "waiting" && done ? "done" : now.state }
      writeWaiter(store.paths, next)
      if (next.state !== "waiting") {
        if (next.state === "done") log(msg("notify-log-done", { count: next.jobs.length }))
        return next
      }
      yield* Effect.sleep(r.pollSeconds * 1000)
    }
  })
