// The composition root: resolves the selected profile and provides every service a frontend needs
// (store, transport, session, platform client). Nothing inside core imports this module except the
// facade; the modules it composes read the profile through the `ActiveProfile` tag (profile.ts).
import { Session } from "./auth/session.js"
import { DEFAULT_REGISTRIES } from "./domain/images.js"
import type { RegistryId } from "./domain/workspaces.js"
import { Effect, Layer } from "./effect.js"
import { type InspireError, invalidInput } from "./errors.js"
import { Platform } from "./platform/client.js"
import { DEFAULT_RATE_LIMIT, type RateLimit } from "./platform/rate-limit.js"
import { accountRateLimiter } from "./platform/shared-bucket.js"
import { Transport } from "./platform/transport.js"
import { ActiveProfile, type ActiveProfileShape, type ProfileOptions, type RegistryEndpoints } from "./profile.js"
import { importLegacyOnce } from "./store/import.js"
import { DEFAULT_BASE_URL, storeRoots } from "./store/paths.js"
import { type ConfigFile, entryOf, type ProfileConfig } from "./store/schema.js"
import { resolveValue } from "./store/settings.js"
import { profileCredentials, Store } from "./store/store.js"
import { msg } from "./words/message.js"

const emptyProfile: ProfileConfig = { defaults: {}, endpoints: {} }

const rateLimitOf = (env: NodeJS.ProcessEnv): Effect.Effect<RateLimit, InspireError> => {
  const raw = env.INSPIRE_RATE_LIMIT?.trim()
  if (raw === undefined || raw === "") return Effect.succeed(DEFAULT_RATE_LIMIT)
  const n = Number(raw)
  if (!Number.isFinite(n) || n <= 0)
    return Effect.fail(
      invalidInput(
        msg("profile-bad-rate-limit", { value: raw }),
        msg("profile-bad-rate-limit-hint", { default: DEFAULT_RATE_LIMIT.perSecond }),
      ),
    )
  return Effect.succeed({ perSecond: n, burst: Math.max(1, Math.ceil(n)) })
}

/** Resolves the active profile from the config file and the environment (argument > env > file > default). */
export const resolveProfile = (
  config: ConfigFile,
  options: ProfileOptions,
): Effect.Effect<ActiveProfileShape, InspireError> =>
  Effect.gen(function* () {
    const env = options.env ?? process.env
    const name = resolveValue<string>({
      argument: options.profile,
      environment: { value: env.INSPIRE_PROFILE?.trim() || undefined, name: "INSPIRE_PROFILE" },
      profile: { value: config.currentProfile, name: "config.json" },
      fallback: "default",
    })
    const profileName = name.value ?? "default"
    const explicit = name.source === "argument" || name.source === "environment"
    const known = entryOf(config.profiles, profileName)
    if (explicit && known === undefined && profileName !== "default")
      return yield* Effect.fail(
        invalidInput(msg("profile-unknown", { name: profileName }), msg("profile-unknown-hint"), {
          candidates: Object.keys(config.profiles),
        }),
      )
    const profile = known ?? emptyProfile
    const baseUrl = resolveValue<string>({
      environment: { value: env.INSPIRE_BASE_URL?.trim() || undefined, name: "INSPIRE_BASE_URL" },
      profile: { value: profile.endpoints.baseUrl, name: `profile ${profileName}` },
      fallback: DEFAULT_BASE_URL,
    })
    const proxy = resolveValue<string>({
      environment: { value: env.INSPIRE_PROXY?.trim() || undefined, name: "INSPIRE_PROXY" },
      profile: { value: profile.endpoints.proxy, name: `profile ${profileName}` },
    })
    const registry = (id: RegistryId): RegistryEndpoints => {
      const r = profile.endpoints.registries?.[id]
      const push = r?.push ?? DEFAULT_REGISTRIES[id].push
      return { push, display: r?.display ?? DEFAULT_REGISTRIES[id].display, api: r?.api ?? `https://${push}` }
    }
    return {
      name,
      config: profile,
      baseUrl,
      registries: { qb: registry("qb"), sj: registry("sj") },
      proxy,
      rateLimit: yield* rateLimitOf(env),
      env,
      readDefaults: Effect.succeed(profile.defaults),
    }
  })

/**
 * Everything a frontend needs for one profile: the store, the transport, the session and the
 * platform client. Credentials left by the old Synergy plugin are imported on first use.
 */
export const inspireLayer = (
  options: ProfileOptions = {},
): Layer.Layer<Store | Transport | Session | Platform | ActiveProfile, InspireError> => {
  const env = options.env ?? process.env
  const store = Store.layer(env)
  const active = Layer.effect(
    ActiveProfile,
    Effect.gen(function* () {
      const s = yield* Store
      yield* importLegacyOnce(env)
      const resolved = yield* resolveProfile(yield* s.readConfig, options)
      const name = resolved.name.value ?? "default"
      return { ...resolved, readDefaults: Effect.map(s.readConfig, (c) => entryOf(c.profiles, name)?.defaults ?? {}) }
    }),
  ).pipe(Layer.provide(store))
  const rest = Layer.unwrapEffect(
    Effect.gen(function* () {
      const p = yield* ActiveProfile
      const s = yield* Store
      const profile = p.name.value ?? "default"
      const baseUrl = p.baseUrl.value ?? DEFAULT_BASE_URL
      // The platform limits each account, whichever profile or process it is used from (shared-bucket.ts).
      const saved = yield* Effect.orElseSucceed(s.readCredentials, () => undefined)
      const account = saved !== undefined ? profileCredentials(saved, profile).inspire?.username : undefined
      const limiter = accountRateLimiter({
        limit: p.rateLimit,
        cacheDir: s.paths.cacheDir,
        roots: storeRoots(s.paths),
        baseUrl,
        account: account ?? (p.config.username !== undefined ? p.config.username : `profile ${profile}`),
        env: p.env,
      })
      const transport = Transport.layer({
        limiter,
        rateLimit: p.rateLimit,
        proxy: { env: p.env, ...(p.proxy.value !== undefined ? { proxy: p.proxy.value } : {}) },
      })
      const session = Session.layer({
        profile,
        baseUrl,
        env: p.env,
      })
      return Layer.provideMerge(Platform.layer, Layer.provideMerge(session, Layer.merge(transport, store)))
    }),
  )
  return Layer.provideMerge(rest, Layer.merge(active, store))
}
