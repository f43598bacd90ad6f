import { listHpcJobs } from "../../../api/jobs/hpc.js"
import { listRayJobs } from "../../../api/jobs/ray.js"
import { listTrainingJobs } from "../../../api/jobs/training.js"
import { listNotebooks } from "../../../api/notebooks/read.js"
import { knownProjects, resolveProject, resolveWorkspace } from "../../../api/resources/resolve.js"
import { currentUser } from "../../../api/resources/user.js"
import { listWorkspaces, type Workspace } from "../../../api/resources/workspaces.js"
import { listServings } from "../../../api/servings/servings.js"
import { matchesStatusFilter, type StatusFamily, type StatusFilter } from "../../../domain/status.js"
import { Effect } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { msg } from "../../../words/message.js"
import { fieldWord } from "../../../words/text.js"
import type { ClientServices } from "../../catalogue/services.js"
import { defaultOf } from "../defaults.js"
import { rayPods, type WaitingRef, waitingRefOf } from "../waiting.js"

/** The task types a user lists and stops by (`inference` = servings). */
export type TaskType = "train" | "hpc" | "inference" | "ray" | "notebook"

/** One task of any type, as the list and batch-stop tools show it. */
export interface TaskRow {
  readonly id: string
  readonly type: TaskType
  readonly name: string
  readonly family: StatusFamily
  readonly rawStatus: string
  readonly terminal: boolean
  readonly workspace: string
  readonly workspaceId: string
  readonly projectId: string
  readonly createdAt: number | undefined
  readonly runningTimeMs: number | undefined
  readonly gpus: number | undefined
  /** For a waiting training, HPC or Ray job: what placing it in its group's queue needs. */
  readonly waiting?: WaitingRef | undefined
}

/** What to list: where, which types, which status family, which names, whose. */
export interface TaskQuery {
  readonly workspace?: string | undefined
  readonly project?: string | undefined
  readonly types: ReadonlyArray<TaskType>
  readonly status: StatusFilter
  /** A substring, or a glob when it holds `*` or `?`. */
  readonly name?: string | undefined
  readonly mine: boolean
  /** Every workspace you can see, even when defaultWorkspace is set. */
  readonly allWorkspaces?: boolean | undefined
}

/** The tasks found and the workspaces searched; `truncated` when a page cap cut a list short. */
export interface TaskListing {
  readonly tasks: ReadonlyArray<TaskRow>
  readonly workspaces: ReadonlyArray<string>
  /** Where the searched workspaces came from: the query, defaultWorkspace, or every workspace. */
  readonly workspaceFrom: "query" | "default" | "all"
  readonly truncated: boolean
}

const escapeRegExp = (s: string) => s.replace(/[.+^${}()|[\]\\]/g, "\\$&")

/** Whether a task name matches a filter: a case-insensitive substring, or a whole-name glob with `*`/`?`. */
export const nameMatches = (name: string, filter: string | undefined): boolean => {
  if (filter === undefined || filter === "") return true
  if (!/[*?]/.test(filter)) return name.toLowerCase().includes(filter.toLowerCase())
  const pattern = escapeRegExp(filter).replace(/\*/g, ".*").replace(/\?/g, ".")
  return new RegExp(`^${pattern}$`, "i").test(name)
}

/** The workspaces a listing searches and where they came from. */
export interface SearchScope {
  readonly workspaces: ReadonlyArray<Workspace>
  readonly from: TaskListing["workspaceFrom"]
}

/**
 * The workspaces a listing searches: the one asked for, else (unless `all`) defaultWorkspace, else
 * every enabled one.
 */
export const workspacesToSearch = (
  workspace: string | undefined,
  project: string | undefined,
  all = false,
): Effect.Effect<SearchScope, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (workspace !== undefined && all)
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-workspace-and-all", { workspace: fieldWord("workspace"), all: fieldWord("all_workspaces") }),
          msg("common-ops-workspace-and-all-hint", { workspace: fieldWord("workspace") }),
        ),
      )
    if (workspace !== undefined) return { workspaces: [yield* resolveWorkspace(workspace, project)], from: "query" }
    const fallback = all ? undefined : yield* defaultOf("defaultWorkspace")
    if (fallback !== undefined) return { workspaces: [yield* resolveWorkspace(fallback, project)], from: "default" }
    const every = listWorkspaces(yield* knownProjects()).filter((w) => w.enabled)
    if (project === undefined) return { workspaces: every, from: "all" }
    const owner = yield* resolveProject(project)
    return { workspaces: every.filter((w) => w.projects.some((p) => p.id === owner.id)), from: "all" }
  })

/** What every listed task says of itself, whatever its type. */
interface Listed {
  readonly id: string
  readonly name: string
  readonly status: { readonly family: StatusFamily; readonly raw: string; readonly terminal: boolean }
  readonly projectId: string
  readonly createdAt: number | undefined
}

