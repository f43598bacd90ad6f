import { Effect } from "../../effect.js"
import { InspireError, type SurfaceUnavailable, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { type PlannedRequest, plannedV2 } from "../../platform/dry-run.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { getNotebook } from "./read.js"
import type { Notebook } from "./schema.js"

/** What a start, stop or delete did; `sent` is false when the state made the call pointless or on a dry run. */
export interface NotebookAction {
  readonly notebook: Notebook
  readonly sent: boolean
  readonly message: Text
  /** On a dry run: the request the call would have sent (absent when it would send none). */
  readonly planned?: PlannedRequest
}

const label = (n: Notebook) => n.name || n.id
const REFERER = "/jobs/interactiveModeling"

// A state change may move to V1 only when V2 certainly did not act: nothing was sent, or the gateway
// answered that the action or service does not exist (InvalidAction, 404) before any service saw it.
// Access refusals are not retried elsewhere: they may be the platform's answer about this notebook.
const notExecuted = (e: SurfaceUnavailable): boolean => !e.sent || e.why === "InvalidAction" || e.why === "NotFound"

const operate = (notebook: Notebook, action: "StartNotebook" | "StopNotebook") =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const body = { notebook_id: notebook.id }
    yield* platform.v2("notebook", action, body, { idempotent: action === "StopNotebook", write: true }).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) =>
        !notExecuted(e)
          ? Effect.fail(e)
          : platform.v1(
              "POST",
              "notebook/operate",
              { ...body, operation: action === "StartNotebook" ? "START" : "STOP" },
              { idempotent: action === "StopNotebook", write: true, referer: REFERER },
            ),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("notebook-api-use-console") })),
      ),
    )
  })

const wouldSend = (notebook: Notebook, verb: "start" | "stop" | "delete", request: PlannedRequest): NotebookAction => {
  const args = { notebook: label(notebook), status: notebook.status.raw || msg("notebook-state-unknown-long") }
  return {
    notebook,
    sent: false,
    message:
      verb === "start"
        ? msg("notebook-api-would-start", args)
        : verb === "stop"
          ? msg("notebook-api-would-stop", args)
          : msg("notebook-api-would-delete", args),
    planned: request,
  }
}

/** Starts a stopped or failed notebook; starting one that is already up is reported, not sent (§6 rule 16). */
export const startNotebook = (id: string, dryRun = false): Effect.Effect<NotebookAction, InspireError, Platform> =>
  Effect.gen(function* () {
    const notebook = yield* getNotebook(id)
    const family = notebook.status.family
    if (family === "running" || family === "waiting")
      return {
        notebook,
        sent: false,
        message: msg("notebook-api-already", { notebook: label(notebook), status: notebook.status.raw }),
      }
    if (family === "stopping")
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("notebook-api-still-stopping", { notebook: label(notebook) }),
          hint: msg("notebook-api-still-stopping-fix", { call: callWord("notebook") }),
        }),
      )
    if (dryRun)
      return wouldSend(notebook, "start", plannedV2("notebook", "StartNotebook", { notebook_id: notebook.id }))
    yield* operate(notebook, "StartNotebook")
    return { notebook, sent: true, message: msg("notebook-api-starting", { notebook: label(notebook) }) }
  })

/** Stops a notebook; stopping one that is already stopped is reported, not sent (§6 rule 16). */
export const stopNotebook = (id: string, dryRun = false): Effect.Effect<NotebookAction, InspireError, Platform> =>
  Effect.gen(function* () {
    const notebook = yield* getNotebook(id)
    const family = notebook.status.family
    if (family === "stopped" || family === "stopping" || family === "failed" || family === "succeeded")
      return {
        notebook,
        sent: false,
        message: msg("notebook-api-already", { notebook: label(notebook), status: notebook.status.raw }),
      }
    if (dryRun) return wouldSend(notebook, "stop", plannedV2("notebook", "StopNotebook", { notebook_id: notebook.id }))
    yield* operate(notebook, "StopNotebook")
    return { notebook, sent: true, message: msg("notebook-api-stopping", { notebook: label(notebook) }) }
  })

/** Deletes a notebook, which the platform allows only from STOPPED or FAILED (§6 rule 16). */
export const deleteNotebook = (id: string, dryRun = false): Effect.Effect<NotebookAction, InspireError, Platform> =>
  Effect.gen(function* () {
    const notebook = yield* getNotebook(id)
    const family = notebook.status.family
    if (family !== "stopped" && family !== "failed")
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("notebook-api-not-deletable", {
            notebook: label(notebook),
            status: notebook.status.raw || msg("notebook-api-state-in-unknown"),
          }),
          hint: msg("notebook-api-not-deletable-fix", {
            call: callWord("notebook", { action: "stop", notebook_id: notebook.id }),
          }),
        }),
      )
    if (dryRun)
      return wouldSend(notebook, "delete", plannedV2("notebook", "DeleteNotebook", { notebook_id: notebook.id }))
    const platform = yield* Platform
    yield* platform
      .v2("notebook", "DeleteNotebook", { notebook_id: notebook.id }, { idempotent: true, write: true })
      .pipe(
        Effect.catchTag("SurfaceUnavailable", (e) =>
          !notExecuted(e)
            ? Effect.fail(e)
            : platform.v1("DELETE", `notebook/${encodeURIComponent(notebook.id)}`, undefined, {
                idempotent: true,
                write: true,
                referer: REFERER,
              }),
        ),
        Effect.catchTag("SurfaceUnavailable", (e) =>
          Effect.fail(surfaceError(e, { hint: msg("notebook-api-delete-console") })),
        ),
      )
    return { notebook, sent: true, message: msg("notebook-api-deleted", { notebook: label(notebook) }) }
  })
