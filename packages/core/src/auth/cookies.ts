/** Cookies per host, as a login chain across qz, Keycloak and CAS collects them. */
export type CookieJar = Readonly<Record<string, Readonly<Record<string, string>>>>

/** Adds the cookies of Set-Cookie headers received from `url`; expired or emptied cookies are removed. */
export const storeCookies = (jar: CookieJar, url: string, setCookies: ReadonlyArray<string>): CookieJar => {
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
      if (k.toLowerCase() === "expires") return Date.parse(v) < Date.now()
      return false
    })
    if (expired || value === "") delete cookies[name]
    else cookies[name] = value
  }
  return { ...jar, [host]: cookies }
}

/** The Cookie header for a request to `url`, or undefined when the jar holds nothing for its host. */
export const cookieHeader = (jar: CookieJar, url: string): string | undefined => {
  const cookies = jar[new URL(url).host]
  if (cookies === undefined) return undefined
  const pairs = Object.entries(cookies).map(([k, v]) => `${k}=${v}`)
  return pairs.length > 0 ? pairs.join("; ") : undefined
}

/** Whether the platform host holds a session cookie (any name containing "session", INSPIRE-API.md §2.6). */
export const hasSession = (jar: CookieJar, baseUrl: string): boolean =>
  Object.keys(jar[new URL(baseUrl).host] ?? {}).some((name) => name.toLowerCase().includes("session"))
