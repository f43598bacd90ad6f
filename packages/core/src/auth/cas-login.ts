import { Clock, Effect, Either } from "../effect.js"
import { InspireError } from "../errors.js"
import { fromTransportFailure } from "../platform/failures.js"
import { platformSays } from "../platform/says.js"
import { type HttpResponse, Transport } from "../platform/transport.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { type CookieJar, cookieHeader, type HostCookies, hasSession, storeCookies } from "./cookies.js"
import { checkPasswordUrl } from "./login-url.js"
import { type CasKey, DEFAULT_CAS_KEY, encryptCasPassword, findCasKey } from "./rsa.js"
import type { Credentials } from "./token-login.js"

/** The browser the login chain presents itself as; some gateways turn away script user agents. */
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"

const MAX_HOPS = 15

interface Page {
  readonly url: string
  readonly res: HttpResponse
  readonly jar: CookieJar
  /** Some hop's answer was lost and its GET sent again: a one-time ticket or code may have been spent. */
  readonly resent: boolean
}

const send = (req: Parameters<Transport["Type"]["send"]>[0]) =>
  Effect.flatMap(Transport, (t) => Effect.mapError(t.send(req), fromTransportFailure))

const htmlHeaders = (jar: CookieJar, url: string) => {
  const cookie = cookieHeader(jar, url)
  return {
    "user-agent": BROWSER_UA,
    accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    ...(cookie !== undefined ? { cookie } : {}),
  }
}

/** A 5xx or 429 inside the chain says nothing about the password: the whole login may be run again. */
const transient = (status: number) =>
  new InspireError({
    reason: "PlatformError",
    message: msg("auth-login-http", { status }),
    hint: msg("auth-login-http-hint"),
    ambiguous: true,
  })

// Ambiguous, so that the session's login runs again from a fresh form instead of pausing logins.
const lostInChain = () =>
  new InspireError({
    reason: "PlatformError",
    message: msg("auth-lost-in-chain"),
    hint: msg("auth-lost-in-chain-hint"),
    ambiguous: true,
  })

const loginError = (message: Text, hint: Text, reason: "PlatformError" | "CredentialsRejected" = "PlatformError") =>
  new InspireError({ reason, message, hint })

/** Follows a redirect chain by hand with GET, collecting cookies per host. */
const follow = (start: string, jar0: CookieJar, first?: HttpResponse): Effect.Effect<Page, InspireError, Transport> =>
  Effect.gen(function* () {
    let url = start
    let jar = jar0
    let res = first
    let resent = false
    for (let hop = 0; hop <= MAX_HOPS; hop++) {
      if (res === undefined) {
        res = yield* send({ method: "GET", url, headers: htmlHeaders(jar, url), idempotent: true })
        jar = storeCookies(jar, url, res.setCookies, yield* Clock.currentTimeMillis)
        resent ||= res.attempts > 1
      }
      const location = res.headers.location
      if (res.status >= 500 || res.status === 429) return yield* Effect.fail(transient(res.status))
      if (res.status < 300 || res.status >= 400 || location === undefined) return { url, res, jar, resent }
      url = new URL(location, url).toString()
      res = undefined
    }
    return yield* Effect.fail(loginError(msg("auth-too-many-hops", { hops: MAX_HOPS }), msg("auth-browser-once-hint")))
  })

const attributes = (tag: string): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const m of tag.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g))
    if (m[1] !== undefined) out[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? ""
  return out
}

/** The hidden inputs of a CAS form (`lt`, `execution`), whatever the attribute order. */
const hiddenInputs = (html: string): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const tag of html.match(/<input\b[^>]*>/gi) ?? []) {
    const a = attributes(tag)
    if (a.name !== undefined && (a.type ?? "").toLowerCase() === "hidden") out[a.name] = a.value ?? ""
  }
  return out
}

