import type { DiscoveredType } from "../../api/resources/discover.js"
import type { Spec } from "../../domain/specs.js"
import { Effect, Either } from "../../effect.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, joinText, type Text, text } from "../../words/text.js"
import { isAutoGroup } from "./auto-group.js"
import type { Target } from "./defaults.js"
import { type RankedFit, rankPlaces } from "./fit.js"
import { type NodesRead, readNodes } from "./nodes-read.js"

/** What a create places, once resolved: its group's spec, how many instances, at which priority. */
export interface PlacementAsk {
  readonly scheduleType: DiscoveredType
  readonly spec: Spec
  readonly instances: number
  readonly priority: number
}

/** The placement check's warnings, and the nodes it read (a waiting create's queue place reuses them). */
export interface PlacementCheck {
  readonly warnings: ReadonlyArray<Text>
  readonly read?: NodesRead
}

/** Groups named as places where it could start now, at most. */
const MAX_NAMED = 3

const starts = (r: RankedFit): boolean => r.verdict === "now" || r.verdict === "preempt"

// Another group as the warning names it: with its own spec when that is not the one asked for, and
// whether it starts only by pre-empting.
const elsewhereWord = (r: RankedFit, specName: string | undefined, asked: Spec): Text =>
  text`${r.computeGroup.name}${specName !== undefined && r.spec !== asked.id ? ` (${specName})` : ""}${
    r.verdict === "preempt" ? msg("common-ops-placement-preempting") : ""
  }`

/**
 * Whether the chosen compute group can start a create now, read as `availability` reads it: the
 * workspace's groups and specs from the kept discovery, one node listing (two where a node mixes
 * pre-emptible and other work) and its queued training jobs. Nothing is said when it can, by pre-emption
 * too; else a warning names the other groups of the workspace where it could start now, best first
 * (with their spec of the same size), or says that none can. It never fails: a read that fails is a
 * warning that the check could not be made. A group chosen by `compute_group: "auto"` was chosen from
 * this very reading, which said where it starts: nothing is read again.
 */
export const placementCheck = (
  given: string | undefined,
  target: Target,
  ask: PlacementAsk,
): Effect.Effect<PlacementCheck, never, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const group = target.group
    if (group === undefined || isAutoGroup(given)) return { warnings: [] }
    const workspace = target.workspace
    const unchecked = (reason: Text) => ({
      warnings: [msg("common-ops-placement-unchecked", { group: group.name, reason })],
    })
    const reading = yield* Effect.either(readNodes({ workspace: workspace.id, queue: true }))
    if (Either.isLeft(reading)) return unchecked(reading.left.text)
    const read = reading.right
    const place = read.places.find((p) => p.workspace.id === workspace.id)
    if (place === undefined) return unchecked(msg("common-ops-placement-no-workspace"))
    // A node listing that failed leaves the group without nodes, and says why among the problems.
    if (!place.nodes.has(group.id) && place.problems.length > 0) return unchecked(joinText(place.problems, "; "))
    const ranked = rankPlaces([place], {
      spec: ask.spec.id,
      like: ask.spec,
      instances: ask.instances,
      priority: ask.priority,
      scheduleType: ask.scheduleType,
    })
    const mine = ranked.find((r) => r.computeGroup.id === group.id)
    if (mine === undefined || starts(mine)) return { warnings: [], read }
    const specName = (r: RankedFit) =>
      place.workspace.groups
        .find((g) => g.id === r.computeGroup.id)
        ?.specs[ask.scheduleType].find((s) => s.id === r.spec)?.name
    const elsewhere = ranked.filter((r) => r.computeGroup.id !== group.id && starts(r)).slice(0, MAX_NAMED)
    const call = callWord("availability", {
      workspace: workspace.name,
      ...(ask.spec.gpuCount > 0 ? { gpus: ask.spec.gpuCount } : {}),
      ...(ask.instances > 1 ? { instances: ask.instances } : {}),
      priority: ask.priority,
    })
    const said = { group: group.name, verdict: mine.verdict, reason: mine.reason, workspace: workspace.name, call }
    const warning =
      elsewhere.length > 0
        ? msg("common-ops-placement-elsewhere", {
            ...said,
            others: joinText(
              elsewhere.map((r) => elsewhereWord(r, specName(r), ask.spec)),
              msg("availability-list-sep"),
            ),
          })
        : msg("common-ops-placement-nowhere", { ...said, ahead: mine.queuedAhead })
    return { warnings: [warning], read }
  })

/** The placement check's warnings alone (placementCheck). */
export const placementWarnings = (
  given: string | undefined,
  target: Target,
  ask: PlacementAsk,
): Effect.Effect<ReadonlyArray<Text>, never, Platform | ActiveProfile> =>
  Effect.map(placementCheck(given, target, ask), (c) => c.warnings)
