// The part of the resource cache kept on disk: a process that starts (each CLI call) finds who the
// user is and their projects without asking the platform again, which under its 3 requests/s
// saves about a second per call. One JSON file per profile, base URL and account, in the store's
// cache folder; private (0600 in a 0700 folder), written whole by rename, read best effort: a file
// that is missing, damaged or from another version is simply not used.
import { createHash } from "node:crypto"
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { writeFileAtomicSync } from "../../store/atomic.js"
import { resolveStorePaths } from "../../store/paths.js"

/** What one kept entry holds (the in-memory entry with its ids as a list). */
export interface StoredEntry {
  readonly expires: number
  readonly value: unknown
  readonly ids: ReadonlyArray<string>
}

const VERSION = 1

/** Where the entries of a cache scope are kept. */
export const cacheFileOf = (env: NodeJS.ProcessEnv, scopeKey: string): string =>
  join(
    resolveStorePaths(env).cacheDir,
    "resources",
    `${createHash("sha256").update(scopeKey).digest("hex").slice(0, 24)}.json`,
  )

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
    const parsed = JSON.parse(readFileSync(file, "utf8")) as { v?: unknown; entries?: unknown }
    if (parsed.v !== VERSION || typeof parsed.entries !== "object" || parsed.entries === null) return found
    for (const [key, entry] of Object.entries(parsed.entries))
      if (isEntry(entry) && entry.expires > now) found.set(key, entry)
  } catch {
    // missing or damaged: asked again, then rewritten
  }
  return found
}

/** Replaces `file` with `entries` (removes it when there are none); failures only cost requests later. */
export const writeCacheFile = (file: string, entries: ReadonlyMap<string, StoredEntry>): void => {
  try {
    if (entries.size === 0) return void rmSync(file, { force: true })
    mkdirSync(join(file, ".."), { recursive: true, mode: 0o700 })
    writeFileAtomicSync(file, JSON.stringify({ v: VERSION, entries: Object.fromEntries(entries) }))
  } catch {
    // best effort, see above
  }
}
