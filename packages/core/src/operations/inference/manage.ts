import { servingConsoleUrl } from "../../api/servings/schema.js"
import { getServing, listServings, stopServing } from "../../api/servings/servings.js"
import { Clock, Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { callWord } from "../../words/token.js"
import type { ClientServices } from "../catalogue/services.js"
import { nextStep } from "../common/output.js"
import { labelOf } from "../common/plan.js"
import { resolveReadWorkspace, withHint } from "../common/support.js"
import { stopRequest } from "../stop/plan.js"
import type { InferenceInput } from "./input.js"
import type { InferenceOutputOf } from "./output.js"

/** One serving as `inference detail` shows it. */
export interface InferenceDetailResult extends Extract<InferenceOutputOf, { readonly action: "detail" }> {}

/** The servings of a workspace. */
export interface InferenceListResult extends Extract<InferenceOutputOf, { readonly action: "list" }> {}

/** What `inference stop` did: without confirm only the state is reported. */
export interface InferenceStopResult extends Extract<InferenceOutputOf, { readonly action: "stop" }> {}

const ID_HINT = `Serving ids start with sv-; ${callWord("inference", { action: "list" })} shows them.`

const servingIdOf = (input: InferenceInput, action: string): Effect.Effect<string, InspireError> =>
  input.serving_id === undefined || input.serving_id.trim() === ""
    ? Effect.fail(invalidInput(`inference ${action} needs serving_id.`, ID_HINT))
    : Effect.succeed(input.serving_id.trim())

/** One serving with its console link and age. */
export const inferenceDetail = (
  input: InferenceInput,
): Effect.Effect<InferenceDetailResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const serving = yield* withHint(getServing(yield* servingIdOf(input, "detail")), ID_HINT)
    const platform = yield* Platform
    const now = yield* Clock.currentTimeMillis
    const running = serving.status.family === "running"
    return {
      action: "detail",
      serving,
      consoleUrl: servingConsoleUrl(platform.baseUrl, serving.workspaceId),
      ageMs: serving.createdAt !== undefined ? Math.max(0, now - serving.createdAt) : undefined,
      next: running
        ? [
            nextStep(
              "inference",
              { action: "stop", serving_id: serving.id, confirm: true },
              "when it is no longer needed",
            ),
          ]
        : serving.status.terminal
          ? [nextStep("job_detail", { job_id: serving.id }, "for why it ended")]
          : [nextStep("inference", { action: "detail", serving_id: serving.id }, "again until it is RUNNING")],
    } satisfies InferenceDetailResult
  })

/** The servings of the workspace (argument or default). */
export const inferenceList = (
  input: InferenceInput,
): Effect.Effect<InferenceListResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const workspace = yield* resolveReadWorkspace(input)
    const listed = yield* listServings({ workspaceId: workspace.id })
    const platform = yield* Platform
    return {
      action: "list",
      workspace: { id: workspace.id, name: workspace.name },
      servings: listed.servings,
      truncated: listed.truncated,
      consoleUrl: servingConsoleUrl(platform.baseUrl, workspace.id),
    } satisfies InferenceListResult
  })

/** Stops a serving only with confirm: a live service may be answering users. */
export const inferenceStop = (
  input: InferenceInput,
): Effect.Effect<InferenceStopResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const id = yield* servingIdOf(input, "stop")
    const serving = yield* withHint(getServing(id), ID_HINT)
    const label = serving.name || serving.id
    const over = serving.status.terminal || serving.status.family === "stopping"
    const base = { action: "stop" as const, servingId: serving.id, name: serving.name, status: serving.status }
    if (input.dry_run) {
      const target = { kind: "serving", id: serving.id, name: serving.name }
      return {
        ...base,
        confirmed: input.confirm,
        stopped: false,
        message: over
          ? `Serving ${label} is already ${serving.status.raw}; nothing would be sent.`
          : `Serving ${label} (${serving.status.raw || "unknown state"}) would be stopped; nothing was sent.`,
        plan: over
          ? {
              summary: `Stop nothing: serving ${labelOf(target)} is already ${serving.status.raw}`,
              targets: [],
              requests: [],
            }
          : {
              summary: `Stop serving ${labelOf(target)}`,
              targets: [{ ...target, change: `${serving.status.raw || "unknown"} → stopping` }],
              requests: [stopRequest("inference", serving.id)],
            },
      } satisfies InferenceStopResult
    }
    if (over || !input.confirm)
      return {
        ...base,
        confirmed: input.confirm,
        stopped: false,
        message: over
          ? `Serving ${label} is already ${serving.status.raw}; nothing to stop.`
          : `Serving ${label} is ${serving.status.raw || "in an unknown state"} and may be answering users; nothing was stopped.`,
        ...(over
          ? {}
          : {
              hint: `To stop it, call ${callWord("inference", { action: "stop", serving_id: serving.id, confirm: true })}.`,
            }),
      } satisfies InferenceStopResult
    const stopped = yield* stopServing(serving.id)
    return {
      ...base,
      status: stopped.serving.status,
      confirmed: true,
      stopped: stopped.sent,
      message: stopped.message,
      ...(stopped.sent
        ? { hint: `${callWord("inference", { action: "detail", serving_id: serving.id })} shows when it has stopped.` }
        : {}),
    } satisfies InferenceStopResult
  })
