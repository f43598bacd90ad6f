import { z } from "zod"
import { Clock, Effect, Either } from "../effect.js"
import { msg } from "../words/message.js"
import { callWord, joinText, type Text, text } from "../words/text.js"
import { defineOperation, type OutputOf } from "./catalogue/operation.js"
import { textOutput } from "./catalogue/schema.js"
import { sleepReporting } from "./common/heartbeat.js"
import { lookupWorkspaceField, resolveTask, taskIdField } from "./common/lookup.js"
import { formatDuration, renderFields } from "./common/render.js"
import { readTask } from "./job-detail/read.js"

/** The shortest poll interval accepted (seconds); tests use it, people should keep the back-off. */
const MIN_POLL_SECONDS = 0.2

const Input = z.object({
  job_id: taskIdField(),
  workspace: lookupWorkspaceField(),
  until: z
    .enum(["running", "finished", "succeeded"])
    .default("finished")
    .describe("running; finished = any end state (default); succeeded"),
  timeout_seconds: z
    .number()
    .min(1)
    .max(3600)
    .default(600)
    .describe("Give up after this many seconds (default 600, at most 3600); call again to keep waiting"),
  poll_seconds: z
    .number()
    .min(MIN_POLL_SECONDS)
    .max(300)
    .optional()
    .describe(`Fixed seconds between checks (at least ${MIN_POLL_SECONDS}); default backs off from 5 s to 30 s`),
})

const WaitOutput = () =>
  z.object({
    jobId: z.string().describe("Task id"),
    until: z.enum(["running", "finished", "succeeded"]).describe("The state waited for"),
    outcome: z
      .enum(["reached", "timed-out", "task-failed", "not-found"])
      .describe("reached; timed-out (call again); task-failed (it ended otherwise); not-found"),
    status: z
      .object({ family: z.string().describe("Status family"), raw: z.string().describe("Platform status") })
      .optional()
      .describe("The last status read"),
    waitedMs: z.number().describe("How long it waited (ms)"),
    polls: z.number().describe("How many times the status was read"),
    message: textOutput().describe("What happened and what to do next"),
  })

/** The result of inspire_wait: its output schema's type. */
export interface WaitResult extends OutputOf<ReturnType<typeof WaitOutput>> {}

type Status = { readonly family: string; readonly terminal: boolean }

// "failed" only when the wanted state can no longer come: a task that ended without succeeding.
const judge = (until: WaitResult["until"], s: Status): "reached" | "task-failed" | undefined => {
  if (until === "finished") return s.terminal ? "reached" : undefined
  if (until === "running" && s.family === "running") return "reached"
  if (s.family === "succeeded") return "reached"
  return s.terminal ? "task-failed" : undefined
}

const messageOf = (r: Omit<WaitResult, "message">): Text => {
  const st = r.status !== undefined ? `${r.status.family} (${r.status.raw})` : msg("wait-status-unknown")
  const waited = formatDuration(r.waitedMs)
  if (r.outcome === "not-found") return msg("wait-not-found", { id: r.jobId, call: callWord("jobs") })
  if (r.outcome === "reached") return msg("wait-reached", { id: r.jobId, status: st, waited })
  if (r.outcome === "task-failed")
    return msg("wait-task-failed", { id: r.jobId, status: st, until: r.until, call: callWord("job_detail") })
  return msg("wait-timed-out", { status: st, waited, call: callWord("wait") })
}

/** inspire_wait: waits, bounded, for a task to reach a state. */
export const waitOperation = defineOperation({
  name: "wait",
  title: "Wait for a task to reach a state",
  description: joinText(
    [
      "Waits until a task is running, finished (any end state, default) or succeeded, or until timeout_seconds pass.",
      "The result says what happened — reached, timed-out, task-failed (it ended otherwise) or not-found — with the final status.",
      text`Next: ${callWord("logs")} / ${callWord("job_detail")} when it failed.`,
    ],
    " ",
  ),
  input: Input,
  output: WaitOutput,
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  effects: { writes: false },
  cli: {
    path: ["job", "wait"],
    summary: "Wait for a task to be running, finished or succeeded (exit codes: inspire help exit-codes)",
    positional: ["job_id"],
  },
  agent: { waitField: "timeout_seconds" },
  run: (input, context) =>
    Effect.gen(function* () {
      const { id, kind } = yield* resolveTask(
        input.job_id,
        ["train", "hpc", "serving", "ray", "notebook"],
        input.workspace,
      )
      const start = yield* Clock.currentTimeMillis
      const deadline = start + input.timeout_seconds * 1000
      let pause = input.poll_seconds ?? 5
      let polls = 0
      for (;;) {
        const read = yield* Effect.either(readTask(id, kind))
        polls++
        const now = yield* Clock.currentTimeMillis
        const base = { jobId: id, until: input.until, waitedMs: now - start, polls }
        if (Either.isLeft(read)) {
          if (read.left.reason !== "NotFound") return yield* Effect.fail(read.left)
          const r = { ...base, outcome: "not-found" as const }
          return { ...r, message: messageOf(r) } satisfies WaitResult
        }
        const status = { family: read.right.status.family, raw: read.right.status.raw }
        const verdict = judge(input.until, read.right.status)
        const timedOut = verdict === undefined && now >= deadline
        if (verdict !== undefined || timedOut) {
          const r = { ...base, status, outcome: verdict ?? ("timed-out" as const) }
          return { ...r, message: messageOf(r) } satisfies WaitResult
        }
        const message = msg("wait-progress", { id, status: `${status.family} (${status.raw})`, until: input.until })
        const report = (ms: number) => ({
          message,
          current: Math.round(ms / 1000),
          total: input.timeout_seconds,
        })
        context.progress(report(now - start))
        yield* sleepReporting(Math.max(0, Math.min(pause * 1000, deadline - now)), context, (slept) =>
          report(now - start + slept),
        )
        if (input.poll_seconds === undefined) pause = Math.min(30, pause * 1.5)
      }
    }),
  render: (r: WaitResult) =>
    joinText(
      [
        r.message,
        renderFields([
          [msg("wait-label-outcome"), r.outcome],
          [msg("job-detail-label-status"), r.status !== undefined ? `${r.status.family} (${r.status.raw})` : undefined],
          [msg("wait-label-waited"), formatDuration(r.waitedMs)],
          [msg("wait-label-checks"), r.polls],
        ]),
      ],
      "\n",
    ),
})
