import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto"
import { parseCookies } from "../http.js"

/**
 * Who a request to a notebook's Jupyter server is, as Jupyter Server 2.x (IdentityProvider) and tornado
 * decide it: the token (`?token=` or `Authorization: token …`) authenticates and is then remembered in a
 * signed login cookie `username-<host>` on the server's base URL; a request with that cookie alone is
 * authenticated too, but a write (anything but GET, HEAD, OPTIONS) must then echo the `_xsrf` cookie,
 * which the lab page sets, in `X-XSRFToken` (or an `_xsrf` argument). Token requests skip that check.
 */

export interface JupyterUser {
  username: string
  name: string
  display_name: string
  initials: string | null
  avatar_url: string | null
  color: string | null
}

// jupyter_server's get_anonymous_username draws from Jupiter's moons.
const MOONS = ["Io", "Europa", "Ganymede", "Callisto", "Amalthea", "Himalia", "Elara", "Pasiphae", "Sinope", "Lysithea"]

/** A token-authenticated request without a login cookie gets a new anonymous user. */
export const anonymousUser = (): JupyterUser => {
  const moon = MOONS[(randomBytes(1)[0] ?? 0) % MOONS.length] ?? "Io"
  const name = `Anonymous ${moon}`
  return {
    username: randomUUID().replace(/-/g, ""),
    name,
    display_name: name,
    initials: `A${moon[0]}`,
    avatar_url: null,
    color: null,
  }
}

/** The user a login cookie names (`user_from_cookie`: the username alone). */
const cookieUser = (username: string): JupyterUser => ({
  username,
  name: username,
  display_name: username,
  initials: null,
  avatar_url: null,
  color: null,
})

/** `username-<Host>` with every non-alphanumeric character a dash (`get_cookie_name`). */
const loginCookieName = (host: string): string => `username-${host}`.replace(/[^A-Za-z0-9]/g, "-")

const field = (s: string): string => `${Buffer.byteLength(s)}:${s}`

/** tornado's `create_signed_value`, version 2, keyed by the notebook's own secret. */
const signed = (secret: string, name: string, value: string, at: number): string => {
  const body = ["2", field("0"), field(String(at)), field(name), field(Buffer.from(value).toString("base64")), ""]
  const toSign = body.join("|")
  return toSign + createHmac("sha256", secret).update(toSign).digest("hex")
}

/** The value of a version-2 signed cookie, if its signature is this secret's. */
const unsigned = (secret: string, name: string, cookie: string): string | undefined => {
  const m = /^2\|1:0\|(\d+):(\d+)\|(\d+):([^|]*)\|(\d+):([^|]*)\|([0-9a-f]{64})$/.exec(cookie)
  if (m === null || m[4] !== name) return undefined
  const expected = signed(secret, name, Buffer.from(m[6] ?? "", "base64").toString("utf8"), Number(m[2]))
  const a = Buffer.from(expected)
  const b = Buffer.from(cookie)
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined
  return Buffer.from(m[6] ?? "", "base64").toString("utf8")
}

/** `Set-Cookie` for the login cookie (httponly, on the server's base URL). */
export const loginCookie = (
  secret: string,
  host: string,
  basePath: string,
  user: JupyterUser,
  secure = false,
): string => {
  const name = loginCookieName(host)
  const value = signed(secret, name, user.username, Math.floor(Date.now() / 1000))
  // http.cookies quotes a value with characters outside its legal set (base64's `=`, `/`, `+`).
  const quoted = /^[A-Za-z0-9!#$%&'*+\-.^_`|~:]*$/.test(value) ? value : `"${value}"`
  return `${name}=${quoted}; expires=${new Date(Date.now() + 30 * 86_400_000).toUTCString()}; HttpOnly; Path=${basePath}${secure ? "; Secure" : ""}`
}

/** The user a request's login cookie names, if the cookie is this server's. */
export const userFromCookie = (secret: string, host: string, cookieHeader: string | undefined) => {
  const raw = parseCookies(cookieHeader).get(loginCookieName(host))
  if (raw === undefined) return undefined
  const username = unsigned(secret, loginCookieName(host), raw.replace(/^"|"$/g, ""))
  return username === undefined || username === "" ? undefined : cookieUser(username)
}

/** A new `_xsrf` cookie value in tornado's version-2 form: `2|<mask>|<masked token>|<time>`. */
export const newXsrf = (): string => {
  const mask = randomBytes(4)
  const token = randomBytes(16)
  const masked = Buffer.from(token.map((b, i) => b ^ (mask[i % 4] ?? 0)))
  return `2|${mask.toString("hex")}|${masked.toString("hex")}|${Math.floor(Date.now() / 1000)}`
}

/** The token inside an `_xsrf` value (version 2 unmasked; an older bare value as it is). */
const xsrfToken = (value: string): string | undefined => {
  const parts = value.split("|")
  if (parts.length === 1) return value === "" ? undefined : value
  const [version, mask, masked] = parts
  if (version !== "2" || mask === undefined || masked === undefined || !/^[0-9a-f]{8}$/.test(mask)) return undefined
  if (!/^([0-9a-f]{2})+$/.test(masked)) return undefined
  const m = Buffer.from(mask, "hex")
  return Buffer.from(Buffer.from(masked, "hex").map((b, i) => b ^ (m[i % 4] ?? 0))).toString("hex")
}

/**
 * tornado's `check_xsrf_cookie` for a cookie-authenticated write: the message of its 403, or undefined
 * when the argument matches the `_xsrf` cookie. The messages say "POST" whatever the method, as tornado's do.
 */
export const xsrfRefusal = (
  cookieHeader: string | undefined,
  header: string | string[] | undefined,
  query: URLSearchParams,
): string | undefined => {
  const given = query.get("_xsrf") ?? (Array.isArray(header) ? header[0] : header)
  if (given === undefined || given === "") return "'_xsrf' argument missing from POST"
  const token = xsrfToken(given)
  if (token === undefined) return "'_xsrf' argument has invalid format"
  const cookie = parseCookies(cookieHeader).get("_xsrf")
  const expected = cookie === undefined ? undefined : xsrfToken(cookie)
  return expected !== undefined && expected === token ? undefined : "XSRF cookie does not match POST argument"
}

/** `GET <lab>/api/me`: the identity and, for `?permissions={"resource": ["action", …]}`, every action granted. */
export const meModel = (user: JupyterUser, query: URLSearchParams) => {
  let asked: unknown = {}
  try {
    asked = JSON.parse(query.get("permissions") ?? "{}")
  } catch {
    asked = undefined
  }
  if (asked === null || typeof asked !== "object" || Array.isArray(asked)) return undefined
  const permissions: Record<string, string[]> = {}
  for (const [resource, actions] of Object.entries(asked as Record<string, unknown>)) {
    if (!Array.isArray(actions) || !actions.every((a) => typeof a === "string")) return undefined
    permissions[resource] = actions as string[]
  }
  return { identity: user, permissions }
}
