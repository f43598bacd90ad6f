// Where a password may be sent: over https, or over plain http only to this machine (the emulator
// listens on 127.0.0.1). The address itself comes from a place the user chose: a flag saved in the
// profile (`inspire profile add --base-url`), INSPIRE_BASE_URL, or a config file that passed the
// ownership check (store/trust.ts) — an untrusted config file stops everything before this point.

import type { RegistryId } from "../domain/workspaces.js"
import { Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import type { ActiveProfileShape } from "../profile.js"
import type { Resolved } from "../store/settings.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"

/** Whether `hostname` (as URL.hostname gives it) is this machine: localhost, 127.0.0.0/8 or ::1. */
export const isLoopbackHost = (hostname: string): boolean => {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
  if (host === "localhost" || host === "::1") return true
  // WHATWG URLs write IPv4 in dotted decimal (127.1 becomes 127.0.0.1) and mapped IPv6 in hex.
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(host)
}

const refusal = (message: Text, hint: Text): InspireError => new InspireError({ reason: "InvalidInput", message, hint })

/**
 * Fails unless a password may be sent to `url`: https, or http to a loopback host. `from` says where
 * the address came from (e.g. "INSPIRE_BASE_URL"), for the message. Only the origin is ever printed.
 */
export const checkPasswordUrl = (url: string, from: Text | string): Effect.Effect<void, InspireError> => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return Effect.fail(refusal(msg("auth-bad-url", { from }), msg("auth-bad-url-hint")))
  }
  if (parsed.protocol === "https:") return Effect.void
  if (parsed.protocol === "http:" && isLoopbackHost(parsed.hostname)) return Effect.void
  const where = parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : `${parsed.protocol}//…`
  return Effect.fail(
    refusal(
      msg("auth-clear-text", { where, from }),
      parsed.protocol === "http:"
        ? msg("auth-clear-text-http-hint", { host: parsed.host, from })
        : msg("auth-clear-text-hint", { from }),
    ),
  )
}

/** How the resolved base URL names its origin in messages. */
const originOf = (resolved: Resolved<string>): Text | string =>
  resolved.source === "environment" || resolved.source === "profile"
    ? (resolved.from ?? resolved.source)
    : resolved.source === "argument"
      ? msg("auth-from-argument")
      : msg("auth-from-built-in")

/** Checks where the active profile's platform password would go (its base URL). */
export const checkPlatformLoginUrl = (profile: ActiveProfileShape): Effect.Effect<void, InspireError> =>
  checkPasswordUrl(profile.baseUrl.value ?? "", originOf(profile.baseUrl))

/** Checks where a Harbor robot password would go (the registry's API). */
export const checkHarborLoginUrl = (
  profile: ActiveProfileShape,
  registry: RegistryId,
): Effect.Effect<void, InspireError> => {
  const name = profile.name.value ?? "default"
  const configured = profile.config.endpoints.registries?.[registry]?.api !== undefined
  return checkPasswordUrl(
    profile.registries[registry].api,
    configured
      ? msg("auth-from-registry-api", { registry, profile: name })
      : msg("auth-from-registry-push", { registry }),
  )
}
