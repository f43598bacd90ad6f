import { z } from "zod"
import { splitTextMarker } from "../../platform/recover.js"
import { EpochMs, Id, OptionalNumber, Text } from "../support.js"

/** A model's status code: 1 uploading, 2 ready, 3 error (INSPIRE-API.md §5.1); anything else is kept. */
export type ModelStatus = "uploading" | "ready" | "error" | "unknown"

const MODEL_STATUSES: Readonly<Record<string, ModelStatus>> = { "1": "uploading", "2": "ready", "3": "error" }

/** A model of the model registry (V1 only). */
export interface Model {
  readonly id: string
  readonly name: string
  readonly version: number | undefined
  /** The description as the user wrote it: the create's marker is taken off (into `submitId`). */
  readonly description: string
  /** The marker of the create that made the model ("" for one made elsewhere). */
  readonly submitId: string
  readonly modelType: ReadonlyArray<string>
  readonly status: ModelStatus
  readonly rawStatus: string
  readonly vllmCompatible: boolean
  readonly projectId: string
  readonly projectName: string
  readonly workspaceId: string
  readonly modelPath: string
  readonly sourcePath: string
  readonly tags: ReadonlyArray<string>
  readonly owner: string
  readonly createdAt: number | undefined
  readonly latestVersion: number | undefined
}

const Strings = z
  .union([z.array(z.string()), z.string(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? [] : typeof v === "string" ? (v === "" ? [] : [v]) : v))

const ModelFields = z
  .object({
    model_id: Id.optional(),
    id: Id.optional(),
    name: Text,
    version: OptionalNumber,
    description: Text,
    model_type: Strings,
    status: Text,
    is_vllm_compatible: z.boolean().optional(),
    project_id: Text,
    workspace_id: Text,
    model_path: Text,
    model_source_path: Text,
    tags: Strings,
    user_name: Text,
    created_at: EpochMs,
  })
  .loose()

type ModelFields = z.output<typeof ModelFields>

const toModel = (m: ModelFields, extra: { projectName: string; latest: number | undefined; owner: string }): Model => ({
  id: m.model_id ?? m.id ?? "",
  name: m.name,
  version: m.version,
  description: splitTextMarker(m.description).text,
  submitId: splitTextMarker(m.description).submitId,
  modelType: m.model_type,
  status: MODEL_STATUSES[m.status] ?? "unknown",
  rawStatus: m.status,
  vllmCompatible: m.is_vllm_compatible ?? false,
  projectId: m.project_id,
  projectName: extra.projectName,
  workspaceId: m.workspace_id,
  modelPath: m.model_path,
  sourcePath: m.model_source_path,
  tags: m.tags,
  owner: m.user_name || extra.owner,
  createdAt: m.created_at,
  latestVersion: extra.latest ?? m.version,
})

const hasId = (m: ModelFields) => (m.model_id ?? m.id) !== undefined

/** A row of `model/list` (`{model{…}, latest_version|next_version, project_name}`) or a flat model. */
export const RawModelRow = z.lazy(() =>
  ModelFields.extend({
    model: ModelFields.optional(),
    latest_version: OptionalNumber,
    next_version: OptionalNumber,
    project_name: Text,
  })
    .refine((r) => (r.model !== undefined && hasId(r.model)) || hasId(r), { message: "a model needs model_id or id" })
    .transform((r) => {
      const fields = r.model !== undefined && hasId(r.model) ? r.model : r
      const latest = r.latest_version ?? (r.next_version !== undefined ? r.next_version - 1 : undefined)
      return toModel(
        { ...fields, project_id: fields.project_id || r.project_id },
        { projectName: r.project_name, latest, owner: r.user_name },
      )
    }),
)

/** A page of `model/list` (`data.list`). */
export const ModelPage = z.lazy(() =>
  z
    .object({
      list: z.array(RawModelRow).optional(),
      items: z.array(RawModelRow).optional(),
      total: z.union([z.number(), z.string()]).optional(),
    })
    .loose()
    .transform((p) => ({ items: p.list ?? p.items ?? [], total: p.total })),
)

/** One version of a model. */
export interface ModelVersion {
  readonly version: number | undefined
  readonly sizeGb: number | undefined
  readonly modelPath: string
  readonly createdAt: number | undefined
  readonly vllmCompatible: boolean
}

/** The answer of `GET model/{id}/versions`. */
export const ModelVersions = z.lazy(() =>
  z
    .object({
      list: z
        .array(
          z
            .object({
              version: OptionalNumber,
              model_version: OptionalNumber,
              size: OptionalNumber,
              model_size_gb: OptionalNumber,
              model_path: Text,
              created_at: EpochMs,
              is_vllm_compatible: z.boolean().optional(),
            })
            .loose()
            .transform(
              (v): ModelVersion => ({
                version: v.version ?? v.model_version,
                sizeGb: v.size ?? v.model_size_gb,
                modelPath: v.model_path,
                createdAt: v.created_at,
                vllmCompatible: v.is_vllm_compatible ?? false,
              }),
            ),
        )
        .optional(),
      next_version: OptionalNumber,
    })
    .loose()
    .transform((v) => ({ versions: v.list ?? [], nextVersion: v.next_version })),
)

/** The id a create returns (`model_id|id`). */
export const CreatedModel = z.lazy(() =>
  z
    .object({ model_id: Id.optional(), id: Id.optional() })
    .loose()
    .refine((r) => (r.model_id ?? r.id) !== undefined, { message: "the answer has no model_id" })
    .transform((r) => r.model_id ?? r.id ?? ""),
)
