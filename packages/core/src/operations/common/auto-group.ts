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

/** Where the automatic choice looks: the named workspace, or every workspace a create may go to. */
export type AutoScope =
  | { readonly named: Workspace }
  | { readonly among: ReadonlyArray<Workspace>; readonly why: string }

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
  { workspace: Workspace; group: ComputeGroupInfo; warnings: ReadonlyArray<string> },
  InspireError,
  Platform | ActiveProfile
> =>
  Effect.gen(function* () {
    const spec = ask.spec
    if (spec === undefined || spec.trim() === "")
      return yield* Effect.fail(
        invalidInput(
          `${fieldWord("compute_group", AUTO_GROUP)} needs a spec: it is what says how many GPUs an instance takes.`,
          `Pass ${fieldWord("spec", "<ID>")}; ${callWord("status")} lists the specs of each group.`,
        ),
      )
    const priority = ask.priority ?? defaultPriority ?? FIRST_NON_PREEMPTIBLE
    const fitAsk = { spec, instances: ask.instances, priority, scheduleType: ask.scheduleType }
    const named = "named" in scope ? scope.named : undefined
    const among = "among" in scope ? scope : undefined
    const read = yield* readNodes({
      ...(named !== undefined ? { workspace: named.id } : { workspaces: among?.among.map((w) => w.id) ?? [] }),
      queue: true,
      // Nodes are read only where some group offers the spec.
      want: (w) => rankPlaces([{ workspace: w, nodes: new Map() }], fitAsk).length > 0,
    })
    const ranked = rankPlaces(read.places, fitAsk)
    const first = ranked[0]
    const where = named !== undefined ? named.name : `your ${plural(read.places.length, "workspace")}`
    const availability = named !== undefined ? { workspace: named.name } : {}
    if (first === undefined)
      return yield* Effect.fail(
        invalidInput(
          `No compute group of ${where} offers spec "${spec}" for this kind of task.`,
          `Pass a spec of this kind; ${callWord("status", availability)} lists them per group.`,
        ),
      )
    if (first.verdict === "never")
      return yield* Effect.fail(
        invalidInput(
          `No compute group of ${where} can ever run ${ask.instances} × spec "${spec}": ${ranked.map((r) => `${named !== undefined ? "" : `${r.workspace.name}/`}${r.computeGroup.name}: ${r.reason}`).join("; ")}.`,
          `Use fewer instances, another spec or priority; ${callWord("availability", availability)} shows the nodes.`,
        ),
      )
    const place = read.places.find((p) => p.workspace.id === first.workspace.id)
    const group = place?.workspace.groups.find((g) => g.id === first.computeGroup.id) as ComputeGroupInfo
    const workspace = place?.workspace as Workspace
    const searched =
      named !== undefined
        ? ""
        : ` in ${first.workspace.name}, searched ${plural(read.places.length, "workspace")} (${among?.why ?? ""})`
    const picked = `${fieldWord("compute_group", AUTO_GROUP)}: picked ${first.computeGroup.name}${searched} (ranked first of ${ranked.length}): ${first.reason}.`
    const queued =
      first.verdict === "queue"
        ? [
            `No compute group of ${where} can start it now: it will queue in ${first.computeGroup.name} until GPUs are released (${callWord("availability", { workspace: first.workspace.name })} shows where work runs).`,
          ]
        : first.verdict === "preempt"
          ? [`It starts in ${first.computeGroup.name} only by pre-empting low-priority work.`]
          : []
    return { workspace, group: asGroupInfo(group), warnings: [picked, ...queued] }
  })

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`
