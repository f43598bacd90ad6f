import { Clock, Context, Data, Duration, Effect, Layer } from "effect"
import type { Dispatcher } from "undici"
import { makeDispatcher, type ProxySettings } from "./dispatcher.js"
import { guardWrite } from "./dry-run.js"
import { processRateLimiter, type RateLimit, type RateLimiter } from "./rate-limit.js"
import { backoffMillis, DEFAULT_RETRY, type RetryPolicy, retryAfterMillis, TRANSIENT_STATUSES } from "./retry.js"
import { request } from "./undici.js"

/** One HTTP request as the API families build it. */
export interface HttpRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE"
  readonly url: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
  /** Safe to send twice (reads, stops). Creates are not: they are never retried after an ambiguous failure. */
  readonly idempotent: boolean
  /** Changes something on the platform (create, stop, delete, push): never sent during a dry run. */
  readonly write?: boolean
  readonly timeout?: Duration.DurationInput
}

/** A response of any status: the families decide what a status means. */
export interface HttpResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly setCookies: ReadonlyArray<string>
  readonly body: string
  /** How many attempts it took. */
  readonly attempts: number
}

/**
 * The request got no response. `delivered: "no"` means it certainly never reached the server (refused,
 * DNS, connect timeout, TLS); `"maybe"` means it may have (reset, timeout mid-request), which is what
 * makes a create ambiguous.
 */
export class TransportFailure extends Data.TaggedError("TransportFailure")<{
  readonly kind: "unreachable" | "timeout" | "reset" | "tls" | "other"
  readonly delivered: "no" | "maybe"
  readonly host: string
  readonly code: string
  readonly attempts: number
}> {}

const NOT_DELIVERED: Readonly<Record<string, TransportFailure["kind"]>> = {
  ECONNREFUSED: "unreachable",
  ENOTFOUND: "unreachable",
  EAI_AGAIN: "unreachable",
  EHOSTUNREACH: "unreachable",
  ENETUNREACH: "unreachable",
  UND_ERR_CONNECT_TIMEOUT: "unreachable",
}
const MAYBE_DELIVERED: Readonly<Record<string, TransportFailure["kind"]>> = {
  ECONNRESET: "reset",
  EPIPE: "reset",
  UND_ERR_SOCKET: "reset",
  UND_ERR_CLOSED: "reset",
  UND_ERR_HEADERS_TIMEOUT: "timeout",
  UND_ERR_BODY_TIMEOUT: "timeout",
  TimeoutError: "timeout",
  ETIMEDOUT: "timeout",
}

const errorCode = (e: unknown): string => {
  for (let cur: unknown = e, depth = 0; cur !== undefined && cur !== null && depth < 4; depth++) {
    const c = cur as { code?: unknown; name?: unknown; cause?: unknown }
    if (typeof c.code === "string" && c.code !== "") return c.code
    if (c.name === "TimeoutError") return "TimeoutError"
    cur = c.cause
  }
  return "UNKNOWN"
}

/** Classifies a failed request by its error code. */
export const classifyFailure = (e: unknown, host: string, attempts: number): TransportFailure => {
  const code = errorCode(e)
  if (code in NOT_DELIVERED)
    return new TransportFailure({ kind: NOT_DELIVERED[code] ?? "unreachable", delivered: "no", host, code, attempts })
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code))
    return new TransportFailure({ kind: "tls", delivered: "no", host, code, attempts })
  return new TransportFailure({ kind: MAYBE_DELIVERED[code] ?? "other", delivered: "maybe", host, code, attempts })
}

const flattenHeaders = (raw: Record<string, string | string[] | undefined>) => {
  const headers: Record<string, string> = {}
  let setCookies: string[] = []
  for (const [k, v] of Object.entries(raw)) {
    if (v === undefined) continue
    if (k.toLowerCase() === "set-cookie") setCookies = Array.isArray(v) ? v : [v]
    else headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v
  }
  return { headers, setCookies }
}

