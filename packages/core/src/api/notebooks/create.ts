import { checkJobImage } from "../../domain/images.js"
import { checkPriority } from "../../domain/priority.js"
import { validateName } from "../../domain/resources.js"
import type { Spec } from "../../domain/specs.js"
import type { RegistryId } from "../../domain/workspaces.js"
import { Effect } from "../../effect.js"
import { amendError, type InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { type PlannedRequest, plannedV2 } from "../../platform/dry-run.js"
import { createMatching, fieldsVerdict, type Verdict } from "../../platform/recover.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import type { Store } from "../../store/store.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { findImageByAddress } from "../images/platform.js"
import type { PlatformImage } from "../images/schema.js"
import type { JobDataset } from "../jobs/schema.js"
import { currentUser } from "../resources/user.js"
import { decode } from "../support.js"
import { getNotebook, listNotebooks } from "./read.js"
import { CreatedNotebook, type Notebook, notebookConsoleUrl } from "./schema.js"

/** A notebook to create; the spec must be a DSW (notebook) spec of the compute group. */
export interface CreateNotebookInput {
  readonly workspaceId: string
  readonly projectId: string
  readonly projectName?: string
  readonly logicComputeGroupId: string
  readonly name: string
  readonly spec: Spec
  /** The image's display address (as inspire_images shows it), or its entry from the image list. */
  readonly image: string | PlatformImage
  readonly priority: number
  readonly priorityCap?: number
  readonly sharedMemoryGi?: number
  readonly autoStop?: boolean
  readonly allowSsh?: boolean
  readonly command?: string
  readonly description?: string
  /** Dataset versions to mount (`dataset_info`, checked by `validateDatasets`); sent only when there are some. */
  readonly datasets?: ReadonlyArray<JobDataset>
  /** The workspace's registry, to warn when the image lives in the other one. */
  readonly registry?: RegistryId
}

/**
 * The created notebook, whether it was recovered after a lost answer, and what the user should know. It
 * is not read back: the platform queues every new notebook, and its detail is the next call either way.
 */
export interface CreatedNotebookResult {
  readonly notebookId: string
  readonly recovered: boolean
  readonly attempts: number
  readonly consoleUrl: string
  readonly warnings: ReadonlyArray<Text>
}

const REFERER = "/jobs/interactiveModeling"

/**
 * Checks a notebook to create (name, image registered in the workspace, priority, shared memory) with
 * reads only, and builds the exact body `CreateNotebook` takes: what a dry run shows.
 */
export const prepareNotebook = (
  input: CreateNotebookInput,
): Effect.Effect<
  { readonly name: string; readonly body: Record<string, unknown>; readonly warnings: ReadonlyArray<Text> },
  InspireError,
  Platform | ActiveProfile
> =>
  Effect.gen(function* () {
    const name = yield* validateName(input.name, "notebook name")
    const profile = yield* ActiveProfile
    const image = yield* checkJobImage(typeof input.image === "string" ? input.image : input.image.address, {
      registries: registryTable(profile),
      ...(input.registry !== undefined ? { workspaceRegistry: input.registry } : {}),
    })
    const priority = yield* checkPriority(input.priority, {
      ...(input.priorityCap !== undefined ? { cap: input.priorityCap } : {}),
      allowedLevels: input.spec.allowedPriorityLevels,
    })
    if (input.sharedMemoryGi !== undefined && !(input.sharedMemoryGi >= 0))
      return yield* Effect.fail(invalidInput(msg("notebook-api-bad-shm"), msg("notebook-api-bad-shm-fix")))
    const registered =
      typeof input.image === "string" ? yield* findImageByAddress(image.address, input.workspaceId) : input.image
    if (registered === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("notebook-api-image-unregistered", { image: image.address }),
          msg("notebook-api-image-unregistered-fix", { call: callWord("images") }),
        ),
      )
    const spec = input.spec
    const body = {
      workspace_id: input.workspaceId,
      name,
      project_id: input.projectId,
      ...(input.projectName !== undefined ? { project_name: input.projectName } : {}),
      logic_compute_group_id: input.logicComputeGroupId,
      quota_id: spec.id,
      resource_spec_price: {
        cpu_count: spec.cpuCount,
        gpu_type: spec.gpuType,
        gpu_count: spec.gpuCount,
        memory_size_gib: spec.memoryGi,
        logic_compute_group_id: input.logicComputeGroupId,
        quota_id: spec.id,
      },
      cpu_count: spec.cpuCount,
      gpu_count: spec.gpuCount,
      memory_size: spec.memoryGi,
      shared_memory_size: input.sharedMemoryGi ?? 0,
      mirror_id: registered.imageId,
      mirror_url: registered.address,
      task_priority: priority.priority,
      auto_stop: input.autoStop ?? false,
      allow_ssh: input.allowSsh ?? false,
      runtime: "standard",
      ...(input.command !== undefined && input.command !== "" ? { command: input.command } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.datasets !== undefined && input.datasets.length > 0
        ? {
            dataset_info: input.datasets.map((d) => ({
              dataset_id: d.datasetId,
              version_id: d.versionId,
              ...(d.path !== undefined ? { path: d.path } : {}),
            })),
          }
        : {}),
    }
    return { name, body, warnings: [...image.warnings, ...priority.warnings] }
  })

