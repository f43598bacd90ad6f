import { InspireError, SurfaceUnavailable } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, type Text } from "../words/text.js"
import { platformSays } from "./says.js"
import type { HttpResponse } from "./transport.js"

/** What a response means once its family's envelope and quirks are read. */
export type Outcome =
  | { readonly kind: "ok"; readonly data: unknown }
  /** `page`: a 2xx HTML page on a cookie call, the documented sign of expiry that a spoiled answer also gives. */
  | { readonly kind: "expired"; readonly page?: boolean }
  /** A 2xx that cannot be read (truncated, empty, garbage, wrong type): the request may have taken effect. */
  | { readonly kind: "unreadable"; readonly error: InspireError }
  | { readonly kind: "unavailable"; readonly error: SurfaceUnavailable }
  | { readonly kind: "error"; readonly error: InspireError }

const isPage = (res: HttpResponse): boolean =>
  (res.headers["content-type"] ?? "").includes("text/html") || res.body.trim().startsWith("<")

const parse = (res: HttpResponse): unknown => {
  if (isPage(res)) return undefined
  try {
    return JSON.parse(res.body.trim())
  } catch {
    return undefined
  }
}

/** The envelope every family answers with is a JSON object; anything else is unreadable. */
const isEnvelope = (json: unknown): json is Record<string, unknown> =>
  typeof json === "object" && json !== null && !Array.isArray(json)

const describeBody = (res: HttpResponse): Text => {
  const text = res.body.trim()
  if (text === "") return msg("platform-body-empty")
  if (isPage(res)) return msg("platform-body-html")
  return parse(res) === undefined ? msg("platform-body-not-json") : msg("platform-body-wrong-type")
}

/** An HTTP 2xx whose body cannot be read: ambiguous for a write, worth repeating for a read. */
const unreadable = (res: HttpResponse, surface: string): Outcome => ({
  kind: "unreadable",
  error: new InspireError({
    reason: "PlatformError",
    message: msg("platform-unreadable", { surface, status: res.status, body: describeBody(res) }),
    hint: msg("platform-lost-answer-hint"),
    code: "Unreadable",
    ambiguous: true,
    retryable: true,
  }),
})

const LOGIN_LOCATION = /keycloak|cas\.|\/cas\/|\/login|openid-connect\/auth|broker\//i

// The platform's own message, kept as it is (with its meaning for English readers when known).
const messageOf = (m: unknown): Text =>
  typeof m === "string" && m.trim() !== "" ? platformSays(m.trim()) : msg("platform-no-message")

const fail = (error: InspireError): Outcome => ({ kind: "error", error })

const checkIdHint = (): Text =>
  msg("platform-check-id-hint", {
    jobs: callWord("jobs"),
    notebooks: callWord("notebook", { action: "list" }),
    models: callWord("models", { action: "list" }),
  })

// What a V1/OA error code means (INSPIRE-API.md §1.8); anything else is a PlatformError.
const CODE_REASONS: ReadonlyArray<{
  readonly matches: (code: number, status: number) => boolean
  readonly reason: InspireError["reason"]
  readonly hint: () => Text
}> = [
  {
    matches: (n, status) => n === 429 || status === 429,
    reason: "RateLimited",
    hint: () => msg("platform-rate-limited-hint"),
  },
  {
    matches: (n, status) => n === 100002 || n === -100000 || status === 400,
    reason: "InvalidInput",
    hint: () => msg("platform-check-values-hint"),
  },
  {
    matches: (n) => n === 100003,
    reason: "Forbidden",
    hint: () => msg("platform-no-permission-hint"),
  },
  {
    matches: (n) => n === 100004,
    reason: "NotFound",
    hint: checkIdHint,
  },
]

/** Maps a platform error code (V1/OA) to the project's reasons (INSPIRE-API.md §1.8). */
const codeError = (code: number | string, message: Text, surface: string, status: number): Outcome => {
  const base = { message: msg("platform-code-error", { surface, message, code: String(code) }), code }
  const known = CODE_REASONS.find((r) => r.matches(Number(code), status))
  if (known !== undefined) return fail(new InspireError({ ...base, reason: known.reason, hint: known.hint() }))
  return fail(
    new InspireError({
      ...base,
      reason: "PlatformError",
      hint: msg("platform-refused-hint"),
      // A server error, even in a 200 body (the vendor document's code 500), may come after the service acted.
      ...(status >= 500 || Number(code) === 500 ? { ambiguous: true, retryable: true } : {}),
    }),
  )
}

const httpError = (res: HttpResponse, surface: string): Outcome => {
  if (res.status === 429)
    return fail(
      new InspireError({
        reason: "RateLimited",
        message: msg("platform-http-429", { surface }),
        hint: msg("platform-http-429-hint"),
      }),
    )
  return fail(
    new InspireError({
      reason: "PlatformError",
      message: msg("platform-http-bare", { surface, status: res.status }),
      hint: res.status >= 500 ? msg("platform-http-5xx-hint") : msg("platform-http-4xx-hint"),
      code: res.status,
      // A 5xx without a JSON code may come after the service acted: a create must be checked, not resent.
      ambiguous: res.status >= 500,
    }),
  )
}

/** The gateway's own answer for a path or service nothing serves (§1.5): nothing behind it acted. */
const isNoRoute = (res: HttpResponse): boolean => res.status === 404 && res.body.trim() === "404 page not found"

/** Whether a body is the platform's own refusal: an OA/V1 envelope with a code, or a V2 error. */
const isRefusal = (res: HttpResponse): boolean => {
  const json = parse(res)
  if (!isEnvelope(json)) return false
  const error = (json.ResponseMetadata as { Error?: unknown } | undefined)?.Error
  return (
    typeof json.code === "number" ||
    typeof json.code === "string" ||
    (typeof error === "object" && error !== null) ||
    typeof json.message === "string"
  )
}

