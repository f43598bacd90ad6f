import { cookieHeaderOf } from "../auth/cookies.js"
import { type Credential, Session } from "../auth/session.js"
import { Context, Effect, Layer, Schedule, ScheduleDecision } from "../effect.js"
import { amendError, InspireError, SurfaceUnavailable } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord } from "../words/text.js"
import { fromTransportFailure } from "./failures.js"
import { type PlatformClock, platformClock } from "./platform-clock.js"
import { forCreate, type Outcome, readCodeEnvelope, readV2Envelope } from "./responses.js"
import { backoffSchedule, DEFAULT_RETRY } from "./retry.js"
import { type HttpRequest, type HttpResponse, Transport } from "./transport.js"

/** Sent on every V2 call: without it the gateway answers 302 (INSPIRE-API.md §1.3). */
const CLIENT_SOURCE = "holos-inspire/0.1"

const BROWSER_HEADERS = {
  accept: "application/json, text/plain, */*",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
}

/** How one call behaves. */
export interface CallOptions {
  /** Safe to repeat after an ambiguous failure (reads, stops). */
  readonly idempotent: boolean
  /** The console page a V1 call belongs to (sent as Referer). */
  readonly referer?: string
  /** Changes something on the platform: refused during a dry run (see dry-run.ts). */
  readonly write?: boolean
  readonly timeout?: HttpRequest["timeout"]
}

type CallError = InspireError | SurfaceUnavailable

/** Reads of an answer that could not be read, in all. */
const READ_ATTEMPTS = 4

const pageAnswer = (): Outcome => ({
  kind: "unreadable",
  error: new InspireError({
    reason: "PlatformError",
    message: msg("platform-page-answer"),
    hint: msg("platform-lost-answer-hint"),
    code: "Unreadable",
    ambiguous: true,
    retryable: true,
  }),
})

/** The platform's API families with one way to authenticate, decode envelopes and map errors. */
export class Platform extends Context.Tag("@holos-inspire/core/Platform")<
  Platform,
  {
    readonly baseUrl: string
    /** `POST /openapi/v1/<path>` with the bearer token. */
    readonly openapi: (path: string, body: unknown, options: CallOptions) => Effect.Effect<unknown, CallError>
    /** `/api/v1/<path>` with the session cookie. */
    readonly v1: (
      method: "GET" | "POST" | "DELETE",
      path: string,
      body: unknown,
      options: CallOptions,
    ) => Effect.Effect<unknown, CallError>
    /** `POST /api/v2/<service>?Action=<action>` with the credential the gateway takes (§1.4). */
    readonly v2: (
      service: string,
      action: string,
      body: unknown,
      options: CallOptions,
    ) => Effect.Effect<unknown, CallError>
    /** The platform's time as its answers' `Date` headers tell it, and how far the local clock is off. */
    readonly clock: PlatformClock
  }
>() {
  static readonly layer: Layer.Layer<Platform, never, Session | Transport> = Layer.effect(
    Platform,
    Effect.map(Effect.context<Session | Transport>(), (ctx) => Platform.of(makePlatform(ctx))),
  )
}

