import { basename } from "node:path"
import {
  listRemote,
  makeRemoteFolder,
  makeRemoteParents,
  normalizeRemotePath,
  statRemote,
} from "../../api/jupyter/contents.js"
import type { Lab } from "../../api/jupyter/lab.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import type { Transport } from "../../platform/transport.js"
import { fileError, type Placement } from "../../store/confined.js"
import { msg } from "../../words/message.js"
import { fieldWord, type Text } from "../../words/text.js"
import type { OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { type Plan, type PlannedTarget, planned } from "../common/plan.js"
import { fileRoots } from "../common/tasks/output-file.js"
import type { NotebookFilesInput } from "./input.js"
import {
  kindOf,
  type LocalFile,
  localSize,
  localTree,
  makeLocalFolder,
  nameOf,
  placeOf,
  placeToRead,
  placeToWrite,
} from "./local.js"
import { checkParents } from "./remote.js"
import type { NotebookFilesResult } from "./run.js"
import { BLOCK_BYTES, fetchFile, READ_BYTES, sendFile } from "./transfer.js"

// upload and download: files and whole folders between this machine and a running notebook, files of any
// size a block at a time and resumable (transfer.ts), every file's sha256 compared on both sides after the
// copy, nothing replaced without overwrite and nothing written at all when something would be (the refusal
// names them). Local paths are confined to the allowed folders (local.ts); remote names come only from
// listings that were checked.

/** How deep a notebook folder is walked, and how many entries at most: a listing could go on forever. */
const MAX_DEPTH = 64
const MAX_ENTRIES = 100_000

const join2 = (a: string, b: string): string => (a === "" ? b : b === "" ? a : `${a}/${b}`)

const sync = <A>(what: string, f: () => A): Effect.Effect<A, InspireError> =>
  Effect.try({ try: f, catch: (e) => fileError(what, e) })

/** A notebook folder's files and folders, below `top`, each name checked by `listRemote`. */
export const remoteTree = (lab: Lab, top: string) =>
  Effect.gen(function* () {
    const folders: string[] = []
    const files: Array<LocalFile & { readonly modified?: string | undefined }> = []
    const walk = (rel: string, depth: number): Effect.Effect<void, InspireError, Transport> =>
      Effect.gen(function* () {
        if (depth > MAX_DEPTH || folders.length + files.length > MAX_ENTRIES)
          return yield* Effect.fail(
            invalidInput(
              msg("notebook-files-tree-too-big", { path: top || "/", depth: MAX_DEPTH, entries: MAX_ENTRIES }),
              msg("notebook-files-tree-too-big-fix"),
            ),
          )
        for (const e of yield* listRemote(lab, join2(top, rel))) {
          const child = join2(rel, e.name)
          if (e.type === "directory") {
            folders.push(child)
            yield* walk(child, depth + 1)
          } else files.push({ rel: child, size: e.size ?? 0, modified: e.modified })
        }
      })
    yield* walk("", 0)
    return { folders, files }
  })

const conflict = (paths: ReadonlyArray<string>, hint: Text): InspireError =>
  new InspireError({
    reason: "Conflict",
    message: msg("notebook-files-copy-exists", { count: paths.length, files: paths.slice(0, 3).join(", ") }),
    hint,
    candidates: paths,
  })

const kindClash = (path: string): InspireError =>
  invalidInput(msg("notebook-files-kind-clash", { path }), msg("notebook-files-kind-clash-fix"))

const fileTarget = (id: string, size: number, replaced: boolean): PlannedTarget => ({
  kind: "file",
  id,
  change: replaced ? msg("notebook-files-plan-replaced", { size }) : msg("notebook-files-plan-new", { size }),
})

const folderTarget = (id: string): PlannedTarget => ({ kind: "folder", id, change: msg("notebook-files-plan-folder") })

const sumOf = (files: ReadonlyArray<{ readonly size: number }>): number => files.reduce((n, f) => n + f.size, 0)

/** Progress in files and bytes: `moved` for each block (said while a file has more), `done` for each file. */
const progressOf = (context: OperationContext, total: number, bytes: number) => {
  let done = 0
  let moved = 0
  const say = () => {
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1)
    context.progress({
      message: msg("notebook-files-progress", { done, total, moved: mib(moved), bytes: mib(bytes) }),
      current: done,
      total,
    })
  }
  return {
    moved: (n: number, more: boolean) => {
      moved += n
      if (more) say()
    },
    done: () => {
      done++
      say()
    },
  }
}

