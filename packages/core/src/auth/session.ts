import { Clock, Context, Effect, Layer, Schedule } from "../effect.js"
import { InspireError } from "../errors.js"
import type { Transport } from "../platform/transport.js"
import type { SessionFile } from "../store/schema.js"
import { Store } from "../store/store.js"
import { textData, textOf } from "../words/kept.js"
import { msg } from "../words/message.js"
import { plain, type Text } from "../words/text.js"
import { casLogin } from "./cas-login.js"
import { type HostCookies, sameCookies } from "./cookies.js"
import { type ResolvedCredentials, resolveCredentials } from "./credentials.js"
import type { CasKey } from "./rsa.js"
import { tokenLogin } from "./token-login.js"

/** Refresh a token this long before it expires (INSPIRE-API.md §2.1). */
const TOKEN_MARGIN_MS = 5 * 60_000
/** After a failed login, no automatic attempt for this long, across processes (§2.7). */
const LOGIN_COOLDOWN_MS = 60_000

/** Why the saved password was rejected, as the session file keeps it. */
const rejectedReason = (kept: NonNullable<SessionFile["credentialsRejected"]>): Text =>
  textOf(kept.words) ?? plain(kept.reason)

/** A credential the platform takes: the bearer token, or the session's cookies. */
export type Credential =
  | { readonly kind: "token"; readonly token: string }
  | { readonly kind: "cookie"; readonly cookies: HostCookies }

/** What a V2 call needs to know to pick its credential. */
export interface V2Choice {
  readonly remembered: "token" | "cookie" | undefined
  readonly tokenUnavailable: boolean
}

/** Which profile and platform a session belongs to. */
export interface SessionTarget {
  readonly profile: string
  readonly baseUrl: string
  readonly env: NodeJS.ProcessEnv
  readonly casKey?: CasKey
}

/** The credentials the platform accepts, obtained and renewed once for all concurrent callers. */
export class Session extends Context.Tag("@holos-inspire/core/Session")<
  Session,
  {
    readonly target: SessionTarget
    /** A valid bearer token, logging in when none is cached. */
    readonly token: Effect.Effect<string, InspireError>
    /** The platform's session cookies, as kept (a jar, not a header), logging in when none are cached. */
    readonly cookies: Effect.Effect<HostCookies, InspireError>
    /** Replaces a credential the platform refused; a no-op when another caller already did. */
    readonly renew: (refused: Credential) => Effect.Effect<void, InspireError>
    /**
     * What the V2 gateway accepted last time (§1.4) and whether token login is known not to work, from one
     * reading of the session (a log download asks before each of its thousands of requests).
     */
    readonly v2Choice: Effect.Effect<V2Choice, InspireError>
    readonly rememberV2Credential: (kind: "token" | "cookie") => Effect.Effect<void, InspireError>
    /** Whether token login is known not to work for this account (CAS-federated). */
    readonly tokenUnavailable: Effect.Effect<boolean, InspireError>
  }
>() {
  static readonly layer = (target: SessionTarget): Layer.Layer<Session, never, Store | Transport> =>
    Layer.effect(
      Session,
      Effect.map(Effect.context<Store | Transport>(), (ctx) => Session.of(makeSession(target, ctx))),
    )
}

const notLoggedIn = () =>
  new InspireError({
    reason: "NotLoggedIn",
    message: msg("auth-not-logged-in"),
    // `inspire login` on a terminal for every frontend: the password then stays out of any conversation.
    hint: msg("auth-not-logged-in-hint"),
  })

