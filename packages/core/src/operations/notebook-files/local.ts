import { createHash } from "node:crypto"
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
} from "node:fs"
import { basename, dirname, isAbsolute, join, normalize, relative } from "node:path"
import { InspireError, invalidInput } from "../../errors.js"
import {
  expandHome,
  fileError,
  linkError,
  lstatOrUndefined,
  NOFOLLOW,
  type Placement,
  placeUnder,
  type Root,
  realOr,
  rootsText,
} from "../../store/confined.js"
import { errnoCode } from "../../store/temps.js"
import { msg } from "../../words/message.js"

// The local side of a copy, confined to the allowed folders (the CLI's current directory, the downloads
// folder): a path is a root and the names below it, walked with lstat, so no symbolic link below a root
// is ever followed, for reading as for writing. Files are written by store/confined.ts.

/** The sha256 of some bytes, in hex. */
export const sha256 = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex")

export const placeOf = (root: Root, parts: ReadonlyArray<string>): Placement => ({
  root,
  parts,
  path: join(root.path, ...parts),
})

/** The root a path names itself (`.`, the folder's own path), if any. */
const rootNamed = (text: string, roots: ReadonlyArray<Root>): Root | undefined => {
  const expanded = expandHome(text)
  const first = roots[0]
  if (first === undefined) return undefined
  const wanted = normalize(isAbsolute(expanded) ? expanded : join(first.path, expanded))
  return roots.find((r) => normalize(r.path) === wanted || realOr(r.path) === realOr(wanted))
}

/** Where a download goes: the named place (checked as every written file is), or a root itself. */
export const placeToWrite = (text: string, roots: ReadonlyArray<Root>, field: string): Placement => {
  const downloads = roots.find((r) => r.create === true) ?? roots[0]
  if (text.trim() === "" && downloads !== undefined) return placeOf(downloads, [])
  const root = rootNamed(text.trim(), roots)
  if (root !== undefined) return placeOf(root, [])
  const place = placeUnder(text, roots, field)
  return placeOf(place.root, place.parts)
}

/** What an upload reads: a path below one of the roots (relative: below the first), never with `..`. */
export const placeToRead = (text: string, roots: ReadonlyArray<Root>, field: string): Placement => {
  const wanted = text.trim()
  const first = roots[0]
  if (wanted === "" || first === undefined)
    throw invalidInput(msg("notebook-files-needs-local"), msg("notebook-files-needs-local-fix", { field }))
  const root = rootNamed(wanted, roots)
  if (root !== undefined) return placeOf(root, [])
  const expanded = expandHome(wanted)
  if (expanded.split(/[\\/]+/).includes(".."))
    throw invalidInput(msg("notebook-files-local-up", { path: wanted, field }), msg("notebook-files-local-up-fix"))
  if (!isAbsolute(expanded))
    return placeOf(
      first,
      expanded.split(/[\\/]+/).filter((p) => p !== "" && p !== "."),
    )
  for (const r of roots)
    for (const base of new Set([normalize(r.path), realOr(r.path)])) {
      const rel = relative(base, normalize(expanded))
      if (rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)) return placeOf(r, rel.split(/[\\/]+/))
    }
  throw invalidInput(
    msg("notebook-files-local-outside", { path: expanded, roots: rootsText(roots, "and") }),
    msg("notebook-files-local-outside-fix", { field }),
  )
}

/**
 * What is at a place, walked from the root's real path with lstat: a folder, a file, something else, or
 * nothing. A symbolic link on the way (or at the end) is refused; the root itself may be reached through links.
 */
export const kindOf = (place: Placement, field: string): "folder" | "file" | "other" | "missing" => {
  let real: string
  try {
    real = realpathSync(place.root.path)
  } catch {
    return "missing"
  }
  let shown = place.root.path
  let st = lstatOrUndefined(real)
  for (const part of place.parts) {
    if (st === undefined) return "missing"
    if (!st.isDirectory()) throw invalidInput(msg("store-not-a-folder", { path: shown }), msg("store-check-path-hint"))
    real = join(real, part)
    shown = join(shown, part)
    st = lstatOrUndefined(real)
    if (st?.isSymbolicLink()) throw linkError(shown, field)
  }
  if (st === undefined) return "missing"
  return st.isDirectory() ? "folder" : st.isFile() ? "file" : "other"
}

