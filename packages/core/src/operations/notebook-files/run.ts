import {
  listRemote,
  normalizeRemotePath,
  readRemoteFile,
  statRemote,
  tooLarge,
  writeRemoteFile,
} from "../../api/jupyter/contents.js"
import { type Lab, labOf, resolveNotebook, waitForLab } from "../../api/jupyter/lab.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { fieldWord } from "../../words/token.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { type Plan, planned } from "../common/plan.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { NotebookFilesInput } from "./input.js"
import type { NotebookFilesOutput } from "./output.js"

/** The most bytes one read or write of this tool moves (a conversation is no place for more). */
export const FILES_LIMIT = 1024 * 1024

/** What inspire_notebook_files did: its output schema's type. */
export interface NotebookFilesResult extends OutputOf<ReturnType<typeof NotebookFilesOutput>> {}

const workspaceOf = (input: NotebookFilesInput) =>
  Effect.map(resolveReadWorkspace({ workspace: input.workspace }), (w) => w.id)

const isText = (bytes: Buffer): boolean => {
  if (bytes.includes(0)) return false
  return Buffer.from(bytes.toString("utf8"), "utf8").equals(bytes)
}

const bytesOf = (input: NotebookFilesInput): Effect.Effect<Buffer, InspireError> => {
  if (input.content === undefined)
    return Effect.fail(invalidInput("write needs content.", `Pass the file's content (${fieldWord("content", "…")}).`))
  if (input.encoding === "text") return Effect.succeed(Buffer.from(input.content, "utf8"))
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(input.content))
    return Effect.fail(invalidInput("content is not base64.", "Encode the bytes as base64, or use encoding text."))
  return Effect.succeed(Buffer.from(input.content, "base64"))
}

const write = (lab: Lab, path: string, input: NotebookFilesInput, base: Pick<NotebookFilesResult, "notebook">) =>
  Effect.gen(function* () {
    const bytes = yield* bytesOf(input)
    if (bytes.length > FILES_LIMIT) return yield* Effect.fail(tooLarge(path, bytes.length, FILES_LIMIT))
    const there = yield* statRemote(lab, path)
    if (there?.type === "directory")
      return yield* Effect.fail(invalidInput(`"${path}" is a folder.`, "Write to a file path inside it."))
    if (there !== undefined && !input.overwrite)
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: `"${path}" already exists in the notebook (${there.size ?? "?"} bytes); nothing was written.`,
          hint: `Pass ${fieldWord("overwrite", true)} to replace it, or choose another path.`,
        }),
      )
    const plan: Plan = {
      summary: `${there !== undefined ? "Replace" : "Write"} ${path} in notebook ${lab.notebook.name || lab.notebook.id} (${bytes.length} bytes)`,
      targets: [
        {
          kind: "file",
          id: path,
          change:
            there !== undefined ? `${there.size ?? "?"} → ${bytes.length} bytes` : `(none) → ${bytes.length} bytes`,
        },
      ],
      requests: [planned("PUT", `${lab.shown}/api/contents/${path}`, { type: "file", format: "base64", content: "…" })],
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

/** Lists a folder, reads a file or writes one in a running notebook, through its Jupyter contents API. */
export const runNotebookFiles = (
  input: NotebookFilesInput,
): Effect.Effect<NotebookFilesResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const path = yield* normalizeRemotePath(input.path ?? "")
    if (input.action !== "list" && path === "")
      return yield* Effect.fail(invalidInput(`${input.action} needs a file path.`, `Pass ${fieldWord("path", "…")}.`))
    const lab = yield* labOf(yield* resolveNotebook(input.notebook, workspaceOf(input)))
    const base = { notebook: { id: lab.notebook.id, name: lab.notebook.name } }
    if (input.action === "write" && input.dry_run) return yield* write(lab, path, input, base)
    yield* waitForLab(lab)
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
      notes: !text && input.encoding === "text" ? ["The file is not UTF-8 text, so it is given as base64."] : [],
    } satisfies NotebookFilesResult
  })
