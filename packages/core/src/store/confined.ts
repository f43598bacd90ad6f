import { randomBytes } from "node:crypto"
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs"
import { homedir } from "node:os"
import { isAbsolute, join, normalize, relative } from "node:path"
import { InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { fieldWord, plain, type Text } from "../words/text.js"
import { errnoCode } from "./temps.js"

/**
 * Files written only inside an allowed folder (a root): never through a symbolic link below the root,
 * never over an existing file unless asked, never with `..` or an absolute path escaping the root.
 * The root itself is trusted as given (it may be reached through links). Every refusal is an
 * InspireError (InvalidInput) saying what was wrong and what to do; file system failures are StoreError.
 */

/** A folder files may be written under. */
export interface Root {
  readonly path: string
  /** How messages name it, e.g. "the downloads folder". */
  readonly label: Text | string
  /** Create the folder itself when it is missing (a downloads folder; never the current directory). */
  readonly create?: boolean
}

/** A checked place for a file: its root and the names below it (folders, then the file). */
export interface Placement {
  readonly root: Root
  readonly parts: ReadonlyArray<string>
  /** The path as the caller will see it: the root as given, then the parts. */
  readonly path: string
}

/** Opens a file only if it is no symbolic link (0 where the platform has no such flag). */
export const NOFOLLOW = constants.O_NOFOLLOW ?? 0

/** The roots as messages name them: "A or B" (where a path may go), "A and B" (where it is not). */
export const rootsText = (roots: ReadonlyArray<Root>, joiner: "or" | "and" = "or"): Text =>
  roots
    .map((r) => msg("store-root", { label: r.label, path: r.path }))
    .reduce((first, second) =>
      joiner === "or" ? msg("store-roots-or", { first, second }) : msg("store-roots-and", { first, second }),
    )

/** A file system failure as a StoreError whose message names the path and the error code. */
export const fileError = (path: string, e: unknown): InspireError => {
  if (e instanceof InspireError) return e
  const code = errnoCode(e) ?? "error"
  const hint =
    code === "ENAMETOOLONG"
      ? msg("store-name-too-long-hint")
      : code === "ENOSPC"
        ? msg("store-no-space-hint")
        : code === "EACCES" || code === "EPERM" || code === "EROFS"
          ? msg("store-no-permission-hint")
          : msg("store-check-path-hint")
  return new InspireError({ reason: "StoreError", message: msg("store-write-failed", { path, code }), hint, cause: e })
}

/** A refusal to go through the symbolic link at `path`. */
export const linkError = (path: string, field: string): InspireError =>
  invalidInput(msg("store-through-link", { path }), msg("store-through-link-hint", { field }))

/** The file named by an existing file without `overwrite`. */
const existsError = (path: string): InspireError =>
  invalidInput(msg("store-exists", { path }), msg("store-exists-hint", { field: fieldWord("overwrite", true) }), {
    fix: plain(`${path}.new`),
  })

const under = (dir: string, path: string): string | undefined => {
  const rel = relative(dir, path)
  if (rel === "") return ""
  return rel.startsWith("..") || isAbsolute(rel) ? undefined : rel
}

/** The real path of `path`, or `path` itself where it does not resolve. */
export const realOr = (path: string): string => {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** `~` and `~/…` as the home folder; any other text as it is. */
export const expandHome = (text: string): string =>
  text === "~" ? homedir() : text.startsWith("~/") ? join(homedir(), text.slice(2)) : text

/**
 * Where `wanted` lands: a relative path is below the first root; an absolute one (or `~/…`) must be
 * below one of them. Refuses `..` anywhere, a path outside every root and a path naming a root itself.
 */
export const placeUnder = (wanted: string, roots: ReadonlyArray<Root>, field = "path"): Placement => {
  const text = wanted.trim()
  const first = roots[0]
  if (first === undefined) throw new Error("placeUnder needs at least one root")
  const where = rootsText(roots)
  if (text === "" || text.includes("\0"))
    throw invalidInput(msg("store-not-a-file-name", { field, wanted }), msg("store-not-a-file-name-hint", { where }))
  const expanded = expandHome(text)
  if (expanded.split(/[\\/]+/).includes(".."))
    throw invalidInput(
      msg("store-dot-dot", { path: text, field }),
      msg("store-dot-dot-hint", { where, example: expanded.split(/[\\/]+/).at(-1) || "out.txt" }),
    )
  let root: Root = first
  let rest: string
  if (isAbsolute(expanded)) {
    const wantedPath = normalize(expanded)
    let best: { root: Root; rel: string; length: number } | undefined
    for (const r of roots)
      for (const base of new Set([normalize(r.path), realOr(r.path)])) {
        const rel = under(base, wantedPath)
        if (rel !== undefined && (best === undefined || base.length > best.length))
          best = { root: r, rel, length: base.length }
      }
    if (best === undefined)
      throw invalidInput(
        msg("store-outside", { path: wantedPath, roots: rootsText(roots, "and") }),
        msg("store-outside-hint", { where, first: first.label }),
        { candidates: roots.map((r) => r.path) },
      )
    root = best.root
    rest = best.rel
  } else rest = expanded
  const parts = rest.split(/[\\/]+/).filter((p) => p !== "" && p !== ".")
  if (parts.length === 0)
    throw invalidInput(
      msg("store-names-root", { field, path: text, root: root.label }),
      msg("store-names-root-hint", { example: join(text, "out.txt") }),
    )
  return { root, parts, path: join(root.path, ...parts) }
}

/** What lstat says of `path`, or undefined where nothing is. */
export const lstatOrUndefined = (path: string): Stats | undefined => {
  try {
    return lstatSync(path)
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return undefined
    throw e
  }
}

/** The root's real path (created when it may be), and its folders below it walked without links. */
const walkFolders = (place: Placement, field: string, create: boolean): { dir: string; realDir: string } => {
  if (place.root.create === true && create) mkdirSync(place.root.path, { recursive: true, mode: 0o700 })
  const realRoot = realpathSync(place.root.path)
  if (!statSync(realRoot).isDirectory())
    throw invalidInput(
      msg("store-not-a-folder", { path: place.root.path }),
      msg("store-root-not-folder-hint", { root: place.root.label }),
    )
  let dir = place.root.path
  let realDir = realRoot
  for (const part of place.parts.slice(0, -1)) {
    dir = join(dir, part)
    realDir = join(realDir, part)
    let st = lstatOrUndefined(realDir)
    if (st === undefined && create) {
      try {
        mkdirSync(realDir, 0o777)
      } catch (e) {
        if (errnoCode(e) !== "EEXIST") throw e
      }
      st = lstatSync(realDir)
    }
    if (st === undefined) return { dir, realDir }
    if (st.isSymbolicLink()) throw linkError(dir, field)
    if (!st.isDirectory())
      throw invalidInput(msg("store-not-a-folder", { path: dir }), msg("store-choose-another-hint", { field }))
  }
  return { dir, realDir }
}

/** A file being written: bytes go to `write`; `commit` puts it in place, `abort` removes it. */
export interface ConfinedFile {
  readonly path: string
  readonly write: (data: string | Uint8Array) => number
  readonly commit: () => void
  readonly abort: () => void
}

const name = (place: Placement): string => place.parts[place.parts.length - 1] ?? ""

/**
 * Opens a placed file for writing. A new file is created with O_EXCL|O_NOFOLLOW (so neither an existing
 * file nor a link appearing meanwhile is ever opened); with `overwrite`, a temporary file beside it is
 * renamed over it on `commit`, which replaces the entry and never writes through it. After opening, the
 * folder is checked to be where the walk found it, so a folder swapped for a link in between is caught.
 */
export const openConfined = (
  place: Placement,
  options: { readonly overwrite: boolean; readonly mode?: number; readonly field?: string },
): ConfinedFile => {
  const field = options.field ?? "path"
  try {
    const { dir, realDir } = walkFolders(place, field, true)
    const shown = join(dir, name(place))
    const final = join(realDir, name(place))
    const st = lstatOrUndefined(final)
    if (st?.isSymbolicLink()) throw linkError(shown, field)
    if (st !== undefined && !st.isFile())
      throw invalidInput(msg("store-not-regular", { path: shown }), msg("store-choose-another-hint", { field }))
    if (st !== undefined && !options.overwrite) throw existsError(shown)
    const opened = options.overwrite
      ? join(realDir, `.${name(place)}.${process.pid}-${randomBytes(4).toString("hex")}.part`)
      : final
    let fd: number | undefined
    try {
      fd = openSync(opened, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, options.mode ?? 0o666)
    } catch (e) {
      if (errnoCode(e) === "EEXIST" && !options.overwrite) throw existsError(shown)
      if (errnoCode(e) === "ELOOP") throw linkError(shown, field)
      throw e
    }
    const mine = fstatSync(fd)
    const remove = () => {
      const now = lstatOrUndefined(opened)
      if (now !== undefined && now.ino === mine.ino && now.dev === mine.dev) unlinkSync(opened)
    }
    const close = () => {
      if (fd === undefined) return
      const f = fd
      fd = undefined
      closeSync(f)
    }
    const here = lstatOrUndefined(opened)
    if (realOr(realDir) !== realDir || here === undefined || here.ino !== mine.ino || here.dev !== mine.dev) {
      // A folder was swapped for a link after the walk: the file just created (ours, O_EXCL) goes again.
      close()
      remove()
      throw linkError(dir, field)
    }
    return {
      path: shown,
      write: (data) => {
        if (fd === undefined) throw new Error(`${shown} is closed`)
        const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data
        let done = 0
        while (done < buf.length) done += writeSync(fd, buf, done, buf.length - done)
        return buf.length
      },
      commit: () => {
        close()
        if (opened !== final) renameSync(opened, final)
      },
      abort: () => {
        try {
          close()
        } finally {
          remove()
        }
      },
    }
  } catch (e) {
    throw fileError(place.path, e)
  }
}

/** Writes a placed file whole (see `openConfined`); on any failure nothing is left behind. */
export const writeConfinedFileSync = (
  place: Placement,
  data: string | Uint8Array,
  options: { readonly overwrite: boolean; readonly mode?: number; readonly field?: string },
): { readonly path: string; readonly bytes: number } => {
  const file = openConfined(place, options)
  try {
    const bytes = file.write(data)
    file.commit()
    return { path: file.path, bytes }
  } catch (e) {
    file.abort()
    throw fileError(file.path, e)
  }
}

/**
 * Whether a placed path is a regular file reached without links below its root (what may be removed
 * or read as ours). Never creates anything.
 */
export const isConfinedFile = (place: Placement): boolean => {
  try {
    const { realDir } = walkFolders(place, "path", false)
    return lstatOrUndefined(join(realDir, name(place)))?.isFile() === true
  } catch {
    return false
  }
}

/** Removes a placed regular file reached without links; anything else is left alone. Returns whether it went. */
export const removeConfinedFileSync = (place: Placement): boolean => {
  if (!isConfinedFile(place)) return false
  const { realDir } = walkFolders(place, "path", false)
  // The folder is still where the walk found it (not swapped for a link meanwhile).
  if (realOr(realDir) !== realDir) return false
  unlinkSync(join(realDir, name(place)))
  return true
}
