import { labFromUrl, redactToken, resolveNotebook } from "../../api/jupyter/lab.js"
import { deleteNotebook, type NotebookAction, startNotebook, stopNotebook } from "../../api/notebooks/lifecycle.js"
import { getNotebook, getNotebookAccessUrl, listNotebooks, notebookIdOf } from "../../api/notebooks/read.js"
import { type Notebook, notebookConsoleUrl } from "../../api/notebooks/schema.js"
import { taskKindOf } from "../../domain/ids.js"
import { wholeIdKind } from "../../domain/lookup.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { callWord, confirmWord, type Text } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { missingAs } from "../common/lookup.js"
import { labelOf, type Plan } from "../common/plan.js"
import { resolveReadWorkspace, withHint } from "../common/support.js"
import type { NotebookInput } from "./input.js"
import type { NotebookOutput } from "./output.js"

type NotebookOutputOf = OutputOf<ReturnType<typeof NotebookOutput>>

/** The notebooks of a workspace. */
export interface NotebookListResult extends Extract<NotebookOutputOf, { readonly action: "list" }> {}

/** One notebook, with its access addresses while it runs. */
export interface NotebookDetailResult extends Extract<NotebookOutputOf, { readonly action: "detail" }> {}

/** What start, stop or delete did; `sent` is false when nothing was asked of the platform. */
export interface NotebookChangeResult
  extends Extract<NotebookOutputOf, { readonly action: "start" | "stop" | "delete" }> {}

/** A notebook with its console page. */
export type NotebookView = NotebookDetailResult["notebook"]

// A dry run's plan: the notebook and the one request, or no request when its state makes the call moot.
const planOf = (action: NotebookChangeResult["action"], done: NotebookAction): Plan => {
  const n = done.notebook
  const target = { kind: "notebook", id: n.id, name: n.name }
  return done.planned === undefined
    ? { summary: msg(`notebook-plan-${action}-nothing`, { message: done.message }), targets: [], requests: [] }
    : {
        summary: msg(`notebook-plan-${action}`, { notebook: labelOf(target) }),
        targets: [
          {
            ...target,
            change: msg(`notebook-change-${action}`, { status: n.status.raw || msg("notebook-state-unknown") }),
          },
        ],
        requests: [done.planned],
      }
}

const idHint = (): Text => msg("notebook-id-hint", { call: callWord("notebook", { action: "list" }) })

// The notebook named by id (used as it is), name, id prefix or URL (one list of the workspace).
const idOf = (input: NotebookInput): Effect.Effect<string, InspireError, ClientServices> => {
  const wanted = input.notebook_id?.trim() ?? ""
  if (wanted === "") return Effect.fail(invalidInput(msg("notebook-needs-id", { action: input.action }), idHint()))
  const ref = taskKindOf(wanted)
  if (wholeIdKind(wanted) !== undefined || (Either.isRight(ref) && ref.right.kind !== "notebook"))
    return withHint(notebookIdOf(wanted), idHint())
  return Effect.map(resolveNotebook(wanted, resolveReadWorkspace(input)), (n) => n.id)
}

// A read by id whose NotFound names the notebook and the workspace.
const missing = <A, R>(read: Effect.Effect<A, InspireError, R>, id: string, input: NotebookInput) =>
  missingAs(read, "notebook", id, input.workspace)

const view = (notebook: Notebook, workspaceId = notebook.workspaceId) =>
  Effect.map(Platform, (p) => ({
    ...notebook,
    consoleUrl: notebookConsoleUrl(p.baseUrl, notebook.id, notebook.workspaceId || workspaceId),
  }))

/** The notebooks of the workspace (argument or default), filtered by status family and name. */
export const notebookList = (input: NotebookInput): Effect.Effect<NotebookListResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const workspace = yield* resolveReadWorkspace(input)
    const keyword = input.keyword?.trim()
    const listed = yield* listNotebooks({
      workspaceId: workspace.id,
      status: input.status,
      ...(keyword !== undefined && keyword !== "" ? { keyword } : {}),
    })
    const notebooks: NotebookView[] = []
    for (const n of listed.notebooks) notebooks.push(yield* view(n, workspace.id))
    return {
      action: "list",
      workspace: { id: workspace.id, name: workspace.name },
      status: input.status,
      ...(keyword !== undefined && keyword !== "" ? { keyword } : {}),
      notebooks,
      truncated: listed.truncated,
    } satisfies NotebookListResult
  })

