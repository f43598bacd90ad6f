import type { ComputeGroupInfo } from "../../api/resources/groups.js"
import type { Workspace } from "../../api/resources/workspaces.js"
import { FIRST_NON_PREEMPTIBLE } from "../../domain/priority.js"
import type { ScheduleType } from "../../domain/specs.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, joinText, type Text, text } from "../../words/text.js"
import { rankPlaces } from "./fit.js"
import { readNodes } from "./nodes-read.js"

/** The `compute_group` value that asks for the group where a create starts soonest. */
const AUTO_GROUP = "auto"

/** Whether a compute_group input asks for the automatic choice. */
export const isAutoGroup = (value: string | undefined): boolean => value?.trim().toLowerCase() === AUTO_GROUP

/** What the automatic choice places: the create's spec, instance count and priority, of its schedule type. */
export interface AutoGroupAsk {
  readonly scheduleType: ScheduleType
  readonly spec?: string | undefined
  readonly instances: number
  readonly priority?: number | undefined
}

/** Where the automatic choice looks: the named workspace, or every workspace a create may go to. */
export type AutoScope = { readonly named: Workspace } | { readonly among: ReadonlyArray<Workspace>; readonly why: Text }

// The group of that id among the discovered ones, as a create takes it.
const asGroupInfo = (group: ComputeGroupInfo): ComputeGroupInfo => ({
  id: group.id,
  name: group.name,
  ...(group.computeGroupId !== undefined ? { computeGroupId: group.computeGroupId } : {}),
  workspaceId: group.workspaceId,
  gpuType: group.gpuType,
  gpuDisplay: group.gpuDisplay,
  ...(group.brand !== undefined ? { brand: group.brand } : {}),
})

/**
 * The group the fit ranks first for the create (operations/common/fit.ts), in the named workspace or
 * among every workspace it may go to, with a warning saying which and why, and a second one when it
 * would only queue there. Only workspaces with a group offering the spec have their nodes read. Fails
 * when no group offers the spec, or every group that does is too small for an instance.
 */
export const pickAutoGroup = (
  scope: AutoScope,
  ask: AutoGroupAsk,
  defaultPriority: number | undefined,
): Effect.Effect<
  { workspace: Workspace; group: ComputeGroupInfo; warnings: ReadonlyArray<Text> },
  InspireError,
  Platform | ActiveProfile
> =>
  Effect.gen(function* () {
    const spec = ask.spec
    if (spec === undefined || spec.trim() === "")
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-auto-needs-spec", { field: fieldWord("compute_group", AUTO_GROUP) }),
          msg("common-ops-auto-needs-spec-hint", { field: fieldWord("spec", "<ID>"), call: callWord("status") }),
        ),
      )
    const priority = ask.priority ?? defaultPriority ?? FIRST_NON_PREEMPTIBLE
    const fitAsk = { spec, instances: ask.instances, priority, scheduleType: ask.scheduleType }
    const named = "named" in scope ? scope.named : undefined
    const among = "among" in scope ? scope : undefined
    const read = yield* readNodes({
      ...(named !== undefined ? { workspace: named.id } : { workspaces: among?.among.map((w) => w.id) ?? [] }),
      queue: true,
      ...(ask.scheduleType === "RAY_JOB" ? { raySpecs: true } : {}),
      // Nodes are read only where some group offers the spec.
      want: (w) => rankPlaces([{ workspace: w, nodes: new Map() }], fitAsk).length > 0,
    })
    const ranked = rankPlaces(read.places, fitAsk)
    const first = ranked[0]
    const where = named !== undefined ? named.name : msg("common-ops-your-workspaces", { count: read.places.length })
    const availability = named !== undefined ? { workspace: named.name } : {}
    if (first === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-auto-no-spec", { where, spec }),
          msg("common-ops-auto-no-spec-hint", { call: callWord("status", availability) }),
        ),
      )
    if (first.verdict === "never")
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-auto-never", {
            where,
            count: ask.instances,
            spec,
            reasons: joinText(
              ranked.map(
                (r) => text`${named !== undefined ? "" : `${r.workspace.name}/`}${r.computeGroup.name}: ${r.reason}`,
              ),
              "; ",
            ),
          }),
          msg("common-ops-auto-never-hint", { call: callWord("availability", availability) }),
        ),
      )
    const place = read.places.find((p) => p.workspace.id === first.workspace.id)
    const group = place?.workspace.groups.find((g) => g.id === first.computeGroup.id) as ComputeGroupInfo
    const workspace = place?.workspace as Workspace
    const searched =
      named !== undefined
        ? msg("common-ops-auto-picked", {
            field: fieldWord("compute_group", AUTO_GROUP),
            group: first.computeGroup.name,
            ranked: ranked.length,
            reason: first.reason,
          })
        : msg("common-ops-auto-picked-among", {
            field: fieldWord("compute_group", AUTO_GROUP),
            group: first.computeGroup.name,
            workspace: first.workspace.name,
            count: read.places.length,
            why: among?.why ?? "",
            ranked: ranked.length,
            reason: first.reason,
          })
    const picked = searched
    const queued =
      first.verdict === "queue"
        ? [
            msg("common-ops-auto-queue", {
              where,
              group: first.computeGroup.name,
              call: callWord("availability", { workspace: first.workspace.name }),
            }),
          ]
        : first.verdict === "preempt"
          ? [msg("common-ops-auto-preempt", { group: first.computeGroup.name })]
          : []
    return { workspace, group: asGroupInfo(group), warnings: [picked, ...queued] }
  })
