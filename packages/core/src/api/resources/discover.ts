import { type Project, storagePaths } from "../../domain/projects.js"
import { type Spec, specsFor } from "../../domain/specs.js"
import { workspacePolicy } from "../../domain/workspaces.js"
import { Clock, Effect, Either } from "../../effect.js"
import { type InspireError, invalidInput, type SurfaceUnavailable } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import { boundedRequests } from "../support.js"
import { cached, recall, remember } from "./cache.js"
import { type ComputeGroup, type ComputeGroupInfo, type GpuAvailability, gpuAvailability, withGpus } from "./groups.js"
import { fillBudgets, projectPages } from "./projects.js"
import { fold, knownGroups } from "./resolve.js"
import { type ConfigType, listSpecs, priceSpecs, readScheduleConfig } from "./specs.js"
import { type HpcSupport, hpcSupport } from "./support.js"
import { type CallCost, measured } from "./trace.js"
import { type CurrentUser, fetchCurrentUser } from "./user.js"
import { listWorkspaces, type Workspace } from "./workspaces.js"

/** The schedule types inspire_status shows for every group. */
export const DISCOVERED_TYPES = ["TRAIN", "DSW", "HPC", "SERVING"] as const
export type DiscoveredType = (typeof DISCOVERED_TYPES)[number]

/** A compute group with its GPUs and its specs per schedule type (cheapest first). */
export interface DiscoveredGroup extends ComputeGroup {
  readonly specs: Readonly<Record<DiscoveredType, ReadonlyArray<Spec>>> & {
    /** Ray specs, read only by a call that places a Ray job (nodes-read.ts). */
    readonly RAY_JOB?: ReadonlyArray<Spec>
  }
  /** Types not asked about because the platform says the group does not run them. */
  readonly skipped: ReadonlyArray<DiscoveredType>
}

/** A workspace with its groups; `problems` says what could not be read (the rest is still shown). */
export interface DiscoveredWorkspace extends Workspace {
  readonly groups: ReadonlyArray<DiscoveredGroup>
  readonly problems: ReadonlyArray<Text>
}

/** A project with the shared storage paths its tasks see. */
export interface DiscoveredProject extends Project {
  readonly storage: ReturnType<typeof storagePaths>
}

/** Everything inspire_status shows about the account's resources. */
export interface Discovery {
  readonly user: CurrentUser
  readonly projects: ReadonlyArray<DiscoveredProject>
  readonly workspaces: ReadonlyArray<DiscoveredWorkspace>
  /** Epoch ms of the requests behind this answer (cached answers keep it). */
  readonly discoveredAt: number
  /** What asking the platform cost: requests made and the longest chain of them (a cached answer costs nothing more). */
  readonly cost: CallCost
}

/**
 * Requests in flight (or waiting for the rate limiter) at once during discovery. Wide enough for every
 * request of one stage of a large account, so that the bound never adds a round trip to the critical
 * path; the process-wide rate limiter is what paces the platform.
 */
const DISCOVERY_CONCURRENCY = 64

type Limit = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
type Config = Readonly<Partial<Record<ConfigType, ReadonlyArray<Spec>>>>

const describe = (e: InspireError | SurfaceUnavailable): Text => e.text

// Where a type's specs come from once the workspace-wide schedule config is (or is not) known.
const configSpecs = (
  config: Either.Either<Config, InspireError | SurfaceUnavailable>,
  type: ConfigType,
  group: ComputeGroupInfo,
  limit: Limit,
): Effect.Effect<ReadonlyArray<Spec>, InspireError | SurfaceUnavailable, Platform> => {
  if (Either.isLeft(config))
    return config.left._tag === "SurfaceUnavailable"
      ? limit(priceSpecs(group.workspaceId, group.id, type))
      : limit(listSpecs(group.workspaceId, group.id, type))
  const specs = config.right[type]
  if (specs === undefined) return limit(priceSpecs(group.workspaceId, group.id, type))
  // A workspace-wide list whose specs name no group cannot be split by group: ask the group itself.
  if (specs.some((s) => s.logicComputeGroupIds.length === 0)) return limit(listSpecs(group.workspaceId, group.id, type))
  return Effect.succeed(specsFor([{ scheduleType: type, specs }], type, group.id))
}

