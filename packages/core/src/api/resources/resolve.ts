import { didYouMean, matchName } from "../../domain/names.js"
import type { Project } from "../../domain/projects.js"
import { workspacePolicy } from "../../domain/workspaces.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import { callWord, plain, type Text } from "../../words/text.js"
import { cached } from "./cache.js"
import { type ComputeGroupInfo, computeGroupInfo } from "./groups.js"
import { listProjects } from "./projects.js"
import { listWorkspaces, type Workspace } from "./workspaces.js"

type Named = { readonly id: string; readonly name: string }

export { fold } from "../../domain/names.js"

/** Picks one item by the shared name rule (domain/names.ts); undefined when nothing matches, the matches when several do. */
const pick = <A extends Named>(
  items: ReadonlyArray<A>,
  wanted: string,
  extra?: (item: A) => boolean,
): A | ReadonlyArray<A> | undefined => {
  const found = matchName(items, (i) => i.name, wanted, extra)
  if (found.kind === "one") return found.item
  return found.kind === "many" ? found.items : undefined
}

const candidatesOf = (items: ReadonlyArray<Named>) => items.map((i) => ({ id: i.id, name: i.name }))

// What is looked for, as the messages name it.
type Kind = "workspace" | "project" | "group" | "group-here"

const choose = <A extends Named>(
  items: ReadonlyArray<A>,
  wanted: string,
  kind: Kind,
  hint: Text,
  extra?: (item: A) => boolean,
): Effect.Effect<A, InspireError> => {
  const found = matchName(items, (i) => i.name, wanted, extra)
  if (found.kind === "none")
    return Effect.fail(
      invalidInput(
        msg("api-none-named", {
          kind,
          wanted,
          suggestion: didYouMean(
            items.map((i) => i.name),
            wanted,
          ),
        }),
        msg("api-none-named-hint", { hint }),
        { candidates: candidatesOf(items) },
      ),
    )
  if (found.kind === "many") {
    const names = found.items.map((i) => `"${i.name}"`).join(", ")
    return Effect.fail(
      found.by === "name"
        ? invalidInput(msg("api-many-named", { count: found.items.length, kind, wanted }), msg("api-many-named-hint"), {
            candidates: candidatesOf(found.items),
          })
        : invalidInput(
            msg("api-many-match", { wanted, count: found.items.length, kind, names }),
            msg("api-many-match-hint"),
            { candidates: candidatesOf(found.items) },
          ),
    )
  }
  return Effect.succeed(found.item)
}

const byId = <A extends Named>(
  items: ReadonlyArray<A>,
  id: string,
  kind: Kind,
  hint: Text,
): Effect.Effect<A, InspireError> => {
  const found = items.find((i) => i.id === id)
  if (found !== undefined) return Effect.succeed(found)
  return Effect.fail(invalidInput(msg("api-not-yours", { id, kind }), hint, { candidates: candidatesOf(items) }))
}

type Resolved<A> = Effect.Effect<A, InspireError, Platform | ActiveProfile>

/** The user's projects, cached with the profile's other resources; `refresh` asks the platform again. */
export const knownProjects = (refresh = false): Resolved<ReadonlyArray<Project>> =>
  cached("projects", listProjects(), (ps) => ps.map((p) => p.id), refresh)

// A cached list that lacks the id asked for may be stale (a project joined a minute ago): look once more.
const withRetry = <A extends Named>(list: (refresh: boolean) => Resolved<ReadonlyArray<A>>, id: string) =>
  Effect.flatMap(list(false), (items) => (items.some((i) => i.id === id) ? Effect.succeed(items) : list(true)))

// The same for a name: a choice refused against the cached list is made once more against a fresh one
// (the project list is kept between calls, see cache.ts), so only a name still unknown is refused.
const refusedThenFresh = <A>(attempt: (refresh: boolean) => Resolved<A>): Resolved<A> =>
  Effect.catchIf(
    attempt(false),
    (e) => e.reason === "InvalidInput",
    () => attempt(true),
  )

const projectsHint = (): Text => msg("api-projects-hint", { call: callWord("status") })

/** A project of the user by id (`project-…`) or by name. */
export const resolveProject = (nameOrId: string): Resolved<Project> => {
  const wanted = nameOrId.trim()
  // People name projects by their en_name too (the storage segment); public projects' en_names,
  // such as project-public, even look like ids.
  const byName = refusedThenFresh((refresh) =>
    Effect.flatMap(knownProjects(refresh), (ps) =>
      choose(
        ps,
        wanted,
        "project",
        projectsHint(),
        (p) => p.enName !== "" && p.enName.toLowerCase() === wanted.toLowerCase(),
      ),
    ),
  )
  if (!/^project-[0-9a-f]{8}-/i.test(wanted)) return byName
  return Effect.flatMap(withRetry(knownProjects, wanted), (ps) => byId(ps, wanted, "project", projectsHint()))
}

