import { z } from "zod"
import { type PriorityLevel, priorityFromStoredCode, priorityLevel } from "../../domain/priority.js"
import { type NormalizedStatus, normalizeStatus } from "../../domain/status.js"
import { EpochMs, Num, Text } from "../support.js"

/** The priority a job was submitted with, recovered from what the platform stores (§5.3). */
export interface JobPriority {
  readonly submitted: number | undefined
  readonly level: PriorityLevel | undefined
  /** The platform's internal code (`priority`), kept for reference. */
  readonly code: number | undefined
}

/** A spec's price and size as a job detail shows it (`instance_spec_price_info`). */
export interface JobSpecInfo {
  readonly quotaId: string
  readonly cpuCount: number | undefined
  readonly gpuCount: number | undefined
  readonly memoryGib: number | undefined
  readonly pricePerHour: number | undefined
  readonly gpuType: string
  readonly gpuDisplay: string
}

/** What every job kind shares once normalised. */
export interface JobCommon {
  readonly id: string
  readonly name: string
  readonly status: NormalizedStatus
  readonly subStatus: string
  readonly subMsg: string
  readonly createdAt: number | undefined
  readonly finishedAt: number | undefined
  readonly runningTimeMs: number | undefined
  readonly createdBy: { readonly id: string; readonly name: string } | undefined
  readonly workspaceId: string
  readonly workspaceName: string
  readonly projectId: string
  readonly projectName: string
  readonly groupId: string
  readonly groupName: string
  readonly priority: JobPriority
  readonly image: string
  readonly imageType: string
  readonly specId: string
  /** The console page of the job (§4.19). */
  readonly consoleUrl: string
}

const Creator = z
  .object({ id: Text, name: Text })
  .nullish()
  .transform((c) => (c === null || c === undefined || c.id === "" ? undefined : c))

const GpuInfo = z.object({ gpu_type: Text, gpu_type_display: Text, gpu_product_simple: Text }).nullish()

const PriceInfo = z
  .object({
    quota_id: Text,
    cpu_count: Num,
    gpu_count: Num,
    memory_size_gib: Num,
    memory_gb: Num,
    total_price_per_hour: Num,
    price: Num,
    gpu_info: GpuInfo,
  })
  .nullish()

/** The fields every job object shares (§4.5.3, §4.6). */
export const RawJobBase = z.object({
  job_id: Text,
  id: Text,
  name: Text,
  job_name: Text,
  status: z.union([z.string(), z.number(), z.null()]).optional(),
  sub_status: Text,
  sub_msg: Text,
  created_at: EpochMs,
  finished_at: EpochMs,
  running_time_ms: Num,
  created_by: Creator,
  workspace_id: Text,
  workspace_name: Text,
  project_id: Text,
  project_name: Text,
  logic_compute_group_id: Text,
  logic_compute_group_name: Text,
  priority: Num,
  priority_level: Text,
  priority_name: Text,
  task_priority: Num,
})
type RawJobBase = z.output<typeof RawJobBase>

const RawFramework = z.object({
  image: Text,
  image_type: Text,
  instance_count: Num,
  gpu_count: Num,
  cpu: Num,
  mem_gi: Num,
  shm_gi: Num,
  spec_id: Text,
  instance_spec_price_info: PriceInfo,
})

/** A training job as OA, V1 and V2 return it. */
export const RawTrainingJob = z.lazy(() =>
  RawJobBase.extend({
    command: Text,
    envs: z
      .array(z.object({ name: Text, value: Text }).passthrough())
      .nullish()
      .catch(undefined),
    node_count: Num,
    gpu_count: Num,
    framework: Text,
    running_round: Num,
    framework_config: z.array(RawFramework).nullish(),
    max_running_time_ms: Num,
    dataset_info: z
      .array(z.object({ dataset_id: Text, version_id: Text, path: Text }).passthrough())
      .nullish()
      .catch(undefined),
    auto_fault_tolerance: z.boolean().nullish().catch(undefined),
    fault_tolerance_max_retry: Num,
  }),
)

/** An HPC job as OA, V1 and V2 return it. */
export const RawHpcJob = z.lazy(() =>
  RawJobBase.extend({
    entrypoint: Text,
    command: Text,
    image: Text,
    image_type: Text,
    instance_count: Num,
    number_of_tasks: Num,
    cpus_per_task: Num,
    memory_per_cpu: Text,
    ttl_after_finish_seconds: Num,
    spec_id: Text,
    quota_id: Text,
    slurm_cluster_spec: z
      .object({ nodes: z.array(z.string()).nullish(), predef_quota_id: Text, cpu: Num, mem_gi: Num })
      .nullish(),
    dataset_info: z
      .array(z.object({ dataset_id: Text, version_id: Text, path: Text }).passthrough())
      .nullish()
      .catch(undefined),
  }),
)

const LEVELS: ReadonlySet<string> = new Set(["LOW", "NORMAL", "HIGH"])