const makePlatform = (ctx: Context.Context<Session | Transport>): Platform["Type"] => {
  const session = Context.get(ctx, Session)
  const transport = Context.get(ctx, Transport)
  const baseUrl = session.target.baseUrl

  const clock = platformClock()

  const send = (req: HttpRequest) =>
    Effect.tap(
      Effect.mapError(transport.send(req), (f) => {
        const e = fromTransportFailure(f)
        return f.delivered === "maybe" && !req.idempotent ? amendError(e, { ambiguous: true }) : e
      }),
      (res) => clock.observe(res.headers.date),
    )

  // A read whose answer could not be read (a 200 cut short, empty, an HTML page, a JSON server error) is
  // asked again with back-off; the transport already repeats transient statuses and resets.
  const readRetried = <A>(call: Effect.Effect<A, CallError>, options: CallOptions): Effect.Effect<A, CallError> =>
    options.idempotent !== true || options.write === true
      ? call
      : Effect.retry(call, {
          schedule: Schedule.onDecision(backoffSchedule(DEFAULT_RETRY, READ_ATTEMPTS), (n, decision) =>
            ScheduleDecision.isContinue(decision)
              ? Effect.logDebug(`unreadable answer, reading again (attempt ${n + 1})`)
              : Effect.void,
          ),
          while: (e) => e._tag === "InspireError" && e.retryable === true,
        })

  // A create's 4xx counts as a refusal, or as a route that is not there, only in the platform's shapes.
  const guarded = (res: HttpResponse, surface: string, outcome: Outcome, options: CallOptions): Outcome =>
    options.idempotent ? outcome : forCreate(res, surface, outcome)

  const settle = (outcome: Outcome): Effect.Effect<unknown, CallError> => {
    if (outcome.kind === "ok") return Effect.succeed(outcome.data)
    if (outcome.kind === "unavailable") return Effect.fail(outcome.error)
    if (outcome.kind === "error") return Effect.fail(outcome.error)
    if (outcome.kind === "unreadable") return Effect.fail(outcome.error)
    return Effect.fail(
      new InspireError({
        reason: "SessionExpired",
        message: msg("platform-credentials-rejected"),
        hint: msg("platform-credentials-rejected-hint", { call: callWord("login") }),
      }),
    )
  }

  // An expired credential is renewed once (single-flight) and the call repeated once: safe even for
  // writes, because the gateway refused the request before any service saw it (§1.7 rule 5).
  // A 2xx HTML page is also what a spoiled answer looks like: a create that got one may have been carried
  // out, so it is settled as ambiguous (by a look-up) and never renewed and resent; a read that gets one
  // again right after renewal was not refused for its session, so it is read again.
  const withRenewal = (
    kind: Credential["kind"],
    call: (auth: Readonly<Record<string, string>>) => Effect.Effect<Outcome, InspireError>,
    options: CallOptions,
  ): Effect.Effect<Outcome, InspireError> =>
    Effect.gen(function* () {
      const first = yield* credentialOf(kind)
      const outcome = yield* call(authHeaders(first))
      if (outcome.kind !== "expired") return outcome
      if (outcome.page === true && !options.idempotent) return pageAnswer()
      yield* session.renew(first)
      const again = yield* call(authHeaders(yield* credentialOf(kind)))
      return again.kind === "expired" && again.page === true ? pageAnswer() : again
    })

  const credentialOf = (kind: Credential["kind"]): Effect.Effect<Credential, InspireError> =>
    kind === "token"
      ? Effect.map(session.token, (token) => ({ kind, token }))
      : Effect.map(session.cookies, (cookies) => ({ kind, cookies }))

  // The one place a credential becomes a header: the session keeps cookies as a jar.
  const authHeaders = (c: Credential): Readonly<Record<string, string>> =>
    c.kind === "token" ? { authorization: `Bearer ${c.token}` } : { cookie: cookieHeaderOf(c.cookies) }

  const openapi = (path: string, body: unknown, options: CallOptions) =>
    Effect.gen(function* () {
      const surface = `openapi/v1/${path}`
      const tokenless = new SurfaceUnavailable({
        surface,
        why: "TokenUnavailable",
        message: msg("platform-token-needed", { surface }),
        sent: false,
      })
      if (yield* session.tokenUnavailable) return yield* Effect.fail(tokenless)
      const attempt = yield* Effect.either(
        withRenewal(
          "token",
          (auth) =>
            Effect.map(
              send({
                method: "POST",
                url: new URL(`/openapi/v1/${path}`, baseUrl).toString(),
                headers: {
                  ...auth,
                  "content-type": "application/json",
                  accept: "application/json",
                },
                body: JSON.stringify(body ?? {}),
                idempotent: options.idempotent,
                ...(options.write === true ? { write: true } : {}),
                ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
              }),
              (res) => guarded(res, surface, readCodeEnvelope(res, surface, "bearer"), options),
            ),
          options,
        ),
      )
      if (attempt._tag === "Left") {
        if (yield* session.tokenUnavailable) return yield* Effect.fail(tokenless)
        return yield* Effect.fail(attempt.left)
      }
      return yield* settle(attempt.right)
    })

  const v1 = (method: "GET" | "POST" | "DELETE", path: string, body: unknown, options: CallOptions) =>
    Effect.gen(function* () {
      const surface = `api/v1/${path}`
      const origin = new URL(baseUrl).origin
      const outcome = yield* withRenewal(
        "cookie",
        (auth) =>
          Effect.map(
            send({
              method,
              url: new URL(`/api/v1/${path}`, baseUrl).toString(),
              headers: {
                ...BROWSER_HEADERS,
                ...auth,
                origin,
                referer: new URL(options.referer ?? "/", baseUrl).toString(),
                ...(method === "GET" ? {} : { "content-type": "application/json" }),
              },
              ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
              idempotent: options.idempotent,
              ...(options.write === true ? { write: true } : {}),
              ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
            }),
            (res) => guarded(res, surface, readCodeEnvelope(res, surface, "cookie"), options),
          ),
        options,
      )
      return yield* settle(outcome)
    })

  const v2Request = (
    service: string,
    action: string,
    body: unknown,
    options: CallOptions,
    auth: Readonly<Record<string, string>>,
  ) =>
    send({
      method: "POST",
      url: new URL(`/api/v2/${service}?Action=${encodeURIComponent(action)}`, baseUrl).toString(),
      headers: {
        "x-inspire-client-source": CLIENT_SOURCE,
        accept: "application/json",
        "content-type": "application/json",
        ...auth,
      },
      body: JSON.stringify(body ?? {}),
      idempotent: options.idempotent,
      ...(options.write === true ? { write: true } : {}),
      ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
    })

  // The gateway's credential is contested (§1.4): the remembered one first, else the token; a kind
  // that keeps getting 401 after renewal gives way to the other, and the winner is remembered.
  const v2 = (service: string, action: string, body: unknown, options: CallOptions) =>
    Effect.gen(function* () {
      const surface = `api/v2/${service}.${action}`
      const { remembered, tokenUnavailable: tokenless } = yield* session.v2Choice
      const first: "token" | "cookie" = tokenless ? "cookie" : (remembered ?? "token")
      const order: ReadonlyArray<"token" | "cookie"> = tokenless
        ? ["cookie"]
        : first === "token"
          ? ["token", "cookie"]
          : ["cookie", "token"]
      for (const kind of order) {
        const result = yield* Effect.either(
          withRenewal(
            kind,
            (auth) =>
              Effect.map(v2Request(service, action, body, options, auth), (res) =>
                guarded(res, surface, readV2Envelope(res, surface), options),
              ),
            options,
          ),
        )
        // A token login that revealed a CAS-federated account leaves the cookie to try.
        if (result._tag === "Left") {
          if (kind === "token" && (yield* session.tokenUnavailable)) continue
          return yield* Effect.fail(result.left)
        }
        const outcome = result.right
        if (outcome.kind === "expired") continue
        if (kind !== remembered) yield* session.rememberV2Credential(kind)
        return yield* settle(outcome)
      }
      return yield* settle({ kind: "expired" })
    })

  // No span per call (Effect.fn with a name): a span keeps the call's answer for as long as it lives,
  // which at a log download's pace kept tens of megabytes of pages alive between collections.
  return {
    baseUrl,
    openapi: (path: string, body: unknown, options: CallOptions) => readRetried(openapi(path, body, options), options),
    v1: (method: "GET" | "POST" | "DELETE", path: string, body: unknown, options: CallOptions) =>
      readRetried(v1(method, path, body, options), options),
    v2: (service: string, action: string, body: unknown, options: CallOptions) =>
      readRetried(v2(service, action, body, options), options),
    clock,
  }
}