/** One notebook; while it runs, its Jupyter and VS Code addresses too. */
export const notebookDetail = (
  input: NotebookInput,
): Effect.Effect<NotebookDetailResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const id = yield* idOf(input)
    const notebook = yield* view(yield* missing(withHint(getNotebook(id), idHint()), id, input))
    if (notebook.status.family !== "running")
      return {
        action: "detail",
        notebook,
        notes: [
          msg("notebook-not-running-access", { status: notebook.status.raw || msg("notebook-state-not-running") }),
        ],
      } satisfies NotebookDetailResult
    const access = yield* Effect.either(getNotebookAccessUrl(notebook.id))
    // The token in the addresses is a secret like a password: it is masked (the console opens the lab).
    const token = Either.isRight(access) ? (labFromUrl(notebook, access.right.jupyterUrl, "http://x")?.token ?? "") : ""
    return Either.isRight(access)
      ? ({
          action: "detail",
          notebook,
          access: {
            jupyterUrl: redactToken(access.right.jupyterUrl, token),
            vscodeUrl: redactToken(access.right.vscodeUrl, token),
          },
          notes: token === "" ? [] : [msg("notebook-token-masked")],
        } satisfies NotebookDetailResult)
      : ({
          action: "detail",
          notebook,
          notes: [msg("notebook-access-unread", { error: access.left.text })],
        } satisfies NotebookDetailResult)
  })

/** Starts or stops a notebook; one already in that state is reported, not changed. */
export const notebookSwitch = (
  input: NotebookInput,
  action: "start" | "stop",
): Effect.Effect<NotebookChangeResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const id = yield* idOf(input)
    const done = yield* missing(
      withHint(action === "start" ? startNotebook(id, input.dry_run) : stopNotebook(id, input.dry_run), idHint()),
      id,
      input,
    )
    return {
      action,
      notebook: yield* view(done.notebook),
      sent: done.sent,
      message: done.message,
      ...(input.dry_run ? { plan: planOf(action, done) } : {}),
      // A stop that is (or would be) sent deletes the container's own files: said before and after.
      ...(action === "stop" && (done.sent || done.planned !== undefined)
        ? {
            warnings: [
              msg("notebook-stop-data", {
                call: callWord("notebook", { action: "save_image", notebook_id: id }),
              }),
            ],
          }
        : {}),
      ...(done.sent
        ? {
            hint: msg("notebook-switch-hint", {
              call: callWord("notebook", { action: "detail", notebook_id: id }),
              status: action === "start" ? "RUNNING" : "STOPPED",
            }),
          }
        : {}),
    } satisfies NotebookChangeResult
  })

/** Deletes a stopped or failed notebook, only with confirm; without it, shows what would be deleted. */
export const notebookDelete = (
  input: NotebookInput,
): Effect.Effect<NotebookChangeResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const id = yield* idOf(input)
    if (input.dry_run) {
      const done = yield* missing(withHint(deleteNotebook(id, true), idHint()), id, input)
      return {
        action: "delete",
        notebook: yield* view(done.notebook),
        sent: false,
        confirmed: input.confirm,
        message: done.message,
        plan: planOf("delete", done),
      } satisfies NotebookChangeResult
    }
    if (input.confirm) {
      const done = yield* withHint(deleteNotebook(id), idHint())
      return {
        action: "delete",
        notebook: yield* view(done.notebook),
        sent: true,
        confirmed: true,
        message: done.message,
      } satisfies NotebookChangeResult
    }
    const notebook = yield* view(yield* missing(withHint(getNotebook(id), idHint()), id, input))
    const deletable = notebook.status.family === "stopped" || notebook.status.family === "failed"
    const label = notebook.name || notebook.id
    return {
      action: "delete",
      notebook,
      sent: false,
      confirmed: false,
      message: msg("notebook-delete-preview", {
        notebook: label,
        status: notebook.status.raw || msg("notebook-state-unknown-long"),
      }),
      hint: deletable
        ? msg("notebook-delete-how", {
            call: callWord("notebook", { action: "delete", notebook_id: notebook.id, confirm: true }),
          })
        : msg("notebook-delete-stop-first", {
            call: callWord("notebook", { action: "stop", notebook_id: notebook.id }),
            confirm: confirmWord(),
          }),
    } satisfies NotebookChangeResult
  })
