import { z } from "zod"
import { Points } from "../../domain/points.js"
import { type Project, RawProject } from "../../domain/projects.js"
import { Effect, Either } from "../../effect.js"
import { type InspireError, type SurfaceUnavailable, surfaceError } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { collectPages } from "../../platform/paging.js"
import { msg } from "../../words/message.js"
import { decode, readHint } from "../support.js"

/** How many projects one page asks for; one page covers every account seen so far. */
const PROJECT_PAGE_SIZE = 100

const total = z.union([z.number(), z.string()]).nullish()

// V2 answers `items` with `total` as a string; V1 `items` (or `list`) with a number (§4.3).
const ProjectPage = z.lazy(() =>
  z
    .object({ items: z.array(RawProject).nullish(), list: z.array(RawProject).nullish(), total })
    .loose()
    .transform((p) => ({ items: p.items ?? p.list ?? [], total: p.total ?? undefined })),
)

type Call = Effect.Effect<unknown, InspireError | SurfaceUnavailable>

const pages = (surface: string, fetch: (page: number, size: number) => Call, pageSize: number) =>
  Effect.map(
    collectPages((page, size) => Effect.flatMap(fetch(page, size), (d) => decode(ProjectPage, d, surface)), {
      firstPage: 1,
      pageSize,
    }),
    (c) => c.items,
  )

const v1Options = { idempotent: true, referer: "/projects" } as const

const v1Projects = (platform: Platform["Type"], pageSize: number) =>
  pages(
    "api/v1/project/list",
    (page, size) => platform.v1("POST", "project/list", { page, page_size: size, filter: {} }, v1Options),
    pageSize,
  )

/**
 * The user's projects as listed: V1 `POST project/list` first (four of the five known clients use it,
 * and it carries the budgets, en_name and space_list in one answer), else V2 `project.GetProjectForPage`
 * (★ prov.), whose `remain_budget` is always blank (§3.4), so its budgets still need `fillBudgets`.
 */
export const projectPages = (
  pageSize = PROJECT_PAGE_SIZE,
): Effect.Effect<{ readonly projects: ReadonlyArray<Project>; readonly source: "v2" | "v1" }, InspireError, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const v2 = pages(
      "api/v2/project.GetProjectForPage",
      (page, size) => platform.v2("project", "GetProjectForPage", { page, page_size: size }, { idempotent: true }),
      pageSize,
    )
    return yield* Effect.map(v1Projects(platform, pageSize), (projects) => ({ projects, source: "v1" as const })).pipe(
      Effect.catchTag("SurfaceUnavailable", () => Effect.map(v2, (projects) => ({ projects, source: "v2" as const }))),
      Effect.catchTag("SurfaceUnavailable", (e) =>
        Effect.fail(surfaceError(e, { what: msg("api-list-projects"), hint: readHint() })),
      ),
    )
  })

const v2Read = { idempotent: true } as const

const Overview = z.object({ total: Points.nullish(), remain: Points.nullish() }).loose()

const overviewOf = (platform: Platform["Type"], project: Project) => {
  const workspaceId = project.workspaces[0]?.id
  if (workspaceId === undefined) return Effect.succeed(project)
  const surface = "api/v2/project.GetProjectBudgetUsageOverview"
  return platform
    .v2("project", "GetProjectBudgetUsageOverview", { project_id: project.id, workspace_id: workspaceId }, v2Read)
    .pipe(
      Effect.flatMap((d) => decode(Overview, d, surface)),
      Effect.map(
        (o): Project => ({
          ...project,
          budget: project.budget ?? o.total ?? undefined,
          remainBudget: o.remain ?? undefined,
        }),
      ),
      // The budget is shown, not relied on: when no surface tells it, it stays unknown.
      Effect.catchAll(() => Effect.succeed(project)),
    )
}

/**
 * Fills the remaining budget V2 leaves blank (§3.4). One V1 `project/list` serves every project at
 * once, so it is asked first; only when V1 is unavailable is V2 `GetProjectBudgetUsageOverview` asked,
 * one request per project. A budget no surface reveals stays undefined.
 */
export const fillBudgets = (
  projects: ReadonlyArray<Project>,
  pageSize = PROJECT_PAGE_SIZE,
  options: { readonly v1Unavailable?: boolean } = {},
): Effect.Effect<ReadonlyArray<Project>, never, Platform> =>
  Effect.gen(function* () {
    if (projects.every((p) => p.remainBudget !== undefined)) return projects
    const platform = yield* Platform
    const listed =
      options.v1Unavailable === true ? Either.left(undefined) : yield* Effect.either(v1Projects(platform, pageSize))
    if (listed._tag === "Right") {
      const byId = new Map(listed.right.map((p) => [p.id, p]))
      return projects.map((p) => {
        const v1 = byId.get(p.id)
        return v1 === undefined
          ? p
          : { ...p, budget: p.budget ?? v1.budget, remainBudget: p.remainBudget ?? v1.remainBudget }
      })
    }
    return yield* Effect.forEach(
      projects,
      (p) => (p.remainBudget !== undefined ? Effect.succeed(p) : overviewOf(platform, p)),
      { concurrency: 4 },
    )
  })

/** The user's projects with budgets and priority caps (`pageSize` only matters past one page). */
export const listProjects = (
  options: { readonly pageSize?: number } = {},
): Effect.Effect<ReadonlyArray<Project>, InspireError, Platform> =>
  Effect.flatMap(projectPages(options.pageSize), ({ projects, source }) =>
    source === "v1" ? Effect.succeed(projects) : fillBudgets(projects, options.pageSize, { v1Unavailable: true }),
  )
