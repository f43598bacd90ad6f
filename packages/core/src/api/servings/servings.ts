import { taskKindOf } from "../../domain/ids.js"
import { checkJobImage } from "../../domain/images.js"
import { checkPriority } from "../../domain/priority.js"
import { validateName } from "../../domain/resources.js"
import type { Spec } from "../../domain/specs.js"
import type { RegistryId } from "../../domain/workspaces.js"
import { Effect, Either } from "../../effect.js"
import { amendError, type InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { type PlannedRequest, planned } from "../../platform/dry-run.js"
import { collectPages } from "../../platform/paging.js"
import { createMatching, fieldsVerdict, type Verdict } from "../../platform/recover.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import type { Store } from "../../store/store.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { findImageByAddress } from "../images/platform.js"
import type { PlatformImage } from "../images/schema.js"
import { decode, WRITE } from "../support.js"
import { CreatedServing, RawServing, type Serving, ServingPage, servingConsoleUrl } from "./schema.js"

const REFERER = "/jobs/modelDeployment"

/** Servings of a workspace (V1 `inference_servings/list`, every page); `mine` keeps only the caller's. */
export const listServings = (input: {
  readonly workspaceId: string
  readonly mine?: boolean
}): Effect.Effect<{ readonly servings: ReadonlyArray<Serving>; readonly truncated: boolean }, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const all = yield* collectPages(
      (page, size) =>
        Effect.flatMap(
          platform.v1(
            "POST",
            "inference_servings/list",
            { page, page_size: size, filter_by: { my_serving: input.mine ?? false }, workspace_id: input.workspaceId },
            { idempotent: true, referer: REFERER },
          ),
          (data) => decode(ServingPage, data, "inference_servings/list"),
        ),
      { firstPage: 1, pageSize: 50 },
    ).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("inference-api-list-down") })),
      ),
    )
    return { servings: all.items, truncated: all.truncated }
  })

const servingIdOf = (raw: string): Either.Either<string, InspireError> =>
  Either.flatMap(taskKindOf(raw), (ref) =>
    ref.kind === "serving"
      ? Either.right(ref.id)
      : Either.left(
          invalidInput(
            msg("inference-api-not-serving-id", { raw }),
            msg("inference-id-hint", { call: callWord("inference", { action: "list" }) }),
          ),
        ),
  )

/** One serving: OA detail, falling back to V2 `GetServing`, then V1 `GET inference_servings/detail`. */
export const getServing = (id: string): Effect.Effect<Serving, InspireError, Platform> =>
  Effect.gen(function* () {
    const servingId = yield* servingIdOf(id)
    const platform = yield* Platform
    const body = { inference_serving_id: servingId }
    const data = yield* platform.openapi("inference_servings/detail", body, { idempotent: true }).pipe(
      Effect.catchTag("SurfaceUnavailable", () =>
        platform.v2("inference_serving", "GetServing", body, { idempotent: true }),
      ),
      Effect.catchTag("SurfaceUnavailable", () =>
        platform.v1(
          "GET",
          `inference_servings/detail?inference_serving_id=${encodeURIComponent(servingId)}`,
          undefined,
          {
            idempotent: true,
            referer: REFERER,
          },
        ),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("inference-api-detail-down") })),
      ),
    )
    return yield* decode(RawServing, data, "inference_servings/detail")
  })

/** Stops a serving with OA stop (V2 `StopServing` only when OA was not sent); a finished one is reported, not sent. */
export const stopServing = (
  id: string,
): Effect.Effect<
  { readonly serving: Serving; readonly sent: boolean; readonly message: Text },
  InspireError,
  Platform
> =>
  Effect.gen(function* () {
    const serving = yield* getServing(id)
    const label = serving.name || serving.id
    if (serving.status.terminal || serving.status.family === "stopping")
      return {
        serving,
        sent: false,
        message: msg("inference-api-already", { serving: label, status: serving.status.raw }),
      }
    const platform = yield* Platform
    const body = { inference_serving_id: serving.id }
    yield* platform.openapi("inference_servings/stop", body, WRITE).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) =>
        e.sent ? Effect.fail(e) : platform.v2("inference_serving", "StopServing", body, WRITE),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("inference-api-stop-console") })),
      ),
    )
    return { serving, sent: true, message: msg("inference-api-stopping", { serving: label }) }
  })

/** A serving to deploy; the spec must be a SERVING spec of the compute group. */
export interface CreateServingInput {
  readonly name: string
  readonly workspaceId: string
  readonly projectId: string
  readonly logicComputeGroupId: string
  readonly command: string
  /** The image's display address, or its entry from the image list. */
  readonly image: string | PlatformImage
  readonly modelId: string
  readonly modelVersion: number
  readonly port: number
  readonly replicas: number
  readonly nodesPerReplica: number
  readonly priority: number
  readonly priorityCap?: number
  readonly spec: Spec
  readonly customDomain?: string
  readonly registry?: RegistryId
}