const discoverGroup = (
  group: ComputeGroupInfo,
  config: Either.Either<Config, InspireError | SurfaceUnavailable>,
  hpc: HpcSupport,
  limit: Limit,
) =>
  Effect.gen(function* () {
    const problems: Text[] = []
    const read = (
      type: DiscoveredType,
      effect: Effect.Effect<ReadonlyArray<Spec>, InspireError | SurfaceUnavailable, Platform>,
    ) =>
      Effect.map(Effect.either(effect), (r) => {
        if (Either.isRight(r)) return r.right
        problems.push(msg("api-specs-unread", { type, group: group.name, why: describe(r.left) }))
        return []
      })
    const skipped: DiscoveredType[] = hpc === "no" ? ["HPC"] : []
    const [TRAIN, DSW, SERVING, HPC] = yield* Effect.all(
      [
        read("TRAIN", configSpecs(config, "TRAIN", group, limit)),
        read("DSW", configSpecs(config, "DSW", group, limit)),
        read("SERVING", configSpecs(config, "SERVING", group, limit)),
        hpc === "no" ? Effect.succeed([]) : read("HPC", limit(priceSpecs(group.workspaceId, group.id, "HPC"))),
      ],
      { concurrency: "unbounded" },
    )
    const discovered: Omit<DiscoveredGroup, "gpus"> = { ...group, specs: { TRAIN, DSW, HPC, SERVING }, skipped }
    return { group: discovered, problems }
  })

/** A workspace's groups with their specs, without free GPUs: kept for minutes (see cache.ts). */
interface Structure {
  readonly groups: ReadonlyArray<Omit<DiscoveredGroup, "gpus">>
  readonly problems: ReadonlyArray<Text>
}

// The groups come from the kept list when a call of the last minutes read them (a create resolving its
// group by name does, just before its placement check discovers the workspace).
const loadStructure = (workspaceId: string, limit: Limit, refresh: boolean) =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const [info, config, support] = yield* Effect.all(
      [
        Effect.either(limit(knownGroups(workspaceId, refresh))),
        Effect.either(
          limit(
            Effect.flatMap(
              platform.v2("workspace", "GetScheduleConfig", { workspace_id: workspaceId }, { idempotent: true }),
              readScheduleConfig,
            ),
          ),
        ),
        Effect.either(limit(hpcSupport(workspaceId))),
      ],
      { concurrency: "unbounded" },
    )
    if (Either.isLeft(info)) return { groups: [], problems: [describe(info.left)] } satisfies Structure
    const hpcOf = (g: ComputeGroupInfo): HpcSupport =>
      Either.isRight(support) ? (support.right.get(g.id) ?? "unknown") : "unknown"
    const groups = yield* Effect.forEach(info.right, (g) => discoverGroup(g, config, hpcOf(g), limit), {
      concurrency: "unbounded",
    })
    return { groups: groups.map((g) => g.group), problems: groups.flatMap((g) => g.problems) } satisfies Structure
  })

// Groups and specs come from the kept copy when it is fresh; a copy with problems is never kept, so the
// next call asks again for what could not be read.
const structureOf = (workspaceId: string, limit: Limit, refresh: boolean) =>
  Effect.gen(function* () {
    const key = `structure:${workspaceId}`
    const kept = refresh ? undefined : yield* recall<Structure>(key)
    if (kept !== undefined) return kept
    const loaded = yield* loadStructure(workspaceId, limit, refresh)
    if (loaded.problems.length === 0) yield* remember(key, loaded, [workspaceId, ...loaded.groups.map((g) => g.id)])
    return loaded
  })

/**
 * A group's specs of one schedule type from its workspace's discovery: the kept copy; else, with `load`
 * (a create whose placement check reads the discovery anyway), the workspace's groups and specs read now
 * and kept. Undefined when nothing is kept and `load` is false, or the type is not among those discovered.
 */