// One row of the listing: the task's own fields, its workspace, and the type's running time and GPUs.
const rowOf = (
  ws: Workspace,
  type: TaskType,
  t: Listed,
  extra: {
    readonly runningTimeMs: number | undefined
    readonly gpus: number | undefined
    readonly waiting?: WaitingRef | undefined
  },
): TaskRow => ({
  workspace: ws.name,
  workspaceId: ws.id,
  id: t.id,
  type,
  name: t.name,
  family: t.status.family,
  rawStatus: t.status.raw,
  terminal: t.status.terminal,
  projectId: t.projectId,
  createdAt: t.createdAt,
  runningTimeMs: extra.runningTimeMs,
  gpus: extra.gpus,
  ...(extra.waiting !== undefined ? { waiting: extra.waiting } : {}),
})

// One type's listing in a workspace: its rows and whether a page cap cut it short.
interface Part {
  readonly rows: ReadonlyArray<TaskRow>
  readonly truncated: boolean
}

const partOf = (
  ws: Workspace,
  type: TaskType,
  query: TaskQuery,
  userId: string | undefined,
): Effect.Effect<Part, InspireError, ClientServices> => {
  const status = query.status === "all" ? {} : { status: query.status }
  const createdBy = userId !== undefined ? { createdBy: userId } : {}
  switch (type) {
    case "train":
      return Effect.map(listTrainingJobs({ workspaceId: ws.id, ...status, ...createdBy }), (list) => ({
        truncated: list.truncated,
        rows: list.jobs.map((j) =>
          rowOf(ws, "train", j, {
            runningTimeMs: j.runningTimeMs,
            gpus: j.gpuCount,
            waiting: waitingRefOf(j, "train", j.nodeCount),
          }),
        ),
      }))
    case "hpc":
      return Effect.map(listHpcJobs({ workspaceId: ws.id, ...status, ...createdBy }), (list) => ({
        truncated: list.truncated,
        rows: list.jobs.map((j) =>
          rowOf(ws, "hpc", j, {
            runningTimeMs: j.runningTimeMs,
            gpus: 0,
            waiting: waitingRefOf(j, "hpc", j.instanceCount),
          }),
        ),
      }))
    case "inference":
      return Effect.map(listServings({ workspaceId: ws.id, mine: query.mine }), (list) => ({
        truncated: list.truncated,
        rows: list.servings.map((s) => rowOf(ws, "inference", s, { runningTimeMs: undefined, gpus: undefined })),
      }))
    case "ray":
      return Effect.map(listRayJobs({ workspaceId: ws.id, ...status, ...createdBy }), (list) => ({
        truncated: list.truncated,
        rows: list.jobs.map((j) =>
          rowOf(ws, "ray", j, {
            runningTimeMs: j.runningTimeMs,
            gpus: undefined,
            waiting: waitingRefOf(j, "ray", rayPods(j)),
          }),
        ),
      }))
    case "notebook":
      return Effect.map(listNotebooks({ workspaceId: ws.id, ...status }), (list) => ({
        truncated: list.truncated,
        rows: list.notebooks
          .filter((n) => userId === undefined || n.userId === "" || n.userId === userId)
          .map((n) =>
            rowOf(ws, "notebook", n, {
              runningTimeMs: n.liveTimeSeconds !== undefined ? n.liveTimeSeconds * 1000 : undefined,
              gpus: n.gpuCount,
            }),
          ),
      }))
  }
}

// The types' lists are independent requests, sent together (the transport's limiter still paces them).
const inWorkspace = (ws: Workspace, query: TaskQuery, userId: string | undefined) =>
  Effect.map(
    Effect.forEach(
      (["train", "hpc", "inference", "ray", "notebook"] as const).filter((t) => query.types.includes(t)),
      (type) => partOf(ws, type, query, userId),
      { concurrency: "unbounded" },
    ),
    (parts): Part => ({ rows: parts.flatMap((p) => p.rows), truncated: parts.some((p) => p.truncated) }),
  )

/** Every task matching a query across the searched workspaces, all pages, newest first. */
export const listTasks = (query: TaskQuery): Effect.Effect<TaskListing, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const [scope, userId, owner] = yield* Effect.all(
      [
        workspacesToSearch(query.workspace, query.project, query.allWorkspaces === true),
        query.mine ? Effect.map(currentUser(), (u) => u.id) : Effect.succeed(undefined),
        query.project !== undefined ? resolveProject(query.project) : Effect.succeed(undefined),
      ],
      { concurrency: "unbounded" },
    )
    // Workspaces are searched two at a time; every request still waits for the account's shared limiter.
    const parts = yield* Effect.forEach(scope.workspaces, (ws) => inWorkspace(ws, query, userId), { concurrency: 2 })
    const tasks = parts
      .flatMap((p) => p.rows)
      .filter((t) => matchesStatusFilter({ family: t.family, raw: t.rawStatus, terminal: t.terminal }, query.status))
      .filter((t) => nameMatches(t.name, query.name))
      .filter((t) => owner === undefined || t.projectId === "" || t.projectId === owner.id)
      .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))
    return {
      tasks,
      workspaces: scope.workspaces.map((w) => w.name),
      workspaceFrom: scope.from,
      truncated: parts.some((p) => p.truncated),
    }
  })