/** The text of the CAS page's `form-error` element, the only place its verdict is read from (§2.3). */
const formError = (html: string): string | undefined => {
  const m = /<(div|span|p)\b[^>]*class\s*=\s*["'][^"']*\bform-error\b[^"']*["'][^>]*>([\s\S]*?)<\/\1>/i.exec(html)
  const text = m?.[2]
    ?.replace(/<[^>]*>/g, "")
    .replace(/\s+/g, " ")
    .trim()
  return text === undefined || text === "" ? undefined : text
}

const casFailure = (text: string | undefined, baseUrl: string): InspireError => {
  if (text === undefined) return loginError(msg("auth-cas-no-reason"), msg("auth-browser-once-hint"))
  // The page's own words are kept as it wrote them (explained for English readers when known).
  const said = platformSays(text)
  if (/锁定/.test(text))
    return loginError(msg("auth-cas-locked", { text: said }), msg("auth-cas-locked-hint"), "CredentialsRejected")
  if (/验证码/.test(text))
    return loginError(
      msg("auth-cas-captcha", { text: said }),
      msg("auth-cas-captcha-hint", { url: baseUrl }),
      "CredentialsRejected",
    )
  if (/用户名或密码错误|账号或密码错误|密码错误|账号不存在/.test(text))
    return loginError(msg("auth-cas-rejected", { text: said }), msg("auth-check-password-hint"), "CredentialsRejected")
  return loginError(msg("auth-cas-failed", { text: said }), msg("auth-keeps-failing-hint"))
}

const isCasForm = (html: string): boolean => {
  const inputs = hiddenInputs(html)
  return "execution" in inputs || "lt" in inputs
}

/**
 * Logs in through the SSO chain over plain HTTP (INSPIRE-API.md §2.3): platform → Keycloak page →
 * its CAS broker link → the CAS form, posted with the RSA-encrypted password → back to the platform,
 * which sets the session cookie. Returns the platform host's cookies. The form is posted only to an
 * https page, or one on this machine: its RSA key comes from the page, so http elsewhere protects nothing.
 */
export const casLogin = (
  baseUrl: string,
  credentials: Credentials,
  key: CasKey = DEFAULT_CAS_KEY,
): Effect.Effect<HostCookies, InspireError, Transport> =>
  Effect.gen(function* () {
    yield* checkPasswordUrl(baseUrl, msg("auth-from-base-url"))
    const platformHost = new URL(baseUrl).host
    let page = yield* follow(new URL("/", baseUrl).toString(), {})
    if (!isCasForm(page.res.body)) {
      const link = /"loginUrl"\s*:\s*"([^"]*broker\\?\/cas\\?\/login[^"]*)"/.exec(page.res.body)?.[1]
      if (link === undefined) {
        if (hasSession(page.jar, baseUrl)) return page.jar[platformHost] ?? {}
        return yield* Effect.fail(loginError(msg("auth-no-cas-link"), msg("auth-no-cas-link-hint")))
      }
      const unescaped = link.replace(/\\\//g, "/").replace(/&amp;/g, "&")
      page = yield* follow(new URL(unescaped, page.url).toString(), page.jar)
    }
    if (!isCasForm(page.res.body))
      return yield* Effect.fail(loginError(msg("auth-cas-not-reached"), msg("auth-browser-once-hint")))
    yield* checkPasswordUrl(page.url, msg("auth-from-cas-page"))
    const hidden = hiddenInputs(page.res.body)
    const cipher = encryptCasPassword(credentials.password, findCasKey(page.res.body) ?? key)
    if (Either.isLeft(cipher)) return yield* Effect.fail(cipher.left)
    const form = new URLSearchParams({
      username: credentials.username,
      password: cipher.right,
      _eventId: "submit",
      submit: "登 录",
      loginType: "1",
      encrypted: "true",
      lt: hidden.lt ?? "",
      execution: hidden.execution ?? "",
    })
    const casOrigin = new URL(page.url).origin
    const cookie = cookieHeader(page.jar, page.url)
    const posted = yield* send({
      method: "POST",
      url: page.url,
      headers: {
        "user-agent": BROWSER_UA,
        "content-type": "application/x-www-form-urlencoded",
        origin: casOrigin,
        referer: page.url,
        ...(cookie !== undefined ? { cookie } : {}),
      },
      body: form.toString(),
      idempotent: false,
    })
    if (posted.status >= 500 || posted.status === 429) return yield* Effect.fail(transient(posted.status))
    const afterPost = storeCookies(page.jar, page.url, posted.setCookies, yield* Clock.currentTimeMillis)
    if (posted.status < 300 || posted.status >= 400)
      return yield* Effect.fail(casFailure(formError(posted.body), baseUrl))
    let done = yield* follow(page.url, afterPost, posted)
    const resent = done.resent
    if (!hasSession(done.jar, baseUrl)) done = yield* follow(new URL("/", baseUrl).toString(), done.jar)
    if (!hasSession(done.jar, baseUrl)) {
      // The password was accepted (the form answered with a redirect), but an answer in the chain was
      // lost and its one-time ticket spent by the resend: the whole login can simply be run again.
      if (resent) return yield* Effect.fail(lostInChain())
      if (isCasForm(done.res.body)) return yield* Effect.fail(casFailure(formError(done.res.body), baseUrl))
      return yield* Effect.fail(loginError(msg("auth-no-session"), msg("auth-keeps-failing-hint")))
    }
    return done.jar[platformHost] ?? {}
  })