export const discoveredSpecs = (
  workspaceId: string,
  groupId: string,
  type: string,
  load: boolean,
): Effect.Effect<ReadonlyArray<Spec> | undefined, never, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    if (!(DISCOVERED_TYPES as ReadonlyArray<string>).includes(type)) return undefined
    const structure = load
      ? yield* structureOf(workspaceId, yield* boundedRequests(DISCOVERY_CONCURRENCY), false)
      : yield* recall<Structure>(`structure:${workspaceId}`)
    return structure?.groups.find((g) => g.id === groupId)?.specs[type as DiscoveredType]
  })

// Free GPUs are asked for each call that shows them, unless a call of the last minute did (GPU_TTL_MS).
const gpusOf = (workspaceId: string, limit: Limit, refresh: boolean) =>
  Effect.gen(function* () {
    const key = `gpus:${workspaceId}`
    const kept = refresh ? undefined : yield* recall<ReadonlyArray<[string, GpuAvailability]>>(key)
    if (kept !== undefined) return new Map(kept)
    const read = yield* limit(gpuAvailability(workspaceId))
    yield* remember(key, [...read], [workspaceId, ...read.keys()])
    return read
  })

const discoverWorkspace = (workspace: Workspace, limit: Limit, refresh: boolean, freeGpus: boolean) =>
  Effect.gen(function* () {
    if (!workspace.enabled)
      return {
        ...workspace,
        groups: [],
        problems: [msg("api-disabled-no-calls")],
      } satisfies DiscoveredWorkspace
    const [structure, gpus] = yield* Effect.all(
      [
        structureOf(workspace.id, limit, refresh),
        freeGpus ? Effect.either(gpusOf(workspace.id, limit, refresh)) : Effect.succeed(undefined),
      ],
      { concurrency: 2 },
    )
    const free = gpus !== undefined && Either.isRight(gpus) ? gpus.right : undefined
    const joined = withGpus(structure.groups, free)
    return {
      ...workspace,
      groups: structure.groups.map((g, i) => ({ ...g, gpus: joined[i]?.gpus })),
      problems: [
        ...(gpus !== undefined && Either.isLeft(gpus)
          ? [msg("api-free-gpus-unknown", { why: describe(gpus.left) })]
          : []),
        ...structure.problems,
      ],
    } satisfies DiscoveredWorkspace
  })

/** The workspaces a call is about: all, or the one named (by id, name, or a known alias of its name). */
const pickWorkspaces = (all: ReadonlyArray<Workspace>, wanted: string | undefined): ReadonlyArray<Workspace> => {
  if (wanted === undefined || wanted.trim() === "") return all
  const key = fold(wanted)
  const alias = workspacePolicy(wanted)
  return all.filter(
    (w) =>
      w.id === wanted.trim() || fold(w.name) === key || (alias.known && workspacePolicy(w.name).name === alias.name),
  )
}

/** What a discovery is about and how it reports its way. */
export interface DiscoverOptions {
  /** Ask the platform again for everything, kept copies notwithstanding. */
  readonly refresh?: boolean
  /** Only this workspace (id, name or alias): nothing is asked about the others. */
  readonly workspace?: string
  /** Only these workspaces (ids), e.g. those a create may go to: nothing is asked about the others. */
  readonly workspaceIds?: ReadonlyArray<string>
  /** Read the free GPUs of each group (the default); a caller that reads the nodes itself says false. */
  readonly freeGpus?: boolean
  /** Called as each workspace is done (a cold discovery of a large account takes seconds). */
  readonly onWorkspace?: (done: number, total: number, name: string) => void
}

type Listed = {
  readonly projects: ReadonlyArray<Project>
  readonly budgets: Effect.Effect<ReadonlyArray<Project>, never, Platform | ActiveProfile>
}

// The kept project list (with budgets) when fresh; else the listing, with its budgets filled alongside
// the workspaces' requests rather than before them (they need only the listing), then kept.
const projectsOf = (refresh: boolean): Effect.Effect<Listed, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const kept = refresh ? undefined : yield* recall<ReadonlyArray<Project>>("projects")
    if (kept !== undefined) return { projects: kept, budgets: Effect.succeed(kept) }
    const listed = yield* projectPages()
    const budgets = Effect.tap(
      listed.source === "v2"
        ? fillBudgets(listed.projects, undefined, { v1Unavailable: true })
        : Effect.succeed(listed.projects),
      (filled) =>
        remember(
          "projects",
          filled,
          filled.map((p) => p.id),
        ),
    )
    return { projects: listed.projects, budgets }
  })

