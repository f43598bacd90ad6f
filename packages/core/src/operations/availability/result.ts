import { describeFragmentation, type FreeBucket } from "../../domain/availability.js"
import { availabilityOf, type RankedFit } from "../common/fit.js"
import type { NodesRead } from "../common/nodes-read.js"

/** One compute group's availability as the result gives it. */
export interface AvailabilityGroup {
  readonly id: string
  readonly name: string
  readonly gpu: string
  readonly schedulableNodes: number
  readonly fullyFreeNodes: number
  readonly gpusPerNode: number
  readonly gpus: { readonly total: number; readonly used: number; readonly free: number; readonly preemptible: number }
  readonly freePerNode: ReadonlyArray<FreeBucket>
  readonly fragmentation: string
  readonly unschedulable: {
    readonly cordoned: number
    readonly maintenance: number
    readonly faulty: number
    readonly notReady: number
  }
}

/** A workspace with its groups' availability. */
export interface AvailabilityWorkspace {
  readonly id: string
  readonly name: string
  readonly groups: ReadonlyArray<AvailabilityGroup>
  readonly problems: ReadonlyArray<string>
}

/** What inspire_availability returns. */
export interface AvailabilityResult {
  readonly workspaces: ReadonlyArray<AvailabilityWorkspace>
  readonly fit?: {
    readonly spec?: string
    readonly gpus?: number
    readonly instances: number
    readonly priority: number
    readonly ranked: ReadonlyArray<RankedFit>
  }
  readonly readAt: number
  readonly warnings: ReadonlyArray<string>
}

/** The per-workspace, per-group part of the result from what was read. */
export const toWorkspaces = (read: NodesRead): ReadonlyArray<AvailabilityWorkspace> =>
  read.places.map(({ workspace, nodes, problems }) => ({
    id: workspace.id,
    name: workspace.name,
    problems,
    groups: workspace.groups.map((g) => {
      const a = availabilityOf(nodes.get(g.id))
      const { "not-ready": notReady, ...rest } = a.unschedulable
      return {
        id: g.id,
        name: g.name,
        gpu: g.gpuType === "CPU" || a.gpusPerNode === 0 ? "CPU" : g.gpuDisplay || g.gpuType,
        schedulableNodes: a.schedulableNodes,
        fullyFreeNodes: a.fullyFreeNodes,
        gpusPerNode: a.gpusPerNode,
        gpus: a.gpus,
        freePerNode: a.freePerNode,
        fragmentation: describeFragmentation(a.freePerNode),
        unschedulable: { ...rest, notReady },
      }
    }),
  }))
