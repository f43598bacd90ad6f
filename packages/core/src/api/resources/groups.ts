import { z } from "zod"
import { Effect } from "../../effect.js"
import { type InspireError, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { decode, readHint } from "../support.js"
import { spacesOverview, workspaceDimension } from "./dimension.js"

/** A logic compute group (`lcg-…`, the id every API wants) as the workspace describes it. */
export interface ComputeGroupInfo {
  readonly id: string
  readonly name: string
  /** The physical group (`cg-…`) it belongs to; no API takes it where a group is asked for. */
  readonly computeGroupId?: string
  readonly workspaceId: string
  /** The resource token, e.g. `NVIDIA_H200_SXM_141G` or `CPU`. */
  readonly gpuType: string
  /** The name people read, e.g. `NVIDIA H200 (141GB)`. */
  readonly gpuDisplay: string
  readonly brand?: string
}

/** GPUs of a group's schedulable nodes (§3.7); `free = total − used`. */
export interface GpuAvailability {
  readonly total: number
  readonly used: number
  readonly free: number
  readonly schedulableNodes: number
  /** Cordoned, under maintenance, not Ready, or in the fault pool: never given work. */
  readonly unschedulableNodes: number
}

/** A compute group with its GPUs; `gpus` is undefined when no node listing could be read. */
export interface ComputeGroup extends ComputeGroupInfo {
  readonly gpus: GpuAvailability | undefined
}

const text = z.string().nullish()

const GpuInfo = z.object({ gpu_type: text, gpu_type_display: text, gpu_product_simple: text, brand_name: text }).loose()

const BasicInfo = z.lazy(() =>
  z
    .object({
      compute_groups: z
        .array(
          z
            .object({
              compute_group_id: text,
              logic_compute_groups: z
                .array(
                  z
                    .object({
                      logic_compute_group_id: z.string(),
                      logic_compute_group_name: text,
                      name: text,
                      brand: text,
                      resource_types: z.array(z.string()).nullish(),
                    })
                    .loose(),
                )
                .nullish(),
            })
            .loose(),
        )
        .nullish(),
      resource_types: z.array(z.object({ resource_type: z.string(), gpu_info: GpuInfo.nullish() }).loose()).nullish(),
    })
    .loose(),
)

const toGroups = (info: z.output<typeof BasicInfo>, workspaceId: string): ReadonlyArray<ComputeGroupInfo> => {
  const display = new Map((info.resource_types ?? []).map((r) => [r.resource_type, r.gpu_info ?? undefined]))
  return (info.compute_groups ?? []).flatMap((cg) =>
    (cg.logic_compute_groups ?? []).map((lcg) => {
      const gpuType = lcg.resource_types?.[0] ?? ""
      const gpu = display.get(gpuType)
      const brand = lcg.brand ?? gpu?.brand_name ?? undefined
      return {
        id: lcg.logic_compute_group_id,
        name: lcg.logic_compute_group_name ?? lcg.name ?? lcg.logic_compute_group_id,
        ...(cg.compute_group_id ? { computeGroupId: cg.compute_group_id } : {}),
        workspaceId,
        gpuType,
        gpuDisplay: gpu?.gpu_type_display ?? gpu?.gpu_product_simple ?? gpuType,
        ...(brand ? { brand } : {}),
      }
    }),
  )
}

/** The workspace's logic compute groups: V2 `workspace.GetBasicInfo` (★), else V1 `cluster_metric/cluster_basic_info`. */
export const computeGroupInfo = (
  workspaceId: string,
): Effect.Effect<ReadonlyArray<ComputeGroupInfo>, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const body = { workspace_id: workspaceId }
    const v1 = platform
      .v1("POST", "cluster_metric/cluster_basic_info", body, {
        idempotent: true,
        referer: spacesOverview(workspaceId),
      })
      .pipe(Effect.flatMap((d) => decode(BasicInfo, d, "api/v1/cluster_metric/cluster_basic_info")))
    const info = yield* platform.v2("workspace", "GetBasicInfo", body, { idempotent: true }).pipe(
      Effect.flatMap((d) => decode(BasicInfo, d, "api/v2/workspace.GetBasicInfo")),
      Effect.catchTag("SurfaceUnavailable", () => v1),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { what: msg("api-list-groups"), hint: readHint() })),
      ),
    )
    return toGroups(info, workspaceId)
  })

