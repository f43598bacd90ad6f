import { Clock, Effect, Either } from "effect"
import { type Project, storagePaths } from "../../domain/projects.js"
import { type Spec, specsFor } from "../../domain/specs.js"
import type { InspireError, SurfaceUnavailable } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import type { ActiveProfile } from "../../profile.js"
import { boundedRequests } from "../support.js"
import { cached, remember } from "./cache.js"
import { type ComputeGroup, type ComputeGroupInfo, computeGroupInfo, gpuAvailability, withGpus } from "./groups.js"
import { fillBudgets, projectPages } from "./projects.js"
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
  readonly specs: Readonly<Record<DiscoveredType, ReadonlyArray<Spec>>>
  /** Types not asked about because the platform says the group does not run them. */
  readonly skipped: ReadonlyArray<DiscoveredType>
}

/** A workspace with its groups; `problems` says what could not be read (the rest is still shown). */
export interface DiscoveredWorkspace extends Workspace {
  readonly groups: ReadonlyArray<DiscoveredGroup>
  readonly problems: ReadonlyArray<string>
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
export const DISCOVERY_CONCURRENCY = 64

type Limit = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
type Config = Readonly<Partial<Record<ConfigType, ReadonlyArray<Spec>>>>

const describe = (e: InspireError | SurfaceUnavailable): string => e.message

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
  group: ComputeGroup,
  config: Either.Either<Config, InspireError | SurfaceUnavailable>,
  hpc: HpcSupport,
  limit: Limit,
) =>
  Effect.gen(function* () {
    const problems: string[] = []
    const read = (
      type: DiscoveredType,
      effect: Effect.Effect<ReadonlyArray<Spec>, InspireError | SurfaceUnavailable, Platform>,
    ) =>
      Effect.map(Effect.either(effect), (r) => {
        if (Either.isRight(r)) return r.right
        problems.push(`${type} specs of ${group.name}: ${describe(r.left)}`)
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
    const discovered: DiscoveredGroup = { ...group, specs: { TRAIN, DSW, HPC, SERVING }, skipped }
    return { group: discovered, problems }
  })

const discoverWorkspace = (workspace: Workspace, limit: Limit) =>
  Effect.gen(function* () {
    if (!workspace.enabled)
      return {
        ...workspace,
        groups: [],
        problems: ["The workspace is disabled (该空间已被禁用); it accepts no calls."],
      }
    const platform = yield* Platform
    const id = workspace.id
    const [info, gpus, config, support] = yield* Effect.all(
      [
        Effect.either(limit(computeGroupInfo(id))),
        Effect.either(limit(gpuAvailability(id))),
        Effect.either(
          limit(
            Effect.flatMap(
              platform.v2("workspace", "GetScheduleConfig", { workspace_id: id }, { idempotent: true }),
              readScheduleConfig,
            ),
          ),
        ),
        Effect.either(limit(hpcSupport(id))),
      ],
      { concurrency: "unbounded" },
    )
    const problems: string[] = []
    if (Either.isLeft(info)) return { ...workspace, groups: [], problems: [describe(info.left)] }
    yield* remember(`groups:${id}`, info.right, [id, ...info.right.map((g) => g.id)])
    if (Either.isLeft(gpus)) problems.push(`Free GPUs unknown: ${describe(gpus.left)}`)
    const hpcOf = (g: ComputeGroupInfo): HpcSupport =>
      Either.isRight(support) ? (support.right.get(g.id) ?? "unknown") : "unknown"
    const groups = yield* Effect.forEach(
      withGpus(info.right, Either.isRight(gpus) ? gpus.right : undefined),
      (g) => discoverGroup(g, config, hpcOf(g), limit),
      { concurrency: "unbounded" },
    )
    return {
      ...workspace,
      groups: groups.map((g) => g.group),
      problems: [...problems, ...groups.flatMap((g) => g.problems)],
    }
  })

const idsOf = (d: Discovery): ReadonlyArray<string> => [
  ...d.projects.map((p) => p.id),
  ...d.workspaces.flatMap((w) => [w.id, ...w.groups.map((g) => g.id)]),
]

const gather = Effect.gen(function* () {
  const limit = yield* boundedRequests(DISCOVERY_CONCURRENCY)
  const [user, listed] = yield* Effect.all([limit(fetchCurrentUser()), limit(projectPages())], { concurrency: 2 })
  yield* remember("user", user, [user.id])
  // Budgets and the workspaces' resources need only the project list: both fan out at once.
  const [projects, workspaces] = yield* Effect.all(
    [
      listed.source === "v2" ? limit(fillBudgets(listed.projects)) : Effect.succeed(listed.projects),
      Effect.forEach(listWorkspaces(listed.projects), (w) => discoverWorkspace(w, limit), {
        concurrency: "unbounded",
      }),
    ],
    { concurrency: 2 },
  )
  yield* remember(
    "projects",
    projects,
    projects.map((p) => p.id),
  )
  return {
    user,
    projects: projects.map((p) => ({ ...p, storage: storagePaths(p.enName, user.loginName) })),
    workspaces,
  }
})

const load = Effect.gen(function* () {
  const discoveredAt = yield* Clock.currentTimeMillis
  const [found, cost] = yield* measured(gather)
  return { ...found, discoveredAt, cost }
})

/**
 * The account's resources: user, projects (budget, priority cap, storage paths), workspaces, compute
 * groups with free GPUs, and specs per schedule type. Cached per profile for five minutes; `refresh`
 * asks the platform again. Requests fan out so that no chain is longer than three.
 */
export const discover = (
  options: { readonly refresh?: boolean } = {},
): Effect.Effect<Discovery, InspireError, Platform | ActiveProfile> =>
  cached("discovery", load, idsOf, options.refresh === true)
