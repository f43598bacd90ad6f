import { InspireError } from "../errors.js"
import type { TransportFailure } from "./transport.js"

/** The hint for every failure to reach the platform: it only answers on campus or through the VPN. */
export const OFF_CAMPUS_HINT =
  "The platform is reachable only from the campus network or the aTrust VPN (or a proxy: HTTPS_PROXY or the profile's proxy). Connect, then try again."

// The platform's and Harbor's own hosts; any other host is a base URL someone set (an emulator, a proxy).
const platformHost = (host: string): boolean => /(^|\.)sii\.edu\.cn(:\d+)?$/i.test(host)

const loopbackHost = (host: string): boolean =>
  /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)(:\d+)?$/i.test(host) || /^\[::ffff:127\./i.test(host)

/** Turns a transport failure into the user-facing error. */
export const fromTransportFailure = (failure: TransportFailure): InspireError => {
  // A refused connection to a loopback or custom host is not a network problem: nothing listens there.
  if (failure.code === "ECONNREFUSED" && (loopbackHost(failure.host) || !platformHost(failure.host)))
    return new InspireError({
      reason: "PlatformUnreachable",
      message: `Nothing listens at ${failure.host} (connection refused).`,
      hint: loopbackHost(failure.host)
        ? "Is the emulator (or the local server) running on that port? Check the profile's baseUrl (INSPIRE_BASE_URL overrides it)."
        : "Check the profile's baseUrl (INSPIRE_BASE_URL overrides it) and that the server there is running.",
    })
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
