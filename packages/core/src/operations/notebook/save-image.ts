import { z } from "zod"
import { getPlatformImage, listPlatformImages } from "../../api/images/platform.js"
import { resolveNotebook } from "../../api/jupyter/lab.js"
import { notebookConsoleUrl } from "../../api/notebooks/schema.js"
import { decode, Id, Text } from "../../api/support.js"
import { Duration, Effect, Either } from "../../effect.js"
import { InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { plannedV2 } from "../../platform/dry-run.js"
import { callWord, fieldWord } from "../../words/token.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { NotebookInput } from "./input.js"
import type { NotebookOutput } from "./output.js"

/** What save_image did: the image made from the notebook, once the platform finished saving it. */
export interface NotebookSaveImageResult
  extends Extract<OutputOf<ReturnType<typeof NotebookOutput>>, { readonly action: "save_image" }> {}

const SaveStatus = z
  .object({ save_mirror_status: z.union([z.object({ status: Text }).loose(), z.null()]).optional() })
  .loose()
  .transform((n) => n.save_mirror_status?.status ?? "")

const SaveAnswer = z
  .union([
    z.object({ image_id: Id.optional(), image: z.object({ image_id: Id.optional() }).loose().optional() }).loose(),
    z.null(),
  ])
  .transform((a) => a?.image_id ?? a?.image?.image_id ?? "")

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
          "save_image needs the image's name and version.",
          `Pass ${fieldWord("name", "<image name>")} and ${fieldWord("version", "<version>")}.`,
        ),
      )
    if (input.notebook_id === undefined)
      return yield* Effect.fail(
        invalidInput(
          "save_image needs notebook_id.",
          `${callWord("notebook", { action: "list" })} lists the notebooks.`,
        ),
      )
    const workspace = Effect.map(resolveReadWorkspace({ workspace: input.workspace }), (w) => w.id)
    const found = yield* resolveNotebook(input.notebook_id, workspace)
    const platform = yield* Platform
    const notebook = { ...found, consoleUrl: notebookConsoleUrl(platform.baseUrl, found.id, found.workspaceId) }
    if (found.status.family !== "running")
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: `Notebook ${found.name || found.id} is ${found.status.raw || "not running"}; only a running notebook can be saved as an image.`,
          hint: `Start it with ${callWord("notebook", { action: "start", notebook_id: found.id })}, wait until it is RUNNING, then save it.`,
        }),
      )
    const body = { notebookId: found.id, name, version, accessible: 1 }
    const image = { id: "", name, version, address: "" }
    if (input.dry_run)
      return {
        action: "save_image",
        notebook,
        image,
        saveStatus: "",
        plan: {
          summary: `Save notebook ${found.name || found.id} as image ${name}:${version}`,
          targets: [{ kind: "image", id: `${name}:${version}`, name, change: "(none) → saved from the notebook" }],
          requests: [plannedV2("notebook", "SaveNotebookImage", body)],
        },
      } satisfies NotebookSaveImageResult
    const answer = yield* platform
      .v2("notebook", "SaveNotebookImage", body, { idempotent: false, write: true })
      .pipe(
        Effect.catchTag("SurfaceUnavailable", (e) =>
          Effect.fail(surfaceError(e, { hint: "Save the image from the console's notebook page (保存镜像)." })),
        ),
      )
    const imageId = yield* decode(SaveAnswer, answer, "notebook.SaveNotebookImage")
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
          message: `Saving notebook ${found.name || found.id} as ${name}:${version} ${/FAIL|ERROR/i.test(status) ? `failed (${status})` : `did not finish in 30 minutes (status ${status || "unknown"})`}.`,
          hint: "See the notebook's page in the console; the image list (镜像管理) shows it once it is saved.",
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
