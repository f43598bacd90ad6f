// The part of the resource cache kept on disk: a process that starts (each CLI call) finds who the
// user is and their projects without asking the platform again, which under its 3 requests/s
// saves about a second per call. One JSON file per profile, base URL and account, in the store's
// cache folder; private (0600 in a 0700 folder), written whole by rename, read best effort: a file
// that is missing, damaged or from another version is simply not used, and neither is one that is
// not the user's own or that others can write, or that lies in such a folder (store/trust.ts): the
// cache only saves requests, so the platform is asked instead, and nothing is written there.
import { rmSync } from "node:fs"
import { dirname } from "node:path"
import { writeFileAtomicSync } from "../../store/atomic.js"
import { resolveStorePaths, resourceCacheFile, storeRoots } from "../../store/paths.js"
import { sweepOrphanTemps } from "../../store/temps.js"
import { ensureTrustedFolder, readTrustedFile, untrustedFolder } from "../../store/trust.js"

/** What one kept entry holds (the in-memory entry with its ids as a list). */
export interface StoredEntry {
  readonly expires: number
  readonly value: unknown
  readonly ids: ReadonlyArray<string>
}

const VERSION = 1

// The store's top folders of each cache file named here: folders from there down are checked.
const rootsByFile = new Map<string, ReadonlyArray<string>>()
const rootsOf = (file: string): ReadonlyArray<string> => rootsByFile.get(file) ?? [dirname(dirname(file))]

/** Where the entries of a cache scope are kept. */
export const cacheFileOf = (env: NodeJS.ProcessEnv, scopeKey: string): string => {
  const paths = resolveStorePaths(env)
  const file = resourceCacheFile(paths, scopeKey)
  rootsByFile.set(file, storeRoots(paths))
  return file
}

const isEntry = (e: unknown): e is StoredEntry => {
  const x = e as Partial<StoredEntry> | null
  return (
    typeof x === "object" &&
    x !== null &&
    typeof x.expires === "number" &&
    "value" in x &&
    Array.isArray(x.ids) &&
    x.ids.every((i) => typeof i === "string")
  )
}

/** The entries kept in `file` that are still fresh at `now`; none when it cannot be read. */
export const readCacheFile = (file: string, now: number): ReadonlyMap<string, StoredEntry> => {
  const found = new Map<string, StoredEntry>()
  try {
    if (untrustedFolder(file, rootsOf(file)) !== undefined) return found
    const parsed = JSON.parse(readTrustedFile(file)?.toString("utf8") ?? "") as { v?: unknown; entries?: unknown }
    if (parsed.v !== VERSION || typeof parsed.entries !== "object" || parsed.entries === null) return found
    for (const [key, entry] of Object.entries(parsed.entries))
      if (isEntry(entry) && entry.expires > now) found.set(key, entry)
  } catch {
    // missing, damaged or untrusted: asked again, then rewritten (if its folder can be trusted)
  }
  return found
}

/** Replaces `file` with `entries` (removes it when there are none); failures only cost requests later. */
export const writeCacheFile = (file: string, entries: ReadonlyMap<string, StoredEntry>): void => {
  try {
    if (untrustedFolder(file, rootsOf(file)) !== undefined) return
    if (entries.size === 0) return void rmSync(file, { force: true })
    if (ensureTrustedFolder(dirname(file), rootsOf(file)) !== undefined) return
    sweepOrphanTemps(dirname(file))
    writeFileAtomicSync(file, JSON.stringify({ v: VERSION, entries: Object.fromEntries(entries) }))
  } catch {
    // best effort, see above
  }
}
