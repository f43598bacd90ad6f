import type { ComputeGroupInfo } from "../../api/resources/groups.js"
import { listProjects } from "../../api/resources/projects.js"
import { knownGroups, resolveComputeGroup, resolveProject, resolveWorkspace } from "../../api/resources/resolve.js"
import { listWorkspaces, type Workspace } from "../../api/resources/workspaces.js"
import type { Project } from "../../domain/projects.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { ActiveProfile, registryTable } from "../../profile.js"
import type { Defaults } from "../../store/schema.js"
import {
  type Resolved,
  resolveSetting,
  SETTING_KEYS,
  type SettingKey,
  type SettingValue,
} from "../../store/settings.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, type Text } from "../../words/text.js"
import { type AutoGroupAsk, isAutoGroup, pickAutoGroup } from "./auto-group.js"

/** The saved defaults of the active profile, read now: a long-lived server must see `config set` at once. */
export const savedDefaults = (): Effect.Effect<Defaults, InspireError, ActiveProfile> =>
  Effect.flatMap(ActiveProfile, (profile) => profile.readDefaults)

/** Every configured default with where it came from (argument > environment > profile > unset). */
export const resolvedDefaults = (): Effect.Effect<
  Readonly<Record<SettingKey, Resolved<SettingValue>>>,
  InspireError,
  ActiveProfile
> =>
  Effect.gen(function* () {
    const profile = yield* ActiveProfile
    const defaults = yield* savedDefaults()
    const out: Partial<Record<SettingKey, Resolved<SettingValue>>> = {}
    for (const key of SETTING_KEYS) {
      const r = resolveSetting(key, {
        env: profile.env,
        defaults,
        profile: profile.name.value ?? "default",
        registries: registryTable(profile),
      })
      if (Either.isLeft(r)) return yield* Effect.fail(r.left)
      out[key] = r.right
    }
    return out as Record<SettingKey, Resolved<SettingValue>>
  })

/** One default's value, as a string or number, or undefined when unset. */
export const defaultOf = <K extends SettingKey>(
  key: K,
): Effect.Effect<
  (K extends "defaultPriority" | "defaultShm" ? number : string) | undefined,
  InspireError,
  ActiveProfile
> => Effect.map(resolvedDefaults(), (d) => d[key].value as never)

/** Where a task runs: the resolved project, workspace and (when asked for) compute group. */
export interface Target {
  readonly project: Project
  readonly workspace: Workspace
  readonly group?: ComputeGroupInfo
  readonly warnings: ReadonlyArray<Text>
}

/**
 * Resolves the project, workspace and compute group of a call from its arguments, then the defaults.
 * A missing workspace is an error listing the choices; a missing project is the workspace's only
 * project, else an error; a missing group is the workspace's first group, with a warning. A create
 * that says what it places (`auto`) may name the group `auto`: the one the fit ranks first (auto-group.ts),
 * in the workspace named in the call, else among every workspace the create may go to (autoAnywhere).
 */
export const resolveTarget = (
  input: {
    readonly project?: string | undefined
    readonly workspace?: string | undefined
    readonly compute_group?: string | undefined
  },
  options: { readonly needGroup: boolean; readonly auto?: AutoGroupAsk },
): Effect.Effect<Target, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const warnings: Text[] = []
    const projectName = input.project ?? (yield* defaultOf("defaultProject"))
    if (options.needGroup && options.auto !== undefined && isAutoGroup(input.compute_group) && !input.workspace)
      return yield* autoAnywhere(projectName, options.auto)
    const wsName = input.workspace ?? (yield* defaultOf("defaultWorkspace"))
    if (wsName === undefined) {
      const known = yield* Effect.either(Effect.map(listProjects(), listWorkspaces))
      const candidates = Either.isRight(known) ? known.right.map((w) => ({ id: w.id, name: w.name })) : undefined
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-no-workspace"),
          msg("common-ops-no-workspace-hint", {
            field: fieldWord("workspace"),
            set: callWord("config", { action: "set", key: "defaultWorkspace", value: "…" }),
            call: callWord("status"),
          }),
          candidates !== undefined ? { candidates } : {},
        ),
      )
    }
    const project = projectName !== undefined ? yield* resolveProject(projectName) : undefined
    const workspace = yield* resolveWorkspace(wsName, project)
    const chosen = project ?? (yield* onlyProject(workspace))
    if (!options.needGroup) return { project: chosen, workspace, warnings }
    if (options.auto !== undefined && isAutoGroup(input.compute_group)) {
      const auto = yield* pickAutoGroup({ named: workspace }, options.auto, yield* defaultOf("defaultPriority"))
      return { project: chosen, workspace, group: auto.group, warnings: [...warnings, ...auto.warnings] }
    }
    if (input.compute_group !== undefined)
      return {
        project: chosen,
        workspace,
        group: yield* resolveComputeGroup(input.compute_group, workspace.id),
        warnings,
      }
    const groups = yield* knownGroups(workspace.id)
    const first = groups[0]
    if (first === undefined)
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-no-groups", { workspace: workspace.name }),
          msg("common-ops-no-groups-hint", { call: callWord("status") }),
        ),
      )
    warnings.push(
      msg("common-ops-first-group", {
        group: first.name,
        workspace: workspace.name,
        field: fieldWord("compute_group"),
      }),
    )
    return { project: chosen, workspace, group: first, warnings }
  })

const onlyProject = (workspace: Workspace): Effect.Effect<Project, InspireError, Platform | ActiveProfile> => {
  if (workspace.projects.length === 1 && workspace.projects[0] !== undefined)
    return resolveProject(workspace.projects[0].id)
  return Effect.fail(
    invalidInput(
      msg("common-ops-no-project", { workspace: workspace.name, count: workspace.projects.length }),
      msg("common-ops-no-project-hint", {
        field: fieldWord("project"),
        set: callWord("config", { action: "set", key: "defaultProject", value: "…" }),
      }),
      { candidates: workspace.projects },
    ),
  )
}

/**
 * `compute_group: "auto"` without a workspace in the call: the fit's first among every workspace the
 * create may go to, which are the enabled ones of the project (given or default), else those with a
 * single project (so the project follows from the workspace).
 */
const autoAnywhere = (
  projectName: string | undefined,
  ask: AutoGroupAsk,
): Effect.Effect<Target, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const project = projectName !== undefined ? yield* resolveProject(projectName) : undefined
    const all = listWorkspaces(yield* listProjects()).filter((w) => w.enabled)
    const among =
      project !== undefined
        ? all.filter((w) => w.projects.some((p) => p.id === project.id))
        : all.filter((w) => w.projects.length === 1)
    if (among.length === 0)
      return yield* Effect.fail(
        invalidInput(
          project !== undefined
            ? msg("common-ops-project-no-workspace", { project: project.name })
            : msg("common-ops-no-workspace-no-project"),
          msg("common-ops-pass-workspace-hint", {
            workspace: fieldWord("workspace"),
            project: fieldWord("project"),
            call: callWord("status"),
          }),
          { candidates: all.map((w) => ({ id: w.id, name: w.name })) },
        ),
      )
    const why =
      project !== undefined
        ? msg("common-ops-auto-among-project", { project: project.name })
        : msg("common-ops-auto-among-single")
    const auto = yield* pickAutoGroup({ among, why }, ask, yield* defaultOf("defaultPriority"))
    const workspace = among.find((w) => w.id === auto.workspace.id) ?? auto.workspace
    const chosen = project ?? (yield* onlyProject(workspace))
    return { project: chosen, workspace, group: auto.group, warnings: auto.warnings }
  })
