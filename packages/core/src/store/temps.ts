// The temporary files of atomic writes (written beside the target, then renamed over it) and the
// clean-up of those a killed writer left behind. Light on purpose: the CLI's launcher uses it.
import { randomBytes } from "node:crypto"
import { lstatSync, readdirSync, rmSync } from "node:fs"
import { basename, dirname, join } from "node:path"

/** The `code` of a system error (`ENOENT`, `EEXIST`…), or undefined. */
export const errnoCode = (e: unknown): string | undefined =>
  typeof e === "object" && e !== null && "code" in e ? String((e as { code: unknown }).code) : undefined

/** Whether a process with this pid runs on this machine (EPERM: it does, as another user). */
export const processIsAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return errnoCode(e) === "EPERM"
  }
}

/** Whether an error is a full disk or an exhausted quota. */
export const isDiskFull = (e: unknown): boolean => errnoCode(e) === "ENOSPC" || errnoCode(e) === "EDQUOT"

/** A fresh temporary name beside `file` for an atomic write: `.<name>.<pid>.<8 hex>.tmp`. */
export const tempFileFor = (file: string): string =>
  join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`)

// Ours, and those of earlier versions (`<name>.<pid>.tmp`, and `<lock>.<hex>.stale` set aside while a
// stale lock was broken). Only store folders are swept, where no one else's files belong.
const TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/
const OLD_TEMP = /^.+\.(\d+)\.tmp$/
const OLD_STALE = /^.+\.lock\.[0-9a-f]{8}\.stale$/

/** Any temporary file this old is an orphan, whoever wrote it (its pid may have been reused since). */
export const ORPHAN_AGE_MS = 10 * 60_000
/** A writer's temporary file lives milliseconds; one this old whose writer is dead is an orphan. */
export const DEAD_WRITER_AGE_MS = 5_000
// Each folder is swept at most this often per process: a write usually finds nothing to remove.
const SWEEP_EVERY_MS = 60_000
const sweptAt = new Map<string, number>()

const isOrphan = (name: string, age: number): boolean => {
  if (age >= ORPHAN_AGE_MS) return TEMP.test(name) || OLD_TEMP.test(name) || OLD_STALE.test(name)
  const pid = Number((TEMP.exec(name) ?? OLD_TEMP.exec(name))?.[1])
  // Another machine sharing the folder (NFS home) has other pids: the age floor keeps its writes safe.
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && age >= DEAD_WRITER_AGE_MS && !processIsAlive(pid)
}

/**
 * Removes from the store folder `dir` the temporary files left by killed writers: those whose writer
 * is no longer running, and any older than ORPHAN_AGE_MS. Only the user's own regular files are
 * touched. At most once a minute per folder; never fails (returns what it removed).
 */
export const sweepOrphanTemps = (dir: string, force = false): ReadonlyArray<string> => {
  const now = Date.now()
  if (!force && now - (sweptAt.get(dir) ?? Number.NEGATIVE_INFINITY) < SWEEP_EVERY_MS) return []
  sweptAt.set(dir, now)
  const removed: string[] = []
  let names: ReadonlyArray<string>
  try {
    names = readdirSync(dir)
  } catch {
    return removed
  }
  const uid = process.getuid?.()
  for (const name of names) {
    if (!name.endsWith(".tmp") && !name.endsWith(".stale")) continue
    const path = join(dir, name)
    try {
      const info = lstatSync(path)
      if (!info.isFile() || (uid !== undefined && info.uid !== uid)) continue
      if (!isOrphan(name, now - info.mtimeMs)) continue
      rmSync(path, { force: true })
      removed.push(path)
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed
}
