import type { DiscoveredType, Discovery } from "../../api/resources/discover.js"
import type { GpuAvailability } from "../../api/resources/groups.js"
import type { Spec } from "../../domain/specs.js"
import type { WorkspacePolicy } from "../../domain/workspaces.js"

/** A project as inspire_status shows it. */
export interface StatusProject {
  readonly id: string
  readonly name: string
  readonly enName: string
  readonly budget: number | undefined
  readonly remainBudget: number | undefined
  readonly priorityCap: number
  /** False when the platform did not state a cap and 4 is assumed. */
  readonly priorityCapKnown: boolean
  readonly storage: { readonly projectHdd: string; readonly projectSsd: string; readonly globalUser?: string }
  readonly workspaces: ReadonlyArray<{ readonly id: string; readonly name: string }>
}

/** A compute group with its GPUs and the specs of the schedule types asked about. */
export interface StatusGroup {
  readonly id: string
  readonly name: string
  readonly gpuType: string
  readonly gpuDisplay: string
  /** Undefined when the node listing could not be read. */
  readonly gpus: GpuAvailability | undefined
  readonly specs: Readonly<Partial<Record<DiscoveredType, ReadonlyArray<Spec>>>>
  /** Types not asked about because the group does not run them. */
  readonly skipped: ReadonlyArray<DiscoveredType>
}

/** A workspace with its internet policy, registry and groups. */
export interface StatusWorkspace {
  readonly id: string
  readonly name: string
  readonly enabled: boolean
  readonly network: WorkspacePolicy["network"]
  readonly registry: WorkspacePolicy["registry"]
  /** False when the workspace is not in the policy table: network is then `unknown`. */
  readonly policyKnown: boolean
  readonly note?: string
  readonly projects: ReadonlyArray<{ readonly id: string; readonly name: string }>
  readonly groups: ReadonlyArray<StatusGroup>
  /** What could not be read; the rest is still shown. */
  readonly problems: ReadonlyArray<string>
}

/** What inspire_status returns. */
export interface StatusResult {
  readonly user: { readonly name: string; readonly loginName: string }
  readonly projects: ReadonlyArray<StatusProject>
  readonly workspaces: ReadonlyArray<StatusWorkspace>
  readonly scheduleTypes: ReadonlyArray<DiscoveredType>
  readonly warnings: ReadonlyArray<string>
  /** Epoch ms of the platform answers behind this result (older than now when cached). */
  readonly discoveredAt: number
}

/** Budget warnings for projects whose remaining budget is used up. */
export const budgetNotes = (projects: ReadonlyArray<StatusProject>): ReadonlyArray<string> =>
  projects
    .filter((p) => p.remainBudget !== undefined && p.remainBudget <= 0)
    .map(
      (p) =>
        `Project ${p.name} has no budget left (${p.remainBudget} remaining): GPU tasks may be refused until it refreshes. ` +
        "CPU tasks at priority 1–3 do not consume budget.",
    )

/** Reduces a discovery to the result, keeping only the specs of `types`. */
export const toStatus = (found: Discovery, types: ReadonlyArray<DiscoveredType>): StatusResult => {
  const projects: ReadonlyArray<StatusProject> = found.projects.map((p) => ({
    id: p.id,
    name: p.name,
    enName: p.enName,
    budget: p.budget,
    remainBudget: p.remainBudget,
    priorityCap: p.priorityCap,
    priorityCapKnown: p.priorityCapKnown,
    storage: p.storage,
    workspaces: p.workspaces.map((w) => ({ id: w.id, name: w.name })),
  }))
  return {
    user: { name: found.user.name, loginName: found.user.loginName },
    projects,
    workspaces: found.workspaces.map((w) => ({
      id: w.id,
      name: w.name,
      enabled: w.enabled,
      network: w.policy.network,
      registry: w.policy.registry,
      policyKnown: w.policy.known,
      ...(w.policy.note !== undefined ? { note: w.policy.note } : {}),
      projects: w.projects,
      groups: w.groups.map((g) => ({
        id: g.id,
        name: g.name,
        gpuType: g.gpuType,
        gpuDisplay: g.gpuDisplay,
        gpus: g.gpus,
        specs: Object.fromEntries(types.map((t) => [t, g.specs[t]])),
        skipped: g.skipped.filter((t) => types.includes(t)),
      })),
      problems: w.problems,
    })),
    scheduleTypes: types,
    warnings: budgetNotes(projects),
    discoveredAt: found.discoveredAt,
  }
}
