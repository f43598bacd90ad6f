import { lookup } from "node:dns/promises"
import { statSync } from "node:fs"
import { connect as tcpConnect } from "node:net"
import { connect as tlsConnect } from "node:tls"
import { type InspireClient, InspireError } from "@holos-inspire/core"
import { fetchCurrentUser, formatInstant, Harbor, Store } from "@holos-inspire/core/internal"

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

const OFF_CAMPUS = "Connect to the campus network or the VPN; saved credentials work again once it is reachable."

const reason = (e: unknown): string => (e instanceof Error ? e.message : String(e))

const within = <A>(ms: number, what: string, run: Promise<A>): Promise<A> =>
  Promise.race([
    run,
    new Promise<A>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), ms).unref()),
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
    ? ok("file modes", "credentials and sessions are readable only by you")
    : fail("file modes", `readable by others: ${loose.join(", ")}`, `chmod 600 ${loose.join(" ")}`)
}

/** DNS, TCP and TLS to the platform, then the clock skew from its Date header. */
const network = async (baseUrl: string, proxied: boolean): Promise<ReadonlyArray<Check>> => {
  const url = new URL(baseUrl)
  const port = Number(url.port || (url.protocol === "https:" ? 443 : 80))
  const level = proxied ? warn : fail
  const checks: Check[] = []
  try {
    const a = await within(5000, "DNS lookup", lookup(url.hostname))
    checks.push(ok("dns", `${url.hostname} → ${a.address}`))
    await within(
      5000,
      "TCP connect",
      socketCheck((done) => tcpConnect({ host: a.address, port }, () => done()).on("error", done)),
    )
    checks.push(ok("tcp", `${url.hostname}:${port} accepts connections`))
    if (url.protocol === "https:") {
      await within(
        5000,
        "TLS handshake",
        socketCheck((done) =>
          tlsConnect({ host: a.address, port, servername: url.hostname }, () => done()).on("error", done),
        ),
      )
      checks.push(ok("tls", "the certificate is valid"))
    }
  } catch (e) {
    checks.push(
      level("platform reachable", `${url.host}: ${reason(e)}`, proxied ? "Check the proxy settings." : OFF_CAMPUS),
    )
    return checks
  }
  try {
    const res = await within(8000, "HTTP request", fetch(baseUrl, { method: "HEAD", redirect: "manual" }))
    const date = res.headers.get("date")
    const skew = date === null ? undefined : Math.round((Date.now() - Date.parse(date)) / 1000)
    checks.push(
      skew === undefined
        ? warn("clock", "the platform sent no Date header", "Nothing to do.")
        : Math.abs(skew) > 60
          ? warn(
              "clock",
              `this machine's clock is ${Math.abs(skew)} s ${skew > 0 ? "ahead of" : "behind"} the platform's (creates use the platform's clock and are not affected)`,
              "Sync the clock (NTP): tokens are renewed early or late.",
            )
          : ok("clock", `within ${Math.abs(skew)} s of the platform (${skew >= 0 ? "+" : ""}${skew} s)`),
    )
  } catch (e) {
    checks.push(level("platform answers", reason(e), OFF_CAMPUS))
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
    checks.push(ok("config", `${store.paths.configFile} is valid (profile ${name})`))
  } catch (e) {
    checks.push(
      fail("config", describeError(e).message, "Fix or move the file; `inspire config get` shows the values."),
    )
  }
  const creds = await client.run(store.readCredentials).catch(() => undefined)
  checks.push(fileModes([store.paths.credentialsFile, `${store.paths.sessionsDir}/${name}.json`]))
  const proxy = profile.proxy.value ?? process.env.HTTPS_PROXY ?? process.env.https_proxy
  checks.push(
    ok("proxy", proxy !== undefined ? `requests go through ${proxy.replace(/\/\/[^@/]*@/, "//***@")}` : "none"),
  )
  const baseUrl = profile.baseUrl.value ?? ""
  checks.push(...(await network(baseUrl, proxy !== undefined)))
  const mine = creds?.profiles[name]
  if (mine?.inspire === undefined)
    checks.push(fail("credentials", `no platform account is saved for profile ${name}`, "inspire login"))
  else {
    try {
      // One cheap read proves the account (logging in first when needed); discovery is not needed here.
      const user = await client.run(fetchCurrentUser())
      checks.push(
        ok(
          "credentials",
          `${mine.inspire.username} is accepted by the platform${user.name !== "" ? ` (${user.name})` : ""}`,
        ),
      )
    } catch (e) {
      const d = describeError(e)
      checks.push(
        d.reason === "PlatformUnreachable"
          ? warn("credentials", `saved for ${mine.inspire.username}, not checked: ${d.message}`, OFF_CAMPUS)
          : fail("credentials", d.message, "inspire login"),
      )
    }
  }
  const session = await client.run(store.readSession(name)).catch(() => undefined)
  if (session?.credentialsRejected !== undefined)
    checks.push(fail("session", "the platform rejected the saved password", "inspire login"))
  else if (session?.token !== undefined)
    checks.push(
      session.token.expiresAt > Date.now()
        ? ok("session", `token valid until ${formatInstant(session.token.expiresAt)}`)
        : warn("session", "the token expired", "Nothing to do: it is renewed on the next call."),
    )
  else checks.push(warn("session", "no token cached", "Nothing to do: one is obtained on the next call."))
  const harbor = await client.run(Harbor)
  for (const registry of ["qb", "sj"] as const) {
    const saved = mine?.harbor[registry]
    if (saved === undefined) {
      checks.push(warn(`harbor ${registry}`, "no robot account saved", `inspire harbor-login --registry ${registry}`))
      continue
    }
    const verdict = await client.run(harbor.check(registry, saved)).catch((e: unknown) => describeError(e).message)
    checks.push(
      verdict === "ok"
        ? ok(`harbor ${registry}`, `${saved.username} is accepted`)
        : verdict === "rejected"
          ? fail(`harbor ${registry}`, `${saved.username} is rejected`, `inspire harbor-login --registry ${registry}`)
          : warn(`harbor ${registry}`, `not checked: ${verdict}`, OFF_CAMPUS),
    )
  }
  return checks
}

/** The checks as `inspire doctor` prints them. */
export const renderChecks = (checks: ReadonlyArray<Check>): string =>
  checks
    .map(
      (c) =>
        `${c.status.toUpperCase().padEnd(4)}  ${c.name.padEnd(18)} ${c.detail}${c.fix ? `\n      fix: ${c.fix}` : ""}`,
    )
    .join("\n")
