import type { RegistryId } from "../domain/workspaces.js"
import { InspireError } from "../errors.js"
import { callWord } from "../words/token.js"

/** Replaces every occurrence of the secrets in a text, so nothing the engine echoes can leak one. */
export const redact = (text: string, secrets: ReadonlyArray<string>): string =>
  secrets.filter((s) => s.length >= 3).reduce((t, s) => t.split(s).join("***"), text)

/** The login hint of a registry: where the robot account comes from and how to save it. */
export const harborLoginHint = (registry: RegistryId): string =>
  `Copy the ${registry} robot account from 启智平台 → 镜像管理 → 本地推送 (not the platform password), then save it with ${callWord("login", { target: "harbor", registry, username: "…", password: "…" })}.`

/** The failure when no robot account is saved for a registry. */
export const credentialsMissing = (registry: RegistryId): InspireError =>
  new InspireError({
    reason: "NotLoggedIn",
    message: `No Harbor credentials are saved for the ${registry} registry, so the push cannot log in.`,
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
      message: `The engine no longer has ${target} to push: ${text}.`,
      hint: "The tag was removed while pushing; run the push again.",
      retryable: true,
    })
  if (AUTH.test(text))
    return new InspireError({
      reason: "RegistryAuthFailed",
      message: `The ${registry} registry (${host}) rejected the saved robot account: ${text}.`,
      hint: harborLoginHint(registry),
    })
  if (QUOTA.test(text))
    return new InspireError({
      reason: "Forbidden",
      message: `The ${registry} registry refused the image for its size or the project's storage quota: ${text}.`,
      hint: "Make the image smaller (fewer or slimmer layers), or delete unused tags under 镜像管理; ask the platform admins if the quota must grow.",
    })
  if (DENIED.test(text))
    return new InspireError({
      reason: "Forbidden",
      message: `The ${registry} registry denied the push to ${target}: ${text}.`,
      hint: "The robot account may lack push permission for inspire-studio; copy a fresh one from 镜像管理 → 本地推送, or ask the platform admins.",
    })
  if (TLS.test(text))
    return new InspireError({
      reason: "PlatformUnreachable",
      message: `The engine could not talk securely to the ${registry} registry (${host}): ${text}.`,
      hint: "Check the registry host in the profile (endpoints.registries) and the engine's certificates or insecure-registries setting.",
    })
  if (NETWORK.test(text))
    return new InspireError({
      reason: "PlatformUnreachable",
      message: `The Docker engine could not reach the ${registry} registry at ${host}: ${text}.`,
      hint: "Harbor is reachable only from the campus network or the VPN: connect, check that the engine can resolve the host, then push again.",
      retryable: true,
    })
  if (SERVER.test(text))
    return new InspireError({
      reason: "PlatformError",
      message: `The ${registry} registry failed while receiving the image: ${text}.`,
      hint: "Harbor may be down (5xx usually clears within about 15 minutes); push again later, finished layers are skipped.",
      retryable: true,
    })
  if (CUT.test(text)) return interrupted(where, text)
  return new InspireError({
    reason: "PlatformError",
    message: `Pushing ${target} to the ${registry} registry failed: ${text}.`,
    hint: "Run the push again; if it fails the same way, try `docker push` to see the engine's own output.",
  })
}

/** The failure when the push stream ended without a result: the connection was cut. */
export const interrupted = (where: Where, detail?: string): InspireError =>
  new InspireError({
    reason: "PlatformUnreachable",
    message: `The push of ${where.target} was interrupted before the registry confirmed it${detail !== undefined ? `: ${detail}` : ""}.`,
    hint: "Run the same push again: layers that already arrived are skipped. Stay on the campus network or VPN while it runs.",
    retryable: true,
  })
