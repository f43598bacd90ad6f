import { Clock, Context, Data, Duration, Effect, Layer, Ref, Schedule, ScheduleDecision } from "../effect.js"
import { makeHttpClient, type ProxySettings } from "./dispatcher.js"
import { guardWrite } from "./dry-run.js"
import type { HttpClient } from "./node-http.js"
import { processRateLimiter, type RateLimit, type RateLimiter } from "./rate-limit.js"
import { DEFAULT_RETRY, type RetryPolicy, retryAfterMillis, retrySchedule, TRANSIENT_STATUSES } from "./retry.js"

/** One HTTP request as the API families build it. */
export interface HttpRequest {
  readonly method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"
  readonly url: string
  readonly headers?: Readonly<Record<string, string>>
  /** The body: text, or bytes (a block of a file, built without a string the size of the block). */
  readonly body?: string | Uint8Array
  /** Safe to send twice (reads, stops). Creates are not: they are never retried after an ambiguous failure. */
  readonly idempotent: boolean
  /** Changes something on the platform (create, stop, delete, push): never sent during a dry run. */
  readonly write?: boolean
  readonly timeout?: Duration.DurationInput
  /**
   * Whether a 5xx answer is final: the server explained a refusal that another attempt would only repeat
   * (a notebook's Jupyter saying a folder is missing). Without it, a transient 5xx (500, 502–504, a CDN's
   * 520–524 and 529) to a request that is safe to send twice is tried again.
   */
  readonly final?: (res: HttpResponse) => boolean
  /**
   * Takes the body of an answer as it arrives (a block of a file read from a notebook), never holding it
   * whole: called with each attempt's status and headers, it returns the consumer of that attempt's
   * chunks, or undefined to have the body read as text (a refusal). The answer's `body` is then empty.
   */
  readonly sink?: (head: {
    readonly status: number
    readonly headers: Readonly<Record<string, string>>
  }) => ((chunk: Buffer) => void) | undefined
  /**
   * One block of a file transfer to a notebook's own Jupyter server: not spaced by the rate limiter, which
   * spaces API calls (§6 rule 19); a transfer's blocks go one after another, never in parallel.
   */
  readonly bulk?: boolean
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
  CONNECT_TIMEOUT: "unreachable",
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
const classifyFailure = (e: unknown, host: string, attempts: number): TransportFailure => {
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
          Effect.promise(() => makeHttpClient(options.proxy)),
          (http) => Effect.promise(() => http.close()),
        ),
        (http) => makeTransport(http, options.limiter ?? processRateLimiter(options.rateLimit), options),
      ),
    )
}

/**
 * A signal that aborts when `signal` does or after `timeoutMs`, and a `done` that lets go of both. Not
 * AbortSignal.timeout and AbortSignal.any: each request's signals would then live for the whole timeout
 * (30 s), holding the request with them, which at a download's pace kept tens of megabytes alive.
 */
const deadline = (signal: AbortSignal, timeoutMs: number): { signal: AbortSignal; done: () => void } => {
  const controller = new AbortController()
  const interrupted = () => controller.abort(signal.reason)
  if (signal.aborted) interrupted()
  else signal.addEventListener("abort", interrupted, { once: true })
  const timer = setTimeout(
    () => controller.abort(new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError")),
    timeoutMs,
  )
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer)
      signal.removeEventListener("abort", interrupted)
    },
  }
}

const once = (http: HttpClient, req: HttpRequest, timeoutMs: number, attempt: number) =>
  Effect.tryPromise({
    try: async (signal) => {
      const limit = deadline(signal, timeoutMs)
      try {
        const sink = req.sink
        const res = await http.send(
          {
            method: req.method,
            url: req.url,
            headers: { ...req.headers },
            ...(req.body !== undefined ? { body: req.body } : {}),
          },
          limit.signal,
          sink === undefined
            ? undefined
            : (status, headers) => sink({ status, headers: flattenHeaders(headers).headers }),
        )
        return { status: res.status, ...flattenHeaders(res.headers), body: res.body, attempts: attempt }
      } finally {
        limit.done()
      }
    },
    catch: (e) => classifyFailure(e, new URL(req.url).host, attempt),
  })

