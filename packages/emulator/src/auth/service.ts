import { randomBytes } from "node:crypto"
import { parseCookies } from "../http.js"
import { findUserByLogin, userById } from "../state/lookup.js"
import type { Store } from "../state/store.js"
import type { User } from "../state/types.js"
import { JwtSigner, type TokenClaims } from "./jwt.js"

export type V2Credential = "both" | "cookie" | "token"

export interface AuthOptions {
  /** Absolute session lifetime; the platform never slides it (§2.6). */
  sessionTtlSeconds: number
  tokenTtlSeconds: number
  v2Credential: V2Credential
  captchaAfter: number
  lockAfter: number
  captchaSeconds: number
  lockSeconds: number
  executionTtlSeconds: number
  /** HTTP status of a failed `/auth/token`. */
  tokenFailureStatus: number
  /** `envelope` ({code, message, data}) as H, IS and QZ saw it, or the vendor document's `bare` object. */
  tokenShape: "envelope" | "bare"
  /** Login names treated as CAS-federated on top of the fixture's own. */
  federated: string[]
  /** How V1 answers a missing or expired cookie; both were reported (§7 item 12). */
  v1Expired: "401" | "302"
  /** Require a console-page Referer on V1 (§1.3 leaves it unknown whether the platform checks). */
  strictReferer: boolean
}

const defaultAuthOptions = (): AuthOptions => ({
  sessionTtlSeconds: 20 * 60,
  tokenTtlSeconds: 604_800,
  v2Credential: "both",
  captchaAfter: 3,
  lockAfter: 5,
  captchaSeconds: 300,
  lockSeconds: 1800,
  executionTtlSeconds: 600,
  tokenFailureStatus: 401,
  tokenShape: "envelope",
  federated: [],
  v1Expired: "401",
  strictReferer: false,
})

interface Failures {
  count: number
  lastAt: number
  lockedUntil: number
}

export const SESSION_COOKIE = "inspire-session"
const rand = (bytes = 16): string => randomBytes(bytes).toString("hex")

/** Sessions, tokens and the CAS login bookkeeping. Runs on wall time (plus a test offset), not task time. */
export class AuthService {
  options: AuthOptions = defaultAuthOptions()
  /** Successful logins by method, so tests can prove that clients log in once, not once per caller. */
  readonly logins = { token: 0, session: 0 }
  private offsetMs = 0
  private readonly jwt = new JwtSigner()
  private readonly sessions = new Map<string, { userId: string; createdAt: number }>()
  private readonly tokens = new Map<string, string>()
  private readonly verified = new Map<string, TokenClaims>()
  private readonly failures = new Map<string, Failures>()
  readonly executions = new Map<string, { lt: string; issuedAt: number }>()
  readonly tickets = new Map<string, string>()
  readonly codes = new Map<string, string>()
  /** Keycloak "tabs": one per login attempt, remembering where to send the browser back. */
  readonly flows = new Map<string, { redirect: string; state: string }>()

  constructor(private readonly store: Store) {}

  now(): number {
    return Date.now() + this.offsetMs
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000
  }

  isFederated(user: User): boolean {
    return user.federated || this.options.federated.includes(user.loginName)
  }

  issueToken(user: User, issuer: string): { access_token: string; expires_in: string; token_type: string } {
    this.logins.token += 1
    const iat = Math.floor(this.now() / 1000)
    const jti = rand(8)
    const access = this.jwt.sign({
      exp: iat + this.options.tokenTtlSeconds,
      iat,
      jti,
      iss: `${issuer}/auth/realms/sii`,
      azp: "inspire-studio",
      sub: user.id,
      preferred_username: user.loginName,
      typ: "Bearer",
    })
    this.tokens.set(jti, user.id)
    return { access_token: access, expires_in: String(this.options.tokenTtlSeconds), token_type: "Bearer" }
  }

  tokenUser(authorization: string | undefined): User | undefined {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")
    if (!m?.[1]) return undefined
    // Verified claims are cached: the HMAC would otherwise dominate the cost of a cheap request.
    let claims = this.verified.get(m[1])
    if (!claims) {
      claims = this.jwt.verify(m[1])
      if (claims) {
        if (this.verified.size > 1000) this.verified.clear()
        this.verified.set(m[1], claims)
      }
    }
    if (!claims || claims.exp * 1000 <= this.now() || !this.tokens.has(claims.jti)) return undefined
    return userById(this.store.state, claims.sub)
  }

  createSession(userId: string): string {
    this.logins.session += 1
    const sid = rand(24)
    this.sessions.set(sid, { userId, createdAt: this.now() })
    return sid
  }

  sessionUser(cookieHeader: string | undefined): User | undefined {
    const sid = parseCookies(cookieHeader).get(SESSION_COOKIE)
    if (!sid) return undefined
    const s = this.sessions.get(sid)
    if (!s) return undefined
    if (this.now() - s.createdAt >= this.options.sessionTtlSeconds * 1000) {
      this.sessions.delete(sid)
      return undefined
    }
    return userById(this.store.state, s.userId)
  }

  /** Every cookie and token issued so far stops working (the fault "forced session expiry"). */
  expireAll(): void {
    this.sessions.clear()
    this.tokens.clear()
  }

  resetLoginFailures(): void {
    this.failures.clear()
  }

  newExecution(): { lt: string; execution: string } {
    const lt = `LT-${rand(6)}-cas`
    const execution = `${rand(4)}-e1s1-${rand(24)}`
    this.executions.set(execution, { lt, issuedAt: this.now() })
    return { lt, execution }
  }

  /** Takes an execution out of circulation; true when it was issued and is still fresh. */
  consumeExecution(execution: string, lt: string): "ok" | "expired" | "invalid" {
    const e = this.executions.get(execution)
    this.executions.delete(execution)
    if (!e) return "expired"
    if (this.now() - e.issuedAt > this.options.executionTtlSeconds * 1000) return "expired"
    return e.lt === lt ? "ok" : "invalid"
  }

  loginState(login: string): "ok" | "captcha" | "locked" {
    const f = this.failures.get(login)
    if (!f) return "ok"
    const now = this.now()
    if (f.lockedUntil > now) return "locked"
    if (now - f.lastAt >= this.options.captchaSeconds * 1000) {
      this.failures.delete(login)
      return "ok"
    }
    return f.count >= this.options.captchaAfter ? "captcha" : "ok"
  }

  /** Records a failed attempt; answers whether it just locked the account. */
  recordFailure(login: string): boolean {
    const now = this.now()
    const f = this.failures.get(login) ?? { count: 0, lastAt: now, lockedUntil: 0 }
    f.count += 1
    f.lastAt = now
    if (f.count >= this.options.lockAfter) f.lockedUntil = now + this.options.lockSeconds * 1000
    this.failures.set(login, f)
    return f.lockedUntil > now
  }

  recordSuccess(login: string): void {
    this.failures.delete(login)
  }

  userByLogin(login: string): User | undefined {
    return findUserByLogin(this.store.state, login)
  }

  newTicket(userId: string): string {
    const t = `ST-${rand(10)}-cas`
    this.tickets.set(t, userId)
    return t
  }

  newCode(userId: string): string {
    const c = rand(12)
    this.codes.set(c, userId)
    return c
  }
}
