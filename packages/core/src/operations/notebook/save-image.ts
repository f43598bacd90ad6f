import { z } from "zod"
import { getPlatformImage, listPlatformImages } from "../../api/images/platform.js"
import { resolveNotebook } from "../../api/jupyter/lab.js"
import { notebookConsoleUrl } from "../../api/notebooks/schema.js"
import { decode, Id, Text } from "../../api/support.js"
import { Duration, Effect, Either } from "../../effect.js"
import { amendError, InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { createOnce } from "../../platform/create-once.js"
import { plannedV2 } from "../../platform/dry-run.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { NotebookInput } from "./input.js"
import type { NotebookOutput } from "./output.js"

/** What save_image did: the image made from the notebook, once the platform finished saving it. */
export interface NotebookSaveImageResult
  extends Extract<OutputOf<ReturnType<typeof NotebookOutput>>, { readonly action: "save_image" }> {}

const SaveStatus = z.lazy(() =>
  z
    .object({ save_mirror_status: z.union([z.object({ status: Text }).loose(), z.null()]).optional() })
    .loose()
    .transform((n) => n.save_mirror_status?.status ?? ""),
)

const SaveAnswer = z.lazy(() =>
  z
    .union([
      z.object({ image_id: Id.optional(), image: z.object({ image_id: Id.optional() }).loose().optional() }).loose(),
      z.null(),
    ])
    .transform((a) => a?.image_id ?? a?.image?.image_id ?? ""),
)

const POLL = Duration.seconds(5)
const MAX_POLLS = 360

const readSaveStatus = (id: string) =>
  Effect.flatMap(Platform, (p) =>
    p.v2("notebook", "GetNotebook", { notebook_id: id }, { idempotent: true }).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) => Effect.fail(surfaceError(e))),
      Effect.flatMap((data) => decode(SaveStatus, data, "notebook.GetNotebook")),
    ),
  )

/** Saves a running notebook as an image (V2 `notebook.SaveNotebookImage`), waits for SUCCESS, and finds its address. */
export const notebookSaveImage = (
  input: NotebookInput,
): Effect.Effect<NotebookSaveImageResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const name = input.name?.trim() ?? ""
    const version = input.version?.trim() ?? ""
    if (name === "" || version === "")
      return yield* Effect.fail(
        invalidInput(
          msg("notebook-save-needs-name"),
          msg("notebook-save-needs-name-fix", {
            name: fieldWord("name", "<image name>"),
            version: fieldWord("version", "<version>"),
          }),
        ),
      )
    if (input.notebook_id === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("notebook-save-needs-id"),
          msg("notebook-list-lists", { call: callWord("notebook", { action: "list" }) }),
        ),
      )
    const workspace = resolveReadWorkspace({ workspace: input.workspace })
    const found = yield* resolveNotebook(input.notebook_id, workspace)
    const platform = yield* Platform
    const notebook = { ...found, consoleUrl: notebookConsoleUrl(platform.baseUrl, found.id, found.workspaceId) }
    if (found.status.family !== "running")
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("notebook-save-not-running", {
            notebook: found.name || found.id,
            status: found.status.raw || msg("notebook-state-not-running"),
          }),
          hint: msg("notebook-save-not-running-fix", {
            call: callWord("notebook", { action: "start", notebook_id: found.id }),
          }),
        }),
      )
    const body = { notebookId: found.id, name, version, accessible: 1 }
    const image = { id: "", name, version, address: "" }
    // The personal images of this name and version (§4.9 mirror/save: an answer without the id is settled
    // by this look-up). One that exists already is never saved over or beside: a second save of a lost one
    // would make a second image, or be refused while the first is still saving.
    const same = Effect.map(listPlatformImages({ workspaceId: found.workspaceId, source: "private" }), (images) =>
      images.filter((i) => i.name === name && i.version === version),
    )
    const existing = (yield* same)[0]
    if (existing !== undefined)
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("notebook-save-exists", {
            image: `${name}:${version}`,
            id: existing.imageId,
            status: existing.status || msg("notebook-state-unknown"),
          }),
          hint: msg("notebook-save-exists-fix", { call: callWord("images", { visibility: "private", search: name }) }),
          created: "no",
        }),
      )
    if (input.dry_run)
      return {
        action: "save_image",
        notebook,
        image,
        saveStatus: "",
        plan: {
          summary: msg("notebook-plan-save", { notebook: found.name || found.id, image: `${name}:${version}` }),
          targets: [{ kind: "image", id: `${name}:${version}`, name, change: msg("notebook-change-saved") }],
          requests: [plannedV2("notebook", "SaveNotebookImage", body)],
        },
      } satisfies NotebookSaveImageResult
    const save = platform.v2("notebook", "SaveNotebookImage", body, { idempotent: false, write: true }).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("notebook-save-console") })),
      ),
      // An answer that cannot be read leaves the save unknown: settled by the look-up, never taken as a failure.
      Effect.flatMap((answer) =>
        Effect.mapError(decode(SaveAnswer, answer, "notebook.SaveNotebookImage"), (e) =>
          amendError(e, { ambiguous: true }),
        ),
      ),
    )
    // After an ambiguous failure the image is looked up by name and version before any second save.
    const saved = yield* createOnce({
      create: Effect.provideService(save, Platform, platform),
      find: () => Effect.map(same, (images) => images[0]?.imageId).pipe(Effect.provideService(Platform, platform)),
      now: platform.clock.now,
      what: msg("images-api-what-image"),
      listHint: callWord("images", { visibility: "private", search: name }),
    })
    const imageId = saved.value
    let status = ""
    for (let poll = 0; poll < MAX_POLLS; poll++) {
      status = yield* readSaveStatus(found.id)
      if (status === "SUCCESS" || /FAIL|ERROR/i.test(status)) break
      yield* Effect.sleep(POLL)
    }
    if (status !== "SUCCESS")
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: /FAIL|ERROR/i.test(status)
            ? msg("notebook-save-failed", { notebook: found.name || found.id, image: `${name}:${version}`, status })
            : msg("notebook-save-slow", {
                notebook: found.name || found.id,
                image: `${name}:${version}`,
                status: status || msg("notebook-state-unknown"),
              }),
          hint: msg("notebook-save-failed-fix"),
        }),
      )
    const byId = imageId === "" ? undefined : Either.getOrUndefined(yield* Effect.either(getPlatformImage(imageId)))
    const listed =
      byId ??
      (yield* listPlatformImages({ workspaceId: found.workspaceId, source: "all" })).find(
        (i) => i.name === name && i.version === version,
      )
    return {
      action: "save_image",
      notebook,
      image: { id: listed?.imageId ?? imageId, name, version, address: listed?.address ?? "" },
      saveStatus: status,
    } satisfies NotebookSaveImageResult
  })
