import {
  listRemote,
  makeRemoteParents,
  normalizeRemotePath,
  readRemoteFile,
  statRemote,
  tooLarge,
  writeRemoteFile,
} from "../../api/jupyter/contents.js"
import { type Lab, labOf, resolveNotebook, waitForLab } from "../../api/jupyter/lab.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { fieldWord } from "../../words/text.js"
import type { OperationContext, OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { type Plan, planned } from "../common/plan.js"
import { resolveReadWorkspace } from "../common/support.js"
import { download, upload } from "./copy.js"
import type { NotebookFilesInput } from "./input.js"
import type { NotebookFilesOutput } from "./output.js"
import { checkInsideRoot, checkParents } from "./remote.js"

/** The most bytes one read or write of this tool moves (a conversation is no place for more). */
const FILES_LIMIT = 1024 * 1024

/** What inspire_notebook_files did: its output schema's type. */
export interface NotebookFilesResult extends OutputOf<ReturnType<typeof NotebookFilesOutput>> {}

const workspaceOf = (input: NotebookFilesInput) => resolveReadWorkspace({ workspace: input.workspace })

const isText = (bytes: Buffer): boolean => {
  if (bytes.includes(0)) return false
  return Buffer.from(bytes.toString("utf8"), "utf8").equals(bytes)
}

const bytesOf = (input: NotebookFilesInput): Effect.Effect<Buffer, InspireError> => {
  if (input.content === undefined)
    return Effect.fail(
      invalidInput(
        msg("notebook-files-needs-content", { field: fieldWord("content") }),
        msg("notebook-files-needs-content-fix", { field: fieldWord("content", "…") }),
      ),
    )
  // The schema took base64 content only when it is base64 (input.ts).
  return Effect.succeed(Buffer.from(input.content, input.encoding === "text" ? "utf8" : "base64"))
}

const write = (lab: Lab, path: string, input: NotebookFilesInput, base: Pick<NotebookFilesResult, "notebook">) =>
  Effect.gen(function* () {
    const bytes = yield* bytesOf(input)
    if (bytes.length > FILES_LIMIT) return yield* Effect.fail(tooLarge(path, bytes.length, FILES_LIMIT))
    const there = yield* statRemote(lab, path)
    if (there?.type === "directory")
      return yield* Effect.fail(
        invalidInput(msg("notebook-files-is-folder", { path }), msg("notebook-files-is-folder-fix")),
      )
    if (there !== undefined && !input.overwrite)
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("notebook-files-exists", { path, size: there.size ?? "?" }),
          hint: msg("notebook-files-exists-fix", { field: fieldWord("overwrite", true) }),
        }),
      )
    // The contents API makes no parents, and a file PUT into a missing folder fails: they are made first.
    const folders = yield* makeRemoteParents(lab, path, true)
    yield* checkParents(folders, input.parents)
    const plan: Plan = {
      summary:
        there !== undefined
          ? msg("notebook-files-plan-replace", {
              path,
              notebook: lab.notebook.name || lab.notebook.id,
              size: bytes.length,
            })
          : msg("notebook-files-plan-write", {
              path,
              notebook: lab.notebook.name || lab.notebook.id,
              size: bytes.length,
            }),
      targets: [
        ...folders.map((id) => ({ kind: "folder", id, change: msg("notebook-files-plan-folder") })),
        {
          kind: "file",
          id: path,
          change:
            there !== undefined
              ? msg("notebook-files-plan-change", { before: there.size ?? "?", size: bytes.length })
              : msg("notebook-files-plan-new", { size: bytes.length }),
        },
      ],
      requests: [
        ...folders.map((d) => planned("PUT", `${lab.shown}/api/contents/${d}`, { type: "directory" })),
        planned("PUT", `${lab.shown}/api/contents/${path}`, { type: "file", format: "base64", content: "…" }),
      ],
    }
    if (input.dry_run)
      return {
        action: "write",
        ...base,
        path,
        size: bytes.length,
        written: false,
        plan,
        notes: [],
      } satisfies NotebookFilesResult
    yield* makeRemoteParents(lab, path)
    yield* writeRemoteFile(lab, path, bytes)
    return {
      action: "write",
      ...base,
      path,
      size: bytes.length,
      written: true,
      replaced: there !== undefined,
      notes: [],
    } satisfies NotebookFilesResult
  })

const COPIES: ReadonlyArray<string> = ["upload", "download"]

/**
 * Lists a folder, reads a file or writes one in a running notebook, or copies files and folders both
 * ways, through its Jupyter contents API.
 */
export const runNotebookFiles = (
  input: NotebookFilesInput,
  context: OperationContext,
): Effect.Effect<NotebookFilesResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const path = yield* normalizeRemotePath(input.path ?? "")
    if (input.action !== "list" && !COPIES.includes(input.action) && path === "")
      return yield* Effect.fail(
        invalidInput(
          msg("notebook-files-needs-path", { action: input.action }),
          msg("notebook-files-needs-path-fix", { field: fieldWord("path", "…") }),
        ),
      )
    const lab = yield* labOf(yield* resolveNotebook(input.notebook, workspaceOf(input)))
    const base = { notebook: { id: lab.notebook.id, name: lab.notebook.name } }
    // A dry run of a write or copy reads what it needs without waiting for Jupyter first.
    if (!(input.dry_run && (input.action === "write" || COPIES.includes(input.action)))) yield* waitForLab(lab)
    yield* checkInsideRoot(lab, input.path ?? "", path)
    if (input.action === "upload") return yield* upload(lab, input, base, context)
    if (input.action === "download") return yield* download(lab, input, base, context)
    if (input.action === "write") return yield* write(lab, path, input, base)
    if (input.action === "list") {
      const entries = yield* listRemote(lab, path)
      return { action: "list", ...base, path, entries, notes: [] } satisfies NotebookFilesResult
    }
    const file = yield* readRemoteFile(lab, path, FILES_LIMIT)
    const text = input.encoding !== "base64" && isText(file.bytes)
    return {
      action: "read",
      ...base,
      path,
      content: text ? file.bytes.toString("utf8") : file.bytes.toString("base64"),
      encoding: text ? "text" : "base64",
      size: file.bytes.length,
      notes: !text && input.encoding === "text" ? [msg("notebook-files-not-text")] : [],
    } satisfies NotebookFilesResult
  })
