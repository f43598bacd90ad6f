import { lookup } from "node:dns/promises"
import { statSync } from "node:fs"
import { connect as tcpConnect } from "node:net"
import { connect as tlsConnect } from "node:tls"
import { type InspireClient, InspireError } from "@holos-inspire/core"
import { displayWidth, fetchCurrentUser, formatInstant, Harbor, Store } from "@holos-inspire/core/internal"
import { msg } from "./language.js"

/** One check of `inspire doctor`. */
export interface Check {
  readonly name: string
  readonly status: "ok" | "warn" | "fail"
  readonly detail: string
  readonly fix?: string
}

const ok = (name: string, detail: string): Check => ({ name, status: "ok", detail })
const warn = (name: string, detail: string, fix: string): Check => ({ name, status: "warn", detail, fix })
const fail = (name: string, detail: string, fix: string): Check => ({ name, status: "fail", detail, fix })

const offCampus = (): string => msg("cli-doctor-off-campus")

// What stands for a proxy's user and password when its address is shown.
const HIDDEN = "***"

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e))

const within = <A>(ms: number, what: string, run: Promise<A>): Promise<A> =>
  Promise.race([
    run,
    new Promise<A>((_, reject) =>
      setTimeout(() => reject(new Error(msg("cli-doctor-timed-out", { what }))), ms).unref(),
    ),
  ])

const socketCheck = (open: (done: (error?: Error) => void) => { destroy: () => void }): Promise<void> =>
  new Promise((resolve, reject) => {
    const socket = open((error) => {
      socket.destroy()
      if (error !== undefined) reject(error)
      else resolve()
    })
  })

const fileModes = (paths: ReadonlyArray<string>): Check => {
  const loose = paths.filter((p) => {
    try {
      return (statSync(p).mode & 0o077) !== 0
    } catch {
      return false
    }
  })
  return loose.length === 0
    ? ok("file modes", msg("cli-doctor-modes-ok"))
    : fail("file modes", msg("cli-doctor-modes-loose", { files: loose.join(", ") }), `chmod 600 ${loose.join(" ")}`)
}

/** DNS, TCP and TLS to the platform, then the clock skew from its Date header. */
const network = async (baseUrl: string, proxied: boolean): Promise<ReadonlyArray<Check>> => {
  const url = new URL(baseUrl)
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80))
  const level = proxied ? warn : fail
  const checks: Check[] = []
  try {
    const a = await within(5000, msg("cli-doctor-dns-lookup"), lookup(url.hostname))
    checks.push(ok("dns", `${url.hostname} → ${a.address}`))
    await within(
      5000,
      msg("cli-doctor-tcp-connect"),
      socketCheck((done) => tcpConnect({ host: a.address, port }, () => done()).on("error", done)),
    )
    checks.push(ok("tcp", msg("cli-doctor-tcp-ok", { address: `${url.hostname}:${port}` })))
    if (url.protocol === "https:") {
      await within(
        5000,
        msg("cli-doctor-tls-handshake"),
        socketCheck((done) =>
          tlsConnect({ host: a.address, port, servername: url.hostname }, () => done()).on("error", done),
        ),
      )
      checks.push(ok("tls", msg("cli-doctor-tls-ok")))
    }
  } catch (e) {
    checks.push(
      level("platform reachable", `${url.host}: ${reason(e)}`, proxied ? msg("cli-doctor-check-proxy") : offCampus()),
    )
    return checks
  }
  try {
    const res = await within(
      8000,
      msg("cli-doctor-http-request"),
      fetch(baseUrl, { method: "HEAD", redirect: "manual" }),
    )
    const date = res.headers.get("date")
    const skew = date === null ? undefined : Math.round((Date.now() - Date.parse(date)) / 1000)
    checks.push(
      skew === undefined
        ? warn("clock", msg("cli-doctor-clock-no-date"), msg("cli-doctor-nothing-to-do"))
        : Math.abs(skew) > 60
          ? warn(
              "clock",
              skew > 0
                ? msg("cli-doctor-clock-ahead", { seconds: skew })
                : msg("cli-doctor-clock-behind", { seconds: -skew }),
              msg("cli-doctor-clock-sync"),
            )
          : ok(
              "clock",
              msg("cli-doctor-clock-ok", { seconds: Math.abs(skew), skew: `${skew >= 0 ? "+" : ""}${skew}` }),
            ),
    )
  } catch (e) {
    checks.push(level("platform answers", reason(e), offCampus()))
  }
  return checks
}

const describeError = (e: unknown): { readonly reason: string; readonly message: string } =>
  e instanceof InspireError ? { reason: e.reason, message: e.message } : { reason: "Error", message: reason(e) }

