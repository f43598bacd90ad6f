import { z } from "zod"
import { type NormalizedStatus, normalizeStatus } from "../../domain/status.js"
import type { JobDataset } from "../jobs/schema.js"
import { CreatedId, EpochMs, Id, OptionalNumber, Text } from "../support.js"

/** A notebook (交互式建模 / dev machine), normalised from any surface's shape (INSPIRE-API.md §4.9.2). */
export interface Notebook {
  readonly id: string
  readonly name: string
  readonly status: NormalizedStatus
  readonly subStatus: string
  readonly createdAt: number | undefined
  readonly liveTimeSeconds: number | undefined
  readonly workspaceId: string
  readonly workspaceName: string
  readonly projectId: string
  readonly projectName: string
  readonly creator: string
  readonly userId: string
  readonly logicComputeGroupId: string
  readonly logicComputeGroupName: string
  readonly gpuCount: number | undefined
  readonly gpuType: string
  readonly cpuCount: number | undefined
  readonly memoryGi: number | undefined
  readonly sharedMemoryGi: number | undefined
  readonly image: { readonly name: string; readonly version: string; readonly address: string }
  readonly command: string
  readonly allowSsh: boolean
  readonly ssh: { readonly node: string; readonly hostIp: string; readonly domain: string; readonly port: number }
  readonly accessUrl: string
  /** The dataset versions it mounts (`dataset_info`, as a job's), with where when the platform said. */
  readonly datasets: ReadonlyArray<JobDataset>
}

const Named = z.lazy(() => z.object({ id: Text, name: Text }).partial().loose())

const Quota = z.lazy(() =>
  z
    .object({ gpu_count: OptionalNumber, cpu_count: OptionalNumber, memory_size: OptionalNumber, gpu_type: Text })
    .partial()
    .loose(),
)

const StartConfig = z.lazy(() =>
  z
    .object({
      command: Text,
      quota: Quota,
      shared_memory_size: OptionalNumber,
      logic_compute_group_id: Text,
      allow_ssh: z.boolean(),
    })
    .partial()
    .loose(),
)

const ImageField = z.lazy(() =>
  z.union([
    z.string().transform((address) => ({ name: "", version: "", address })),
    z.object({ name: Text, version: Text, address: Text }).partial().loose(),
    z.null().transform(() => ({ name: "", version: "", address: "" })),
  ]),
)

const ExtraInfo = z.lazy(() =>
  z.object({ NodeName: Text, HostIP: Text, SshDomain: Text, SshPort: OptionalNumber }).partial().loose(),
)

/** The notebook object as any surface sends it. */
export const RawNotebook = z.lazy(() =>
  z
    .object({
      notebook_id: Id.optional(),
      id: Id.optional(),
      name: Text,
      status: z.union([z.string(), z.number(), z.null()]).optional(),
      sub_status: Text,
      created_at: EpochMs,
      live_time: OptionalNumber,
      creator: z.union([Named, z.string(), z.null()]).optional(),
      user_id: Text,
      owner_id: Text,
      creator_id: Text,
      created_by: z.union([Named, z.string(), z.null()]).optional(),
      project: Named.optional(),
      project_name: Text,
      workspace: Named.optional(),
      workspace_id: Text,
      quota: Quota.optional(),
      resource_spec: z.object({ gpu_type: Text }).partial().loose().optional(),
      logic_compute_group: Named.optional(),
      start_config: StartConfig.optional(),
      image: ImageField.optional(),
      extra_info: z.union([ExtraInfo, z.null()]).optional(),
      access_url: Text,
      dataset_info: z
        .array(z.object({ dataset_id: Text, version_id: Text, path: Text }).loose())
        .nullish()
        .catch(undefined),
    })
    .loose()
    .refine((n) => (n.notebook_id ?? n.id) !== undefined, { message: "a notebook needs notebook_id or id" })
    .transform((n): Notebook => {
      const quota = n.quota ?? n.start_config?.quota ?? {}
      const creator = typeof n.creator === "string" ? n.creator : (n.creator?.name ?? "")
      const createdBy = typeof n.created_by === "string" ? n.created_by : (n.created_by?.id ?? "")
      const extra = n.extra_info ?? {}
      return {
        id: n.notebook_id ?? n.id ?? "",
        name: n.name,
        status: normalizeStatus(n.status, "notebook"),
        subStatus: n.sub_status,
        createdAt: n.created_at,
        liveTimeSeconds: n.live_time,
        workspaceId: n.workspace?.id || n.workspace_id,
        workspaceName: n.workspace?.name ?? "",
        projectId: n.project?.id ?? "",
        projectName: n.project?.name || n.project_name,
        creator,
        userId: n.user_id || n.owner_id || n.creator_id || createdBy,
        logicComputeGroupId: n.start_config?.logic_compute_group_id || n.logic_compute_group?.id || "",
        logicComputeGroupName: n.logic_compute_group?.name ?? "",
        gpuCount: quota.gpu_count,
        gpuType: quota.gpu_type || n.resource_spec?.gpu_type || "",
        cpuCount: quota.cpu_count,
        memoryGi: quota.memory_size,
        sharedMemoryGi: n.start_config?.shared_memory_size,
        image: { name: n.image?.name ?? "", version: n.image?.version ?? "", address: n.image?.address ?? "" },
        command: n.start_config?.command ?? "",
        allowSsh: n.start_config?.allow_ssh ?? false,
        ssh: {
          node: extra.NodeName ?? "",
          hostIp: extra.HostIP ?? "",
          domain: extra.SshDomain ?? "",
          port: extra.SshPort ?? 0,
        },
        accessUrl: n.access_url,
        datasets: (n.dataset_info ?? [])
          .filter((d) => d.dataset_id !== "")
          .map((d) => ({
            datasetId: d.dataset_id,
            versionId: d.version_id,
            ...(d.path !== "" ? { path: d.path } : {}),
          })),
      }
    }),
)

/** A page of notebooks (`list|items|notebooks`, `total` possibly a string). */
export const NotebookPage = z.lazy(() =>
  z
    .object({
      list: z.array(RawNotebook).optional(),
      items: z.array(RawNotebook).optional(),
      notebooks: z.array(RawNotebook).optional(),
      total: z.union([z.number(), z.string()]).optional(),
    })
    .loose()
    .transform((p) => ({ items: p.list ?? p.items ?? p.notebooks ?? [], total: p.total })),
)

/** The id a create returns (`notebook_id`, fallback `id`). */
export const CreatedNotebook = z.lazy(() =>
  z
    .object({ notebook_id: CreatedId.optional(), id: CreatedId.optional() })
    .loose()
    .refine((r) => (r.notebook_id ?? r.id) !== undefined, { message: "the create answer has no notebook_id" })
    .transform((r) => r.notebook_id ?? r.id ?? ""),
)

/** Where a running notebook is reached. */
export const AccessUrls = z.lazy(() =>
  z
    .object({ jupyter_url: Text, vscode_url: Text })
    .partial()
    .loose()
    .transform((u) => ({ jupyterUrl: u.jupyter_url ?? "", vscodeUrl: u.vscode_url ?? "" })),
)

/** The console page of a notebook (INSPIRE-API.md §4.19). */
export const notebookConsoleUrl = (baseUrl: string, notebookId: string, workspaceId: string): string =>
  new URL(
    `/develop/notebook/${encodeURIComponent(notebookId)}${workspaceId !== "" ? `?spaceId=${encodeURIComponent(workspaceId)}` : ""}`,
    baseUrl,
  ).toString()
