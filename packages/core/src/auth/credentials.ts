import { createHash } from "node:crypto"
import { Effect } from "../effect.js"
import type { InspireError } from "../errors.js"
import { profileCredentials, Store } from "../store/store.js"
import type { Credentials } from "./token-login.js"

/** Platform credentials with where they came from; the password is never shown. */
export interface ResolvedCredentials extends Credentials {
  readonly source: "environment" | "profile"
  /** Changes whenever the username or password changes, so cached sessions of old credentials are dropped. */
  readonly fingerprint: string
}

/** What session state is tied to: a digest of the username and password (never the password itself). */
export const fingerprint = (c: Credentials): string =>
  createHash("sha256").update(`holos-inspire:${c.username}\u0000${c.password}`).digest("hex").slice(0, 16)

/** The platform credentials in force: INSPIRE_USERNAME + INSPIRE_PASSWORD, else the profile's saved ones. */
export const resolveCredentials = (
  profile: string,
  env: NodeJS.ProcessEnv,
): Effect.Effect<ResolvedCredentials | undefined, InspireError, Store> =>
  Effect.gen(function* () {
    const username = env.INSPIRE_USERNAME?.trim()
    const password = env.INSPIRE_PASSWORD
    if (username && password)
      return { username, password, source: "environment", fingerprint: fingerprint({ username, password }) }
    const store = yield* Store
    const saved = profileCredentials(yield* store.readCredentials, profile).inspire
    return saved === undefined ? undefined : { ...saved, source: "profile", fingerprint: fingerprint(saved) }
  })
