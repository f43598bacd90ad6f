import type { ComputeGroupInfo } from "../../api/resources/groups.js"
import type { Workspace } from "../../api/resources/workspaces.js"
import { type ScheduleType, type Spec, type SpecCandidate, toCandidate } from "../../domain/specs.js"
import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { ClientServices } from "../catalogue/services.js"
import { resolveTarget, type Target } from "./defaults.js"
import { chooseTypedSpec, type SpecDiscovery } from "./spec.js"
import { hintWithWarnings } from "./support.js"

/** Where a notebook or serving goes: its target, compute group, workspace and spec. */
export interface DeployTarget {
  readonly target: Target
  readonly group: ComputeGroupInfo
  readonly workspace: Workspace
  readonly spec: Spec
}

/**
 * Resolves a notebook's or serving's target and its spec of `scheduleType`; a wrong spec's hint carries
 * the placement warnings (e.g. a defaulted compute group). `instances` is what `compute_group` "auto" fits;
 * `discovery` where the spec is looked up first (a create that checks its placement reads it anyway: "load").
 */
export const deployTarget = (
  input: {
    readonly workspace?: string | undefined
    readonly project?: string | undefined
    readonly compute_group?: string | undefined
    readonly spec?: string | undefined
    readonly priority?: number | undefined
  },
  scheduleType: ScheduleType,
  instances = 1,
  discovery: SpecDiscovery = "kept",
): Effect.Effect<DeployTarget, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const target = yield* resolveTarget(input, {
      needGroup: true,
      auto: { scheduleType, spec: input.spec, instances, priority: input.priority },
    })
    const group = target.group
    if (group === undefined) return yield* Effect.die("resolveTarget returned no group")
    const workspace = target.workspace
    const spec = yield* hintWithWarnings(
      chooseTypedSpec(workspace.id, group, scheduleType, input.spec, undefined, discovery),
      target.warnings,
    )
    return { target, group, workspace, spec }
  })

/** The placement part of a notebook's or serving's create result. */
export const deployPlace = (
  where: DeployTarget,
): {
  readonly workspace: { readonly id: string; readonly name: string }
  readonly project: { readonly id: string; readonly name: string }
  readonly computeGroup: { readonly id: string; readonly name: string }
  readonly spec: SpecCandidate
} => ({
  workspace: { id: where.workspace.id, name: where.workspace.name },
  project: { id: where.target.project.id, name: where.target.project.name },
  computeGroup: { id: where.group.id, name: where.group.name },
  spec: toCandidate(where.spec),
})