/** What the transport is built from. */
export interface TransportOptions {
  readonly proxy?: ProxySettings
  readonly rateLimit?: RateLimit
  /** The limiter to use instead of the process's own for `rateLimit` (shared-bucket.ts). */
  readonly limiter?: RateLimiter
  readonly retry?: RetryPolicy
  readonly timeout?: Duration.DurationInput
}

/** HTTP to the platform: rate-limited, retried only where that is safe, redirects never followed. */
export class Transport extends Context.Tag("@holos-inspire/core/Transport")<
  Transport,
  { readonly send: (req: HttpRequest) => Effect.Effect<HttpResponse, TransportFailure> }
>() {
  static readonly layer = (options: TransportOptions = {}): Layer.Layer<Transport> =>
    Layer.scoped(
      Transport,
      Effect.map(
        Effect.acquireRelease(
          Effect.sync(() => makeDispatcher(options.proxy)),
          (d) => Effect.promise(() => d.close().catch(() => undefined)),
        ),
        (dispatcher) => makeTransport(dispatcher, options.limiter ?? processRateLimiter(options.rateLimit), options),
      ),
    )
}

const once = (dispatcher: Dispatcher, req: HttpRequest, timeoutMs: number, attempt: number) =>
  Effect.tryPromise({
    try: async (signal) => {
      const res = await request(req.url, {
        method: req.method,
        headers: { ...req.headers },
        ...(req.body !== undefined ? { body: req.body } : {}),
        dispatcher,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      })
      const body = await res.body.text()
      return { status: res.statusCode, ...flattenHeaders(res.headers), body, attempts: attempt }
    },
    catch: (e) => classifyFailure(e, new URL(req.url).host, attempt),
  })

const makeTransport = (dispatcher: Dispatcher, limiter: RateLimiter, options: TransportOptions) => {
  const policy = options.retry ?? DEFAULT_RETRY
  const defaultTimeout = Duration.toMillis(options.timeout ?? "30 seconds")
  const send = (req: HttpRequest): Effect.Effect<HttpResponse, TransportFailure> =>
    Effect.gen(function* () {
      if (req.write === true) yield* guardWrite(`${req.method} ${new URL(req.url).pathname}`)
      const timeoutMs = req.timeout !== undefined ? Duration.toMillis(req.timeout) : defaultTimeout
      for (let attempt = 1; ; attempt++) {
        yield* limiter.take
        const last = attempt >= policy.attempts
        const result = yield* Effect.either(once(dispatcher, req, timeoutMs, attempt))
        if (result._tag === "Left") {
          const failure = result.left
          const retryable = failure.kind !== "tls" && (failure.delivered === "no" || req.idempotent)
          const cap = failure.kind === "unreachable" ? (policy.unreachableAttempts ?? policy.attempts) : policy.attempts
          if (last || attempt >= cap || !retryable) return yield* Effect.fail(failure)
          yield* Effect.logDebug(`${req.method} ${failure.host}: ${failure.code}, retrying (attempt ${attempt})`)
          yield* Effect.sleep(Duration.millis(backoffMillis(policy, attempt)))
          continue
        }
        const res = result.right
        // A 429 comes from the gateway before the service sees the request, so even a create may be resent.
        const rateLimited = res.status === 429
        const transient = TRANSIENT_STATUSES.has(res.status) && req.idempotent
        if (last || (!rateLimited && !transient)) return res
        const now = yield* Clock.currentTimeMillis
        const wait = rateLimited
          ? Math.min(retryAfterMillis(res.headers["retry-after"], now) ?? backoffMillis(policy, attempt), 30_000)
          : backoffMillis(policy, attempt)
        yield* Effect.logDebug(
          `${req.method} ${new URL(req.url).host}: HTTP ${res.status}, retrying in ${Math.round(wait)} ms`,
        )
        yield* Effect.sleep(Duration.millis(wait))
      }
    })
  return { send }
}
