// Which local files inspire trusts, like OpenSSH's StrictModes: the store (config, credentials,
// sessions), the caches, the CLI's code cache, the lock files and every folder between them and the
// store's top folder ($INSPIRE_HOME, or the holos-inspire folders under ~/.config and ~/.cache) are
// used only when they belong to the current user and nobody else can write them. Anything else
// could have been planted or changed by another account. Where there are no uids (Windows) nothing is
// checked. This module imports nothing heavy: the CLI's launcher uses it before loading the bundle.
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, type Stats, statSync } from "node:fs"
import { dirname, isAbsolute, join, relative, resolve } from "node:path"
import { errnoCode } from "./temps.js"

/** Why a file or folder failed the check, as data (the store words it in the reader's language). */
export type UntrustedWhy =
  | { readonly why: "type"; readonly kind: "file" | "folder" }
  | { readonly why: "owner"; readonly owner: number; readonly uid: number }
  | {
      readonly why: "mode"
      readonly kind: "file" | "folder"
      readonly who: "both" | "group" | "others"
      readonly mode: string
    }

/**
 * A file or folder that failed the check: `message` names it and says why, `hint` says how to fix it,
 * in English (this module stays light enough for the CLI's launcher); `why` is the same as data.
 */
export class Untrusted extends Error {
  override readonly name = "Untrusted"
  constructor(
    readonly path: string,
    message: string,
    readonly hint: string,
    readonly why?: UntrustedWhy,
  ) {
    super(message)
  }
}

/** The parts of fs.Stats the check reads. */
export type TrustStats = Pick<Stats, "uid" | "mode" | "isFile" | "isDirectory">

const SAFE_SHELL_WORD = /^[\w@%+=:,./-]+$/

/** `path` as one shell word, for the commands the hints suggest. */
export const shellQuote = (path: string): string =>
  SAFE_SHELL_WORD.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`

/** The current user's uid; undefined where there are none (Windows), and then nothing is checked. */
export const currentUid = (): number | undefined => process.getuid?.()

/**
 * The one rule: is the file or folder described by `stats` owned by `uid` (the current user's,
 * `currentUid()`) and writable by nobody else? Returns why not, or undefined when it may be used
 * (always, where `uid` is undefined).
 */
export const trustIssue = (
  path: string,
  stats: TrustStats,
  kind: "file" | "folder",
  uid: number | undefined,
): Untrusted | undefined => {
  if (uid === undefined) return undefined
  const q = shellQuote(path)
  if (kind === "folder" ? !stats.isDirectory() : !stats.isFile())
    return new Untrusted(
      path,
      `${path} is not a ${kind === "folder" ? "folder" : "regular file"}, so inspire does not use it.`,
      `Move it aside (mv ${q} ${shellQuote(`${path}.bak`)}) and run the command again.`,
      { why: "type", kind },
    )
  if (stats.uid !== uid)
    return new Untrusted(
      path,
      `${path} belongs to uid ${stats.uid}, not to you (uid ${uid}), so inspire does not use it.`,
      `If it is yours, take it back with \`sudo chown $USER ${q}\`; otherwise move it aside.`,
      { why: "owner", owner: stats.uid, uid },
    )
  const writable = stats.mode & 0o022
  if (writable !== 0) {
    const who = writable === 0o022 ? "group and others" : writable === 0o020 ? "group" : "others"
    const mode = (stats.mode & 0o7777).toString(8).padStart(4, "0")
    return new Untrusted(
      path,
      `${path} can be written by ${who} (mode ${mode}), so inspire does not use it.`,
      `Run \`chmod go-w ${q}\` (after checking that nobody else changed ${kind === "folder" ? "its files" : "it"}).`,
      { why: "mode", kind, who: writable === 0o022 ? "both" : writable === 0o020 ? "group" : "others", mode },
    )
  }
  return undefined
}

