import { InspireError } from "../errors.js"
import type { TransportFailure } from "./transport.js"

/** The hint for every failure to reach the platform: it only answers on campus or through the VPN. */
export const OFF_CAMPUS_HINT =
  "The platform is reachable only from the campus network or the aTrust VPN (or a proxy: HTTPS_PROXY or the profile's proxy). Connect, then try again."

/** Turns a transport failure into the user-facing error. */
export const fromTransportFailure = (failure: TransportFailure): InspireError => {
  if (failure.kind === "tls")
    return new InspireError({
      reason: "PlatformUnreachable",
      message: `The TLS certificate of ${failure.host} was not accepted (${failure.code}).`,
      hint: "If your network inspects TLS, point NODE_EXTRA_CA_CERTS at its CA certificate file.",
    })
  const what =
    failure.kind === "unreachable"
      ? `Cannot reach ${failure.host} (${failure.code})`
      : failure.kind === "timeout"
        ? `${failure.host} did not answer in time`
        : `The connection to ${failure.host} broke (${failure.code})`
  return new InspireError({
    reason: "PlatformUnreachable",
    message: `${what}${failure.attempts > 1 ? ` after ${failure.attempts} attempts` : ""}.`,
    hint: OFF_CAMPUS_HINT,
  })
}