/** Makes a folder and the ones above it below its root, never through a link. */
export const makeLocalFolder = (place: Placement, field: string): void => {
  try {
    if (place.root.create === true) mkdirSync(place.root.path, { recursive: true, mode: 0o700 })
    let real = realpathSync(place.root.path)
    let shown = place.root.path
    for (const part of place.parts) {
      real = join(real, part)
      shown = join(shown, part)
      let st = lstatOrUndefined(real)
      if (st === undefined) {
        try {
          mkdirSync(real, 0o777)
        } catch (e) {
          if (errnoCode(e) !== "EEXIST") throw e
        }
        st = lstatSync(real)
      }
      if (st.isSymbolicLink()) throw linkError(shown, field)
      if (!st.isDirectory())
        throw invalidInput(msg("store-not-a-folder", { path: shown }), msg("store-choose-another-hint", { field }))
    }
  } catch (e) {
    throw fileError(place.path, e)
  }
}

/** One file of a local tree: its path below the tree's top (`/`-separated; "" for a single file) and size. */
export interface LocalFile {
  readonly rel: string
  readonly size: number
}

/**
 * A local folder's files and folders (folders first, by name); links are skipped and named, and so are
 * special files (named pipes, devices, sockets), apart: no copy can read them as files.
 */
export const localTree = (
  top: Placement,
): {
  folders: ReadonlyArray<string>
  files: ReadonlyArray<LocalFile>
  skipped: ReadonlyArray<string>
  special: ReadonlyArray<string>
} => {
  const folders: string[] = []
  const files: LocalFile[] = []
  const skipped: string[] = []
  const special: string[] = []
  const realTop = join(realpathSync(top.root.path), ...top.parts)
  const walk = (rel: string): void => {
    for (const name of readdirSync(rel === "" ? realTop : join(realTop, rel)).sort()) {
      const child = rel === "" ? name : `${rel}/${name}`
      const st = lstatSync(join(realTop, child))
      if (st.isDirectory()) {
        folders.push(child)
        walk(child)
      } else if (st.isFile()) files.push({ rel: child, size: st.size })
      else if (st.isSymbolicLink()) skipped.push(child)
      else special.push(child)
    }
  }
  walk("")
  return { folders, files, skipped, special }
}

/** The size of a single local file (checked with `kindOf` first). */
export const localSize = (place: Placement): number =>
  lstatSync(join(realpathSync(place.root.path), ...place.parts)).size

/** A local file opened for reading: its descriptor (closed by the caller), size and modification time. */
export interface OpenedLocal {
  readonly fd: number
  readonly size: number
  readonly mtimeMs: number
}

const unreadable = (place: Placement, e: unknown): InspireError =>
  new InspireError({
    reason: "StoreError",
    message: msg("notebook-files-local-unreadable", { path: place.path, code: errnoCode(e) ?? "error" }),
    hint: msg("store-check-path-hint"),
    cause: e,
  })

/**
 * Opens a local file for reading, never through a link (O_NOFOLLOW on the file; its folders were walked),
 * and only a regular file, as the opened descriptor says: a file swapped for a pipe or a device since it
 * was listed is refused before a byte is read.
 */
export const openLocal = (place: Placement, field: string): OpenedLocal => {
  const real = join(realpathSync(place.root.path), ...place.parts)
  let fd: number | undefined
  try {
    // O_NONBLOCK: opening a named pipe for reading would otherwise wait for a writer, for ever.
    fd = openSync(real, constants.O_RDONLY | NOFOLLOW | (constants.O_NONBLOCK ?? 0))
    const st = fstatSync(fd)
    // The folders were walked without links before: one swapped for a link since then is caught here.
    const now = lstatOrUndefined(real)
    if (realOr(dirname(real)) !== dirname(real) || now?.ino !== st.ino || now?.dev !== st.dev)
      throw linkError(place.path, field)
    if (!st.isFile())
      throw invalidInput(msg("store-not-regular", { path: place.path }), msg("store-choose-another-hint", { field }))
    return { fd, size: st.size, mtimeMs: st.mtimeMs }
  } catch (e) {
    if (fd !== undefined) closeSync(fd)
    if (errnoCode(e) === "ELOOP") throw linkError(place.path, field)
    if (e instanceof InspireError) throw e
    throw unreadable(place, e)
  }
}

/** Reads `length` bytes at `position` of an opened file into `into` (fewer only at its end). */
export const readAt = (place: Placement, fd: number, into: Buffer, length: number, position: number): Buffer => {
  try {
    let done = 0
    while (done < length) {
      const n = readSync(fd, into, done, length - done, position + done)
      if (n === 0) break
      done += n
    }
    return into.subarray(0, done)
  } catch (e) {
    throw unreadable(place, e)
  }
}

/** The name a copied folder or file keeps: its last part, or the root's own name. */
export const nameOf = (place: Placement): string => place.parts.at(-1) ?? basename(realOr(place.root.path))
