import { readFile } from "node:fs/promises"
import {
  createInspireClient,
  type ErrorReason,
  InspireError,
  invoke,
  loginOperation,
  renderWords,
} from "@holos-inspire/core"
import { resolveStorePaths } from "@holos-inspire/core/internal"
import type { CliResult } from "./sdk.js"

const USAGE = 2
const LOGIN_NEEDED = 4

const exitCodeOf = (reason: ErrorReason): number => {
  if (reason === "InvalidInput") return USAGE
  if (
    reason === "NotLoggedIn" ||
    reason === "CredentialsRejected" ||
    reason === "SessionExpired" ||
    reason === "RegistryAuthFailed"
  )
    return LOGIN_NEEDED
  return 1
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined

const failure = (message: string, hint: string, exitCode: number): CliResult => ({
  stderr: `error: ${message}\nhint: ${hint}\n`,
  exitCode,
})

// Synergy 3.0.22 writes a CLI command's arguments into its own log file, so a password given with
// --password lands there; a file or (for the platform account) INSPIRE_PASSWORD keeps it out.
const passwordOf = async (
  args: Readonly<Record<string, unknown>>,
  target: "inspire" | "harbor",
): Promise<string | undefined | CliResult> => {
  if (typeof args.password === "string" && args.password !== "") return args.password
  const file = text(args["password-file"])
  if (file !== undefined) {
    const read = await readFile(file, "utf8").catch(() => undefined)
    const password = read?.replace(/\r?\n$/, "")
    if (password === undefined || password === "")
      return failure(
        `Could not read a password from ${file}.`,
        "Give a readable file holding only the password.",
        USAGE,
      )
    return password
  }
  const fromEnv = target === "inspire" ? process.env.INSPIRE_PASSWORD : undefined
  return fromEnv !== undefined && fromEnv !== "" ? fromEnv : undefined
}

/**
 * Saves credentials through the catalogue's login operation into the shared store (INSPIRE_HOME,
 * else ~/.config/holos-inspire), so `inspire`, `inspire-mcp` and the plugin tools all use them.
 * What it prints never contains the password.
 */
const saveLogin = async (args: Readonly<Record<string, unknown>>, target: "inspire" | "harbor"): Promise<CliResult> => {
  const command = target === "inspire" ? "login" : "harbor-login"
  const username = text(args.username)
  const password = await passwordOf(args, target)
  if (typeof password === "object") return password
  if (username === undefined || password === undefined)
    return failure(
      "--username and a password are both needed.",
      `synergy inspire ${command} --username <${target === "inspire" ? "学工号" : "robot account"}> --password <password>${target === "harbor" ? " [--registry qb|sj]" : ""} (or --password-file <file>${target === "inspire" ? ", or INSPIRE_PASSWORD in the environment" : ""})`,
      USAGE,
    )
  const registry = text(args.registry) ?? "qb"
  if (target === "harbor" && registry !== "qb" && registry !== "sj")
    return failure(`Unknown registry "${registry}".`, "Use --registry qb (七宝, the default) or sj (松江).", USAGE)
  const profile = text(args.profile)
  // A terminal command: hints name the inspire CLI's commands and flags.
  const client = createInspireClient({ env: process.env, words: "cli", ...(profile !== undefined ? { profile } : {}) })
  try {
    const run = await client.run(
      invoke(loginOperation, { target, username, password, ...(target === "harbor" ? { registry } : {}) }),
    )
    const store = resolveStorePaths(process.env).credentialsFile
    return { stdout: `${run.text}\nstore: ${store}\n`, exitCode: 0 }
  } catch (e) {
    if (e instanceof InspireError) return failure(e.message, renderWords(e.hint, "cli"), exitCodeOf(e.reason))
    return failure(
      "The login could not be completed because of an unexpected error.",
      "Run it again; if it keeps failing, report it with `synergy inspire login` and the time.",
      1,
    )
  } finally {
    await client.close()
  }
}

/** The handlers of `synergy inspire login` and `synergy inspire harbor-login`, by command id. */
export const loginHandlers: Readonly<Record<string, (args: Readonly<Record<string, unknown>>) => Promise<CliResult>>> =
  {
    login: (args) => saveLogin(args, "inspire"),
    "harbor-login": (args) => saveLogin(args, "harbor"),
  }
