import { Clock, Effect } from "effect"
import { InspireError } from "../../errors.js"
import { ActiveProfile } from "../../profile.js"

/** How long discovered resources are trusted: specs and groups change when the platform reconfigures (§3.6). */
export const RESOURCE_TTL_MS = 5 * 60_000

interface Entry {
  readonly expires: number
  readonly value: unknown
  /** Every platform id inside the value, so that a NotFound for one of them drops the entry. */
  readonly ids: ReadonlySet<string>
}

// One cache per process, keyed by store home, profile, base URL and account, so every client of a
// profile shares it and logging in as someone else on the same profile starts afresh.
const scopes = new Map<string, Map<string, Entry>>()

const scope = Effect.map(ActiveProfile, (p) => {
  const key = `${p.env.INSPIRE_HOME ?? ""}|${p.name.value ?? "default"}|${p.baseUrl.value ?? ""}|${p.config.username ?? ""}`
  const found = scopes.get(key)
  if (found !== undefined) return found
  const made = new Map<string, Entry>()
  scopes.set(key, made)
  return made
})

/** The cached value under `key` for the active profile, if still fresh. */
export const recall = <A>(key: string): Effect.Effect<A | undefined, never, ActiveProfile> =>
  Effect.gen(function* () {
    const entries = yield* scope
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if ((yield* Clock.currentTimeMillis) < entry.expires) return entry.value as A
    entries.delete(key)
    return undefined
  })

/** Stores a value for the active profile for RESOURCE_TTL_MS. */
export const remember = (
  key: string,
  value: unknown,
  ids: Iterable<string>,
): Effect.Effect<void, never, ActiveProfile> =>
  Effect.gen(function* () {
    const entries = yield* scope
    entries.set(key, { expires: (yield* Clock.currentTimeMillis) + RESOURCE_TTL_MS, value, ids: new Set(ids) })
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
export const forgetResource = (id: string): Effect.Effect<void, never, ActiveProfile> =>
  Effect.map(scope, (entries) => {
    for (const [key, entry] of entries) if (entry.ids.has(id)) entries.delete(key)
  })

/** Runs an operation on a resolved id and forgets that id's cache entries when the platform answers NotFound. */
export const forgetOnNotFound =
  (id: string) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | ActiveProfile> =>
    Effect.tapError(effect, (e) => (isNotFound(e) ? forgetResource(id) : Effect.void))

const isNotFound = (e: unknown): boolean => e instanceof InspireError && e.reason === "NotFound"

/** Empties the cache of every profile (after a logout or a profile switch, and between tests). */
export const clearResourceCache = (): void => {
  scopes.clear()
}
