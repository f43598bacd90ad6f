import { Data } from "./effect.js"
import { msg } from "./words/message.js"
import type { Text, WordPart } from "./words/text.js"

/** The reasons an Inspire operation can fail; each frontend maps them in one place. */
export type ErrorReason =
  | "NotLoggedIn"
  | "CredentialsRejected"
  | "SessionExpired"
  | "Forbidden"
  | "NotFound"
  | "InvalidInput"
  | "Conflict"
  | "RateLimited"
  | "PlatformUnreachable"
  | "PlatformError"
  | "DockerUnavailable"
  | "RegistryAuthFailed"
  | "StoreError"

/** What an InspireError holds besides its message (see `InspireError`). */
interface ErrorFields {
  readonly reason: ErrorReason
  /** What to do next. */
  readonly hint: Text
  readonly candidates?: ReadonlyArray<unknown>
  readonly fix?: Text
  /** Set on a failed write that may still have taken effect (a timeout, a reset, a 5xx without a code). */
  readonly ambiguous?: boolean
  /** Set when the same call, repeated unchanged, may well succeed (an interrupted push, a 5xx). */
  readonly retryable?: boolean
  /**
   * For a failed create: whether the task exists on the platform. "no" when it was checked and is not
   * there (or the platform refused it), "unknown" when that could not be settled (list before resending).
   */
  readonly created?: "no" | "unknown"
  /** The platform's own error code, when it gave one. */
  readonly code?: string | number
  /**
   * Set by a client that worded the error for its frontend (`renderError`): what its message and hint
   * said as data, with the operations, fields and confirmation they refer to as references.
   */
  readonly parts?: { readonly message: ReadonlyArray<WordPart>; readonly hint: ReadonlyArray<WordPart> }
  readonly cause?: unknown
}

/** What an InspireError is made of: `message` says what happened, as a Text; the rest as `ErrorFields`. */
export type InspireErrorFields = ErrorFields & { readonly message: Text }

/**
 * The one error family of holos-inspire. `text` says what happened (made from `message`), `hint` what to
 * do next, both as texts each frontend words in its reader's language; `message` is `text` in English,
 * for readers that are not frontends (logs, stack traces), or as a frontend worded it (`renderError`).
 * `candidates` lists valid choices (specs, prefixes, …) when the input was one of a known set;
 * `fix` carries a corrected value when the mistake can be repaired mechanically.
 * Secrets must never be placed in any field.
 * A signature that knows which reasons it fails with says so with `InspireErrorOf`.
 */
export class InspireError extends Data.TaggedError("InspireError")<
  ErrorFields & { readonly text: Text; readonly message: string }
> {
  constructor(fields: InspireErrorFields) {
    const { message, ...rest } = fields
    // `message` in English, for readers that are not frontends (logs, stack traces).
    super({ ...rest, text: message, message: String(message) })
  }
}

/**
 * A copy of `e` with some fields changed. Spreading an error loses its message (an Error's message
 * is not an enumerable property), so every amended error is built here.
 */
export const amendError = (e: InspireError, patch: Partial<InspireErrorFields>): InspireError =>
  new InspireError({ ...e, message: e.text, ...patch })

/**
 * An InspireError of known reasons, for signatures that can say which: `InspireErrorOf<"InvalidInput">`
 * for a check that fails only that way. It is an InspireError, so callers that handle any reason take it.
 */
export type InspireErrorOf<R extends ErrorReason> = InspireError & { readonly reason: R }

/** An InspireError typed with its reason (see `InspireErrorOf`). */
export const inspireError = <R extends ErrorReason>(
  fields: InspireErrorFields & { readonly reason: R },
): InspireErrorOf<R> => new InspireError(fields) as InspireErrorOf<R>

/**
 * A surface of the platform that does not answer this action (InvalidAction, a gateway 404,
 * AccessForbidden, or a credential it cannot take). Reads fall back to the documented alternative;
 * `sent: false` means no service acted on the request (InvalidAction, an unrouted path, no token), so
 * even a write may use the other surface; AccessForbidden is `sent: true`, since a service may answer it.
 */
export class SurfaceUnavailable extends Data.TaggedError("SurfaceUnavailable")<
  SurfaceFields & { readonly text: Text; readonly message: string }
> {
  constructor(fields: SurfaceFields & { readonly message: Text }) {
    const { message, ...rest } = fields
    // `message` in English, for readers that are not frontends; `text` is what a frontend words.
    super({ ...rest, text: message, message: String(message) })
  }
}

interface SurfaceFields {
  readonly surface: string
  readonly why: "InvalidAction" | "NotFound" | "AccessForbidden" | "TokenUnavailable"
  readonly sent: boolean
}

// What to do when a surface does not answer and nothing is left to fall back to, by why it did not.
const SURFACE_HINTS: Readonly<Record<SurfaceUnavailable["why"], () => Text>> = {
  InvalidAction: () => msg("errors-no-surface-hint"),
  NotFound: () => msg("errors-no-surface-hint"),
  AccessForbidden: () => msg("errors-access-forbidden-hint"),
  TokenUnavailable: () => msg("errors-token-unavailable-hint"),
}

/**
 * The one converter from an unavailable surface, with nothing left to fall back to, to the user's error:
 * Forbidden when the platform refused access, else PlatformError. `what` (e.g. "read the training job")
 * goes in front of the message; `hint` replaces the default advice for the surface's `why`.
 */
export const surfaceError = (
  e: SurfaceUnavailable,
  context: { readonly what?: Text; readonly hint?: Text } = {},
): InspireErrorOf<"Forbidden" | "PlatformError"> =>
  inspireError({
    reason: e.why === "AccessForbidden" ? "Forbidden" : "PlatformError",
    message: context.what !== undefined ? msg("errors-could-not", { what: context.what, message: e.text }) : e.text,
    hint: context.hint ?? SURFACE_HINTS[e.why](),
  })

/** An InvalidInput error: the most common kind raised by the domain rules. */
export const invalidInput = (
  message: Text,
  hint: Text,
  extra: { readonly candidates?: ReadonlyArray<unknown>; readonly fix?: Text } = {},
): InspireErrorOf<"InvalidInput"> => inspireError({ reason: "InvalidInput", message, hint, ...extra })