/**
 * Checks a serving to create (name, registered image, priority) with reads only and builds the exact
 * body `inference_servings/create` takes: what a dry run shows.
 */
export const prepareServing = (
  input: CreateServingInput,
): Effect.Effect<
  { readonly name: string; readonly body: Record<string, unknown>; readonly warnings: ReadonlyArray<Text> },
  InspireError,
  Platform | ActiveProfile
> =>
  Effect.gen(function* () {
    const name = yield* validateName(input.name, "serving name")
    if (input.command.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("inference-api-needs-command"), msg("inference-api-needs-command-fix")),
      )
    const image = yield* checkJobImage(typeof input.image === "string" ? input.image : input.image.address, {
      registries: registryTable(yield* ActiveProfile),
      ...(input.registry !== undefined ? { workspaceRegistry: input.registry } : {}),
    })
    const priority = yield* checkPriority(input.priority, {
      ...(input.priorityCap !== undefined ? { cap: input.priorityCap } : {}),
      allowedLevels: input.spec.allowedPriorityLevels,
    })
    // image_type must match where the image lives (§6 rule 3), so it comes from the image list.
    const registered =
      typeof input.image === "string" ? yield* findImageByAddress(image.address, input.workspaceId) : input.image
    if (registered === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("inference-api-image-unregistered", { image: image.address }),
          msg("inference-api-image-unregistered-fix", { call: callWord("images") }),
        ),
      )
    const body = {
      name,
      workspace_id: input.workspaceId,
      project_id: input.projectId,
      logic_compute_group_id: input.logicComputeGroupId,
      command: input.command,
      image: registered.address,
      image_type: registered.source,
      model_id: input.modelId,
      model_version: input.modelVersion,
      port: input.port,
      replicas: input.replicas,
      node_num_per_replica: input.nodesPerReplica,
      task_priority: priority.priority,
      spec_id: input.spec.id,
      ...(input.customDomain !== undefined && input.customDomain !== "" ? { custom_domain: input.customDomain } : {}),
    }
    return { name, body, warnings: [...image.warnings, ...priority.warnings] }
  })

/** Whether a listed serving shows every field of the create `body` that it shows at all. */
const servingVerdict = (s: Serving, body: Record<string, unknown>): Verdict =>
  fieldsVerdict(body, {
    image: s.image,
    command: s.command,
    model_id: s.modelId,
    model_version: s.modelVersion,
    port: s.port,
    replicas: s.replicas,
    node_num_per_replica: s.nodesPerReplica,
    spec_id: s.specId,
    logic_compute_group_id: s.logicComputeGroupId,
    project_id: s.projectId,
    custom_domain: s.customDomain,
  })

/** The request `createServing` sends first, as a dry run's plan lists it. */
export const plannedServingCreate = (body: unknown): PlannedRequest =>
  planned("POST", "openapi/v1/inference_servings/create", body)

/** Deploys a serving with OA create (V2 `CreateServing` when OA was not sent), never twice. */
export const createServing = (
  input: CreateServingInput,
): Effect.Effect<
  {
    readonly servingId: string
    readonly recovered: boolean
    readonly attempts: number
    readonly consoleUrl: string
    readonly warnings: ReadonlyArray<Text>
  },
  InspireError,
  Platform | ActiveProfile | Store
> =>
  Effect.gen(function* () {
    const { name, body, warnings } = yield* prepareServing(input)
    const platform = yield* Platform
    const create = platform.openapi("inference_servings/create", body, { idempotent: false, write: true }).pipe(
      Effect.catchTag("SurfaceUnavailable", (e) =>
        e.sent
          ? Effect.fail(e)
          : platform.v2("inference_serving", "CreateServing", body, { idempotent: false, write: true }),
      ),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { hint: msg("inference-api-deploy-console") })),
      ),
      // An answer without a readable id leaves the outcome unknown: settled by a look-up, never a success.
      Effect.flatMap((data) =>
        Effect.mapError(decode(CreatedServing, data, "inference_servings/create"), (e) =>
          amendError(e, { ambiguous: true }),
        ),
      ),
    )
    const provide = Effect.provideService(Platform, platform)
    const mine = provide(Effect.map(listServings({ workspaceId: input.workspaceId, mine: true }), (l) => l.servings))
    // A serving keeps no free text but its command, which it runs: no marker, so every field shown.
    const created = yield* createMatching({
      scope: `serving:${input.workspaceId}`,
      name,
      create,
      list: mine,
      detail: (id) => provide(getServing(id)),
      verdict: (s) => servingVerdict(s, body),
      clock: platform.clock,
      what: msg("inference-api-what"),
      listHint: callWord("inference"),
    })
    return {
      servingId: created.value,
      recovered: created.recovered,
      attempts: created.attempts,
      consoleUrl: servingConsoleUrl(platform.baseUrl, input.workspaceId),
      warnings,
    }
  })
