import type { ComputeGroupInfo } from "../../api/resources/groups.js"
import type { Workspace } from "../../api/resources/workspaces.js"
import { FIRST_NON_PREEMPTIBLE } from "../../domain/priority.js"
import type { ScheduleType } from "../../domain/specs.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { callWord, fieldWord } from "../../words/token.js"
import { rankPlaces } from "./fit.js"
import { readNodes } from "./nodes-read.js"

/** The `compute_group` value that asks for the group where a create starts soonest. */
export const AUTO_GROUP = "auto"

/** Whether a compute_group input asks for the automatic choice. */
export const isAutoGroup = (value: string | undefined): boolean => value?.trim().toLowerCase() === AUTO_GROUP

/** What the automatic choice places: the create's spec, instance count and priority, of its schedule type. */
export interface AutoGroupAsk {
  readonly scheduleType: ScheduleType
  readonly spec?: string | undefined
  readonly instances: number
  readonly priority?: number | undefined
}

/**
 * The group the fit ranks first in a workspace for the create (operations/common/fit.ts), with a warning
 * saying which and why, and a second one when it would only queue there. Fails when no group offers the
 * spec, or every group that does is too small for an instance.
 */
export const pickAutoGroup = (
  workspace: Workspace,
  ask: AutoGroupAsk,
  defaultPriority: number | undefined,
): Effect.Effect<
  { group: ComputeGroupInfo; warnings: ReadonlyArray<string> },
  InspireError,
  Platform | ActiveProfile
> =>
  Effect.gen(function* () {
    if (ask.spec === undefined || ask.spec.trim() === "")
      return yield* Effect.fail(
        invalidInput(
          `${fieldWord("compute_group", AUTO_GROUP)} needs a spec: it is what says how many GPUs an instance takes.`,
          `Pass ${fieldWord("spec", "<ID>")}; ${callWord("status")} lists the specs of each group.`,
        ),
      )
    const read = yield* readNodes({ workspace: workspace.id })
    const priority = ask.priority ?? defaultPriority ?? FIRST_NON_PREEMPTIBLE
    const ranked = rankPlaces(read.places, {
      spec: ask.spec,
      instances: ask.instances,
      priority,
      scheduleType: ask.scheduleType,
    })
    const first = ranked[0]
    const where = `${workspace.name}`
    if (first === undefined)
      return yield* Effect.fail(
        invalidInput(
          `No compute group of ${where} offers spec "${ask.spec}" for this kind of task.`,
          `Pass a spec of this kind; ${callWord("status", { workspace: workspace.name })} lists them per group.`,
        ),
      )
    if (first.verdict === "never")
      return yield* Effect.fail(
        invalidInput(
          `No compute group of ${where} can ever run ${ask.instances} × spec "${ask.spec}": ${ranked.map((r) => `${r.computeGroup.name}: ${r.reason}`).join("; ")}.`,
          `Use fewer instances or a smaller spec; ${callWord("availability", { workspace: workspace.name })} shows the nodes.`,
        ),
      )
    const group = read.places
      .flatMap((p) => p.workspace.groups)
      .find((g) => g.id === first.computeGroup.id) as ComputeGroupInfo
    const picked = `${fieldWord("compute_group", AUTO_GROUP)}: picked ${first.computeGroup.name} (ranked first of ${ranked.length}): ${first.reason}.`
    const queued =
      first.verdict === "queue"
        ? [
            `No compute group of ${where} can start it now: it will queue in ${first.computeGroup.name} until GPUs are released (${callWord("availability", { workspace: workspace.name })} shows where work runs).`,
          ]
        : first.verdict === "preempt"
          ? [`It starts in ${first.computeGroup.name} only by pre-empting low-priority work.`]
          : []
    return {
      group: {
        id: group.id,
        name: group.name,
        ...(group.computeGroupId !== undefined ? { computeGroupId: group.computeGroupId } : {}),
        workspaceId: group.workspaceId,
        gpuType: group.gpuType,
        gpuDisplay: group.gpuDisplay,
        ...(group.brand !== undefined ? { brand: group.brand } : {}),
      },
      warnings: [picked, ...queued],
    }
  })