const makeSession = (target: SessionTarget, ctx: Context.Context<Store | Transport>) => {
  const store = Context.get(ctx, Store)
  const provide = <A, E>(e: Effect.Effect<A, E, Store | Transport>) => Effect.provide(e, ctx)
  const credentials = provide(resolveCredentials(target.profile, target.env))

  // Session state written by credentials that are no longer in force is ignored, never reused.
  const current = (creds: ResolvedCredentials) =>
    Effect.map(
      store.readSession(target.profile),
      (s): SessionFile => (s.fingerprint === creds.fingerprint ? s : { version: 1, fingerprint: creds.fingerprint }),
    )

  const guard = (s: SessionFile, now: number): Effect.Effect<void, InspireError> => {
    if (s.credentialsRejected !== undefined)
      return Effect.fail(
        new InspireError({
          reason: "CredentialsRejected",
          message: msg("auth-rejected-saved", { reason: rejectedReason(s.credentialsRejected) }),
          hint: msg("auth-rejected-saved-hint"),
        }),
      )
    if (s.loginCooldownUntil !== undefined && s.loginCooldownUntil > now)
      return Effect.fail(
        new InspireError({
          reason: "PlatformError",
          message: msg("auth-cooldown", { seconds: Math.ceil((s.loginCooldownUntil - now) / 1000) }),
          hint: msg("auth-cooldown-hint"),
        }),
      )
    return Effect.void
  }

  const record = (creds: ResolvedCredentials, change: (s: SessionFile) => SessionFile) =>
    store.updateSession(target.profile, (s) =>
      Effect.succeed(change(s.fingerprint === creds.fingerprint ? s : { version: 1, fingerprint: creds.fingerprint })),
    )

  const onFailure = (creds: ResolvedCredentials, e: InspireError, now: number) =>
    Effect.zipRight(
      record(creds, (s) =>
        e.reason === "CredentialsRejected"
          ? {
              ...s,
              credentialsRejected: { at: now, reason: e.message, words: textData(e.text) },
              loginCooldownUntil: now + LOGIN_COOLDOWN_MS,
            }
          : e.reason === "PlatformUnreachable"
            ? s
            : { ...s, loginCooldownUntil: now + LOGIN_COOLDOWN_MS },
      ),
      Effect.fail(e),
    )

  // One login at a time per profile across processes; after the lock, the session is read again
  // because another process may have logged in meanwhile (§2.7).
  // `same` says whether a cached credential is the one refused, which must not be handed out again.
  const obtain = <A>(
    kind: "token" | "cookie",
    usable: (s: SessionFile, now: number) => A | undefined,
    same: (a: A, b: A) => boolean,
    refused?: A,
  ): Effect.Effect<A, InspireError> =>
    Effect.gen(function* () {
      const creds = yield* credentials
      if (creds === undefined) return yield* Effect.fail(notLoggedIn())
      const fresh = (a: A | undefined): a is A => a !== undefined && (refused === undefined || !same(a, refused))
      const now0 = yield* Clock.currentTimeMillis
      const cached = usable(yield* current(creds), now0)
      if (fresh(cached)) return cached
      return yield* store.withLock(
        `login-${target.profile}`,
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          const s = yield* current(creds)
          const renewed = usable(s, now)
          if (fresh(renewed)) return renewed
          yield* guard(s, now)
          if (kind === "token" && s.tokenUnavailable === true) return yield* Effect.fail(federated())
          const login = kind === "token" ? loginToken(creds) : loginCookies(creds)
          yield* Effect.catchAll(login, (e) => onFailureOrFederated(kind, creds, e, now))
          const after = usable(yield* current(creds), now)
          if (after === undefined) return yield* Effect.die(new Error("login stored no usable credential"))
          return after
        }),
      )
    })

  const federated = () =>
    new InspireError({
      reason: "CredentialsRejected",
      message: msg("auth-federated"),
      hint: msg("auth-federated-hint"),
    })

  // A login lost to a broken connection is simply run again from the start (a fresh CAS form each
  // time); wrong passwords are never retried, so the lockout counter only sees real attempts.
  const resilient = <A>(login: Effect.Effect<A, InspireError>) =>
    Effect.retry(login, {
      schedule: Schedule.jittered(Schedule.exponential("200 millis")),
      times: 4,
      while: (e) => e.reason === "PlatformUnreachable" || e.ambiguous === true,
    })

  const loginToken = (creds: ResolvedCredentials) =>
    Effect.flatMap(resilient(provide(tokenLogin(target.baseUrl, creds))), (token) =>
      record(creds, (s) => ({ ...s, token: { value: token.value, expiresAt: token.expiresAt } })),
    )

  const loginCookies = (creds: ResolvedCredentials) =>
    Effect.gen(function* () {
      const jar = yield* resilient(provide(casLogin(target.baseUrl, creds, target.casKey)))
      const now = yield* Clock.currentTimeMillis
      yield* record(creds, (s) => ({ ...s, cookies: { jar: { ...jar }, obtainedAt: now } }))
    })

  // invalid_grant is ambiguous (§2.1): a CAS login tells a wrong password from a federated account.
  const onFailureOrFederated = (kind: "token" | "cookie", creds: ResolvedCredentials, e: InspireError, now: number) =>
    kind === "token" && e.reason === "CredentialsRejected"
      ? Effect.matchEffect(loginCookies(creds), {
          onFailure: (casError) => onFailure(creds, casError, now),
          onSuccess: () =>
            Effect.zipRight(
              record(creds, (s) => ({ ...s, tokenUnavailable: true })),
              Effect.fail(federated()),
            ),
        })
      : onFailure(creds, e, now)

  const tokenOf = (s: SessionFile, now: number) =>
    s.token !== undefined && s.token.expiresAt - TOKEN_MARGIN_MS > now ? s.token.value : undefined
  const cookiesOf = (s: SessionFile): HostCookies | undefined => s.cookies?.jar
  const sameToken = (a: string, b: string) => a === b

  const fromCurrent = <A>(f: (s: SessionFile) => A) =>
    Effect.flatMap(credentials, (creds) =>
      creds === undefined ? Effect.fail(notLoggedIn()) : Effect.map(current(creds), f),
    )

  return {
    target,
    token: Effect.withSpan(obtain("token", tokenOf, sameToken), "Session.token"),
    cookies: Effect.withSpan(obtain("cookie", cookiesOf, sameCookies), "Session.cookies"),
    renew: Effect.fn("Session.renew")((refused: Credential) =>
      refused.kind === "token"
        ? Effect.asVoid(obtain("token", tokenOf, sameToken, refused.token))
        : Effect.asVoid(obtain("cookie", cookiesOf, sameCookies, refused.cookies)),
    ),
    v2Choice: fromCurrent(
      (s): V2Choice => ({ remembered: s.v2Credential, tokenUnavailable: s.tokenUnavailable === true }),
    ),
    rememberV2Credential: Effect.fn("Session.rememberV2Credential")((kind: "token" | "cookie") =>
      Effect.flatMap(credentials, (creds) =>
        creds === undefined ? Effect.void : Effect.asVoid(record(creds, (s) => ({ ...s, v2Credential: kind }))),
      ),
    ),
    tokenUnavailable: fromCurrent((s) => s.tokenUnavailable === true),
  }
}