/**
 * Whether a listed notebook shows every field of the create `body` that it shows at all, and belongs to the
 * account (`userId`): another user of the workspace may have a notebook of the same name and fields.
 */
const notebookVerdict = (n: Notebook, body: Record<string, unknown>, userId: string): Verdict =>
  fieldsVerdict(
    { ...body, command: body.command ?? "", user_id: userId },
    {
      user_id: n.userId,
      mirror_url: n.image.address,
      logic_compute_group_id: n.logicComputeGroupId,
      project_id: n.projectId,
      cpu_count: n.cpuCount,
      gpu_count: n.gpuCount,
      memory_size: n.memoryGi,
      shared_memory_size: n.sharedMemoryGi,
      command: n.command,
    },
  )

/** The request `createNotebook` sends first, as a dry run's plan lists it. */
export const plannedNotebookCreate = (body: unknown): PlannedRequest => plannedV2("notebook", "CreateNotebook", body)

/** Creates a notebook: V2 `notebook.CreateNotebook`, or V1 `notebook/create` when V2 was not sent; never twice. */
export const createNotebook = (
  input: CreateNotebookInput,
): Effect.Effect<CreatedNotebookResult, InspireError, Platform | ActiveProfile | Store> =>
  Effect.gen(function* () {
    const { name, body, warnings } = yield* prepareNotebook(input)
    const userId = (yield* currentUser()).id
    const platform = yield* Platform
    const create = platform.v2("notebook", "CreateNotebook", body, { idempotent: false, write: true }).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) =>
        e.sent
          ? Effect.fail(e)
          : platform.v1("POST", "notebook/create", body, { idempotent: false, write: true, referer: REFERER }),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("notebook-api-create-console") })),
      ),
      // An answer without a readable id leaves the outcome unknown: settled by a look-up, never a success.
      Effect.flatMap((data) =>
        Effect.mapError(decode(CreatedNotebook, data, "notebook.CreateNotebook"), (e) =>
          amendError(e, { ambiguous: true }),
        ),
      ),
    )
    const provide = Effect.provideService(Platform, platform)
    const same = listNotebooks({ workspaceId: input.workspaceId, keyword: name }).pipe(
      Effect.map((l) => l.notebooks),
      provide,
    )
    // The notebook's `description` is sent but not shown (§4.9.2): no marker, so every field shown.
    const created = yield* createMatching({
      scope: `notebook:${input.workspaceId}`,
      name,
      create,
      list: same,
      detail: (id) => provide(getNotebook(id)),
      verdict: (n) => notebookVerdict(n, body, userId),
      clock: platform.clock,
      what: msg("notebook-api-what"),
      listHint: callWord("notebook", { action: "list" }),
    })
    return {
      notebookId: created.value,
      recovered: created.recovered,
      attempts: created.attempts,
      consoleUrl: notebookConsoleUrl(platform.baseUrl, created.value, input.workspaceId),
      warnings,
    }
  })
