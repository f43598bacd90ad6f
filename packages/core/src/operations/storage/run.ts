import { basename } from "node:path"
import { deleteRemote } from "../../api/jupyter/chunks.js"
import { listRemote, statRemote } from "../../api/jupyter/contents.js"
import type { Lab } from "../../api/jupyter/lab.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { fieldWord } from "../../words/text.js"
import type { OperationContext, OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { planned } from "../common/plan.js"
import { download, remoteTree, upload } from "../notebook-files/copy.js"
import type { NotebookFilesInput } from "../notebook-files/input.js"
import type { StorageInput } from "./input.js"
import type { StorageOutput } from "./output.js"
import { contentsPathOf, isRoot, isStoragePath, openStorage } from "./place.js"

/** What inspire_storage did: its output schema's type. */
export interface StorageResult extends OutputOf<ReturnType<typeof StorageOutput>> {}

const shown = (path: string): string => `/${path}`

const needs = (field: string, action: string): InspireError =>
  invalidInput(
    msg("storage-needs", { action, field: fieldWord(field) }),
    msg("storage-needs-fix", { field: fieldWord(field, "/inspire/…") }),
  )

const ls = (lab: Lab, roots: ReadonlyArray<string>, input: StorageInput, base: Pick<StorageResult, "notebook">) =>
  Effect.gen(function* () {
    if (input.path === undefined || input.path.trim() === "")
      return {
        action: "ls",
        ...base,
        path: "",
        entries: roots.map((r) => ({ name: basename(r), path: `${r}/`, type: "directory" as const })),
        notes: [],
      } satisfies StorageResult
    const path = yield* contentsPathOf(input.path, roots)
    const entry = yield* statRemote(lab, path)
    if (entry === undefined)
      return yield* Effect.fail(
        new InspireError({
          reason: "NotFound",
          message: msg("storage-no-such", { path: shown(path) }),
          hint: msg("storage-no-such-fix"),
        }),
      )
    const entries = entry.type === "directory" ? yield* listRemote(lab, path) : [entry]
    return {
      action: "ls",
      ...base,
      path: shown(path),
      entries: entries.map((e) => ({
        name: e.name,
        path: shown(e.path),
        type: e.type,
        ...(e.size !== undefined ? { size: e.size } : {}),
        ...(e.modified !== undefined ? { modified: e.modified } : {}),
      })),
      notes: [],
    } satisfies StorageResult
  })

const cp = (
  lab: Lab,
  roots: ReadonlyArray<string>,
  input: StorageInput,
  base: Pick<StorageResult, "notebook">,
  context: OperationContext,
) =>
  Effect.gen(function* () {
    const from = input.from ?? ""
    const to = input.to ?? ""
    const up = isStoragePath(to)
    const remote = yield* contentsPathOf(up ? to : from, roots)
    const files: NotebookFilesInput = {
      action: up ? "upload" : "download",
      notebook: lab.notebook.id,
      // A trailing slash says "into this folder", as for notebook_files.
      path: up && /\/\s*$/.test(to) ? `${remote}/` : remote,
      local: up ? from : to,
      encoding: "text",
      overwrite: input.force,
      parents: true,
      dry_run: input.dry_run,
    }
    const copy = {
      shown,
      overwriteField: "force",
      ...(input.block_mib !== undefined ? { block: input.block_mib * 1024 * 1024 } : {}),
    }
    const done = up ? yield* upload(lab, files, base, context, copy) : yield* download(lab, files, base, context, copy)
    return {
      action: "cp",
      ...base,
      path: shown(done.path),
      direction: up ? "up" : "down",
      ...(done.local !== undefined ? { local: done.local } : {}),
      count: done.count ?? 0,
      size: done.size ?? 0,
      files: (done.files ?? []).map((f) => ({ ...f, path: shown(f.path) })),
      written: done.written ?? false,
      ...(done.plan !== undefined ? { plan: done.plan } : {}),
      notes: done.notes,
    } satisfies StorageResult
  })

const rm = (lab: Lab, roots: ReadonlyArray<string>, input: StorageInput, base: Pick<StorageResult, "notebook">) =>
  Effect.gen(function* () {
    const path = yield* contentsPathOf(input.path ?? "", roots)
    if (isRoot(path, roots))
      return yield* Effect.fail(invalidInput(msg("storage-rm-root", { path: shown(path) }), msg("storage-rm-root-fix")))
    const entry = yield* statRemote(lab, path)
    if (entry === undefined)
      return yield* Effect.fail(
        new InspireError({
          reason: "NotFound",
          message: msg("storage-no-such", { path: shown(path) }),
          hint: msg("storage-no-such-fix"),
        }),
      )
    const folder = entry.type === "directory"
    if (folder && !input.force)
      return yield* Effect.fail(
        invalidInput(
          msg("storage-rm-folder", { path: shown(path) }),
          msg("storage-rm-folder-fix", { field: fieldWord("force", true) }),
        ),
      )
    const tree = folder ? yield* remoteTree(lab, path) : { folders: [], files: [{ rel: "", size: entry.size ?? 0 }] }
    const join = (rel: string) => (rel === "" ? path : `${path}/${rel}`)
    const files = tree.files.map((f) => ({ path: shown(join(f.rel)), size: f.size }))
    // Files first, then folders deepest first: a server that keeps no trash refuses a folder not empty.
    const order = [
      ...tree.files.map((f) => join(f.rel)),
      ...[...tree.folders].reverse().map(join),
      ...(folder ? [path] : []),
    ]
    const result = { action: "rm" as const, ...base, path: shown(path), count: files.length, files, notes: [] }
    if (input.dry_run)
      return {
        ...result,
        written: false,
        plan: {
          summary: msg("storage-plan-rm", {
            path: shown(path),
            count: files.length,
            notebook: lab.notebook.name || lab.notebook.id,
          }),
          targets: order.map((p) => ({ kind: "path", id: shown(p), change: msg("storage-plan-removed") })),
          requests: order.map((p) => planned("DELETE", `${lab.shown}/api/contents/${p}`)),
        },
      } satisfies StorageResult
    for (const p of order) yield* deleteRemote(lab, p)
    return { ...result, written: true } satisfies StorageResult
  })

/** Lists, copies or removes files on the project's shared storage through a running notebook. */
export const runStorage = (
  input: StorageInput,
  context: OperationContext,
): Effect.Effect<StorageResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    if (input.action === "cp") {
      if (input.from === undefined || input.from.trim() === "") return yield* Effect.fail(needs("from", "cp"))
      // Without a target, a file from storage goes to the downloads folder.
      const to = input.to ?? ""
      if (to.trim() === "" && !isStoragePath(input.from)) return yield* Effect.fail(needs("to", "cp"))
      if (to.trim() !== "" && isStoragePath(input.from) === isStoragePath(to))
        return yield* Effect.fail(invalidInput(msg("storage-cp-sides"), msg("storage-cp-sides-fix")))
    }
    if (input.action === "rm" && (input.path === undefined || input.path.trim() === ""))
      return yield* Effect.fail(needs("path", "rm"))
    const paths = [input.path, input.from, input.to].filter((p): p is string => p !== undefined && isStoragePath(p))
    const { lab, roots } = yield* openStorage(input, paths)
    const base = { notebook: { id: lab.notebook.id, name: lab.notebook.name } }
    if (input.action === "cp") return yield* cp(lab, roots, input, base, context)
    if (input.action === "rm") return yield* rm(lab, roots, input, base)
    return yield* ls(lab, roots, input, base)
  })
