import { formatDuration } from "../operations/common/render.js"
import type { JobDetailResult } from "../operations/job-detail/index.js"
import { msg } from "../words/message.js"
import { joinText, type Text } from "../words/text.js"

/** What a notification says about a task that ended: the fields a generic webhook receives as JSON. */
export interface Notice {
  readonly jobId: string
  readonly kind: string
  readonly name: string
  /** The status family it ended in (succeeded, failed, stopped …) and the platform's own status. */
  readonly outcome: string
  readonly status: string
  readonly runtimeMs?: number
  /** The diagnosis of a failure (job_detail's), most telling first. */
  readonly diagnosis: ReadonlyArray<{ readonly kind: string; readonly cause: Text; readonly fix: Text }>
  readonly consoleUrl: string
}

/** The notice of a task read by job_detail (whose diagnosis a failed task carries). */
export const noticeOf = (d: JobDetailResult): Notice => {
  const t = d.timing
  const runtimeMs =
    t.runningTimeMs ??
    (t.startedAt !== undefined && t.finishedAt !== undefined ? t.finishedAt - t.startedAt : undefined)
  return {
    jobId: d.id,
    kind: d.kind,
    name: d.name,
    outcome: d.status.family,
    status: d.status.raw,
    ...(runtimeMs !== undefined ? { runtimeMs } : {}),
    diagnosis: (d.diagnosis?.findings ?? []).map((f) => ({ kind: f.kind, cause: f.cause, fix: f.fix })),
    consoleUrl: d.consoleUrl,
  }
}

/** The notice as one message: a title line, then runtime, the likely cause and the console link. */
export const noticeText = (n: Notice): { readonly title: Text; readonly body: Text } => {
  const title = msg("notify-title", { name: n.name, id: n.jobId, outcome: n.outcome })
  const cause = n.diagnosis[0]
  const lines = [
    msg("notify-line-status", { outcome: n.outcome, status: n.status }),
    msg("notify-line-runtime", { runtime: formatDuration(n.runtimeMs) }),
    ...(cause !== undefined ? [msg("notify-line-cause", { cause: cause.cause, fix: cause.fix })] : []),
    ...(n.consoleUrl !== "" ? [msg("notify-line-console", { url: n.consoleUrl })] : []),
  ]
  return { title, body: joinText(lines, "\n") }
}
