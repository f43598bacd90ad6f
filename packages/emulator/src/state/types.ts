export type ScheduleType =
  | "SCHEDULE_CONFIG_TYPE_TRAIN"
  | "SCHEDULE_CONFIG_TYPE_DSW"
  | "SCHEDULE_CONFIG_TYPE_HPC"
  | "SCHEDULE_CONFIG_TYPE_SERVING"
  | "SCHEDULE_CONFIG_TYPE_RAY_JOB"

export type Registry = "qb" | "sj"

export interface User {
  id: string
  loginName: string
  name: string
  nameEn: string
  email: string
  password: string
  /** A CAS-federated account: no local password, so `/auth/token` always answers invalid_grant. */
  federated: boolean
  defaultWorkspaceId: string
  globalRole: string
  createdAt: number
  permissions: string[]
  harbor: Record<Registry, { username: string; password: string }>
}

export interface Workspace {
  id: string
  name: string
  online: boolean
  registry: Registry
  usageStatus: number
  clusterName: string
}

export interface Project {
  id: string
  name: string
  enName: string
  description: string
  budget: number
  remainBudget: number
  priorityName: string
  priorityLevel: string
  memberIds: string[]
  spaceIds: string[]
  creatorId: string
  createdAt: number
  /** What the emulated tasks' finished runs cost (already out of remainBudget), per member and kind. */
  spent?: Spent
}

/** A project's ledger of its emulated tasks' spending, in points. */
export interface Spent {
  byUser: Record<string, number>
  train: number
  inference: number
}

export interface ComputeGroup {
  id: string
  cgId: string
  name: string
  workspaceId: string
  /** `CPU` for CPU-only groups, else the full GPU type token. */
  gpuType: string
  gpuDisplay: string
  gpuSimple: string
  brand: string
  gpuMemoryGb: number
  cpuType: string
}

export interface Spec {
  id: string
  name: string
  type: ScheduleType
  workspaceId: string
  lcgIds: string[]
  gpuCount: number
  cpuCount: number
  memGib: number
  gpuType: string
  price: number
  allowedPriorityLevels: string[]
}

/** `hpc` for the nodes of HPC (Slurm) groups, which clients tell apart from plain CPU nodes. */
export type NodeType = "gpu" | "cpu" | "hpc"

export interface NodeInfo {
  name: string
  lcgId: string
  nodeType: NodeType
  gpuTotal: number
  cpuTotal: number
  memGib: number
  status: string
  cordonType: string
  isMaint: boolean
  pool: string
  /** Platform ms at which the node failed (NotReady, in the fault pool), while it is failed. */
  faultAt?: number
}

export interface Image {
  id: string
  name: string
  version: string
  address: string
  source: string
  visibility: string
  status: string
  registry: Registry
  framework: string
  description: string
  createdAt: number
  ownerId: string
  sizeBytes: number
  brands: string[]
}

/** One node's share of a task: what the scheduler reserved there. */
export interface Slot {
  node: string
  gpus: number
  cpus: number
  memGib: number
}

/**
 * Work of the platform's other tenants: it holds resources on the fixture's nodes and shows up in the
 * node, group and task views (never in the caller's job lists). It runs for as long as the emulator does.
 */
export interface ForeignTask {
  id: string
  name: string
  kind: TaskKind
  priority: number
  workspaceId: string
  lcgId: string
  projectId: string
  projectName: string
  userId: string
  userName: string
  createdAt: number
  /** GPU utilisation (0–1) its task view reports. */
  gpuUsageRate: number
  slots: Slot[]
}

export interface DatasetVersion {
  id: string
  name: string
  sizeGb: number
}

export interface Dataset {
  id: string
  name: string
  projectId: string
  versions: DatasetVersion[]
}

export interface ModelVersion {
  version: number
  sizeGb: number
  path: string
  createdAt: number
  vllm: boolean
}

export interface Model {
  id: string
  name: string
  description: string
  modelType: string[]
  tags: string[]
  projectId: string
  workspaceId: string
  ownerId: string
  createdAt: number
  status: number
  sourcePath: string
  versions: ModelVersion[]
}

export interface HarborArtifact {
  digest: string
  size: number
  pushTime: string
  tags: string[]
}

export interface HarborRepo {
  registry: Registry
  name: string
  description: string
  pullCount: number
  updateTime: string
  artifacts: HarborArtifact[]
}

export type TaskKind = "train" | "hpc" | "serving" | "notebook" | "ray"
export type Phase = "queued" | "creating" | "running" | "stopping" | "succeeded" | "failed" | "stopped"

/** What the simulation will make of a task, chosen from its command when it is created. */
export type Behaviour =
  | "normal"
  | "exit1"
  | "network"
  | "oom"
  | "preempt"
  | "idle"
  | "stall"
  | "forever"
  /** The image lacks the runtime the task needs (Slurm for HPC, Ray for Ray jobs). */
  | "noruntime"

export interface TaskEvent {
  id: string
  objectType: "job" | "instance"
  objectId: string
  type: "Normal" | "Warning"
  reason: string
  message: string
  from: string
  at: number
}

export interface Allocation {
  node: string
  gpus: number
}

export interface Task {
  id: string
  kind: TaskKind
  name: string
  command: string
  workspaceId: string
  projectId: string
  lcgId: string
  specId: string
  image: string
  imageType: string
  priority: number
  userId: string
  instances: number
  createdAt: number
  updatedAt: number
  phase: Phase
  subStatus: string
  subMsg: string
  /** Platform ms at which the current phase ends by itself; null while waiting for resources or forever. */
  nextAt: number | null
  behaviour: Behaviour
  networkTool: string
  runSeconds: number
  round: number
  retriesLeft: number
  alloc: Allocation[]
  timeline: { created: number; prepared?: number; running?: number; finished?: number }
  /** Start and end of each run (one per round, or per notebook start). */
  runs: { start: number; end?: number }[]
  events: TaskEvent[]
  extra: Record<string, unknown>
}

export interface PlatformState {
  version: 1
  users: User[]
  workspaces: Workspace[]
  projects: Project[]
  groups: ComputeGroup[]
  specs: Spec[]
  nodes: NodeInfo[]
  images: Image[]
  models: Model[]
  harbor: HarborRepo[]
  datasets: Dataset[]
  /** Other tenants' work on the nodes (see ForeignTask). */
  foreign: ForeignTask[]
  tasks: Task[]
}