// A folder found trusted is not stat'ed again for a moment: a CLI call reads several files below the
// same folders, and only their owner (or root) can change a folder that passed. The moment is short
// so that a long-running server notices a folder its user opened up later. The CLI's launcher and
// its bundle each hold a copy of this module in one process, so the memo is kept under a registered
// symbol that both find.
export const FOLDER_MEMO_MS = 1000
const MEMO = Symbol.for("@holos-inspire/core/trusted-folders")
const shared = globalThis as { [MEMO]?: Map<string, number> }
shared[MEMO] ??= new Map<string, number>()
const trustedAt: Map<string, number> = shared[MEMO]

type FolderState = "trusted" | "missing" | Untrusted

const folderState = (dir: string, fresh: boolean): FolderState => {
  const now = Date.now()
  if (!fresh && now - (trustedAt.get(dir) ?? Number.NEGATIVE_INFINITY) < FOLDER_MEMO_MS) return "trusted"
  let stats: Stats
  try {
    stats = statSync(dir)
  } catch (e) {
    // A folder that cannot be looked at is reported by whatever uses it next, with its own error.
    return errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR" ? "missing" : "trusted"
  }
  const issue = trustIssue(dir, stats, "folder", currentUid())
  if (issue !== undefined) return issue
  trustedAt.set(dir, now)
  return "trusted"
}

/**
 * The folders from the top folder that holds `path` (one of `roots`) down to `path` itself, outermost
 * first; just `path` when no root holds it.
 */
export const foldersFrom = (path: string, roots: ReadonlyArray<string>): ReadonlyArray<string> => {
  const target = resolve(path)
  for (const root of roots) {
    const top = resolve(root)
    const rel = relative(top, target)
    if (rel.startsWith("..") || isAbsolute(rel)) continue
    const chain = [top]
    let at = top
    for (const part of rel.split(/[\\/]/).filter((p) => p !== "")) {
      at = join(at, part)
      chain.push(at)
    }
    return chain
  }
  return [target]
}

const checkChain = (chain: ReadonlyArray<string>, fresh: boolean): Untrusted | number | undefined => {
  if (currentUid() === undefined) return undefined
  for (const [i, dir] of chain.entries()) {
    const state = folderState(dir, fresh)
    if (state === "missing") return i
    if (state !== "trusted") return state
  }
  return undefined
}

/**
 * Checks every folder between the store's top folder and the file `file` (one stat each, remembered
 * for a moment). Missing folders pass: there is nothing in them to use.
 */
export const untrustedFolder = (file: string, roots: ReadonlyArray<string> = []): Untrusted | undefined => {
  const found = checkChain(foldersFrom(dirname(file), roots), false)
  return typeof found === "number" ? undefined : found
}

/**
 * Makes `dir` (and the missing folders above it, up to its root) private to the user, after checking
 * the ones that exist; folders created here are checked again, in case someone else made one first.
 * Returns the folder that fails the check; throws what mkdir throws.
 */
export const ensureTrustedFolder = (dir: string, roots: ReadonlyArray<string> = []): Untrusted | undefined => {
  const chain = foldersFrom(dir, roots)
  const found = checkChain(chain, false)
  if (typeof found !== "number") return found
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const again = checkChain(chain.slice(found), true)
  return typeof again === "number" ? undefined : again
}

/**
 * Reads `path` when it passes the check, from the very file that was checked (opened first, then
 * checked with fstat, so it cannot be swapped in between). Undefined when it does not exist; throws
 * `Untrusted` when it fails the check, and what the read throws otherwise. Its folders are not checked
 * here (see `untrustedFolder`).
 */
export const readTrustedFile = (path: string): Buffer | undefined => {
  let fd: number
  try {
    // Non-blocking, so that a FIFO in the file's place is refused instead of waited on.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return undefined
    throw e
  }
  try {
    const stats = fstatSync(fd)
    const issue = trustIssue(path, stats, "file", currentUid())
    if (issue !== undefined) throw issue
    let buffer = Buffer.allocUnsafe(stats.size + 1)
    let length = 0
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)])
      const n = readSync(fd, buffer, length, buffer.length - length, null)
      if (n === 0) return buffer.subarray(0, length)
      length += n
    }
  } finally {
    closeSync(fd)
  }
}