// A node's GPUs, CPU cores or memory (GiB, as the emulator writes it; §4.4.1 does not record the unit).
const Amount = z.object({ total: z.coerce.number().nullish(), used: z.coerce.number().nullish() }).loose().nullish()

const NodeDimension = z.lazy(() =>
  z
    .object({
      name: text,
      node_id: text,
      status: text,
      cordon_type: text,
      is_maint: z.boolean().nullish(),
      resource_pool: text,
      gpu: Amount,
      cpu: Amount,
      memory: Amount,
      logic_compute_group: z.object({ id: text }).loose().nullish(),
      logic_compute_group_id: text,
      tasks_associated: z.array(z.object({ priority: z.union([z.number(), z.string()]).nullish() }).loose()).nullish(),
      task_list: z.array(z.unknown()).nullish(),
    })
    .loose(),
)

const NodePage = z.lazy(() =>
  z
    .object({ node_dimensions: z.array(NodeDimension).nullish(), total: z.union([z.number(), z.string()]).nullish() })
    .loose()
    .transform((p) => ({ items: p.node_dimensions ?? [], total: p.total ?? undefined })),
)

/** A node as the node dimension lists it (§4.4.1). */
export type NodeDimension = z.output<typeof NodeDimension>

type Node = NodeDimension

/** Whether the scheduler gives a node work (§3.7): Ready, not cordoned, not in maintenance, not in the fault pool. */
const isSchedulable = (n: Node): boolean =>
  (n.status ?? "").toLowerCase() === "ready" && !n.cordon_type && n.is_maint !== true && n.resource_pool !== "fault"

const NODE_PAGE_SIZE = 500

/** A workspace's nodes: V2 `workspace.ListNodeDimension` (★), else V1 `cluster_metric/list_node_dimension`. */
export const nodeDimensions = (workspaceId: string): Effect.Effect<ReadonlyArray<Node>, InspireError, Platform> =>
  workspaceDimension(workspaceId, {
    action: "ListNodeDimension",
    v1: "list_node_dimension",
    page: NodePage,
    pageSize: NODE_PAGE_SIZE,
    what: msg("api-read-gpu-use"),
  })

/** The group a listed node belongs to, if it says. */
export const groupOfNode = (n: Node): string | undefined =>
  n.logic_compute_group?.id ?? n.logic_compute_group_id ?? undefined

/** GPUs per group from the node listing (see nodeDimensions). */
export const gpuAvailability = (
  workspaceId: string,
): Effect.Effect<ReadonlyMap<string, GpuAvailability>, InspireError, Platform> =>
  Effect.map(nodeDimensions(workspaceId), summarize)

const summarize = (nodes: ReadonlyArray<Node>): ReadonlyMap<string, GpuAvailability> => {
  const out = new Map<string, { total: number; used: number; schedulableNodes: number; unschedulableNodes: number }>()
  for (const n of nodes) {
    const group = groupOfNode(n)
    if (!group) continue
    const sum = out.get(group) ?? { total: 0, used: 0, schedulableNodes: 0, unschedulableNodes: 0 }
    if (isSchedulable(n)) {
      sum.total += n.gpu?.total ?? 0
      sum.used += n.gpu?.used ?? 0
      sum.schedulableNodes += 1
    } else sum.unschedulableNodes += 1
    out.set(group, sum)
  }
  return new Map([...out].map(([id, s]) => [id, { ...s, free: Math.max(0, s.total - s.used) }]))
}

const NO_NODES: GpuAvailability = { total: 0, used: 0, free: 0, schedulableNodes: 0, unschedulableNodes: 0 }

/** Joins groups with their GPU counts; a group with no node listed has none. */
export const withGpus = (
  groups: ReadonlyArray<ComputeGroupInfo>,
  gpus: ReadonlyMap<string, GpuAvailability> | undefined,
): ReadonlyArray<ComputeGroup> =>
  groups.map((g) => ({ ...g, gpus: gpus === undefined ? undefined : (gpus.get(g.id) ?? NO_NODES) }))

/** The logic compute groups of a workspace with free and total GPUs of their schedulable nodes. */
export const listComputeGroups = (
  workspaceId: string,
): Effect.Effect<ReadonlyArray<ComputeGroup>, InspireError, Platform> =>
  Effect.map(
    Effect.all([computeGroupInfo(workspaceId), gpuAvailability(workspaceId)], { concurrency: 2 }),
    ([groups, gpus]) => withGpus(groups, gpus),
  )
