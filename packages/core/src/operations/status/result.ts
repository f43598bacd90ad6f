import { DISCOVERED_TYPES, type DiscoveredType, type Discovery } from "../../api/resources/discover.js"
import type { Spec } from "../../domain/specs.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { StatusOutput } from "./output.js"

/** What inspire_status returns: its output schema's type. */
export interface StatusResult extends OutputOf<ReturnType<typeof StatusOutput>> {}

/** A project as inspire_status shows it. */
export type StatusProject = StatusResult["projects"][number]

/** A workspace with its internet policy, registry and groups. */
export type StatusWorkspace = StatusResult["workspaces"][number]

/** A compute group with its GPUs and the specs of the schedule types asked about. */
export type StatusGroup = StatusWorkspace["groups"][number]

type StatusSpec = NonNullable<NonNullable<StatusGroup["specs"]>[DiscoveredType]>[number]

/** Budget warnings for projects whose remaining budget is used up. */
export const budgetNotes = (projects: ReadonlyArray<StatusProject>): ReadonlyArray<Text> =>
  projects
    .filter((p) => p.remainBudget !== undefined && p.remainBudget <= 0)
    .map((p) => msg("status-budget-empty", { project: p.name, remaining: p.remainBudget ?? 0 }))

// A spec as listed under its group: the group's ids and its raw GPU type are the group's already.
const leanSpec = (s: Spec): StatusSpec => ({
  id: s.id,
  name: s.name,
  gpuCount: s.gpuCount,
  gpuDisplay: s.gpuDisplay,
  cpuCount: s.cpuCount,
  memoryGi: s.memoryGi,
  ...(s.pricePerHour !== undefined ? { pricePerHour: s.pricePerHour } : {}),
  ...(s.allowedPriorityLevels.length > 0 ? { allowedPriorityLevels: s.allowedPriorityLevels } : {}),
})

/** Reduces a discovery to the result, listing only the specs of `types` (none: each group's are counted). */
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
        ...(types.length > 0 ? { specs: Object.fromEntries(types.map((t) => [t, g.specs[t]?.map(leanSpec)])) } : {}),
        specCounts: Object.fromEntries(
          DISCOVERED_TYPES.flatMap((t) => (g.specs[t]?.length ? [[t, g.specs[t]?.length]] : [])),
        ),
        skipped: types.length > 0 ? g.skipped.filter((t) => types.includes(t)) : g.skipped,
      })),
      problems: w.problems,
    })),
    scheduleTypes: types,
    warnings: budgetNotes(projects),
    discoveredAt: found.discoveredAt,
  }
}