const workspaces = (refresh: boolean) => Effect.map(knownProjects(refresh), listWorkspaces)

const workspacesHint = (): Text => msg("api-workspaces-hint", { call: callWord("status") })

const usable = (
  w: Workspace,
  project: Project | undefined,
  all: ReadonlyArray<Workspace>,
): Effect.Effect<Workspace, InspireError> => {
  if (!w.enabled)
    return Effect.fail(
      invalidInput(msg("api-workspace-disabled", { name: w.name, id: w.id }), msg("api-workspace-disabled-hint"), {
        candidates: candidatesOf(all.filter((x) => x.enabled)),
      }),
    )
  if (project !== undefined && !w.projects.some((p) => p.id === project.id))
    return Effect.fail(
      invalidInput(
        msg("api-not-attached", { project: project.name, workspace: w.name }),
        msg("api-not-attached-hint"),
        { candidates: candidatesOf(project.workspaces.filter((s) => s.enabled)) },
      ),
    )
  return Effect.succeed(w)
}

/**
 * A workspace by id (`ws-…`), exact name, case-insensitive name or a known alias. With a project,
 * only workspaces attached to it are accepted (§6 rule 17); a disabled workspace is refused.
 */
export const resolveWorkspace = (nameOrId: string, project?: string | Project): Resolved<Workspace> =>
  Effect.gen(function* () {
    const wanted = nameOrId.trim()
    const owner = typeof project === "string" ? yield* resolveProject(project) : project
    if (wanted.startsWith("ws-")) {
      const all = yield* withRetry(workspaces, wanted)
      return yield* usable(yield* byId(all, wanted, "workspace", workspacesHint()), owner, all)
    }
    const alias = workspacePolicy(wanted)
    const aliased = alias.known ? (w: Workspace) => workspacePolicy(w.name).name === alias.name : undefined
    return yield* refusedThenFresh((refresh) =>
      Effect.gen(function* () {
        const all = yield* workspaces(refresh)
        const scope = owner === undefined ? all : all.filter((w) => w.projects.some((p) => p.id === owner.id))
        // The project's workspaces first (a shared name may be unique there); else all, to say why it is refused.
        const inScope = pick(scope, wanted, aliased)
        const found =
          inScope === undefined
            ? yield* choose(all, wanted, "workspace", workspacesHint(), aliased)
            : yield* choose(scope, wanted, "workspace", workspacesHint(), aliased)
        return yield* usable(found, owner, all)
      }),
    )
  })

/** A workspace's compute groups, kept with the profile's other resources; `refresh` asks the platform again. */
export const knownGroups = (workspaceId: string, refresh = false): Resolved<ReadonlyArray<ComputeGroupInfo>> =>
  cached(`groups:${workspaceId}`, computeGroupInfo(workspaceId), (gs) => [workspaceId, ...gs.map((g) => g.id)], refresh)

const groupsOf = (workspaceId: string) => (refresh: boolean) => knownGroups(workspaceId, refresh)

/** A logic compute group of a workspace by id (`lcg-…`) or name; a physical `cg-…` id is refused. */
export const resolveComputeGroup = (nameOrId: string, workspaceId: string): Resolved<ComputeGroupInfo> =>
  Effect.gen(function* () {
    const wanted = nameOrId.trim()
    const hint = msg("api-groups-hint", { call: callWord("status") })
    if (wanted.startsWith("cg-")) {
      const groups = yield* groupsOf(workspaceId)(false)
      const match = groups.find((g) => g.computeGroupId === wanted)
      return yield* Effect.fail(
        invalidInput(
          msg("api-physical-group", { id: wanted }),
          match !== undefined ? msg("api-use-group-hint", { id: match.id, name: match.name }) : hint,
          { candidates: candidatesOf(groups), ...(match !== undefined ? { fix: plain(match.id) } : {}) },
        ),
      )
    }
    if (wanted.startsWith("lcg-"))
      return yield* Effect.flatMap(withRetry(groupsOf(workspaceId), wanted), (gs) =>
        byId(gs, wanted, "group-here", hint),
      )
    // Groups are kept for minutes (cache.ts): a name missing from the kept list is looked up afresh.
    return yield* refusedThenFresh((refresh) =>
      Effect.flatMap(groupsOf(workspaceId)(refresh), (gs) => choose(gs, wanted, "group", hint)),
    )
  })
