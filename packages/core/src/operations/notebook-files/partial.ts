import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  linkSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from "node:fs"
import { dirname, join } from "node:path"
import { fileError, linkError, lstatOrUndefined, NOFOLLOW, type Placement, realOr } from "../../store/confined.js"
import { makeLocalFolder, placeOf } from "./local.js"

// A download's file while it arrives: `<name>.inspire-part` beside the target, with what it is a part of
// in `<name>.inspire-part.json` (the remote path, size and modification time). A re-run whose remote file
// is unchanged continues from the part's size; anything else starts it again. It is put in place by a
// rename only after its sha256 was checked, so the target is never half a file.

/** What a part belongs to: a remote file as it was when the part was started. */
export interface PartOf {
  readonly path: string
  readonly size: number
  readonly modified: string | undefined
}

/** A part file open for reading and writing; `close` may be called more than once. */
export interface LocalPart {
  readonly fd: number
  readonly close: () => void
  /** The bytes already there (kept from an earlier run). */
  readonly size: number
  readonly real: string
  readonly note: string
}

const sibling = (target: Placement, suffix: string): Placement =>
  placeOf(target.root, [...target.parts.slice(0, -1), `${target.parts.at(-1) ?? ""}${suffix}`])

/** The part file of a target (its note is the same name with `.json`). */
const partOf = (target: Placement): Placement => sibling(target, ".inspire-part")

const readNote = (real: string): PartOf | undefined => {
  try {
    if (lstatOrUndefined(real)?.isFile() !== true) return undefined
    const fd = openSync(real, constants.O_RDONLY | NOFOLLOW)
    try {
      return JSON.parse(readFileSync(fd, "utf8")) as PartOf
    } finally {
      closeSync(fd)
    }
  } catch {
    return undefined
  }
}

const same = (a: PartOf | undefined, b: PartOf): boolean =>
  a !== undefined && a.path === b.path && a.size === b.size && (a.modified ?? "") === (b.modified ?? "")

/**
 * Opens the part of a download of `of` into `target`: the bytes an earlier run left are kept when it was
 * the same remote file (same path, size and time), else the part starts empty. Never through a link.
 */
export const openPart = (target: Placement, of: PartOf, field: string): LocalPart => {
  const place = partOf(target)
  try {
    makeLocalFolder(placeOf(target.root, target.parts.slice(0, -1)), field)
    const dir = join(realpathSync(target.root.path), ...target.parts.slice(0, -1))
    const real = join(dir, place.parts.at(-1) ?? "")
    const note = `${real}.json`
    if (lstatOrUndefined(real)?.isSymbolicLink() || lstatOrUndefined(note)?.isSymbolicLink())
      throw linkError(place.path, field)
    const keep = same(readNote(note), of)
    const fd = openSync(real, constants.O_RDWR | constants.O_CREAT | NOFOLLOW, 0o600)
    const st = fstatSync(fd)
    const here = lstatOrUndefined(real)
    if (realOr(dir) !== dir || here?.ino !== st.ino || here?.dev !== st.dev || !st.isFile()) {
      closeSync(fd)
      throw linkError(place.path, field)
    }
    const size = keep && st.size <= of.size ? st.size : 0
    if (size !== st.size) ftruncateSync(fd, size)
    if (!keep) {
      const noteFd = openSync(note, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | NOFOLLOW, 0o600)
      try {
        writeFileSync(noteFd, JSON.stringify(of))
      } finally {
        closeSync(noteFd)
      }
    }
    let open = true
    const close = () => {
      if (open) closeSync(fd)
      open = false
    }
    return { fd, close, size, real, note }
  } catch (e) {
    throw fileError(place.path, e)
  }
}

/**
 * Puts a finished part in place of its target (a rename; without `overwrite`, a link that fails when the
 * target exists, then the part's name removed) and removes its note.
 */
export const commitPart = (part: LocalPart, target: Placement, overwrite: boolean): void => {
  const final = join(dirname(part.real), target.parts.at(-1) ?? "")
  try {
    part.close()
    if (overwrite) renameSync(part.real, final)
    else {
      linkSync(part.real, final)
      unlinkSync(part.real)
    }
    unlinkSync(part.note)
  } catch (e) {
    throw fileError(target.path, e)
  }
}

/** Closes a part and removes it with its note (its bytes are known to be wrong). */
export const dropPart = (part: LocalPart): void => {
  part.close()
  for (const p of [part.real, part.note])
    try {
      unlinkSync(p)
    } catch {
      // gone already
    }
}
