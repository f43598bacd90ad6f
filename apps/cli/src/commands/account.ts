import {
  configOperation,
  type Invocation,
  type LoginOperationResult,
  loginOperation,
  type Worded,
} from "@holos-inspire/core"
import { checkHarborLoginUrl, checkPlatformLoginUrl, SETTING_KEYS } from "@holos-inspire/core/internal"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { forgetListed } from "../completion/live.js"
import { EXIT } from "../exit-codes.js"
import { msg } from "../language.js"
import { CliError, cancelled, note, printResult, usageError } from "../output.js"
import { ask, askSecret, confirm, interactive, readStdin } from "../prompt.js"
import { withClient } from "../run.js"
import { logout, profiles } from "../store.js"
import { type Extension, extend } from "./catalogue.js"

// Where the password would go is checked before it is asked for: https, or plain http on this
// machine, at an address from INSPIRE_BASE_URL or a config file that passes the ownership check
// (reading the config checks it). Core checks again before anything is sent.
// A refused address is the profile's configuration, not a flag of this command: exit 1, not 2.
const checkDestination = (options: CommandOptions, registry?: "qb" | "sj"): Promise<void> =>
  withClient(options, async (client) => {
    const profile = await client.profile()
    await client.run(registry === undefined ? checkPlatformLoginUrl(profile) : checkHarborLoginUrl(profile, registry))
  }).catch((e: unknown) => {
    throw e instanceof CliError && e.code === EXIT.usage ? new CliError(e.message, EXIT.error, e.hint, e.detail) : e
  })

// The password comes from stdin or a no-echo prompt, never from a flag: flags land in shell history.
const readPassword = async (options: CommandOptions, what: () => string): Promise<string> => {
  if (options.passwordStdin === true) {
    const password = await readStdin()
    if (password === "") throw usageError(msg("cli-login-no-stdin"), msg("cli-login-no-stdin-hint", { what: what() }))
    return password
  }
  if (!interactive())
    throw usageError(msg("cli-login-no-terminal", { what: what() }), msg("cli-login-no-terminal-hint"))
  return askSecret(msg("cli-login-password-prompt", { what: what() }))
}

const readUsername = async (options: CommandOptions, what: () => string): Promise<string> => {
  if (typeof options.username === "string") return options.username
  if (!interactive() || options.passwordStdin === true)
    throw usageError(msg("cli-login-username-required", { what: what() }), msg("cli-login-username-required-hint"))
  return (await ask(msg("cli-login-username-prompt", { what: what() }))).trim()
}

// A dry run shows where the account would be checked and saved; it needs no password, and none is
// asked for: the placeholder below is never sent (the dry run sends nothing).
const passwordFor = (options: CommandOptions, what: () => string): Promise<string> =>
  options.dryRun === true ? Promise.resolve("(not asked on a dry run)") : readPassword(options, what)

const afterLogin = async (
  run: Worded<Invocation<LoginOperationResult>>,
  options: CommandOptions,
): Promise<undefined> => {
  printResult(options.json === true, run.result, run.text)
  const result = run.result
  if (result.verified === false && result.dryRun !== true && options.json !== true)
    note(msg("cli-login-saved-unverified"))
  return undefined
}

// Logging in as another account replaces the one the profile holds: on a terminal that is asked first
// (unless --yes); elsewhere the result says which account it replaced.
const checkReplace = async (options: CommandOptions, username: string): Promise<void> => {
  if (options.yes === true || options.dryRun === true || !interactive()) return
  const all = await profiles(options)
  const mine = all.find((p) => (options.profile !== undefined ? p.name === options.profile : p.current))
  const previous = mine?.username
  if (mine === undefined || previous === undefined || previous === "" || previous === username.trim()) return
  if (!(await confirm(msg("cli-login-replace-question", { profile: mine.name, previous, username: username.trim() }))))
    throw cancelled()
}

const loginExtension = (
  registryOf: ((options: CommandOptions) => "qb" | "sj") | undefined,
  account: () => string,
  passwordOf: () => string,
) =>
  extend(
    loginOperation,
    {
      hidden: ["password"],
      extra: (c) => {
        const command = c.option("--password-stdin", msg("cli-help-password-stdin"))
        return registryOf === undefined ? command.option("-y, --yes", msg("cli-help-login-yes")) : command
      },
      prepare: async (input, options) => {
        const registry = registryOf?.(options)
        await checkDestination(options, registry)
        const username = await readUsername(options, account)
        if (registry === undefined) await checkReplace(options, username)
        const password = await passwordFor(options, passwordOf)
        return { ...input, ...(registry !== undefined ? { registry } : {}), username, password }
      },
      after: afterLogin,
    },
    registryOf === undefined ? "inspire" : "harbor",
  )

const checkKey = (key: unknown): void => {
  if (typeof key === "string" && !(SETTING_KEYS as ReadonlyArray<string>).includes(key))
    throw usageError(
      msg("cli-config-not-a-setting", { key }),
      msg("cli-config-settings", { keys: SETTING_KEYS.join(", ") }),
    )
}

const checkedKey = async (input: Record<string, unknown>): Promise<Record<string, unknown>> => {
  checkKey(input.key)
  return input
}

// `config set notify -`: the webhook URL (a secret) read from stdin, kept out of shell history and `ps`.
const secretFromStdin = async (input: Record<string, unknown>): Promise<Record<string, unknown>> => {
  await checkedKey(input)
  if (input.key !== "notify" || input.value !== "-") return input
  let value = ""
  for await (const chunk of process.stdin) value += String(chunk)
  return { ...input, value: value.trim() }
}

/** What the CLI adds to login and config: prompts for the account, checked keys, one value printed alone. */
export const accountExtensions: ReadonlyArray<Extension> = [
  loginExtension(
    undefined,
    () => msg("cli-login-platform-account"),
    () => msg("cli-login-platform"),
  ),
  loginExtension(
    (options) => (options.registry === "sj" ? "sj" : "qb"),
    () => msg("cli-login-harbor-account"),
    () => msg("cli-login-harbor"),
  ),
  extend(
    configOperation,
    {
      prepare: checkedKey,
      // `inspire config get KEY` prints the one value, bare, for scripts.
      after: async (run, options, input) => {
        const only = input.key
        if (typeof only !== "string") return void printResult(options.json === true, run.result, run.text)
        const setting = run.result.settings.find((s) => s.key === only)
        printResult(options.json === true, setting, setting?.value === undefined ? "" : String(setting.value))
        return undefined
      },
    },
    "get",
  ),
  extend(configOperation, { prepare: secretFromStdin }, "set"),
  extend(configOperation, { prepare: checkedKey }, "unset"),
]

/** `inspire logout`: the CLI's own; the catalogue has no operation for it. */
export const addLogoutCommand = (program: Command): void => {
  withGlobals(program.command("logout").description(msg("cli-help-logout"))).action(async (options: CommandOptions) => {
    const result = await logout(options)
    forgetListed(process.env, options.profile)
    printResult(options.json === true, result, result.message)
  })
}
