import { z } from "zod"
import { type NormalizedStatus, normalizeStatus } from "../../domain/status.js"
import { CreatedId, EpochMs, Id, OptionalNumber, Text } from "../support.js"

/** An inference serving (模型部署), normalised from the detail or list shape (INSPIRE-API.md §4.8). */
export interface Serving {
  readonly id: string
  readonly name: string
  readonly status: NormalizedStatus
  readonly image: string
  readonly command: string
  readonly replicas: number | undefined
  readonly nodesPerReplica: number | undefined
  readonly modelId: string
  readonly modelVersion: number | undefined
  readonly port: number | undefined
  readonly priority: string
  readonly specId: string
  readonly customDomain: string
  readonly accessUrl: string
  readonly logicComputeGroupId: string
  readonly logicComputeGroupName: string
  readonly workspaceId: string
  readonly projectId: string
  readonly projectName: string
  readonly createdBy: string
  readonly createdAt: number | undefined
  readonly updatedAt: number | undefined
}

const Person = z.union([z.object({ name: Text, id: Text }).partial().loose(), z.string(), z.null()]).optional()

/** A serving as the OA/V2/V1 detail or the V1 list sends it. */
export const RawServing = z.lazy(() =>
  z
    .object({
      inference_serving_id: Id.optional(),
      id: Id.optional(),
      name: Text,
      status: z.union([z.string(), z.number(), z.null()]).optional(),
      phase: z.union([z.string(), z.number(), z.null()]).optional(),
      image: z
        .union([z.string(), z.object({ address: Text }).partial().loose(), z.null()])
        .optional()
        .transform((i) => (typeof i === "string" ? i : (i?.address ?? ""))),
      command: Text,
      replicas: OptionalNumber,
      node_num_per_replica: OptionalNumber,
      model_id: Text,
      model_version: OptionalNumber,
      port: OptionalNumber,
      task_priority: Text,
      priority_name: Text,
      spec_id: Text,
      quota_id: Text,
      custom_domain: Text,
      access_url: Text,
      logic_compute_group_id: Text,
      logic_compute_group_name: Text,
      workspace_id: Text,
      project_id: Text,
      project_name: Text,
      created_by: Person,
      created_at: EpochMs,
      updated_at: EpochMs,
    })
    .loose()
    .refine((s) => (s.inference_serving_id ?? s.id) !== undefined, { message: "a serving needs inference_serving_id" })
    .transform(
      (s): Serving => ({
        id: s.inference_serving_id ?? s.id ?? "",
        name: s.name,
        status: normalizeStatus(s.status ?? s.phase, "serving"),
        image: s.image,
        command: s.command,
        replicas: s.replicas,
        nodesPerReplica: s.node_num_per_replica,
        modelId: s.model_id,
        modelVersion: s.model_version,
        port: s.port,
        priority: s.priority_name || (s.task_priority === "0" ? "" : s.task_priority),
        specId: s.spec_id || s.quota_id,
        customDomain: s.custom_domain,
        accessUrl: s.access_url,
        logicComputeGroupId: s.logic_compute_group_id,
        logicComputeGroupName: s.logic_compute_group_name,
        workspaceId: s.workspace_id,
        projectId: s.project_id,
        projectName: s.project_name,
        createdBy: typeof s.created_by === "string" ? s.created_by : (s.created_by?.name ?? ""),
        createdAt: s.created_at,
        updatedAt: s.updated_at,
      }),
    ),
)

/** A page of V1 `inference_servings/list` (`inference_servings|list|items`). */
export const ServingPage = z.lazy(() =>
  z
    .object({
      inference_servings: z.array(RawServing).optional(),
      list: z.array(RawServing).optional(),
      items: z.array(RawServing).optional(),
      total: z.union([z.number(), z.string()]).optional(),
    })
    .loose()
    .transform((p) => ({ items: p.inference_servings ?? p.list ?? p.items ?? [], total: p.total })),
)

/** The id a create returns (`inference_serving_id`, fallback `id`). */
export const CreatedServing = z.lazy(() =>
  z
    .object({ inference_serving_id: CreatedId.optional(), id: CreatedId.optional() })
    .loose()
    .refine((r) => (r.inference_serving_id ?? r.id) !== undefined, {
      message: "the answer has no inference_serving_id",
    })
    .transform((r) => r.inference_serving_id ?? r.id ?? ""),
)

/** The console page of a workspace's servings (INSPIRE-API.md §4.19). */
export const servingConsoleUrl = (baseUrl: string, workspaceId: string): string =>
  new URL(`/deploy/inference?spaceId=${encodeURIComponent(workspaceId)}`, baseUrl).toString()