// The submitted number is `priority_name`; older objects only carry the internal code.
const priorityOf = (raw: RawJobBase): JobPriority => {
  const named = /^\d+$/.test(raw.priority_name.trim()) ? Number(raw.priority_name) : undefined
  const fromCode = raw.priority !== undefined ? priorityFromStoredCode(raw.priority) : undefined
  const direct = raw.task_priority !== undefined && raw.task_priority > 0 ? raw.task_priority : undefined
  const submitted = named ?? fromCode?.priority ?? direct
  const stated = raw.priority_level.toUpperCase()
  const level = LEVELS.has(stated)
    ? (stated as PriorityLevel)
    : submitted !== undefined
      ? priorityLevel(submitted)
      : undefined
  return { submitted, level, code: raw.priority }
}

export const commonOf = (raw: RawJobBase, kind: "job" | "hpc" | "ray", consoleUrl: string) => ({
  id: raw.job_id || raw.id,
  name: raw.name || raw.job_name,
  status: normalizeStatus(raw.status, kind),
  subStatus: raw.sub_status,
  subMsg: raw.sub_msg,
  createdAt: raw.created_at,
  finishedAt: raw.finished_at,
  runningTimeMs: raw.running_time_ms,
  createdBy: raw.created_by,
  workspaceId: raw.workspace_id,
  workspaceName: raw.workspace_name,
  projectId: raw.project_id,
  projectName: raw.project_name,
  groupId: raw.logic_compute_group_id,
  groupName: raw.logic_compute_group_name,
  priority: priorityOf(raw),
  consoleUrl,
})

/** A training job, normalised. */
export interface TrainingJob extends JobCommon {
  readonly kind: "training"
  readonly command: string
  readonly nodeCount: number | undefined
  readonly gpuCount: number | undefined
  readonly shmGi: number | undefined
  readonly framework: string
  readonly runningRound: number | undefined
  readonly spec: JobSpecInfo | undefined
  /**
   * The create's marker (the `INSPIRE_SUBMIT_ID` environment variable this client adds to every create):
   * "" when the job has none, undefined when the answer carried no `envs` at all. Other variables are
   * not kept here, since they may hold secrets; only a resubmit reads them (`TrainingSettings`).
   */
  readonly submitId: string | undefined
}

/** An HPC (Slurm) job, normalised. */
export interface HpcJob extends JobCommon {
  readonly kind: "hpc"
  readonly entrypoint: string
  readonly instanceCount: number | undefined
  readonly numberOfTasks: number | undefined
  readonly cpusPerTask: number | undefined
  readonly memoryPerCpu: string
  readonly ttlAfterFinishSeconds: number | undefined
  /** Nodes Slurm ran on; empty after a SUCCEEDED can mean a false success (§6 rule 14). */
  readonly nodes: ReadonlyArray<string>
  /** Things the user should know, e.g. a SUCCEEDED that may be a false success. */
  readonly warnings: ReadonlyArray<string>
  /** The create's marker line in the script (`# INSPIRE_SUBMIT_ID=…`, removed from `entrypoint`); "" when none. */
  readonly submitId: string
  /** The dataset versions it mounts. */
  readonly datasets: ReadonlyArray<JobDataset>
}

const MARKER_LINE = /^# INSPIRE_SUBMIT_ID=(\S+)\s*$/

/**
 * The create's marker in an HPC or Ray job: a comment line at the end of the Slurm script or entrypoint,
 * which the platform keeps and echoes (`entrypoint|command`) and the shell ignores. Neither kind carries
 * environment variables, so this is the one free text a look-up can read back. A marker already in the
 * script (a resubmit's) is replaced.
 */
export const withMarker = (script: string, submitId: string): string =>
  `${splitMarker(script).script}\n# INSPIRE_SUBMIT_ID=${submitId}\n`

/**
 * Whether a listed HPC or Ray job is the one a create made: its marker line says so; "check" when the
 * listing shows no script, so the detail decides.
 */
export const scriptMarkerMatch = (
  job: { readonly name: string; readonly entrypoint: string; readonly submitId: string },
  name: string,
  submitId: string,
): "yes" | "no" | "check" =>
  job.name !== name
    ? "no"
    : job.entrypoint === "" && job.submitId === ""
      ? "check"
      : job.submitId === submitId
        ? "yes"
        : "no"

/** A script without this client's marker line, and the marker it carried. */
export const splitMarker = (script: string): { readonly script: string; readonly submitId: string } => {
  const lines = script.split("\n")
  const marker = lines.map((l) => MARKER_LINE.exec(l.trim())?.[1]).find((m) => m !== undefined) ?? ""
  return {
    script: lines
      .filter((l) => !MARKER_LINE.test(l.trim()))
      .join("\n")
      .replace(/\n+$/, ""),
    submitId: marker,
  }
}

const joinUrl = (baseUrl: string, path: string): string => new URL(path, baseUrl).toString()

