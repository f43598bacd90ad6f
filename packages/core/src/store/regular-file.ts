// Reading a file a person points inspire at, or that inspire finds in a folder (recipes, sweep files):
// only a regular file, of bounded size, read from the very descriptor that was checked. A FIFO would
// hang the read, a device (/dev/zero) would never end, and a link could lead anywhere.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, type Stats, statSync } from "node:fs"
import { isAbsolute, relative } from "node:path"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { untrustedError } from "./files.js"
import { errnoCode } from "./temps.js"
import { currentUid, shellQuote, trustIssue, type Untrusted } from "./trust.js"

/** The largest file read by default: recipes and sweep files are a few kilobytes. */
const REGULAR_FILE_BOUND = 256 * 1024

/** Why a file was not read, as data. */
export type FileRefusal =
  | { readonly why: "missing" }
  | { readonly why: "kind"; readonly kind: "folder" | "fifo" | "device" | "socket" | "other" }
  | { readonly why: "outside"; readonly folder: string }
  | { readonly why: "size"; readonly bound: number }
  | { readonly why: "untrusted"; readonly untrusted: Untrusted }
  | { readonly why: "error"; readonly code: string }

/** The file's text, or why it was not read. */
export type RegularRead = { readonly content: string } | { readonly refused: FileRefusal }

export interface RegularFileOptions {
  /** The most bytes read; a longer file is refused (default `REGULAR_FILE_BOUND`). */
  readonly bound?: number
  /** A folder the file must be in once links are followed. */
  readonly within?: string
  /** The file must belong to the user (or root) and be writable by nobody else (trust.ts). */
  readonly trusted?: boolean
}

const kindOf = (s: Pick<Stats, "isDirectory" | "isFIFO" | "isCharacterDevice" | "isBlockDevice" | "isSocket">) =>
  s.isDirectory()
    ? "folder"
    : s.isFIFO()
      ? "fifo"
      : s.isCharacterDevice() || s.isBlockDevice()
        ? "device"
        : s.isSocket()
          ? "socket"
          : "other"

/** The trust check of a file or folder a person keeps (not the store's): theirs or root's, written by nobody else. */
export const ownedIssue = (path: string, stats: Stats, kind: "file" | "folder"): Untrusted | undefined => {
  const uid = currentUid()
  return trustIssue(path, stats, kind, uid !== undefined && stats.uid === 0 ? 0 : uid)
}

const inside = (folder: string, path: string): boolean => {
  const rel = relative(folder, path)
  return rel === "" || !(rel.startsWith("..") || isAbsolute(rel))
}

/**
 * Reads `path` when it is a regular file of at most `bound` bytes (and, with `within`, inside that
 * folder once links are followed; with `trusted`, the user's own): checked with stat before it is
 * opened (so a FIFO or a device is never opened), then with fstat on the descriptor read from, reading
 * at most bound + 1 bytes. Never throws.
 */
export const readRegularFile = (path: string, options: RegularFileOptions = {}): RegularRead => {
  const bound = options.bound ?? REGULAR_FILE_BOUND
  const refused = (r: FileRefusal): RegularRead => ({ refused: r })
  const failed = (e: unknown): RegularRead =>
    errnoCode(e) === "ENOENT" ? refused({ why: "missing" }) : refused({ why: "error", code: errnoCode(e) ?? "error" })
  let real: string
  try {
    real = realpathSync(path)
    if (options.within !== undefined && !inside(realpathSync(options.within), real))
      return refused({ why: "outside", folder: options.within })
    const before = statSync(real)
    if (!before.isFile()) return refused({ why: "kind", kind: kindOf(before) })
  } catch (e) {
    return failed(e)
  }
  let fd: number
  try {
    // Non-blocking and not through a link, in case the file was swapped since it was looked at.
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0))
  } catch (e) {
    return failed(e)
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile()) return refused({ why: "kind", kind: kindOf(stats) })
    const issue = options.trusted === true ? ownedIssue(path, stats, "file") : undefined
    if (issue !== undefined) return refused({ why: "untrusted", untrusted: issue })
    if (stats.size > bound) return refused({ why: "size", bound })
    const buffer = Buffer.allocUnsafe(bound + 1)
    let length = 0
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null)
      if (n === 0) break
      length += n
      if (length > bound) return refused({ why: "size", bound })
    }
    return { content: buffer.subarray(0, length).toString("utf8") }
  } catch (e) {
    return failed(e)
  } finally {
    closeSync(fd)
  }
}

/** The error for a file that was not read: what was wrong with it and what to do. */
export const refusedFileError = (file: string, r: FileRefusal): InspireError => {
  switch (r.why) {
    case "untrusted":
      return untrustedError(r.untrusted)
    case "missing":
      return invalidInput(msg("file-refused-missing", { file }), msg("file-refused-missing-hint"))
    case "kind":
      return invalidInput(
        msg("file-refused-kind", { file, kind: r.kind }),
        msg("file-refused-kind-hint", { file: shellQuote(file), aside: shellQuote(`${file}.bak`) }),
      )
    case "outside":
      return invalidInput(
        msg("file-refused-outside", { file, folder: r.folder }),
        msg("file-refused-outside-hint", { folder: r.folder }),
      )
    case "size":
      return invalidInput(
        msg("file-refused-size", { file, kib: Math.floor(r.bound / 1024) }),
        msg("file-refused-size-hint"),
      )
    case "error":
      return invalidInput(msg("file-refused-error", { file, code: r.code }), msg("file-refused-error-hint"))
  }
}
