import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"

export interface TokenClaims {
  exp: number
  iat: number
  jti: string
  iss: string
  azp: string
  sub: string
  preferred_username: string
  typ: string
}

const b64url = (data: string | Buffer): string => Buffer.from(data).toString("base64url")

/** HMAC-signed JWTs with a per-process secret: tokens die with the process, as a restart should imply. */
export class JwtSigner {
  private readonly secret = randomBytes(32)

  sign(claims: TokenClaims): string {
    const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: "emulator" }))
    const body = b64url(JSON.stringify(claims))
    return `${head}.${body}.${this.mac(`${head}.${body}`)}`
  }

  verify(token: string): TokenClaims | undefined {
    const parts = token.split(".")
    if (parts.length !== 3) return undefined
    const [head, body, sig] = parts as [string, string, string]
    const want = Buffer.from(this.mac(`${head}.${body}`))
    const got = Buffer.from(sig)
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined
    try {
      return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenClaims
    } catch {
      return undefined
    }
  }

  private mac(text: string): string {
    return createHmac("sha256", this.secret).update(text).digest("base64url")
  }
}
