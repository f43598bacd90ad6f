import { Data } from "effect"

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

/**
 * The one error family of holos-inspire. `message` says what happened, `hint` what to do next.
 * `candidates` lists valid choices (specs, prefixes, …) when the input was one of a known set;
 * `fix` carries a corrected value when the mistake can be repaired mechanically.
 * Secrets must never be placed in any field.
 */
export class InspireError extends Data.TaggedError("InspireError")<{
  readonly reason: ErrorReason
  readonly message: string
  readonly hint: string
  readonly candidates?: ReadonlyArray<unknown>
  readonly fix?: string
  readonly cause?: unknown
}> {}

/** An InvalidInput error: the most common kind raised by the domain rules. */
export const invalidInput = (
  message: string,
  hint: string,
  extra: { readonly candidates?: ReadonlyArray<unknown>; readonly fix?: string } = {},
): InspireError => new InspireError({ reason: "InvalidInput", message, hint, ...extra })
