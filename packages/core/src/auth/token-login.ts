import { z } from "zod"
import { Clock, Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import { fromTransportFailure } from "../platform/failures.js"
import { Transport } from "../platform/transport.js"
import { tokenExpiry } from "./jwt.js"
import { checkPasswordUrl } from "./login-url.js"

/** A username and password; the password never leaves this module except to the login request. */
export interface Credentials {
  readonly username: string
  readonly password: string
}

/** A bearer token and when it expires (epoch ms). */
export interface Token {
  readonly value: string
  readonly expiresAt: number
}

const TokenBody = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.string(), z.number()]).optional(),
})

const Envelope = z.object({
  code: z.union([z.number(), z.string()]).optional(),
  message: z.string().optional(),
  data: z.unknown(),
})

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The hint for `invalid_grant`, which means a wrong password or a CAS-federated account (§2.1). */
export const INVALID_GRANT_HINT =
  "Check the 学工号 and password. If they are right, the account is federated through CAS and cannot get a token: the session login is used instead."

/**
 * Logs in with `POST /auth/token` (INSPIRE-API.md §2.1), accepting the enveloped and the bare response.
 * Never retried blindly: a login is not idempotent for the account's lockout counter. Sent only over
 * https, or plain http on this machine (login-url.ts).
 */
export const tokenLogin = (baseUrl: string, credentials: Credentials): Effect.Effect<Token, InspireError, Transport> =>
  Effect.gen(function* () {
    const transport = yield* Transport
    yield* checkPasswordUrl(baseUrl, "the profile's base URL")
    const res = yield* Effect.mapError(
      transport.send({
        method: "POST",
        url: new URL("/auth/token", baseUrl).toString(),
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ username: credentials.username, password: credentials.password }),
        idempotent: false,
      }),
      fromTransportFailure,
    )
    const json = parseJson(res.body)
    const envelope = Envelope.safeParse(json)
    const candidate = envelope.success && envelope.data.data !== undefined ? envelope.data.data : json
    const token = TokenBody.safeParse(candidate)
    if (res.status >= 200 && res.status < 300 && token.success) {
      const now = yield* Clock.currentTimeMillis
      return {
        value: token.data.access_token,
        expiresAt: tokenExpiry(token.data.access_token, token.data.expires_in, now),
      }
    }
    const message = envelope.success ? (envelope.data.message ?? "") : ""
    if (res.status === 401 || message.includes("invalid_grant"))
      return yield* Effect.fail(
        new InspireError({
          reason: "CredentialsRejected",
          message: "The platform refused a token for this account (invalid_grant).",
          hint: INVALID_GRANT_HINT,
        }),
      )
    return yield* Effect.fail(
      new InspireError({
        reason: "PlatformError",
        message: `Token login failed with HTTP ${res.status}${message !== "" ? `: ${message}` : ""}.`,
        hint: "The platform may be partly down; try again in a few minutes.",
        ...(res.status >= 500 || res.status === 429 ? { ambiguous: true } : {}),
      }),
    )
  })