// One attempt that did not end the request: a failure or an answer (429, a transient 5xx), with how many
// attempts in all it allows (this one's number when it allows no other) and the wait the answer named.
class FailedAttempt extends Data.TaggedError("FailedAttempt")<{
  readonly outcome: HttpResponse | TransportFailure
  readonly attempts: number
  readonly wait?: number | undefined
  readonly maxWait?: number | undefined
}> {}

const describeAttempt = (req: HttpRequest, e: FailedAttempt): string =>
  e.outcome instanceof TransportFailure
    ? `${req.method} ${e.outcome.host}: ${e.outcome.code}`
    : `${req.method} ${new URL(req.url).host}: HTTP ${e.outcome.status}`

const makeTransport = (http: HttpClient, limiter: RateLimiter, options: TransportOptions) => {
  const policy = options.retry ?? DEFAULT_RETRY
  const defaultTimeout = Duration.toMillis(options.timeout ?? "30 seconds")
  // Untraced: a span per request keeps its answer (the whole body) for as long as the span lives, which
  // at a download's pace kept tens of megabytes of answers alive between collections.
  const send: (req: HttpRequest) => Effect.Effect<HttpResponse, TransportFailure> = Effect.fnUntraced(function* (
    req: HttpRequest,
  ) {
    if (req.write === true) yield* guardWrite(`${req.method} ${new URL(req.url).pathname}`)
    const timeoutMs = req.timeout !== undefined ? Duration.toMillis(req.timeout) : defaultTimeout
    const made = yield* Ref.make(0)
    const attempt = Effect.gen(function* () {
      const n = yield* Ref.updateAndGet(made, (k) => k + 1)
      if (req.bulk !== true) yield* limiter.take
      const result = yield* Effect.either(once(http, req, timeoutMs, n))
      if (result._tag === "Left") {
        const failure = result.left
        const retryable = failure.kind !== "tls" && (failure.delivered === "no" || req.idempotent)
        const cap = failure.kind === "unreachable" ? (policy.unreachableAttempts ?? policy.attempts) : policy.attempts
        return yield* Effect.fail(
          new FailedAttempt({ outcome: failure, attempts: retryable ? Math.min(cap, policy.attempts) : n }),
        )
      }
      const res = result.right
      // A 429 comes from the gateway before the service sees the request, so even a create may be resent.
      const rateLimited = res.status === 429
      const transient = TRANSIENT_STATUSES.has(res.status) && req.idempotent && req.final?.(res) !== true
      if (!rateLimited && !transient) return res
      if (!rateLimited) return yield* Effect.fail(new FailedAttempt({ outcome: res, attempts: policy.attempts }))
      const wait = retryAfterMillis(res.headers["retry-after"], yield* Clock.currentTimeMillis)
      return yield* Effect.fail(new FailedAttempt({ outcome: res, attempts: policy.attempts, wait, maxWait: 30_000 }))
    })
    const schedule = retrySchedule<FailedAttempt>(policy).pipe(
      Schedule.onDecision(([e, n], decision) =>
        ScheduleDecision.isContinue(decision)
          ? Effect.logDebug(`${describeAttempt(req, e)}, retrying (attempt ${n + 1})`)
          : Effect.void,
      ),
    )
    // The last attempt's answer is the request's answer; its failure, the request's failure.
    const retried: Effect.Effect<HttpResponse, FailedAttempt> = Effect.retry(attempt, schedule)
    return yield* Effect.catchTag(retried, "FailedAttempt", (e) =>
      e.outcome instanceof TransportFailure ? Effect.fail(e.outcome) : Effect.succeed(e.outcome),
    )
  })
  return { send }
}
