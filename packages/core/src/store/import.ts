import { homedir } from "node:os"
import { Effect } from "../effect.js"
import type { InspireError } from "../errors.js"
import { readLegacySynergy } from "./legacy.js"
import { Store } from "./store.js"

/**
 * On the first use of an empty store, brings in what the old Synergy plugin saved: credentials and
 * defaults go to the `default` profile. Nothing the user already saved is ever overwritten, and the
 * import is recorded so that it runs once.
 */
export const importLegacyOnce = (
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): Effect.Effect<ReadonlyArray<string>, InspireError, Store> =>
  Effect.gen(function* () {
    const store = yield* Store
    const config = yield* store.readConfig
    if (config.profiles.default?.importedLegacy === true || Object.keys(config.profiles).length > 1) return []
    const legacy = yield* readLegacySynergy(env, home)
    if (legacy.sources.length === 0) return []
    yield* store.updateCredentials((c) => {
      const mine = c.profiles.default ?? { harbor: {} }
      return Effect.succeed({
        ...c,
        profiles: {
          ...c.profiles,
          default: {
            ...mine,
            ...(mine.inspire === undefined && legacy.inspire !== undefined ? { inspire: legacy.inspire } : {}),
            harbor: { ...legacy.harbor, ...mine.harbor },
          },
        },
      })
    })
    yield* store.updateConfig((c) => {
      const mine = c.profiles.default ?? { defaults: {}, endpoints: {} }
      return Effect.succeed({
        ...c,
        profiles: {
          ...c.profiles,
          default: { ...mine, defaults: { ...legacy.defaults, ...mine.defaults }, importedLegacy: true },
        },
      })
    })
    return legacy.sources
  })