/** Runs every check for the client's profile; never throws for a failed check. */
export const runDoctor = async (client: InspireClient): Promise<ReadonlyArray<Check>> => {
  const checks: Check[] = []
  const profile = await client.profile()
  const name = profile.name.value ?? "default"
  const store = await client.run(Store)
  try {
    await client.run(store.readConfig)
    checks.push(ok("config", msg("cli-doctor-config-ok", { file: store.paths.configFile, profile: name })))
  } catch (e) {
    checks.push(fail("config", describeError(e).message, msg("cli-doctor-config-fix")))
  }
  const creds = await client.run(store.readCredentials).catch(() => undefined)
  checks.push(fileModes([store.paths.credentialsFile, `${store.paths.sessionsDir}/${name}.json`]))
  const proxy = profile.proxy.value ?? process.env.HTTPS_PROXY ?? process.env.https_proxy
  checks.push(
    ok(
      "proxy",
      proxy !== undefined
        ? msg("cli-doctor-proxy", { proxy: proxy.replace(/\/\/[^@/]*@/, `//${HIDDEN}@`) })
        : msg("cli-doctor-proxy-none"),
    ),
  )
  const baseUrl = profile.baseUrl.value ?? ""
  checks.push(...(await network(baseUrl, proxy !== undefined)))
  const mine = creds?.profiles[name]
  if (mine?.inspire === undefined)
    checks.push(fail("credentials", msg("cli-doctor-credentials-none", { profile: name }), "inspire login"))
  else {
    try {
      // One cheap read proves the account (logging in first when needed); discovery is not needed here.
      const user = await client.run(fetchCurrentUser())
      checks.push(
        ok(
          "credentials",
          user.name !== ""
            ? msg("cli-doctor-credentials-ok-named", { username: mine.inspire.username, name: user.name })
            : msg("cli-doctor-credentials-ok", { username: mine.inspire.username }),
        ),
      )
    } catch (e) {
      const d = describeError(e)
      checks.push(
        d.reason === "PlatformUnreachable"
          ? warn(
              "credentials",
              msg("cli-doctor-credentials-unchecked", { username: mine.inspire.username, reason: d.message }),
              offCampus(),
            )
          : fail("credentials", d.message, "inspire login"),
      )
    }
  }
  const session = await client.run(store.readSession(name)).catch(() => undefined)
  if (session?.credentialsRejected !== undefined)
    checks.push(fail("session", msg("cli-doctor-session-rejected"), "inspire login"))
  else if (session?.token !== undefined)
    checks.push(
      session.token.expiresAt > Date.now()
        ? ok("session", msg("cli-doctor-session-ok", { until: formatInstant(session.token.expiresAt) }))
        : warn("session", msg("cli-doctor-session-expired"), msg("cli-doctor-session-renewed")),
    )
  else checks.push(warn("session", msg("cli-doctor-session-none"), msg("cli-doctor-session-obtained")))
  const harbor = await client.run(Harbor)
  for (const registry of ["qb", "sj"] as const) {
    const saved = mine?.harbor[registry]
    if (saved === undefined) {
      checks.push(
        warn(`harbor ${registry}`, msg("cli-doctor-harbor-none"), `inspire harbor-login --registry ${registry}`),
      )
      continue
    }
    const verdict = await client.run(harbor.check(registry, saved)).catch((e: unknown) => describeError(e).message)
    checks.push(
      verdict === "ok"
        ? ok(`harbor ${registry}`, msg("cli-doctor-harbor-ok", { username: saved.username }))
        : verdict === "rejected"
          ? fail(
              `harbor ${registry}`,
              msg("cli-doctor-harbor-rejected", { username: saved.username }),
              `inspire harbor-login --registry ${registry}`,
            )
          : warn(`harbor ${registry}`, msg("cli-doctor-harbor-unchecked", { reason: verdict }), offCampus()),
    )
  }
  return checks
}

// A check's name as people read it (--json keeps the name itself): `harbor qb` is the harbor check of qb.
const nameOf = (name: string): string =>
  name.startsWith("harbor ")
    ? msg("cli-doctor-name-harbor", { registry: name.slice("harbor ".length) })
    : msg(`cli-doctor-name-${name.replace(/ /g, "-")}`)

/** The checks as `inspire doctor` prints them, names padded to line up by display width. */
export const renderChecks = (checks: ReadonlyArray<Check>): string => {
  const names = checks.map((c) => nameOf(c.name))
  const width = Math.max(18, ...names.map(displayWidth))
  return checks
    .map((c, i) => {
      const name = names[i] ?? c.name
      const fix = c.fix ? `\n      ${msg("cli-doctor-fix", { fix: c.fix })}` : ""
      return `${c.status.toUpperCase().padEnd(4)}  ${name}${" ".repeat(width - displayWidth(name))} ${c.detail}${fix}`
    })
    .join("\n")
}
