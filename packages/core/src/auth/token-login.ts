import { z } from "zod"
import { Clock, Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import { fromTransportFailure } from "../platform/failures.js"
import { platformSays } from "../platform/says.js"
import { Transport } from "../platform/transport.js"
import { msg } from "../words/message.js"
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

const TokenBody = z.lazy(() =>
  z.object({
    access_token: z.string().min(1),
    expires_in: z.union([z.string(), z.number()]).optional(),
  }),
)

const Envelope = z.lazy(() =>
  z.object({
    code: z.union([z.number(), z.string()]).optional(),
    message: z.string().optional(),
    data: z.unknown(),
  }),
)

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * Logs in with `POST /auth/token` (INSPIRE-API.md §2.1), accepting the enveloped and the bare response.
 * Never retried blindly: a login is not idempotent for the account's lockout counter. Sent only over
 * https, or plain http on this machine (login-url.ts).
 */
export const tokenLogin = (baseUrl: string, credentials: Credentials): Effect.Effect<Token, InspireError, Transport> =>
  Effect.gen(function* () {
    const transport = yield* Transport
    yield* checkPasswordUrl(baseUrl, msg("auth-from-base-url"))
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
          message: msg("auth-invalid-grant"),
          // invalid_grant means a wrong password or a CAS-federated account (§2.1).
          hint: msg("auth-invalid-grant-hint"),
        }),
      )
    return yield* Effect.fail(
      new InspireError({
        reason: "PlatformError",
        message:
          message !== ""
            ? msg("auth-token-failed-said", { status: res.status, message: platformSays(message) })
            : msg("auth-token-failed", { status: res.status }),
        hint: msg("auth-token-failed-hint"),
        ...(res.status >= 500 || res.status === 429 ? { ambiguous: true } : {}),
      }),
    )
  })
