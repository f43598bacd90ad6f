import { budgetOverview, type MemberBudget, memberBudgets } from "../../api/resources/usage.js"
import type { Project } from "../../domain/projects.js"
import { Effect } from "../../effect.js"
import { InspireError, type SurfaceUnavailable } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"

/** A project's budget as inspire_usage shows it; each section says why it is missing instead of failing. */
export interface ProjectBudget {
  readonly project: { readonly id: string; readonly name: string }
  readonly overview?: {
    readonly source: "overview" | "project-list"
    readonly total?: number
    readonly used?: number
    readonly remain?: number
    readonly byKind: { readonly train?: number; readonly inference?: number; readonly storage?: number }
  }
  readonly overviewNote?: Text
  readonly members?: ReadonlyArray<MemberBudget>
  readonly membersNote?: Text
}

// Why a section is missing, in words people act on: a refusal is a permission, anything else a failure.
const why = (e: InspireError | SurfaceUnavailable, what: Text): Text => {
  if (e instanceof InspireError)
    return e.reason === "Forbidden"
      ? msg("usage-section-refused", { what, error: e.text })
      : msg("usage-section-unreadable", { what, error: e.text })
  return e.why === "AccessForbidden"
    ? msg("usage-section-admins-only", { what })
    : msg("usage-section-unoffered", { what, why: e.why })
}

const numbers = <A extends Record<string, number | undefined>>(o: A) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof A]?: number }

/**
 * The budget of one of the account's projects in a workspace: the V2 overview (total, used, remaining and
 * by kind), else the project list's budget and remainder (no split by kind); the members' budgets when the
 * platform lets this account read them. Never fails: a refused or unreadable section carries its note.
 */
export const projectBudget = (project: Project, workspaceId: string): Effect.Effect<ProjectBudget, never, Platform> =>
  Effect.gen(function* () {
    const ref = { id: project.id, name: project.name }
    const [overview, members] = yield* Effect.all(
      [Effect.either(budgetOverview(project.id, workspaceId)), Effect.either(memberBudgets(project.id, workspaceId))],
      { concurrency: 2 },
    )
    const memberPart =
      members._tag === "Right"
        ? { members: members.right }
        : { membersNote: why(members.left, msg("usage-member-budgets-of", { project: project.name })) }
    if (overview._tag === "Right") {
      const o = overview.right
      return {
        project: ref,
        overview: {
          source: "overview",
          ...numbers({ total: o.total, used: o.used, remain: o.remain }),
          byKind: o.byKind,
        },
        ...memberPart,
      } satisfies ProjectBudget
    }
    const note = why(overview.left, msg("usage-overview-of", { project: project.name }))
    if (project.budget === undefined && project.remainBudget === undefined)
      return { project: ref, overviewNote: note, ...memberPart } satisfies ProjectBudget
    const used =
      project.budget !== undefined && project.remainBudget !== undefined
        ? Math.round((project.budget - project.remainBudget) * 100) / 100
        : undefined
    return {
      project: ref,
      overview: {
        source: "project-list",
        ...numbers({ total: project.budget, used, remain: project.remainBudget }),
        byKind: {},
      },
      overviewNote: msg("usage-overview-fallback", { note }),
      ...memberPart,
    } satisfies ProjectBudget
  })
