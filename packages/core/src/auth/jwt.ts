/** The `exp` claim of a JWT in epoch milliseconds, or undefined when it cannot be read. */
export const jwtExpiry = (token: string): number | undefined => {
  const payload = token.split(".")[1]
  if (payload === undefined) return undefined
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { exp?: unknown }
    return typeof claims.exp === "number" && Number.isFinite(claims.exp) ? claims.exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/**
 * When a token stops being usable: its `exp` is the authority; else now + expires_in; else one hour
 * (INSPIRE-API.md §2.1).
 */
export const tokenExpiry = (token: string, expiresIn: string | number | undefined, now: number): number => {
  const fromJwt = jwtExpiry(token)
  if (fromJwt !== undefined) return fromJwt
  const seconds = Number(expiresIn)
  return Number.isFinite(seconds) && seconds > 0 ? now + seconds * 1000 : now + 3_600_000
}