/** A decoded training job in its normalised form. */
export const toTrainingJob = (raw: z.output<typeof RawTrainingJob>, baseUrl: string): TrainingJob => {
  const fc = raw.framework_config?.[0]
  const info = fc?.instance_spec_price_info ?? undefined
  const id = raw.job_id || raw.id
  const spec: JobSpecInfo | undefined =
    info === undefined
      ? undefined
      : {
          quotaId: info.quota_id,
          cpuCount: info.cpu_count,
          gpuCount: info.gpu_count,
          memoryGib: info.memory_size_gib ?? info.memory_gb,
          pricePerHour: info.total_price_per_hour ?? info.price,
          gpuType: info.gpu_info?.gpu_type ?? "",
          gpuDisplay: info.gpu_info?.gpu_type_display || info.gpu_info?.gpu_product_simple || "",
        }
  return {
    ...commonOf(
      raw,
      "job",
      joinUrl(baseUrl, `/jobs/distributedTrainingDetail/${id}?spaceId=${encodeURIComponent(raw.workspace_id)}`),
    ),
    kind: "training",
    command: raw.command,
    image: fc?.image ?? "",
    imageType: fc?.image_type ?? "",
    specId: info?.quota_id || fc?.spec_id || "",
    spec,
    nodeCount: raw.node_count ?? fc?.instance_count,
    gpuCount: raw.gpu_count,
    shmGi: fc?.shm_gi,
    framework: raw.framework,
    runningRound: raw.running_round,
    submitId:
      raw.envs === undefined || raw.envs === null
        ? undefined
        : (raw.envs.find((e) => e.name === SUBMIT_ID_ENV)?.value ?? ""),
  }
}

/** The environment variable that marks a training job with the id of the create that made it. */
export const SUBMIT_ID_ENV = "INSPIRE_SUBMIT_ID"

/** A dataset version a job mounts (`dataset_info`); `path` is where, when the platform said. */
export interface JobDataset {
  readonly datasetId: string
  readonly versionId: string
  readonly path?: string
}

/**
 * What a training job was created with beyond what `TrainingJob` shows: the settings a resubmit
 * carries. Kept apart from `TrainingJob` because environment variables may hold secrets; this client's
 * create marker is left out of `envs`.
 */
export interface TrainingSettings {
  /** The job's environment variables; undefined when it has none. */
  readonly envs: Readonly<Record<string, string>> | undefined
  readonly maxRunningTimeMs: number | undefined
  readonly datasets: ReadonlyArray<JobDataset>
  readonly autoFaultTolerance: boolean | undefined
  readonly faultToleranceMaxRetry: number | undefined
}

/** A decoded training job's creation settings. */
export const toTrainingSettings = (raw: z.output<typeof RawTrainingJob>): TrainingSettings => {
  const envs = (raw.envs ?? []).filter((e) => e.name !== "" && e.name !== SUBMIT_ID_ENV)
  return {
    envs: envs.length > 0 ? Object.fromEntries(envs.map((e) => [e.name, e.value])) : undefined,
    maxRunningTimeMs:
      raw.max_running_time_ms !== undefined && raw.max_running_time_ms > 0 ? raw.max_running_time_ms : undefined,
    datasets: (raw.dataset_info ?? [])
      .filter((d) => d.dataset_id !== "")
      .map((d) => ({
        datasetId: d.dataset_id,
        versionId: d.version_id,
        ...(d.path !== "" ? { path: d.path } : {}),
      })),
    autoFaultTolerance: raw.auto_fault_tolerance ?? undefined,
    faultToleranceMaxRetry: raw.fault_tolerance_max_retry,
  }
}

/** A decoded HPC job in its normalised form. */
export const toHpcJob = (raw: z.output<typeof RawHpcJob>, baseUrl: string): HpcJob => ({
  ...commonOf(raw, "hpc", joinUrl(baseUrl, `/jobs/hpcDetail/${raw.job_id || raw.id}`)),
  kind: "hpc",
  ...(({ script, submitId }) => ({ entrypoint: script, submitId }))(splitMarker(raw.entrypoint || raw.command)),
  image: raw.image,
  imageType: raw.image_type,
  specId: raw.spec_id || raw.quota_id || raw.slurm_cluster_spec?.predef_quota_id || "",
  instanceCount: raw.instance_count,
  numberOfTasks: raw.number_of_tasks,
  cpusPerTask: raw.cpus_per_task,
  memoryPerCpu: raw.memory_per_cpu,
  ttlAfterFinishSeconds: raw.ttl_after_finish_seconds,
  nodes: raw.slurm_cluster_spec?.nodes ?? [],
  datasets: (raw.dataset_info ?? [])
    .filter((d) => d.dataset_id !== "")
    .map((d) => ({ datasetId: d.dataset_id, versionId: d.version_id, ...(d.path !== "" ? { path: d.path } : {}) })),
  warnings:
    normalizeStatus(raw.status, "hpc").family === "succeeded" && (raw.slurm_cluster_spec?.nodes ?? []).length === 0
      ? [
          "SUCCEEDED with no Slurm nodes recorded can be a false success; check the output or a fingerprint file (§6 rule 14).",
        ]
      : [],
})
