// The profile in force: the `ActiveProfile` service and the shape every module reads it through.
// Imports only types and plain data, so any module may depend on it; the layer that resolves and
// provides it is the composition root, src/layer.ts.
import type { RegistryTable } from "./domain/images.js"
import type { RegistryId } from "./domain/workspaces.js"
import { Context, type Effect } from "./effect.js"
import type { InspireError } from "./errors.js"
import type { RateLimit } from "./platform/rate-limit.js"
import type { Defaults, ProfileConfig } from "./store/schema.js"
import type { Resolved } from "./store/settings.js"

/** A registry's hosts plus where its Harbor REST API answers. */
export interface RegistryEndpoints {
  readonly push: string
  readonly display: string
  readonly api: string
}

/** Everything a call needs to know about the selected profile; secrets excluded. */
export interface ActiveProfileShape {
  readonly name: Resolved<string>
  readonly config: ProfileConfig
  readonly baseUrl: Resolved<string>
  readonly registries: Readonly<Record<RegistryId, RegistryEndpoints>>
  readonly proxy: Resolved<string>
  readonly rateLimit: RateLimit
  readonly env: NodeJS.ProcessEnv
  /** The profile's saved defaults as they are now on disk (another process may have changed them). */
  readonly readDefaults: Effect.Effect<Defaults, InspireError>
}

/** The profile in force for this process or call. */
export class ActiveProfile extends Context.Tag("@holos-inspire/core/ActiveProfile")<
  ActiveProfile,
  ActiveProfileShape
>() {}

/** How a frontend selects a profile. */
export interface ProfileOptions {
  /** `--profile`; else INSPIRE_PROFILE; else the store's current profile. */
  readonly profile?: string
  readonly env?: NodeJS.ProcessEnv
}

/** The registry table of a profile, as the domain rules take it. */
export const registryTable = (p: ActiveProfileShape): RegistryTable => ({
  qb: { push: p.registries.qb.push, display: p.registries.qb.display },
  sj: { push: p.registries.sj.push, display: p.registries.sj.display },
})
