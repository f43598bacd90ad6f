import type { DiscoveredGroup, DiscoveredWorkspace } from "../../api/resources/discover.js"
import type { QueuedJob } from "../../api/resources/queue.js"
import { fold } from "../../api/resources/resolve.js"
import { type GroupAvailability, type NodeView, summarizeNodes } from "../../domain/availability.js"
import { type FitCandidate, type FitVerdict, rankFits } from "../../domain/fit.js"
import type { ScheduleType, Spec } from "../../domain/specs.js"
import type { Text } from "../../words/text.js"

/** What to place: a spec (id or exact name) or GPUs per instance, with the instance count and priority. */
export interface FitAsk {
  readonly spec?: string | undefined
  readonly gpus?: number | undefined
  readonly instances: number
  readonly priority: number
  /** Look for the spec among this schedule type's specs only (a create knows its type). */
  readonly scheduleType?: ScheduleType | undefined
  /**
   * With a spec: in a group that does not offer it (spec ids differ between groups), rank that group's
   * spec of the same size instead: the same GPUs per instance, and for CPU work the same cores and memory.
   */
  readonly like?: Spec | undefined
}

/** One ranked answer: where, the verdict and why. */
export interface RankedFit {
  readonly workspace: { readonly id: string; readonly name: string }
  readonly computeGroup: { readonly id: string; readonly name: string }
  readonly gpusPerInstance: number
  readonly spec?: string
  readonly verdict: FitVerdict
  readonly reason: Text
  readonly instancesNow: number
  /** Jobs queued in the group ahead of this one (at its priority or above, for the same kind of resources). */
  readonly queuedAhead: number
}

/** A workspace's discovered groups with their nodes as read now. */
export interface WorkspaceNodes {
  readonly workspace: DiscoveredWorkspace
  readonly nodes: ReadonlyMap<string, ReadonlyArray<NodeView>>
  /** The workspace's queued training jobs, when they were read. */
  readonly queued?: ReadonlyArray<QueuedJob>
}

// Queued jobs that go before one at `priority` needing `gpus` per instance in a group: the same kind of
// resources (GPU work, or CPU work), at the same priority or above (the scheduler takes the higher first).
const aheadOf = (queued: ReadonlyArray<QueuedJob> | undefined, group: string, gpus: number, priority: number) =>
  (queued ?? []).filter(
    (j) =>
      j.groupId === group &&
      (j.gpus === undefined || j.gpus > 0 === gpus > 0) &&
      (j.priority === undefined || j.priority >= priority),
  ).length

type Place = Pick<RankedFit, "workspace" | "computeGroup" | "gpusPerInstance" | "spec">

const SPEC_TYPES = ["TRAIN", "DSW", "HPC", "SERVING", "RAY_JOB"] as const

// The group's spec of that id (or exact name), among one schedule type's specs or all of them.
const specIn = (group: DiscoveredGroup, wanted: string, type: ScheduleType | undefined): Spec | undefined => {
  const types = SPEC_TYPES.filter((t) => type === undefined || t === type)
  const specs = types.flatMap((t) => group.specs[t] ?? [])
  return specs.find((s) => s.id === wanted.trim()) ?? specs.find((s) => fold(s.name) === fold(wanted))
}

// The group's spec of the same size as `like` (the one of the same name first), among one type's specs or all.
const alikeIn = (group: DiscoveredGroup, like: Spec, type: ScheduleType | undefined): Spec | undefined => {
  const types = SPEC_TYPES.filter((t) => type === undefined || t === type)
  const same = types
    .flatMap((t) => group.specs[t] ?? [])
    .filter(
      (s) =>
        s.gpuCount === like.gpuCount &&
        (like.gpuCount > 0 || (s.cpuCount === like.cpuCount && s.memoryGi === like.memoryGi)),
    )
  return same.find((s) => fold(s.name) === fold(like.name)) ?? same[0]
}

/** A group's availability from its nodes (none listed: an empty group). */
export const availabilityOf = (nodes: ReadonlyArray<NodeView> | undefined): GroupAvailability =>
  summarizeNodes(nodes ?? [])

/**
 * Every group the ask can be placed in, ranked (domain/fit.ts): with a spec, the groups that
 * offer it (its GPUs per instance); with GPUs, the groups with GPU nodes (any group for 0).
 */
export const rankPlaces = (places: ReadonlyArray<WorkspaceNodes>, ask: FitAsk): ReadonlyArray<RankedFit> => {
  const candidates: FitCandidate<{ readonly name: string; readonly ref: Place }>[] = []
  for (const { workspace, nodes, queued } of places)
    for (const group of workspace.groups) {
      const listed = nodes.get(group.id) ?? []
      const spec =
        ask.spec !== undefined
          ? (specIn(group, ask.spec, ask.scheduleType) ??
            (ask.like !== undefined ? alikeIn(group, ask.like, ask.scheduleType) : undefined))
          : undefined
      if (ask.spec !== undefined && spec === undefined) continue
      const gpus = spec?.gpuCount ?? ask.gpus ?? 0
      // Asked for GPUs, a CPU group is no candidate at all.
      if (spec === undefined && gpus > 0 && group.gpuType === "CPU") continue
      candidates.push({
        group: {
          name: `${workspace.name}/${group.name}`,
          ref: {
            workspace: { id: workspace.id, name: workspace.name },
            computeGroup: { id: group.id, name: group.name },
            gpusPerInstance: gpus,
            ...(spec !== undefined ? { spec: spec.id } : {}),
          },
        },
        nodes: listed,
        request: {
          gpusPerInstance: gpus,
          instances: ask.instances,
          priority: ask.priority,
          queuedAhead: aheadOf(queued, group.id, gpus, ask.priority),
          ...(spec !== undefined
            ? {
                cpusPerInstance: spec.cpuCount,
                memGibPerInstance: spec.memoryGi,
                allowedLevels: spec.allowedPriorityLevels,
              }
            : {}),
        },
      })
    }
  return rankFits(candidates).map((f) => ({
    ...f.group.ref,
    verdict: f.verdict,
    reason: f.reason,
    instancesNow: f.instancesNow,
    queuedAhead: f.queuedAhead,
  }))
}
