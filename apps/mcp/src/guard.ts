import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import type { IncomingMessage } from "node:http"

/** Why a request to the HTTP endpoint is refused, as the HTTP status and a message. */
export interface Refusal {
  readonly status: 401 | 403
  readonly message: string
}

/** A fresh bearer token: 32 random bytes, URL-safe. */
export const generateToken = (): string => randomBytes(32).toString("base64url")

const digest = (value: string): Buffer => createHash("sha256").update(value).digest()

// Hashing first gives both sides the same length, so the comparison takes the same time whatever the guess.
const sameSecret = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected))

/**
 * Checks a request against the loopback policy: the Host must name this server on 127.0.0.1 or
 * localhost (DNS rebinding), an Origin, when sent, must be this server (a web page elsewhere may not
 * call it), and the bearer token must match. Returns undefined when the request may pass.
 */
export const refusalOf = (req: IncomingMessage, port: number, token: string): Refusal | undefined => {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  const host = (req.headers.host ?? "").toLowerCase()
  if (!hosts.includes(host))
    return { status: 403, message: `Host "${host}" is not this server; use http://127.0.0.1:${port}/mcp.` }
  const origin = req.headers.origin
  if (origin !== undefined && !hosts.map((h) => `http://${h}`).includes(origin.toLowerCase()))
    return {
      status: 403,
      message: `Requests from origin ${origin} are refused; only local clients may call this server.`,
    }
  const auth = req.headers.authorization ?? ""
  const given = /^Bearer\s+(\S+)$/i.exec(auth)?.[1]
  if (given === undefined)
    return { status: 401, message: "A bearer token is required: send Authorization: Bearer <token>." }
  if (!sameSecret(given, token))
    return { status: 401, message: "The bearer token is wrong; use the one printed at start or INSPIRE_MCP_TOKEN." }
  return undefined
}
