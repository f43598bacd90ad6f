import { z } from "zod"
import { listJobEvents } from "../api/jobs/events.js"
import { shortPodName, taskKindOf } from "../domain/ids.js"
import { Effect, Either } from "../effect.js"
import { invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, joinText, text } from "../words/text.js"
import { defineOperation, type OutputOf } from "./catalogue/operation.js"
import { jobIdField, lookupWorkspaceField } from "./common/lookup.js"
import { epochMs } from "./common/output.js"
import { formatTime, renderTable } from "./common/render.js"
import { jobState } from "./common/tasks/job.js"

const Input = z.object({
  job_id: jobIdField(),
  workspace: lookupWorkspaceField(),
  warnings_only: z.boolean().default(false).describe("Only Warning events (scheduling failures, pulls, restarts)"),
})

const EventsOutput = () =>
  z.object({
    jobId: z.string().describe("Job id"),
    status: z.string().describe("The job's status: family (raw)"),
    events: z
      .array(
        z.object({
          type: z.string().describe("Normal or Warning"),
          reason: z.string().describe("Reason, e.g. Unschedulable, Pulling, BackOff"),
          message: z.string().describe("The event's message"),
          object: z.string().describe("What it concerns: the job, a pod (instance) or the HPC job"),
          firstAt: epochMs("First seen"),
          lastAt: epochMs("Last seen"),
        }),
      )
      .describe("Events, oldest first"),
    collected: z.boolean().describe("True when the platform has discarded this old task's events"),
    truncated: z.boolean().describe("True when the list was cut short"),
  })

/** The result of inspire_events: its output schema's type. */
export interface EventsResult extends OutputOf<ReturnType<typeof EventsOutput>> {}

/** One event as the tool returns it. */
export type EventRow = EventsResult["events"][number]

/** inspire_events: the scheduler events of a job, oldest first. */
export const eventsOperation = defineOperation({
  name: "events",
  title: "Scheduler events of a task",
  description: text`Lists the scheduler events of a training job (and its pods), an HPC or a Ray job, oldest first: type Normal/Warning, reason, message and times — why a task waits (Unschedulable, no free GPUs), image pulls, restarts, evictions. Next: ${callWord("job_detail")} for a diagnosis, ${callWord("status")} for free GPUs.`,
  input: Input,
  output: EventsOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: { path: ["job", "events"], positional: ["job_id"] },
  run: (input) =>
    Effect.gen(function* () {
      const ref = taskKindOf(input.job_id)
      if (Either.isRight(ref) && ref.right.kind === "notebook")
        return yield* Effect.fail(
          invalidInput(
            msg("events-notebook"),
            msg("events-notebook-hint", {
              call: callWord("notebook", { action: "detail", notebook_id: ref.right.id }),
            }),
          ),
        )
      const job = yield* jobState(input.job_id, "events", input.workspace)
      const got = yield* listJobEvents(job.id)
      const events = got.events
        .filter((e) => !input.warnings_only || e.type === "Warning")
        .map(
          (e): EventRow => ({
            type: e.type,
            reason: e.reason,
            message: e.message,
            object: e.objectId !== "" ? `${e.objectType} ${e.objectId}` : e.objectType,
            firstAt: e.firstAt,
            lastAt: e.lastAt,
          }),
        )
      return {
        jobId: job.id,
        status: `${job.status.family} (${job.status.raw})`,
        events,
        // V2 answers an empty list, not "record not found", once events are discarded; a finished task
        // always had scheduling events, so none at all means they are gone.
        collected: got.collected || (got.events.length === 0 && job.status.terminal),
        truncated: got.truncated,
      } satisfies EventsResult
    }),
  render: (r: EventsResult) => {
    if (r.events.length === 0)
      return r.collected
        ? msg("events-none-gone", { id: r.jobId, status: r.status })
        : msg("events-none-yet", { id: r.jobId, status: r.status })
    const short = (o: string) => {
      const [kind, ...rest] = o.split(" ")
      return rest.length === 0 ? o : `${kind} ${shortPodName(rest.join(" "))}`
    }
    return joinText(
      [
        msg("events-head", { id: r.jobId, status: r.status, count: r.events.length }),
        renderTable(r.events, [
          { header: msg("events-col-last-seen"), cell: (e) => formatTime(e.lastAt) },
          { header: msg("jobs-col-type"), cell: (e) => e.type },
          { header: msg("events-col-reason"), cell: (e) => e.reason },
          { header: msg("events-col-object"), cell: (e) => short(e.object) },
          { header: msg("events-col-message"), cell: (e) => e.message },
        ]),
        ...(r.truncated ? [msg("events-truncated")] : []),
      ],
      "\n",
    )
  },
})
