import { normalizeRemotePath, statRemote } from "../../api/jupyter/contents.js"
import { type Lab, labOf, resolveNotebook, waitForLab } from "../../api/jupyter/lab.js"
import { listNotebooks } from "../../api/notebooks/read.js"
import type { Notebook } from "../../api/notebooks/schema.js"
import { listProjects } from "../../api/resources/projects.js"
import { currentUser } from "../../api/resources/user.js"
import { storagePaths } from "../../domain/projects.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord } from "../../words/text.js"
import type { ClientServices } from "../catalogue/services.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { StorageInput } from "./input.js"

// Where storage is reached: the project's shared storage (/inspire/hdd/project/<en_name>/, ssd, the
// user's global_user folder, INSPIRE-API.md §3.8) as a running notebook of that project mounts it, through
// its Jupyter server, whose root is the container's `/`: the storage path `/inspire/x` is the contents
// path `inspire/x`. Nothing outside those roots is reached.

/** Whether a path given to cp names storage (an absolute path under /inspire/) rather than a local file. */
export const isStoragePath = (raw: string): boolean => /^\s*\/inspire(\/|$)/.test(raw)

/** The project's `en_name` a storage path names (`/inspire/<tier>/project/<en_name>/…`), if any. */
const projectNamed = (raw: string): string | undefined => /^\s*\/inspire\/[^/]+\/project\/([^/]+)/.exec(raw)?.[1]

/** The notebook a call goes through, its open lab, and the storage roots its project sees. */
export interface StoragePlace {
  readonly lab: Lab
  readonly roots: ReadonlyArray<string>
}

const byName = (a: Notebook, b: Notebook) => a.name.localeCompare(b.name)

/** The running notebook named, else one of the project the path names (the user's own first). */
const pickNotebook = (input: StorageInput, paths: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const workspace = resolveReadWorkspace({ workspace: input.workspace })
    if (input.notebook !== undefined && input.notebook.trim() !== "")
      return yield* resolveNotebook(input.notebook, workspace)
    const ws = yield* workspace
    const listed = yield* listNotebooks({ workspaceId: ws.id })
    const named = paths.map(projectNamed).find((p) => p !== undefined)
    const project = named === undefined ? undefined : (yield* listProjects()).find((p) => p.enName === named)
    const me = yield* currentUser()
    const running = listed.notebooks
      .filter((n) => n.status.family === "running" && (named === undefined || n.projectId === project?.id))
      .sort((a, b) => ((a.userId === me.id) === (b.userId === me.id) ? byName(a, b) : a.userId === me.id ? -1 : 1))
    const first = running[0]
    if (first !== undefined) return first
    return yield* Effect.fail(
      new InspireError({
        reason: "Conflict",
        message:
          named === undefined
            ? msg("storage-no-notebook", { workspace: ws.name })
            : msg("storage-no-notebook-project", { workspace: ws.name, project: project?.name ?? named }),
        hint: msg("storage-no-notebook-fix", {
          start: callWord("notebook", { action: "start" }),
          create: callWord("notebook", { action: "create" }),
          field: fieldWord("notebook"),
        }),
      }),
    )
  })

/** Opens the notebook a storage call goes through and reads its project's storage roots. */
export const openStorage = (
  input: StorageInput,
  paths: ReadonlyArray<string>,
): Effect.Effect<StoragePlace, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const notebook = yield* pickNotebook(input, paths)
    const lab = yield* labOf(notebook)
    yield* waitForLab(lab)
    const project = (yield* listProjects()).find((p) => p.id === notebook.projectId)
    if (project === undefined || project.enName === "")
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("storage-no-project", { notebook: notebook.name || notebook.id }),
          hint: msg("storage-no-project-fix"),
        }),
      )
    const user = yield* currentUser()
    const roots = Object.values(storagePaths(project.enName, user.loginName)).map((p) => p.replace(/\/+$/, ""))
    // The notebook's Jupyter must reach the storage at all (its root is the container's `/`).
    if ((yield* statRemote(lab, "inspire"))?.type !== "directory")
      return yield* Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("storage-not-mounted", { notebook: notebook.name || notebook.id }),
          hint: msg("storage-not-mounted-fix", { field: fieldWord("notebook") }),
        }),
      )
    return { lab, roots }
  })

/**
 * A storage path checked against the roots: its contents path (`inspire/…`), or a refusal naming the
 * roots when it leaves them (a `..` is refused outright).
 */
export const contentsPathOf = (raw: string, roots: ReadonlyArray<string>): Effect.Effect<string, InspireError> =>
  Effect.gen(function* () {
    const path = yield* normalizeRemotePath(raw.trim())
    const absolute = `/${path}`
    if (/^\s*\//.test(raw) && roots.some((r) => absolute === r || absolute.startsWith(`${r}/`))) return path
    return yield* Effect.fail(
      invalidInput(
        msg("storage-outside", { path: raw.trim(), roots: roots.map((r) => `${r}/`).join(", ") }),
        msg("storage-outside-fix"),
      ),
    )
  })

/** Whether a contents path is one of the roots itself (never removed). */
export const isRoot = (path: string, roots: ReadonlyArray<string>): boolean => roots.includes(`/${path}`)