/**
 * For a call that is not safe to repeat (a create): a 4xx is the platform's refusal only in its refusal
 * shape, and a 404 says "no such route" (another surface may take the call) only in the gateway's own
 * shape. Any other 4xx (a proxy's page, an empty body) may have come after the platform acted: ambiguous,
 * to be settled by a look-up, never taken as "not created".
 */
export const forCreate = (res: HttpResponse, surface: string, outcome: Outcome): Outcome => {
  if (res.status < 400 || res.status >= 500 || res.status === 401 || res.status === 429) return outcome
  if (isNoRoute(res) || isRefusal(res)) return outcome
  return fail(
    new InspireError({
      reason: "PlatformError",
      message: msg("once-create-not-refusal", { surface, status: res.status }),
      hint: msg("platform-lost-answer-hint"),
      code: res.status,
      ambiguous: true,
    }),
  )
}

/** Reads an OpenAPI or V1 response (`{code, message, data}`); `cookie` selects V1's expiry signs (§1.7). */
export const readCodeEnvelope = (res: HttpResponse, surface: string, credential: "bearer" | "cookie"): Outcome => {
  if (res.status === 401) return { kind: "expired" }
  if (credential === "cookie" && res.status >= 300 && res.status < 400) {
    const location = res.headers.location ?? ""
    if (LOGIN_LOCATION.test(location)) return { kind: "expired" }
    return httpError(res, surface)
  }
  const json = parse(res)
  const ok = res.status >= 200 && res.status < 300
  if (json === undefined || (ok && !isEnvelope(json))) {
    if (credential === "cookie" && ok && isPage(res)) return { kind: "expired", page: true }
    if (ok) return unreadable(res, surface)
    if (res.status === 404)
      return {
        kind: "unavailable",
        error: new SurfaceUnavailable({
          surface,
          why: "NotFound",
          message: msg("platform-no-surface", { surface }),
          sent: false,
        }),
      }
    return httpError(res, surface)
  }
  const body = json as { code?: unknown; message?: unknown; msg?: unknown; data?: unknown }
  const code = typeof body.code === "number" || typeof body.code === "string" ? body.code : undefined
  if (code === undefined) return res.status < 300 ? { kind: "ok", data: json } : httpError(res, surface)
  if (Number(code) === 0) return { kind: "ok", data: body.data }
  if (credential === "bearer" && Number(code) === -1) return { kind: "expired" }
  return codeError(code, messageOf(body.message ?? body.msg), surface, res.status)
}

const V2_REASONS: Readonly<Record<string, { reason: InspireError["reason"]; hint: () => Text }>> = {
  InvalidParameter: { reason: "InvalidInput", hint: () => msg("platform-check-values-hint") },
  ResourceNotFound: { reason: "NotFound", hint: checkIdHint },
  Conflict: { reason: "Conflict", hint: () => msg("platform-conflict-hint") },
  InternalError: { reason: "PlatformError", hint: () => msg("platform-internal-hint") },
}

/** Reads a V2 gateway response (`{ResponseMetadata, Result}`), tolerating the legacy `{code, data}`. */
export const readV2Envelope = (res: HttpResponse, surface: string): Outcome => {
  if (res.status === 401) return { kind: "expired" }
  if (res.status === 403)
    return {
      kind: "unavailable",
      error: new SurfaceUnavailable({
        surface,
        why: "AccessForbidden",
        message: msg("platform-v2-forbidden", { surface }),
        sent: true,
      }),
    }
  if (res.status >= 300 && res.status < 400)
    return fail(
      new InspireError({
        reason: "PlatformError",
        message: msg("platform-v2-redirect", { surface }),
        hint: msg("platform-v2-redirect-hint"),
      }),
    )
  const json = parse(res)
  if (json === undefined || (res.status < 300 && !isEnvelope(json))) {
    if (res.status >= 200 && res.status < 300) return unreadable(res, surface)
    if (res.status === 404)
      return {
        kind: "unavailable",
        error: new SurfaceUnavailable({
          surface,
          why: "NotFound",
          message: msg("platform-v2-no-service", { surface }),
          sent: false,
        }),
      }
    return httpError(res, surface)
  }
  const body = json as {
    ResponseMetadata?: { Error?: { Code?: unknown; Message?: unknown } }
    Result?: unknown
    code?: unknown
  }
  const error = body.ResponseMetadata?.Error
  if (error !== undefined && error !== null) {
    const code = String(error.Code ?? "Unknown")
    const message = messageOf(error.Message)
    if (code === "InvalidAction" || code === "AccessForbidden")
      return {
        kind: "unavailable",
        // InvalidAction is the gateway's answer before any service acts; AccessForbidden may come from a service.
        error: new SurfaceUnavailable({
          surface,
          why: code,
          message: msg("platform-v2-unavailable", { surface, code, message }),
          sent: code !== "InvalidAction",
        }),
      }
    const mapped = V2_REASONS[code] ?? { reason: "PlatformError", hint: () => msg("platform-refused-hint") }
    return fail(
      new InspireError({
        reason: mapped.reason,
        message: msg("platform-v2-error", { surface, message, code }),
        hint: mapped.hint(),
        code,
        // An internal error may come after the service acted: a create is checked, not taken as refused.
        ...(code === "InternalError" ? { ambiguous: true } : {}),
      }),
    )
  }
  if (body.ResponseMetadata === undefined && body.code !== undefined) return readCodeEnvelope(res, surface, "bearer")
  if (res.status >= 300) return httpError(res, surface)
  return { kind: "ok", data: body.Result ?? {} }
}