/**
 * How a copy moves its files and speaks of them: the block size both ways (default: 8 MiB up, 32 MiB
 * down); how a notebook path is shown (default: as the contents API has it) and the field that allows
 * replacing (default `overwrite`), for a caller with its own words (storage).
 */
export interface CopyOptions {
  readonly block?: number
  readonly shown?: (path: string) => string
  readonly overwriteField?: string
}

type Base = Pick<NotebookFilesResult, "notebook">

interface CopiedFile {
  readonly path: string
  readonly local: string
  readonly size: number
  readonly sha256: string
}

/** Sends a local file or folder into a notebook (`path`: an existing folder, or ending in `/`, receives it by name). */
export const upload = (
  lab: Lab,
  input: NotebookFilesInput,
  base: Base,
  context: OperationContext,
  options: CopyOptions = {},
): Effect.Effect<NotebookFilesResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const shown = options.shown ?? ((path: string) => path)
    const replace = options.overwriteField ?? "overwrite"
    const roots = yield* fileRoots(context)
    const source = yield* sync(input.local ?? "", () => placeToRead(input.local ?? "", roots, "local"))
    const kind = yield* sync(source.path, () => kindOf(source, "local"))
    if (kind === "missing" || kind === "other")
      return yield* Effect.fail(
        kind === "missing"
          ? invalidInput(msg("notebook-files-no-local", { path: source.path }), msg("notebook-files-no-local-fix"))
          : invalidInput(msg("store-not-regular", { path: source.path }), msg("notebook-files-no-local-fix")),
      )
    const tree = yield* sync(source.path, () =>
      kind === "folder"
        ? localTree(source)
        : { folders: [], files: [{ rel: "", size: localSize(source) }], skipped: [], special: [] },
    )
    // cp -r recreates pipes and devices; the contents API holds only files, and reading one could go on for ever.
    if (tree.special.length > 0)
      return yield* Effect.fail(
        invalidInput(
          msg("confine-special-files", {
            path: source.path,
            count: tree.special.length,
            files: tree.special.slice(0, 5).join(", "),
          }),
          msg("confine-special-files-fix", { count: tree.special.length }),
        ),
      )
    const raw = input.path ?? ""
    const dest = yield* normalizeRemotePath(raw)
    const there = dest === "" ? { type: "directory" as const } : yield* statRemote(lab, dest)
    const into = there?.type === "directory" || /[/\\]$/.test(raw)
    const target = into ? join2(dest, nameOf(source)) : dest
    const at = target === dest ? there : yield* statRemote(lab, target)
    if (kind === "folder" && at !== undefined && at.type !== "directory")
      return yield* Effect.fail(
        invalidInput(msg("jupyter-is-file", { path: shown(target) }), msg("jupyter-is-file-other")),
      )
    if (kind === "file" && at?.type === "directory")
      return yield* Effect.fail(
        invalidInput(msg("notebook-files-is-folder", { path: shown(target) }), msg("notebook-files-is-folder-fix")),
      )
    const remote = kind === "folder" && at !== undefined ? yield* remoteTree(lab, target) : undefined
    const present = new Set(kind === "file" ? (at !== undefined ? [""] : []) : (remote?.files.map((f) => f.rel) ?? []))
    const existing = tree.files.filter((f) => present.has(f.rel)).map((f) => join2(target, f.rel))
    const remoteFolders = new Set(remote?.folders ?? [])
    const clash = [
      ...tree.files.filter((f) => remoteFolders.has(f.rel)).map((f) => f.rel),
      ...tree.folders.filter((d) => present.has(d)),
    ]
    if (clash[0] !== undefined) return yield* Effect.fail(kindClash(shown(join2(target, clash[0]))))
    if (existing.length > 0 && !input.overwrite)
      return yield* Effect.fail(
        conflict(existing.map(shown), msg("notebook-files-copy-exists-fix", { field: fieldWord(replace, true) })),
      )
    const parents = yield* makeRemoteParents(lab, target, true)
    yield* checkParents(parents, input.parents)
    const newFolders = [
      ...parents,
      ...(kind === "folder" && at === undefined ? [target] : []),
      ...tree.folders.filter((d) => !remoteFolders.has(d)).map((d) => join2(target, d)),
    ]
    const files = tree.files.map((f) => ({
      path: join2(target, f.rel),
      local: f.rel === "" ? source.path : placeOf(source.root, [...source.parts, ...f.rel.split("/")]).path,
      size: f.size,
    }))
    const size = sumOf(files)
    const notes =
      tree.skipped.length > 0
        ? [msg("notebook-files-skipped", { count: tree.skipped.length, files: tree.skipped.slice(0, 5).join(", ") })]
        : []
    const result = {
      action: "upload" as const,
      ...base,
      path: target,
      local: source.path,
      count: files.length,
      size,
      notes,
    }
    if (input.dry_run) {
      const plan: Plan = {
        summary: msg("notebook-files-plan-upload", {
          count: files.length,
          size,
          local: source.path,
          path: shown(target) || "/",
          notebook: lab.notebook.name || lab.notebook.id,
        }),
        targets: [
          ...newFolders.map((d) => folderTarget(shown(d))),
          ...tree.files.map((f) => fileTarget(shown(join2(target, f.rel)), f.size, present.has(f.rel))),
        ],
        requests: [
          ...newFolders.map((d) => planned("PUT", `${lab.shown}/api/contents/${d}`, { type: "directory" })),
          ...files.map((f) =>
            planned("PUT", `${lab.shown}/api/contents/${f.path}`, { type: "file", format: "base64", content: "…" }),
          ),
        ],
      }
      return { ...result, files, written: false, plan } satisfies NotebookFilesResult
    }
    yield* makeRemoteParents(lab, target)
    if (kind === "folder") for (const d of ["", ...tree.folders]) yield* makeRemoteFolder(lab, join2(target, d))
    const step = progressOf(context, files.length, size)
    const block = { block: options.block ?? BLOCK_BYTES, overwrite: input.overwrite, onBytes: step.moved }
    const copied: CopiedFile[] = []
    for (const f of tree.files) {
      const place = f.rel === "" ? source : placeOf(source.root, [...source.parts, ...f.rel.split("/")])
      const path = join2(target, f.rel)
      const sent = yield* sendFile(lab, place, path, block)
      copied.push({ path, local: place.path, size: sent.size, sha256: sent.sha256 })
      step.done()
    }
    return {
      ...result,
      size: sumOf(copied),
      files: copied,
      written: true,
      replaced: existing.length > 0,
    } satisfies NotebookFilesResult
  })

