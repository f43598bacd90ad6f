import { z } from "zod"
import { listJobEvents } from "../../api/jobs/events.js"
import { tailLogs } from "../../api/jobs/logs.js"
import { workspacePolicy } from "../../domain/workspaces.js"
import { Effect, Either } from "../../effect.js"
import { msg } from "../../words/message.js"
import { callWord, type Text, text } from "../../words/text.js"
import { defineOperation, type OutputOf } from "../catalogue/operation.js"
import { lookupWorkspaceField, missingTask, resolveTask, taskIdField } from "../common/lookup.js"
import { placesInQueue } from "../common/waiting.js"
import { diagnose } from "./diagnose.js"
import { JobDetailOutput } from "./output.js"
import { readTaskFor, type TaskDetail } from "./read.js"
import { renderDetail } from "./render.js"

const Input = z.object({
  job_id: taskIdField(),
  workspace: lookupWorkspaceField(),
  log_lines: z
    .number()
    .int()
    .min(10)
    .max(500)
    .default(100)
    .describe("How many of the last log lines the failure diagnosis reads (default 100)"),
})

/** The result of inspire_job_detail: its output schema's type. */
export interface JobDetailResult extends OutputOf<ReturnType<typeof JobDetailOutput>> {}

/** The diagnosis of a failed, stopped or waiting task. */
export type Diagnosis = NonNullable<JobDetailResult["diagnosis"]>

const needsDiagnosis = (d: TaskDetail) =>
  d.status.family === "failed" || d.status.family === "stopped" || d.status.family === "waiting"

const diagnosisOf = (d: TaskDetail, logLines: number) =>
  Effect.gen(function* () {
    const notes: Text[] = []
    // The pods the detail has just listed serve the events and the log tail too (two requests fewer).
    const known = d.kind === "train" && d.pods.length > 0 ? d.pods.map((p) => p.pod) : undefined
    const events = yield* Effect.either(listJobEvents(d.id, known !== undefined ? { pods: known } : {}))
    if (Either.isLeft(events)) notes.push(msg("job-detail-events-unread", { error: events.left.text }))
    else if (events.right.collected) notes.push(msg("job-detail-events-gone"))
    // A queued task has printed nothing yet; only its events can explain it.
    const logs =
      d.status.family === "waiting"
        ? undefined
        : yield* Effect.either(tailLogs(d.id, logLines, known !== undefined ? { pod: known } : {}))
    if (logs !== undefined && Either.isLeft(logs)) notes.push(msg("job-detail-logs-unread", { error: logs.left.text }))
    const eventList = Either.isRight(events) ? events.right.events : []
    const lines = logs !== undefined && Either.isRight(logs) ? logs.right.map((l) => l.message) : []
    const findings = diagnose({
      family: d.status.family,
      subStatus: d.subStatus,
      subMsg: d.subMessage,
      priority: d.priority,
      network: workspacePolicy(d.workspace).network,
      events: eventList,
      logLines: lines,
    })
    return { findings, eventsRead: eventList.length, logLinesRead: lines.length, notes } satisfies Diagnosis
  })

/** inspire_job_detail: one task's configuration, pods, timing and failure diagnosis. */
export const jobDetailOperation = defineOperation({
  name: "job_detail",
  title: "Task detail and failure diagnosis",
  description: text`Reads one task: configuration, pods, timing and console link. For a failed, stopped or waiting job it reads the events and last log lines and names the likely cause with a fix (out of memory, image pull, no free GPUs, pre-emption, offline network, …); a waiting one's queue place. Next: ${callWord("logs")}, ${callWord("events")}, or ${callWord("resubmit")} with the fix.`,
  input: Input,
  output: JobDetailOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: { path: ["job", "show"], summary: "Show a task's configuration and failure diagnosis", positional: ["job_id"] },
  run: (input) =>
    Effect.gen(function* () {
      const ref = yield* resolveTask(input.job_id, ["train", "hpc", "serving", "ray", "notebook"], input.workspace)
      const { detail, waiting } = yield* missingTask(readTaskFor(ref.id, ref.kind), ref, input.workspace)
      const diagnosable = detail.kind === "train" || detail.kind === "hpc" || detail.kind === "ray"
      if (!diagnosable || !needsDiagnosis(detail)) return detail satisfies JobDetailResult
      const [diagnosis, places] = yield* Effect.all(
        [diagnosisOf(detail, input.log_lines), placesInQueue(waiting !== undefined ? [waiting] : [])],
        { concurrency: 2 },
      )
      const queue = places.get(detail.id)
      return { ...detail, ...(queue !== undefined ? { queue } : {}), diagnosis } satisfies JobDetailResult
    }),
  render: renderDetail,
})
