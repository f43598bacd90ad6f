import { listServingInstances } from "../../api/servings/instances.js"
import { servingConsoleUrl } from "../../api/servings/schema.js"
import { getServing, listServings, stopServing } from "../../api/servings/servings.js"
import { Clock, Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { missingAs, resolveTask } from "../common/lookup.js"
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

const idHint = (): Text => msg("inference-id-hint", { call: callWord("inference", { action: "list" }) })

/** The serving named by id (used as it is), name or id prefix (one list of the workspace's servings). */
export const servingIdOf = (
  input: InferenceInput,
  action: string,
): Effect.Effect<string, InspireError, ClientServices> =>
  input.serving_id === undefined || input.serving_id.trim() === ""
    ? Effect.fail(invalidInput(msg("inference-needs-id", { action }), idHint()))
    : Effect.map(resolveTask(input.serving_id, ["serving"], input.workspace), (r) => r.id)

// A read by id whose NotFound names the serving and the workspace.
const missing = <A, R>(read: Effect.Effect<A, InspireError, R>, id: string, input: InferenceInput) =>
  missingAs(read, "serving", id, input.workspace)

/** One serving with its console link and age. */
export const inferenceDetail = (
  input: InferenceInput,
): Effect.Effect<InferenceDetailResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const id = yield* servingIdOf(input, "detail")
    const serving = yield* missing(withHint(getServing(id), idHint()), id, input)
    const platform = yield* Platform
    const now = yield* Clock.currentTimeMillis
    const running = serving.status.family === "running"
    // Its pods (one more read, not for a serving that ended); none shown when the platform does not list them.
    const pods = serving.status.terminal
      ? undefined
      : yield* listServingInstances(serving.id).pipe(
          Effect.map((ps) => ps.map((p) => ({ name: p.pod, status: p.status.raw }))),
          Effect.orElseSucceed(() => undefined),
        )
    return {
      action: "detail",
      serving,
      consoleUrl: servingConsoleUrl(platform.baseUrl, serving.workspaceId),
      ageMs: serving.createdAt !== undefined ? Math.max(0, now - serving.createdAt) : undefined,
      ...(pods !== undefined && pods.length > 0 ? { pods } : {}),
      next: running
        ? [nextStep("inference", { action: "stop", serving_id: serving.id, confirm: true }, msg("inference-why-stop"))]
        : serving.status.terminal
          ? [nextStep("job_detail", { job_id: serving.id }, msg("inference-why-ended"))]
          : [nextStep("inference", { action: "detail", serving_id: serving.id }, msg("inference-why-again"))],
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
    const serving = yield* missing(withHint(getServing(id), idHint()), id, input)
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
          ? msg("inference-stop-already-dry", { serving: label, status: serving.status.raw })
          : msg("inference-stop-would", {
              serving: label,
              status: serving.status.raw || msg("inference-state-unknown-long"),
            }),
        plan: over
          ? {
              summary: msg("inference-plan-stop-nothing", { serving: labelOf(target), status: serving.status.raw }),
              targets: [],
              requests: [],
            }
          : {
              summary: msg("inference-plan-stop", { serving: labelOf(target) }),
              targets: [
                {
                  ...target,
                  change: msg("inference-change-stop", {
                    status: serving.status.raw || msg("inference-state-unknown"),
                  }),
                },
              ],
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
          ? msg("inference-stop-already", { serving: label, status: serving.status.raw })
          : msg("inference-stop-refused", {
              serving: label,
              status: serving.status.raw || msg("inference-state-in-unknown"),
            }),
        ...(over
          ? {}
          : {
              hint: msg("inference-stop-how", {
                call: callWord("inference", { action: "stop", serving_id: serving.id, confirm: true }),
              }),
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
        ? {
            hint: msg("inference-stop-sent-hint", {
              call: callWord("inference", { action: "detail", serving_id: serving.id }),
            }),
          }
        : {}),
    } satisfies InferenceStopResult
  })