// `who` is the user a discovery shows (read alongside the projects), or nothing for a caller that needs
// only the workspaces.
const gather = <U>(
  options: DiscoverOptions,
  who: (refresh: boolean) => Effect.Effect<U, InspireError, Platform | ActiveProfile>,
) =>
  Effect.gen(function* () {
    const refresh = options.refresh === true
    const limit = yield* boundedRequests(DISCOVERY_CONCURRENCY)
    const [user, first] = yield* Effect.all([limit(who(refresh)), limit(projectsOf(refresh))], { concurrency: 2 })
    let listed = first
    const only = options.workspaceIds !== undefined ? new Set(options.workspaceIds) : undefined
    const pick = (all: ReadonlyArray<Workspace>) =>
      pickWorkspaces(all, options.workspace).filter((w) => only === undefined || only.has(w.id))
    let chosen = pick(listWorkspaces(listed.projects))
    // A workspace joined since the project list was kept is looked up afresh, never refused on stale data.
    if (chosen.length === 0 && !refresh) {
      listed = yield* limit(projectsOf(true))
      chosen = pick(listWorkspaces(listed.projects))
    }
    if (chosen.length === 0) {
      const all = listWorkspaces(listed.projects)
      return yield* Effect.fail(
        invalidInput(
          msg("api-no-such-workspace", { wanted: options.workspace ?? "" }),
          msg("api-no-such-workspace-hint", { names: all.map((w) => w.name).join(", ") }),
          { candidates: all.map((w) => ({ id: w.id, name: w.name })) },
        ),
      )
    }
    let done = 0
    const [projects, workspaces] = yield* Effect.all(
      [
        limit(listed.budgets),
        Effect.forEach(
          chosen,
          (w) =>
            Effect.tap(discoverWorkspace(w, limit, refresh, options.freeGpus !== false), () =>
              Effect.sync(() => options.onWorkspace?.(++done, chosen.length, w.name)),
            ),
          { concurrency: "unbounded" },
        ),
      ],
      { concurrency: 2 },
    )
    const shown = new Set(chosen.flatMap((w) => w.projects.map((p) => p.id)))
    const about =
      options.workspace === undefined && only === undefined ? projects : projects.filter((p) => shown.has(p.id))
    return { user, projects: about, workspaces }
  })

/**
 * The account's resources: user, projects (budget, priority cap, storage paths), workspaces, compute
 * groups with free GPUs, and specs per schedule type; only the workspace asked about when one is.
 * Kept between calls and processes (cache.ts): the user and projects for five minutes, each
 * workspace's groups and specs for ten, free GPUs for one; `refresh` asks the platform again for
 * everything. Requests fan out so that no chain is longer than three.
 */
export const discover = (
  options: DiscoverOptions = {},
): Effect.Effect<Discovery, InspireError, Platform | ActiveProfile> =>
  Effect.gen(function* () {
    const discoveredAt = yield* Clock.currentTimeMillis
    const user = (refresh: boolean) => cached("user", fetchCurrentUser(), (u) => [u.id], refresh)
    const [found, cost] = yield* measured(gather(options, user))
    const projects = found.projects.map((p) => ({ ...p, storage: storagePaths(p.enName, found.user.loginName) }))
    return { ...found, projects, discoveredAt, cost }
  })

/**
 * The workspaces of a discovery (see `discover`) without the user it shows: for a caller that reads
 * only the groups and specs (the node readings of availability and of a create's placement check).
 */
export const discoverWorkspaces = (
  options: DiscoverOptions = {},
): Effect.Effect<ReadonlyArray<DiscoveredWorkspace>, InspireError, Platform | ActiveProfile> =>
  Effect.map(
    gather(options, () => Effect.void),
    (found) => found.workspaces,
  )
