import { InspireError } from "../errors.js"
import { msg } from "../words/message.js"
import type { TransportFailure } from "./transport.js"

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
      message: msg("platform-refused-connection", { host: failure.host }),
      hint: loopbackHost(failure.host)
        ? msg("platform-refused-loopback-hint")
        : msg("platform-refused-connection-hint"),
    })
  if (failure.kind === "tls")
    return new InspireError({
      reason: "PlatformUnreachable",
      message: msg("platform-tls", { host: failure.host, code: failure.code }),
      hint: msg("platform-tls-hint"),
    })
  const args = { host: failure.host, code: failure.code, attempts: failure.attempts }
  return new InspireError({
    reason: "PlatformUnreachable",
    message:
      failure.kind === "unreachable"
        ? msg("platform-unreachable", args)
        : failure.kind === "timeout"
          ? msg("platform-timeout", args)
          : msg("platform-broken", args),
    // The platform only answers on campus or through the VPN.
    hint: msg("platform-off-campus-hint"),
  })
}
