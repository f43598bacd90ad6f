import { describeFragmentation } from "../../domain/availability.js"
import type { OutputOf } from "../catalogue/operation.js"
import { availabilityOf } from "../common/fit.js"
import type { NodesRead } from "../common/nodes-read.js"
import type { AvailabilityOutput } from "./output.js"

/** What inspire_availability returns: its output schema's type. */
export interface AvailabilityResult extends OutputOf<ReturnType<typeof AvailabilityOutput>> {}

/** A workspace with its groups' availability. */
export type AvailabilityWorkspace = AvailabilityResult["workspaces"][number]

/** One compute group's availability as the result gives it. */
export type AvailabilityGroup = AvailabilityWorkspace["groups"][number]

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
