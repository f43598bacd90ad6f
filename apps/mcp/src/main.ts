import { fileURLToPath } from "node:url"
import { createInspireClient, languageOf } from "@holos-inspire/core"
import { runWaiterProcess } from "@holos-inspire/core/internal"
import { type Command, parseCommand, SettingError, tokenFrom, USAGE, UsageError } from "./args.js"
import { generateToken } from "./guard.js"
import { InFlight } from "./in-flight.js"
import { limitsFrom } from "./limits.js"
import { log } from "./log.js"
import { SKILL_DIR, skillDocuments } from "./resources.js"
import { makeServer } from "./server.js"
import { LineTransport } from "./stdio.js"

declare const __INSPIRE_VERSION__: string | undefined

/** The version stamped in by the bundler. */
export const VERSION = typeof __INSPIRE_VERSION__ === "string" ? __INSPIRE_VERSION__ : "0.0.0-dev"

// A defect that escapes a handler is logged; the server keeps serving the other calls.
process.on("unhandledRejection", (e) => log(`unhandled rejection: ${e instanceof Error ? e.message : String(e)}`))
process.on("uncaughtException", (e) => log(`uncaught exception: ${e.message}`))

const serve = async (command: Extract<Command, { kind: "stdio" | "http" }>): Promise<void> => {
  const limits = limitsFrom(process.env)
  const lang = process.env.INSPIRE_LANG?.trim() ?? ""
  if (lang !== "" && languageOf(lang) === undefined)
    log(`INSPIRE_LANG=${lang} names no language inspire speaks (en, zh-CN); answering in English`)
  const client = createInspireClient({
    words: "mcp",
    env: process.env,
    ...(command.profile !== undefined ? { profile: command.profile } : {}),
  })
  const documents = skillDocuments(fileURLToPath(new URL(`./${SKILL_DIR}/`, import.meta.url)))
  const deps = { client, version: VERSION, documents, tools: command.tools }
  let closing = false
  const shutdown = (close: () => Promise<void>) => async () => {
    if (closing) return
    closing = true
    await close().catch(() => undefined)
    await client.close().catch(() => undefined)
    process.exit(0)
  }

  if (command.kind === "stdio") {
    const inFlight = new InFlight()
    const server = makeServer({ ...deps, inFlight })
    const stop = shutdown(() => server.close())
    // The client is gone once stdin ends; the calls it already sent are still answered first.
    process.stdin.on("end", () => {
      inFlight.settled().then(stop, stop)
    })
    process.on("SIGINT", stop)
    process.on("SIGTERM", stop)
    await server.connect(new LineTransport(limits.maxMessageBytes))
    log(`serving ${VERSION} on stdio`)
    return
  }
  const fromEnv = tokenFrom(process.env)
  const token = fromEnv ?? generateToken()
  // Loaded for HTTP only: its web server (hono's adapter) reads the global fetch classes when it loads,
  // which makes Node load its own fetch, tens of milliseconds that a stdio server never needs.
  const { serveHttp } = await import("./http.js")
  const endpoint = await serveHttp({ port: command.port, token, limits, makeServer: () => makeServer(deps) })
  const stop = shutdown(endpoint.close)
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
  log(`serving ${VERSION} on ${endpoint.url} (Streamable HTTP, loopback only)`)
  if (fromEnv !== undefined) log("bearer token: the value of INSPIRE_MCP_TOKEN")
  else log(`bearer token: ${token}  (send Authorization: Bearer <token>; set INSPIRE_MCP_TOKEN to choose it)`)
}

const main = async (argv: ReadonlyArray<string>): Promise<void> => {
  const command = parseCommand(argv, process.env)
  if (command.kind === "help") {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  if (command.kind === "version") {
    process.stdout.write(`${VERSION}\n`)
    return
  }
  if (command.kind === "waiter") return runWaiterProcess(command.id, command.profile)
  // Checked before anything starts, so a weak token never serves a single request.
  if (command.kind === "http") tokenFrom(process.env)
  await serve(command)
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) {
    process.stderr.write(`error: ${e.message}\n${USAGE}\n`)
    process.exitCode = 2
    return
  }
  if (e instanceof SettingError) {
    process.stderr.write(`error: ${e.message}\n`)
    process.exitCode = 2
    return
  }
  log(`could not start: ${e instanceof Error ? e.message : String(e)}`)
  process.exitCode = 1
})
