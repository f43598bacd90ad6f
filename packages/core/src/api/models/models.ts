import { validateName } from "../../domain/resources.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { createOnce } from "../../platform/create-once.js"
import { type PlannedRequest, planned } from "../../platform/dry-run.js"
import { collectPages } from "../../platform/paging.js"
import { newSubmitId, withTextMarker } from "../../platform/recover.js"
import { msg } from "../../words/message.js"
import { callWord } from "../../words/text.js"
import { decode } from "../support.js"
import { CreatedModel, type Model, ModelPage, type ModelVersion, ModelVersions, RawModelRow } from "./schema.js"

// Models exist only on V1 (the V2 `model` service answers 404), so there is nothing to fall back to.
const REFERER = "/jobs/modelDeployment"

const v1 = (method: "GET" | "POST", path: string, body: unknown, idempotent: boolean) =>
  Effect.flatMap(Platform, (p) =>
    p
      // Everything but the lists and details changes the registry: never sent on a dry run.
      .v1(method, path, body, { idempotent, referer: REFERER, write: /\/(create|delete)$/.test(path) })
      .pipe(
        Effect.catchTag("SurfaceUnavailable", (e) => Effect.fail(surfaceError(e, { hint: msg("models-api-down") }))),
      ),
  )

/** Every model of a workspace (V1 `model/list`, all pages). */
export const listModels = (input: {
  readonly workspaceId: string
}): Effect.Effect<{ readonly models: ReadonlyArray<Model>; readonly truncated: boolean }, InspireError, Platform> =>
  Effect.gen(function* () {
    if (input.workspaceId.trim() === "")
      return yield* Effect.fail(
        invalidInput(msg("models-api-no-workspace"), msg("models-api-no-workspace-fix", { call: callWord("status") })),
      )
    const all = yield* collectPages(
      (page, size) =>
        Effect.flatMap(
          v1("POST", "model/list", { workspace_id: input.workspaceId, page, page_size: size, filter_by: {} }, true),
          (data) => decode(ModelPage, data, "model/list"),
        ),
      { firstPage: 1, pageSize: 100 },
    )
    return { models: all.items, truncated: all.truncated }
  })

/** A model with its versions. */
export interface ModelDetail extends Model {
  readonly versions: ReadonlyArray<ModelVersion>
  readonly nextVersion: number | undefined
}

/** One model (V1 `model/detail`) with its versions (V1 `GET model/{id}/versions`). */
export const getModel = (id: string): Effect.Effect<ModelDetail, InspireError, Platform> =>
  Effect.gen(function* () {
    const modelId = id.trim()
    if (modelId === "")
      return yield* Effect.fail(
        invalidInput(msg("models-api-no-id"), msg("models-api-no-id-fix", { call: callWord("models") })),
      )
    const model = yield* Effect.flatMap(v1("POST", "model/detail", { model_id: modelId }, true), (data) =>
      decode(RawModelRow, data, "model/detail"),
    )
    const versions = yield* Effect.flatMap(
      v1("GET", `model/${encodeURIComponent(modelId)}/versions`, undefined, true),
      (data) => decode(ModelVersions, data, "model/{id}/versions"),
    )
    const latest = versions.versions.reduce<number | undefined>(
      (max, v) => (v.version !== undefined && (max === undefined || v.version > max) ? v.version : max),
      model.latestVersion,
    )
    return { ...model, latestVersion: latest, versions: versions.versions, nextVersion: versions.nextVersion }
  })

/** A model to create in the registry. */
export interface CreateModelInput {
  readonly workspaceId: string
  readonly projectId: string
  readonly name: string
  readonly modelSourcePath?: string
  readonly modelType?: ReadonlyArray<string>
  readonly description?: string
  readonly tags?: ReadonlyArray<string>
}

/** Checks a model to create and builds the exact `model/create` body: what a dry run shows. */
export const prepareModel = (
  input: CreateModelInput,
): Effect.Effect<{ readonly name: string; readonly body: Record<string, unknown> }, InspireError> =>
  Effect.map(validateName(input.name, "model name"), (name) => ({
    name,
    body: {
      workspace_id: input.workspaceId,
      project_id: input.projectId,
      name,
      ...(input.modelSourcePath !== undefined && input.modelSourcePath !== ""
        ? { model_source_path: input.modelSourcePath }
        : {}),
      model_type: [...(input.modelType ?? [])],
      description: input.description ?? "",
      tags: [...(input.tags ?? [])],
    },
  }))

/** The requests a model create and delete send, as a dry run's plan lists them. */
export const plannedModelCreate = (body: unknown): PlannedRequest => planned("POST", "api/v1/model/create", body)
export const plannedModelDelete = (id: string): PlannedRequest =>
  planned("POST", "api/v1/model/delete", { model_id: id })

/**
 * Creates a model (V1 `model/create`), never twice: its description ends with the create's marker
 * (` [inspire:<id>]`), and after a lost answer only the model carrying it is taken for its own.
 */
export const createModel = (
  input: CreateModelInput,
): Effect.Effect<
  { readonly modelId: string; readonly recovered: boolean; readonly attempts: number },
  InspireError,
  Platform
> =>
  Effect.gen(function* () {
    const prepared = yield* prepareModel(input)
    const name = prepared.name
    // The model's description is returned by model/list and model/detail (§4.11): it carries the marker.
    const submitId = yield* newSubmitId()
    const body = { ...prepared.body, description: withTextMarker(input.description ?? "", submitId) }
    const platform = yield* Platform
    const create = Effect.flatMap(v1("POST", "model/create", body, false), (data) =>
      decode(CreatedModel, data, "model/create"),
    ).pipe(Effect.provideService(Platform, platform))
    const find = () =>
      Effect.map(
        listModels({ workspaceId: input.workspaceId }),
        (list) => list.models.find((m) => m.name === name && m.submitId === submitId)?.id,
      ).pipe(Effect.provideService(Platform, platform))
    const created = yield* createOnce({
      create,
      find,
      now: platform.clock.now,
      what: msg("models-api-what"),
      listHint: callWord("models", { action: "list" }),
    })
    return { modelId: created.value, recovered: created.recovered, attempts: created.attempts }
  })

/** Deletes a model (V1 `model/delete`). */
export const deleteModel = (id: string): Effect.Effect<void, InspireError, Platform> =>
  Effect.gen(function* () {
    const modelId = id.trim()
    if (modelId === "")
      return yield* Effect.fail(
        invalidInput(msg("models-api-no-id"), msg("models-api-no-id-fix", { call: callWord("models") })),
      )
    yield* v1("POST", "model/delete", { model_id: modelId }, true)
  })
