import type { RegistryId } from "../domain/workspaces.js"
import { InspireError } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, type MessageArg, Text, type WordPart } from "../words/text.js"

/** Replaces every occurrence of the secrets in a text, so nothing the engine echoes can leak one. */
export const redact = (text: string, secrets: ReadonlyArray<string>): string =>
  secrets.filter((s) => s.length >= 3).reduce((t, s) => t.split(s).join("***"), text)

/** `redact` through a text: its plain parts and its messages' values. */
export const redactText = (text: Text, secrets: ReadonlyArray<string>): Text => {
  const arg = (v: MessageArg): MessageArg =>
    typeof v === "string" ? redact(v, secrets) : typeof v === "number" ? v : redactText(v, secrets)
  const part = (p: WordPart): WordPart =>
    typeof p === "string"
      ? redact(p, secrets)
      : p.kind === "msg"
        ? { ...p, args: Object.fromEntries(Object.entries(p.args).map(([k, v]) => [k, arg(v)])) }
        : p
  return new Text(text.parts.map(part))
}

/** The login hint of a registry: where the robot account comes from and how to save it. */
const harborLoginHint = (registry: RegistryId): Text =>
  msg("docker-login-hint", {
    registry,
    call: callWord("login", { target: "harbor", registry, username: "…", password: "…" }),
  })

/** The failure when no robot account is saved for a registry. */
export const credentialsMissing = (registry: RegistryId): InspireError =>
  new InspireError({
    reason: "NotLoggedIn",
    message: msg("docker-no-credentials", { registry }),
    hint: harborLoginHint(registry),
  })

interface Where {
  readonly registry: RegistryId
  readonly host: string
  readonly target: string
}

const AUTH = /unauthorized|authentication required|no basic auth credentials|incorrect username or password/i
const DENIED = /denied|forbidden|insufficient_scope|not allowed/i
const QUOTA = /quota|exceed|upper limit|too large|size limit/i
const NETWORK =
  /dial tcp|connection refused|no such host|i\/o timeout|network is unreachable|no route to host|tls handshake timeout|timeout awaiting|Client\.Timeout|server misbehaving/i
const TLS = /x509|certificate|tls:|http response to https client/i
const SERVER = /HTTP status: 5\d\d|internal server error|bad gateway|service unavailable|gateway time-?out/i
const CUT = /unexpected EOF|context canceled|broken pipe|connection reset|use of closed network connection|EOF$/i

/**
 * Turns the error line of a push stream into the user-facing failure. The engine reports every
 * registry failure inside the stream (HTTP 200), as text; these are its known shapes.
 */
export const classifyPushError = (raw: string, where: Where, secrets: ReadonlyArray<string>): InspireError => {
  const text = redact(raw, secrets)
  const { registry, host, target } = where
  if (/does not exist locally|no such image/i.test(text))
    return new InspireError({
      reason: "NotFound",
      message: msg("docker-tag-gone", { target, text }),
      hint: msg("docker-tag-gone-hint"),
      retryable: true,
    })
  if (AUTH.test(text))
    return new InspireError({
      reason: "RegistryAuthFailed",
      message: msg("docker-auth", { registry, host, text }),
      hint: harborLoginHint(registry),
    })
  if (QUOTA.test(text))
    return new InspireError({
      reason: "Forbidden",
      message: msg("docker-quota", { registry, text }),
      hint: msg("docker-quota-hint"),
    })
  if (DENIED.test(text))
    return new InspireError({
      reason: "Forbidden",
      message: msg("docker-denied", { registry, target, text }),
      hint: msg("docker-denied-hint"),
    })
  if (TLS.test(text))
    return new InspireError({
      reason: "PlatformUnreachable",
      message: msg("docker-tls", { registry, host, text }),
      hint: msg("docker-tls-hint"),
    })
  if (NETWORK.test(text))
    return new InspireError({
      reason: "PlatformUnreachable",
      message: msg("docker-network", { registry, host, text }),
      hint: msg("docker-network-hint"),
      retryable: true,
    })
  if (SERVER.test(text))
    return new InspireError({
      reason: "PlatformError",
      message: msg("docker-server", { registry, text }),
      hint: msg("docker-server-hint"),
      retryable: true,
    })
  if (CUT.test(text)) return interrupted(where, text)
  return new InspireError({
    reason: "PlatformError",
    message: msg("docker-push-failed", { target, registry, text }),
    hint: msg("docker-push-failed-hint"),
  })
}

/** The failure when the push stream ended without a result: the connection was cut. */
export const interrupted = (where: Where, detail?: string): InspireError =>
  new InspireError({
    reason: "PlatformUnreachable",
    message:
      detail !== undefined
        ? msg("docker-interrupted-said", { target: where.target, detail })
        : msg("docker-interrupted", { target: where.target }),
    hint: msg("docker-interrupted-hint"),
    retryable: true,
  })
