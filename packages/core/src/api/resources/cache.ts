import { Clock, Effect } from "../../effect.js"
import { InspireError } from "../../errors.js"
import { ActiveProfile } from "../../profile.js"
import { resourceScopeKey } from "../../store/paths.js"
import { cacheFileOf, readCacheFile, type StoredEntry, writeCacheFile } from "./cache-file.js"

/** How long who the user is and their projects (with budgets) are trusted. */
export const RESOURCE_TTL_MS = 5 * 60_000

/**
 * How long a workspace's compute groups, specs and image list are trusted: they change when the platform
 * reconfigures (§3.6), or an image is registered (a name not found in the kept list is looked up afresh).
 */
export const STRUCTURE_TTL_MS = 10 * 60_000

/** How long free-GPU figures are reused: long enough for a second call right after, short enough to stay current. */
export const GPU_TTL_MS = 60_000

/**
 * Entries kept on disk too, so that each CLI call (a new process) finds them, and for how long: who
 * the user is and their projects, each workspace's groups, specs and registered images, and free GPUs
 * for a minute.
 * Anything else stays in the process.
 */
const keepFor = (key: string): number | undefined => {
  if (key === "user" || key === "projects") return RESOURCE_TTL_MS
  if (key.startsWith("groups:") || key.startsWith("structure:") || key.startsWith("images:")) return STRUCTURE_TTL_MS
  if (key.startsWith("gpus:")) return GPU_TTL_MS
  return undefined
}

const ttlOf = (key: string): number => keepFor(key) ?? RESOURCE_TTL_MS
const isKept = (key: string): boolean => keepFor(key) !== undefined

interface Entry {
  readonly expires: number
  readonly value: unknown
  /** Every platform id inside the value, so that a NotFound for one of them drops the entry. */
  readonly ids: ReadonlySet<string>
}

// One cache per process, keyed by store home, profile, base URL and account, so every client of a
// profile shares it and logging in as someone else on the same profile starts afresh.
interface Scope {
  readonly entries: Map<string, Entry>
  /** Where the KEPT entries live between processes (cache-file.ts). */
  readonly file: string
}

const scopes = new Map<string, Scope>()

const keptOf = (entries: ReadonlyMap<string, Entry>): ReadonlyMap<string, StoredEntry> =>
  new Map(
    [...entries]
      .filter(([key]) => isKept(key))
      .map(([key, e]) => [key, { expires: e.expires, value: e.value, ids: [...e.ids] }]),
  )

const scope = Effect.gen(function* () {
  const p = yield* ActiveProfile
  const key = resourceScopeKey({
    home: p.env.INSPIRE_HOME,
    profile: p.name.value ?? "default",
    baseUrl: p.baseUrl.value ?? "",
    username: p.config.username,
  })
  const found = scopes.get(key)
  if (found !== undefined) return found
  const file = cacheFileOf(p.env, key)
  const now = yield* Clock.currentTimeMillis
  const entries = new Map<string, Entry>()
  for (const [k, e] of readCacheFile(file, now))
    if (isKept(k)) entries.set(k, { expires: e.expires, value: e.value, ids: new Set(e.ids) })
  const made = { entries, file }
  scopes.set(key, made)
  return made
})

const save = (s: Scope): void => writeCacheFile(s.file, keptOf(s.entries))

/** The cached value under `key` for the active profile, if still fresh. */
export const recall = <A>(key: string): Effect.Effect<A | undefined, never, ActiveProfile> =>
  Effect.gen(function* () {
    const { entries } = yield* scope
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if ((yield* Clock.currentTimeMillis) < entry.expires) return entry.value as A
    entries.delete(key)
    return undefined
  })

/**
 * The value kept under `key` for the active profile, fresh or not, without asking the platform: what
 * this process holds, else what the cache file on disk holds; undefined when nothing was kept.
 */
export const keptValue = <A>(key: string): Effect.Effect<A | undefined, never, ActiveProfile> =>
  Effect.map(scope, (s) => (s.entries.get(key)?.value ?? readCacheFile(s.file, 0).get(key)?.value) as A | undefined)

/** Stores a value for the active profile for as long as its kind is trusted (see `keepFor`). */
export const remember = (
  key: string,
  value: unknown,
  ids: Iterable<string>,
): Effect.Effect<void, never, ActiveProfile> =>
  Effect.gen(function* () {
    const s = yield* scope
    s.entries.set(key, { expires: (yield* Clock.currentTimeMillis) + ttlOf(key), value, ids: new Set(ids) })
    if (isKept(key)) save(s)
  })

/** The fresh cached value, else loads and stores it; `refresh` always loads. */
export const cached = <A, E, R>(
  key: string,
  load: Effect.Effect<A, E, R>,
  ids: (value: A) => Iterable<string>,
  refresh = false,
): Effect.Effect<A, E, R | ActiveProfile> =>
  Effect.gen(function* () {
    const hit = refresh ? undefined : yield* recall<A>(key)
    if (hit !== undefined) return hit
    const value = yield* load
    yield* remember(key, value, ids(value))
    return value
  })

/** Drops every cached entry of the active profile that mentions `id` (call it when the platform says NotFound). */
const forgetResource = (id: string): Effect.Effect<void, never, ActiveProfile> =>
  Effect.map(scope, (s) => {
    let kept = false
    for (const [key, entry] of s.entries)
      if (entry.ids.has(id)) {
        s.entries.delete(key)
        kept ||= isKept(key)
      }
    if (kept) save(s)
  })

/** Runs an operation on a resolved id and forgets that id's cache entries when the platform answers NotFound. */
export const forgetOnNotFound =
  (id: string) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | ActiveProfile> =>
    Effect.tapError(effect, (e) => (isNotFound(e) ? forgetResource(id) : Effect.void))

const isNotFound = (e: unknown): boolean => e instanceof InspireError && e.reason === "NotFound"

/** Empties the active profile's cache, on disk too (after a logout: nothing about the account stays). */
export const forgetProfileResources: Effect.Effect<void, never, ActiveProfile> = Effect.map(scope, (s) => {
  s.entries.clear()
  save(s)
})

/** Empties the cache of every profile this process has used, on disk too (between tests, after a reset). */
export const clearResourceCache = (): void => {
  for (const s of scopes.values()) writeCacheFile(s.file, new Map())
  scopes.clear()
}
