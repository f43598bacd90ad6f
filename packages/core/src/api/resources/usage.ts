import { z } from "zod"
import { Points } from "../../domain/points.js"
import { Effect } from "../../effect.js"
import type { InspireError, SurfaceUnavailable } from "../../errors.js"
import { Platform } from "../../platform/client.js"
import { msg } from "../../words/message.js"
import { decode, Num, Text } from "../support.js"
import { workspaceDimension } from "./dimension.js"

const IdName = z
  .object({ id: Text, name: Text })
  .loose()
  .nullish()
  .transform((v) => ({ id: v?.id ?? "", name: v?.name ?? "" }))

const Usage = z
  .object({ total: Num, used: Num, usage_rate: Num })
  .loose()
  .nullish()
  .transform((v) => ({ total: v?.total, used: v?.used, usageRate: v?.usage_rate }))

// One row of the task dimension (§4.4.2); `gpu.usage_rate` is real utilisation (0–1), not allocation.
const TaskDimension = z.lazy(() =>
  z
    .object({
      id: Text,
      name: Text,
      status: Text,
      type: Text,
      priority: Num,
      running_time_ms: Num,
      project: IdName,
      user: IdName,
      nodes_occupied: z
        .object({ count: Num, nodes: z.array(z.string()).nullish() })
        .loose()
        .nullish(),
      gpu: Usage,
      cpu: Usage,
      memory: Usage,
    })
    .loose()
    .transform((t) => ({
      id: t.id,
      name: t.name,
      status: t.status.toUpperCase(),
      type: t.type,
      priority: t.priority,
      runningMs: t.running_time_ms,
      project: t.project,
      user: t.user,
      nodes: t.nodes_occupied?.count ?? 0,
      /** The nodes it occupies, one entry per instance placed there (empty while it waits). */
      placedOn: t.nodes_occupied?.nodes ?? [],
      gpu: t.gpu,
      cpu: t.cpu,
      memory: t.memory,
    })),
)

/** A task as the workspace's task dimension lists it (everyone's, not only the caller's). */
export type TaskDimension = z.output<typeof TaskDimension>

const TaskPage = z.lazy(() =>
  z
    .object({ task_dimensions: z.array(TaskDimension).nullish(), total: Num })
    .loose()
    .transform((p) => ({ items: p.task_dimensions ?? [], total: p.total })),
)

const TASK_PAGE_SIZE = 500

/**
 * A workspace's tasks with their placement and usage: V2 `workspace.ListTaskDimension` (★), else V1
 * `cluster_metric/list_task_dimension` (§4.4).
 */
export const taskDimensions = (
  workspaceId: string,
): Effect.Effect<ReadonlyArray<TaskDimension>, InspireError, Platform> =>
  workspaceDimension(workspaceId, {
    action: "ListTaskDimension",
    v1: "list_task_dimension",
    page: TaskPage,
    pageSize: TASK_PAGE_SIZE,
    what: msg("api-read-workspace-tasks"),
  })

const Overview = z.lazy(() =>
  z
    .object({
      total: Points.nullish(),
      used: Points.nullish(),
      remain: Points.nullish(),
      train: Points.nullish(),
      inference: Points.nullish(),
      storage: Points.nullish(),
    })
    .loose(),
)

/** A project's budget in points, as V2 `project.GetProjectBudgetUsageOverview` states it. */
export interface BudgetOverview {
  readonly total: number | undefined
  readonly used: number | undefined
  readonly remain: number | undefined
  readonly byKind: { readonly train?: number; readonly inference?: number; readonly storage?: number }
}

const defined = <A extends Record<string, number | null | undefined>>(o: A) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === "number")) as { [K in keyof A]?: number }

/** A project's budget overview (§4.3, ★ prov.): total, used, remaining and the spending by kind. */
export const budgetOverview = (
  projectId: string,
  workspaceId: string,
): Effect.Effect<BudgetOverview, InspireError | SurfaceUnavailable, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const surface = "api/v2/project.GetProjectBudgetUsageOverview"
    const body = { project_id: projectId, workspace_id: workspaceId }
    const d = yield* platform.v2("project", "GetProjectBudgetUsageOverview", body, { idempotent: true })
    const o = yield* decode(Overview, d, surface)
    return {
      total: o.total ?? undefined,
      used: o.used ?? undefined,
      remain: o.remain ?? undefined,
      byKind: defined({ train: o.train, inference: o.inference, storage: o.storage }),
    }
  })

const Member = z.lazy(() =>
  z
    .object({
      user_id: Text,
      user_name: Text,
      name: Text,
      user: z.object({ id: Text, name: Text }).loose().nullish(),
      budget: Points.nullish(),
      used_budget: Points.nullish(),
      remain_budget: Points.nullish(),
    })
    .loose()
    .transform((m) => ({
      id: m.user?.id || m.user_id,
      name: m.user?.name || m.user_name || m.name,
      budget: m.budget ?? undefined,
      used: m.used_budget ?? undefined,
      remain: m.remain_budget ?? undefined,
    })),
)

/** A member's share of a project's budget. */
export type MemberBudget = z.output<typeof Member>

const Members = z.lazy(() =>
  z
    .object({ items: z.array(Member).nullish(), list: z.array(Member).nullish(), members: z.array(Member).nullish() })
    .loose()
    .transform((p) => p.items ?? p.members ?? p.list ?? []),
)

/**
 * Each member's budget, used and remaining (V2 `project.GetProjectMemberBudgetUsage`, §4.3): permission-gated,
 * so an ordinary member gets AccessForbidden (a SurfaceUnavailable the caller reports, not a failure).
 */
export const memberBudgets = (
  projectId: string,
  workspaceId: string,
): Effect.Effect<ReadonlyArray<MemberBudget>, InspireError | SurfaceUnavailable, Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const body = { project_id: projectId, workspace_id: workspaceId }
    const d = yield* platform.v2("project", "GetProjectMemberBudgetUsage", body, { idempotent: true })
    return yield* decode(Members, d, "api/v2/project.GetProjectMemberBudgetUsage")
  })