/** Fetches a notebook's file or folder (`local`: an existing folder receives it by name; omitted: the downloads folder). */
export const download = (
  lab: Lab,
  input: NotebookFilesInput,
  base: Base,
  context: OperationContext,
  options: CopyOptions = {},
): Effect.Effect<NotebookFilesResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const shown = options.shown ?? ((path: string) => path)
    const replace = options.overwriteField ?? "overwrite"
    const source = yield* normalizeRemotePath(input.path ?? "")
    const entry = source === "" ? undefined : yield* statRemote(lab, source)
    if (source !== "" && entry === undefined)
      return yield* Effect.fail(
        new InspireError({
          reason: "NotFound",
          message: msg("jupyter-no-such", { path: shown(source) }),
          hint: msg("jupyter-no-such-fix"),
        }),
      )
    const folder = source === "" || entry?.type === "directory"
    const roots = yield* fileRoots(context)
    const dest = yield* sync(input.local ?? "", () => placeToWrite(input.local ?? "", roots, "local"))
    const destKind = yield* sync(dest.path, () => kindOf(dest, "local"))
    const into = dest.parts.length === 0 || destKind === "folder"
    const target = into ? placeOf(dest.root, [...dest.parts, basename(source) || "notebook"]) : dest
    const targetKind = into ? yield* sync(target.path, () => kindOf(target, "local")) : destKind
    if (folder ? targetKind === "file" || targetKind === "other" : targetKind === "folder")
      return yield* Effect.fail(
        folder
          ? invalidInput(
              msg("store-not-a-folder", { path: target.path }),
              msg("store-choose-another-hint", { field: "local" }),
            )
          : invalidInput(
              msg("notebook-files-local-folder", { path: target.path }),
              msg("store-choose-another-hint", { field: "local" }),
            ),
      )
    const tree = folder
      ? yield* remoteTree(lab, source)
      : { folders: [], files: [{ rel: "", size: entry?.size ?? 0, modified: entry?.modified }] }
    const placeIn = (rel: string): Placement =>
      rel === "" ? target : placeOf(target.root, [...target.parts, ...rel.split("/")])
    const files = tree.files.map((f) => ({ path: join2(source, f.rel), local: placeIn(f.rel).path, size: f.size }))
    const kinds = yield* sync(target.path, () => tree.files.map((f) => kindOf(placeIn(f.rel), "local")))
    const there = tree.files.filter((_, i) => kinds[i] !== "missing").map((f) => f.rel)
    const clash = yield* sync(target.path, () => [
      ...tree.files.filter((_, i) => kinds[i] === "folder").map((f) => f.rel),
      ...tree.folders.filter((d) => ["file", "other"].includes(kindOf(placeIn(d), "local"))),
    ])
    if (clash[0] !== undefined) return yield* Effect.fail(kindClash(placeIn(clash[0]).path))
    if (there.length > 0 && !input.overwrite)
      return yield* Effect.fail(
        conflict(
          there.map((rel) => placeIn(rel).path),
          msg("notebook-files-local-exists-fix", { count: there.length, field: fieldWord(replace, true) }),
        ),
      )
    const size = sumOf(files)
    const result = { action: "download" as const, ...base, path: source, local: target.path, count: files.length, size }
    if (input.dry_run) {
      const replaced = new Set(there)
      const plan: Plan = {
        summary: msg("notebook-files-plan-download", {
          count: files.length,
          size,
          path: shown(source) || "/",
          notebook: lab.notebook.name || lab.notebook.id,
          local: target.path,
        }),
        targets: tree.files.map((f) => fileTarget(placeIn(f.rel).path, f.size, replaced.has(f.rel))),
        requests: files.map((f) => planned("LOCAL", f.local)),
      }
      return { ...result, files, written: false, plan, notes: [] } satisfies NotebookFilesResult
    }
    if (folder)
      for (const d of ["", ...tree.folders]) yield* sync(target.path, () => makeLocalFolder(placeIn(d), "local"))
    const step = progressOf(context, files.length, size)
    const block = { block: options.block ?? READ_BYTES, overwrite: input.overwrite, onBytes: step.moved }
    const copied: CopiedFile[] = []
    for (const f of tree.files) {
      const path = join2(source, f.rel)
      const place = placeIn(f.rel)
      const entry = { name: basename(path), path, type: "file" as const, size: f.size, modified: f.modified }
      const got = yield* fetchFile(lab, entry, place, block)
      copied.push({ path, local: place.path, size: got.size, sha256: got.sha256 })
      step.done()
    }
    return {
      ...result,
      size: sumOf(copied),
      files: copied,
      written: true,
      replaced: there.length > 0,
      notes: [],
    } satisfies NotebookFilesResult
  })
