/** One host's cookies, name → value: what the session keeps of the platform's. */
export type HostCookies = Readonly<Record<string, string>>

/** Cookies per host, as a login chain across qz, Keycloak and CAS collects them. */
export type CookieJar = Readonly<Record<string, HostCookies>>

/**
 * Adds the cookies of Set-Cookie headers received from `url`; expired or emptied cookies are removed.
 * `now` (from Clock) is what an `Expires` date is compared with.
 */
export const storeCookies = (
  jar: CookieJar,
  url: string,
  setCookies: ReadonlyArray<string>,
  now: number,
): CookieJar => {
  if (setCookies.length === 0) return jar
  const host = new URL(url).host
  const cookies: Record<string, string> = { ...jar[host] }
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split(";")
    const eq = pair.indexOf("=")
    if (eq <= 0) continue
    const name = pair.slice(0, eq).trim()
    const value = pair.slice(eq + 1).trim()
    const expired = attributes.some((a) => {
      const [k = "", v = ""] = a.split("=").map((s) => s.trim())
      if (k.toLowerCase() === "max-age") return Number(v) <= 0
      if (k.toLowerCase() === "expires") return Date.parse(v) < now
      return false
    })
    if (expired || value === "") delete cookies[name]
    else cookies[name] = value
  }
  return { ...jar, [host]: cookies }
}

/** The Cookie header of one host's cookies ("" when there are none); the one place a jar becomes text. */
export const cookieHeaderOf = (cookies: HostCookies): string =>
  Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join("; ")

/** Whether two hosts' cookies are the same, name for name and value for value. */
export const sameCookies = (a: HostCookies, b: HostCookies): boolean => {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] === a[k])
}

/** The Cookie header for a request to `url`, or undefined when the jar holds nothing for its host. */
export const cookieHeader = (jar: CookieJar, url: string): string | undefined => {
  const cookies = jar[new URL(url).host]
  if (cookies === undefined) return undefined
  const header = cookieHeaderOf(cookies)
  return header !== "" ? header : undefined
}

/** Whether the platform host holds a session cookie (any name containing "session", INSPIRE-API.md §2.6). */
export const hasSession = (jar: CookieJar, baseUrl: string): boolean =>
  Object.keys(jar[new URL(baseUrl).host] ?? {}).some((name) => name.toLowerCase().includes("session"))
