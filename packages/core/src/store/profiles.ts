import { checkPasswordUrl } from "../auth/login-url.js"
import { DEFAULT_REGISTRIES } from "../domain/images.js"
import type { RegistryId } from "../domain/workspaces.js"
import { Effect } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { Endpoints, entryOf, ProfileName } from "./schema.js"
import { Store } from "./store.js"

/** A profile as `profile list` shows it: no secret, only whether one is saved. */
export interface ProfileSummary {
  readonly name: string
  readonly current: boolean
  readonly username?: string
  readonly baseUrl?: string
  readonly loggedIn: boolean
  readonly harbor: ReadonlyArray<"qb" | "sj">
}

const checkName = (name: string): Effect.Effect<string, InspireError> => {
  const parsed = ProfileName.safeParse(name.trim())
  return parsed.success
    ? Effect.succeed(parsed.data)
    : Effect.fail(invalidInput(msg("store-bad-profile-name", { name }), msg("store-profile-name-hint")))
}

const unknown = (name: string, known: ReadonlyArray<string>) =>
  invalidInput(msg("store-no-profile", { name }), msg("store-no-profile-hint"), { candidates: known })

/** Every profile with its account and login state. */
export const listProfiles = (): Effect.Effect<ReadonlyArray<ProfileSummary>, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    const config = yield* store.readConfig
    const creds = yield* store.readCredentials
    const names = [
      ...new Set([...Object.keys(config.profiles), ...Object.keys(creds.profiles), config.currentProfile]),
    ].sort()
    return names.map((name) => {
      const p = entryOf(config.profiles, name)
      const c = entryOf(creds.profiles, name)
      return {
        name,
        current: name === config.currentProfile,
        ...(p?.username !== undefined ? { username: p.username } : {}),
        ...(p?.endpoints.baseUrl !== undefined ? { baseUrl: p.endpoints.baseUrl } : {}),
        loggedIn: c?.inspire !== undefined,
        harbor: (["qb", "sj"] as const).filter((r) => c?.harbor[r] !== undefined),
      }
    })
  })

/** Where a new profile's platform and registries are, as `inspire profile add` takes them. */
export interface ProfileEndpointOptions {
  readonly baseUrl?: string
  /** An emulator's address: the platform, and both registries' Harbor REST API at `<url>/harbor/<id>`. */
  readonly emulator?: string
  /** Harbor's REST API per registry, when it is not https://<push host>. */
  readonly harborApi?: Partial<Record<RegistryId, string>>
  /** Where images are pushed, per registry (`host[:port]`). */
  readonly registryPush?: Partial<Record<RegistryId, string>>
}

/**
 * The endpoints of a profile from its options: the emulator's address stands for the platform and its
 * Harbor; explicit registry values win over it, and what is not given keeps the production hosts.
 */
export const profileEndpoints = (options: ProfileEndpointOptions): Endpoints => {
  const emulator = options.emulator?.replace(/\/+$/, "")
  const baseUrl = emulator ?? options.baseUrl
  const registry = (id: RegistryId) => {
    const api = options.harborApi?.[id] ?? (emulator !== undefined ? `${emulator}/harbor/${id}` : undefined)
    const push = options.registryPush?.[id]
    if (api === undefined && push === undefined) return undefined
    return {
      push: push ?? DEFAULT_REGISTRIES[id].push,
      display: DEFAULT_REGISTRIES[id].display,
      ...(api !== undefined ? { api } : {}),
    }
  }
  const qb = registry("qb")
  const sj = registry("sj")
  const registries = { ...(qb !== undefined ? { qb } : {}), ...(sj !== undefined ? { sj } : {}) }
  return {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(qb !== undefined || sj !== undefined ? { registries } : {}),
  }
}

/** Creates a profile (an account), optionally pointing at another platform; refuses to overwrite one. */
export const addProfile = (
  name: string,
  endpoints: Endpoints = {},
): Effect.Effect<ProfileSummary, InspireError, Store> =>
  Effect.gen(function* () {
    const checked = yield* checkName(name)
    const valid = Endpoints.safeParse(endpoints)
    if (!valid.success) {
      const issue = valid.error.issues[0]
      const field = issue?.path.join(".") || "endpoints"
      return yield* Effect.fail(
        invalidInput(
          msg("store-bad-endpoint", { field, why: issue?.message ?? "unreadable" }),
          msg("store-bad-endpoint-hint"),
        ),
      )
    }
    // A platform address a password could not be sent to is refused now, as login would refuse it, rather
    // than saved to fail at the first login.
    if (endpoints.baseUrl !== undefined) yield* checkPasswordUrl(endpoints.baseUrl, `profile ${checked}`)
    const store = yield* Store
    yield* store.updateConfig((c) =>
      entryOf(c.profiles, checked) !== undefined
        ? Effect.fail(invalidInput(msg("store-profile-exists", { name: checked }), msg("store-profile-exists-hint")))
        : Effect.succeed({ ...c, profiles: { ...c.profiles, [checked]: { defaults: {}, endpoints } } }),
    )
    return {
      name: checked,
      current: false,
      ...(endpoints.baseUrl ? { baseUrl: endpoints.baseUrl } : {}),
      loggedIn: false,
      harbor: [],
    }
  })

/** Makes a profile the current one for every frontend. */
export const useProfile = (name: string): Effect.Effect<void, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    yield* store.updateConfig((c) =>
      entryOf(c.profiles, name) === undefined && name !== "default"
        ? Effect.fail(unknown(name, Object.keys(c.profiles)))
        : Effect.succeed({ ...c, currentProfile: name }),
    )
  })

/** Removes a profile with its credentials and sessions; the current profile falls back to `default`. */
export const removeProfile = (name: string): Effect.Effect<void, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    yield* store.updateConfig((c) => {
      if (entryOf(c.profiles, name) === undefined) return Effect.fail(unknown(name, Object.keys(c.profiles)))
      const { [name]: _removed, ...rest } = c.profiles
      return Effect.succeed({
        ...c,
        profiles: rest,
        currentProfile: c.currentProfile === name ? "default" : c.currentProfile,
      })
    })
    yield* store.updateCredentials((c) => {
      const { [name]: _removed, ...rest } = c.profiles
      return Effect.succeed({ ...c, profiles: rest })
    })
    yield* store.updateSession(name, () => Effect.succeed({ version: 1 as const }))
  })

/**
 * Forgets a profile's platform password and its session (tokens, cookies), under the store's locks;
 * Harbor robot accounts stay. Answers whether a password was saved.
 */
export const forgetLogin = (name: string): Effect.Effect<boolean, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    let removed = false
    yield* store.updateCredentials((c) => {
      const mine = entryOf(c.profiles, name)
      if (mine?.inspire === undefined) return Effect.succeed(c)
      removed = true
      const { inspire: _forgotten, ...rest } = mine
      return Effect.succeed({ ...c, profiles: { ...c.profiles, [name]: rest } })
    })
    yield* store.updateSession(name, () => Effect.succeed({ version: 1 as const }))
    return removed
  })
