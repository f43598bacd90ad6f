import { taskKindOf } from "../../domain/ids.js"
import { matchesStatusFilter, type StatusFilter } from "../../domain/status.js"
import { Effect, Either } from "../../effect.js"
import { InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { collectPages } from "../../platform/paging.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode } from "../support.js"
import { AccessUrls, type Notebook, NotebookPage, RawNotebook } from "./schema.js"

const PAGE_SIZE = 50
const REFERER = "/jobs/interactiveModeling"

/** What to list: one workspace, optionally a status family and a name keyword. */
export interface ListNotebooksInput {
  readonly workspaceId: string
  readonly status?: StatusFilter
  readonly keyword?: string
}

/** Notebooks of a workspace with whether the page cap cut the list short. */
export interface NotebookList {
  readonly notebooks: ReadonlyArray<Notebook>
  readonly total: number | undefined
  readonly truncated: boolean
}

const listBody = (input: ListNotebooksInput, page: number, pageSize: number) => ({
  workspace_id: input.workspaceId,
  page,
  page_size: pageSize,
  ...(input.keyword !== undefined && input.keyword !== "" ? { filter_by: { keyword: input.keyword } } : {}),
  order_by: [{ field: "created_at", order: "desc" }],
})

/** Every notebook of a workspace: V2 `notebook.ListNotebooks`, falling back to V1 `notebook/list`. */
export const listNotebooks = (input: ListNotebooksInput): Effect.Effect<NotebookList, InspireError, Platform> =>
  Effect.gen(function* () {
    if (input.workspaceId.trim() === "")
      return yield* Effect.fail(
        invalidInput(
          msg("notebook-api-no-workspace"),
          msg("notebook-api-no-workspace-fix", { call: callWord("status") }),
        ),
      )
    const platform = yield* Platform
    const v2 = collectPages(
      (page, size) =>
        Effect.flatMap(
          platform.v2("notebook", "ListNotebooks", listBody(input, page, size), { idempotent: true }),
          (data) => decode(NotebookPage, data, "notebook.ListNotebooks"),
        ),
      { firstPage: 1, pageSize: PAGE_SIZE },
    )
    const v1 = collectPages(
      (page, size) =>
        Effect.flatMap(
          platform.v1("POST", "notebook/list", listBody(input, page, size), {
            idempotent: true,
            referer: `${REFERER}?spaceId=${input.workspaceId}`,
          }),
          (data) => decode(NotebookPage, data, "notebook/list"),
        ),
      { firstPage: 1, pageSize: PAGE_SIZE },
    )
    const all = yield* v2.pipe(
      Effect.catchTag("SurfaceUnavailable", () => v1),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("notebook-api-list-down") })),
      ),
    )
    const status = input.status
    const notebooks = status === undefined ? all.items : all.items.filter((n) => matchesStatusFilter(n.status, status))
    return { notebooks, total: status === undefined ? all.total : notebooks.length, truncated: all.truncated }
  })

/** Checks that an id names a notebook (a bare UUID), keeping it a string. */
export const notebookIdOf = (raw: string): Either.Either<string, InspireError> =>
  Either.flatMap(taskKindOf(raw), (ref) =>
    ref.kind === "notebook"
      ? Either.right(ref.id)
      : Either.left(
          invalidInput(
            msg("notebook-api-not-notebook-id", { raw, kind: ref.kind }),
            msg("notebook-api-not-notebook-id-fix", { call: callWord("notebook", { action: "list" }) }),
          ),
        ),
  )

/** One notebook: V2 `notebook.GetNotebook`, falling back to V1 `GET notebook/{id}`. */
export const getNotebook = (id: string): Effect.Effect<Notebook, InspireError, Platform> =>
  Effect.gen(function* () {
    const notebookId = yield* notebookIdOf(id)
    const platform = yield* Platform
    const data = yield* platform.v2("notebook", "GetNotebook", { notebook_id: notebookId }, { idempotent: true }).pipe(
      Effect.catchTag("SurfaceUnavailable", () =>
        platform.v1("GET", `notebook/${encodeURIComponent(notebookId)}`, undefined, {
          idempotent: true,
          referer: REFERER,
        }),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("notebook-api-detail-down") })),
      ),
    )
    return yield* decode(RawNotebook, data, "notebook.GetNotebook")
  })

/** The Jupyter and VS Code addresses of a running notebook (V2 `notebook.GetNotebookAccessUrl`). */
export const getNotebookAccessUrl = (
  id: string,
): Effect.Effect<{ readonly jupyterUrl: string; readonly vscodeUrl: string }, InspireError, Platform> =>
  Effect.gen(function* () {
    const notebook = yield* getNotebook(id)
    if (notebook.status.family !== "running")
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("notebook-api-no-access", {
            notebook: notebook.name || notebook.id,
            status: notebook.status.raw || msg("notebook-state-not-running"),
          }),
          hint: msg("notebook-api-no-access-fix", {
            call: callWord("notebook", { action: "start", notebook_id: notebook.id }),
          }),
        }),
      )
    const platform = yield* Platform
    const data = yield* platform
      .v2("notebook", "GetNotebookAccessUrl", { notebook_id: notebook.id }, { idempotent: true })
      .pipe(
        Effect.catchTag("SurfaceUnavailable", (e) =>
          Effect.fail(
            surfaceError(e, {
              hint: msg("notebook-api-open-console", { call: callWord("notebook") }),
            }),
          ),
        ),
      )
    return yield* decode(AccessUrls, data, "notebook.GetNotebookAccessUrl")
  })
