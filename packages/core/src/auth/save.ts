import type { RegistryId } from "../domain/workspaces.js"
import { Clock, Effect, Either } from "../effect.js"
import { InspireError, invalidInput } from "../errors.js"
import { Harbor } from "../platform/harbor.js"
import type { Transport } from "../platform/transport.js"
import { ActiveProfile } from "../profile.js"
import { entryOf } from "../store/schema.js"
import { Store } from "../store/store.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { casLogin } from "./cas-login.js"
import { fingerprint } from "./credentials.js"
import { checkHarborLoginUrl, checkPlatformLoginUrl } from "./login-url.js"
import { type Token, tokenLogin } from "./token-login.js"

export { checkHarborLoginUrl, checkPasswordUrl, checkPlatformLoginUrl, isLoopbackHost } from "./login-url.js"

/** What saving credentials achieved; never contains the password. */
export interface LoginResult {
  readonly target: "inspire" | "harbor"
  readonly registry?: RegistryId
  readonly profile: string
  readonly username: string
  readonly saved: boolean
  /** True when the platform accepted the credentials just now; false when it could not be asked. */
  readonly verified: boolean
  readonly method?: "token" | "session"
  /** The account the profile held before, when it was another one: this login replaced it. */
  readonly replaced?: string
  readonly message: Text
}

const requireFields = (username: string, password: string): Either.Either<void, InspireError> => {
  if (username.trim() === "")
    return Either.left(invalidInput(msg("auth-empty-username"), msg("auth-empty-username-hint")))
  if (password === "") return Either.left(invalidInput(msg("auth-empty-password"), msg("auth-empty-password-hint")))
  return Either.right(undefined)
}

/**
 * Saves the platform account of the active profile after a best-effort check, as the manual describes:
 * rejected → not saved, with the reason; platform unreachable → saved and reported as not verified.
 * A successful check leaves a fresh session behind and clears any earlier "credentials rejected" lock.
 * The password goes only to https, or plain http on this machine (login-url.ts), else nothing is sent.
 */
export const saveInspireLogin = (
  username: string,
  password: string,
): Effect.Effect<LoginResult, InspireError, Store | Transport | ActiveProfile> =>
  Effect.gen(function* () {
    yield* requireFields(username, password)
    const store = yield* Store
    const profile = yield* ActiveProfile
    yield* checkPlatformLoginUrl(profile)
    const name = profile.name.value ?? "default"
    const baseUrl = profile.baseUrl.value ?? ""
    const creds = { username: username.trim(), password }
    const attempt = yield* Effect.either(tokenLogin(baseUrl, creds))
    let token: Token | undefined
    let jar: Readonly<Record<string, string>> | undefined
    let verified = false
    let method: "token" | "session" | undefined
    if (Either.isRight(attempt)) {
      token = attempt.right
      verified = true
      method = "token"
    } else if (attempt.left.reason === "CredentialsRejected") {
      // invalid_grant: a wrong password, or an account federated through CAS (§2.1). CAS decides.
      const cas = yield* Effect.either(casLogin(baseUrl, creds))
      if (Either.isLeft(cas)) return yield* Effect.fail(cas.left)
      jar = cas.right
      verified = true
      method = "session"
    } else if (attempt.left.reason !== "PlatformUnreachable") return yield* Effect.fail(attempt.left)
    const now = yield* Clock.currentTimeMillis
    const previous = entryOf((yield* store.readCredentials).profiles, name)?.inspire?.username
    yield* store.updateCredentials((c) =>
      Effect.succeed({
        ...c,
        profiles: {
          ...c.profiles,
          [name]: { ...(entryOf(c.profiles, name) ?? { harbor: {} }), inspire: { ...creds, savedAt: now } },
        },
      }),
    )
    yield* store.updateConfig((c) =>
      Effect.succeed({
        ...c,
        profiles: {
          ...c.profiles,
          [name]: { ...(entryOf(c.profiles, name) ?? { defaults: {}, endpoints: {} }), username: creds.username },
        },
      }),
    )
    // A new save starts a new session history: earlier lockouts and cooldowns no longer apply.
    yield* store.updateSession(name, () =>
      Effect.succeed({
        version: 1 as const,
        // Tied to these credentials, so the next process uses the token (and cookies) at once
        // instead of logging in again.
        fingerprint: fingerprint(creds),
        ...(token !== undefined ? { token: { value: token.value, expiresAt: token.expiresAt } } : {}),
        ...(jar !== undefined ? { cookies: { jar: { ...jar }, obtainedAt: now }, tokenUnavailable: true } : {}),
      }),
    )
    return {
      target: "inspire",
      profile: name,
      username: creds.username,
      saved: true,
      verified,
      ...(method !== undefined ? { method } : {}),
      ...(previous !== undefined && previous !== creds.username ? { replaced: previous } : {}),
      message: verified
        ? method === "session"
          ? msg("auth-logged-in-session", { username: creds.username })
          : msg("auth-logged-in", { username: creds.username })
        : msg("auth-saved-unverified", { username: creds.username }),
    }
  })

/**
 * Saves a Harbor robot account for one registry after checking it against that registry (never the
 * other one): rejected → not saved; unreachable → saved, not verified. The password goes only to
 * https, or plain http on this machine.
 */
export const saveHarborLogin = (
  registry: RegistryId,
  username: string,
  password: string,
): Effect.Effect<LoginResult, InspireError, Store | Harbor | ActiveProfile> =>
  Effect.gen(function* () {
    yield* requireFields(username, password)
    const store = yield* Store
    const harbor = yield* Harbor
    const profile = yield* ActiveProfile
    yield* checkHarborLoginUrl(profile, registry)
    const name = profile.name.value ?? "default"
    const creds = { username: username.trim(), password }
    const check = yield* Effect.either(harbor.check(registry, creds))
    if (Either.isRight(check) && check.right === "rejected")
      return yield* Effect.fail(
        new InspireError({
          reason: "RegistryAuthFailed",
          message: msg("auth-harbor-rejected", { registry }),
          hint: msg("auth-harbor-rejected-hint", { registry }),
        }),
      )
    if (Either.isLeft(check) && check.left.reason !== "PlatformUnreachable") return yield* Effect.fail(check.left)
    const verified = Either.isRight(check)
    const now = yield* Clock.currentTimeMillis
    yield* store.updateCredentials((c) => {
      const mine = entryOf(c.profiles, name) ?? { harbor: {} }
      return Effect.succeed({
        ...c,
        profiles: {
          ...c.profiles,
          [name]: { ...mine, harbor: { ...mine.harbor, [registry]: { ...creds, savedAt: now } } },
        },
      })
    })
    return {
      target: "harbor",
      registry,
      profile: name,
      username: creds.username,
      saved: true,
      verified,
      message: verified
        ? msg("auth-harbor-saved", { registry })
        : msg("auth-harbor-saved-unverified", { registry, host: profile.registries[registry].push }),
    }
  })
