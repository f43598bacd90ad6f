import {
  type ConfigResult,
  checkHarborLoginUrl,
  checkPlatformLoginUrl,
  type LoginResult,
  SETTING_KEYS,
} from "@holos-inspire/core"
import { type Command, Option } from "commander"
import { type CommandOptions, fixedOf, operationNamed, operationOf, withGlobals } from "../command.js"
import { note, printResult, usageError } from "../output.js"
import { ask, askSecret, interactive, readStdin } from "../prompt.js"
import { runOperation, withClient } from "../run.js"
import { logout } from "../store.js"

// Where the password would go is checked before it is asked for: https, or plain http on this
// machine, at an address from INSPIRE_BASE_URL or a config file that passes the ownership check
// (reading the config checks it). Core checks again before anything is sent.
const checkDestination = (options: CommandOptions, registry?: "qb" | "sj"): Promise<void> =>
  withClient(options, async (client) => {
    const profile = await client.profile()
    await client.run(registry === undefined ? checkPlatformLoginUrl(profile) : checkHarborLoginUrl(profile, registry))
  })

// The password comes from stdin or a no-echo prompt, never from a flag: flags land in shell history.
const readPassword = async (options: CommandOptions, what: string): Promise<string> => {
  if (options.passwordStdin === true) return readStdin()
  if (!interactive())
    throw usageError(`No terminal to ask for the ${what} password.`, "Pipe it in with --password-stdin.")
  return askSecret(`${what} password: `)
}

const readUsername = async (options: CommandOptions, what: string): Promise<string> => {
  if (typeof options.username === "string") return options.username
  if (!interactive() || options.passwordStdin === true)
    throw usageError(
      `--username is required (the ${what}).`,
      "Pass --username and pipe the password to --password-stdin.",
    )
  return (await ask(`${what}: `)).trim()
}

const login = async (options: CommandOptions, input: Record<string, unknown>): Promise<void> => {
  const run = await runOperation(options, operationNamed("login"), input)
  printResult(options.json === true, run.result, run.text)
  const result = run.result as LoginResult & { readonly dryRun?: boolean }
  if (result.verified === false && result.dryRun !== true && options.json !== true)
    note("The credentials are saved and will be used once the platform can be reached (campus network or VPN).")
}

const DRY_RUN = "show what would be sent or changed, and change nothing"

const loginCommand = (program: Command, name: string, summary: string, target: "inspire" | "harbor"): Command => {
  const command = program
    .command(name)
    .description(summary)
    .option("--username <name>", "the account name (prompted on a terminal when left out)")
    .option("--password-stdin", "read the password from standard input")
    .option("--dry-run", `${DRY_RUN} (no password is asked for or sent)`)
  operationOf.set(command, "login")
  fixedOf.set(command, { target })
  return withGlobals(command)
}

const configCommand = (config: Command, name: string, summary: string, action: "get" | "set" | "unset"): Command => {
  const command = config.command(name).description(summary)
  operationOf.set(command, "config")
  fixedOf.set(command, { action })
  if (action !== "get") command.option("--dry-run", DRY_RUN)
  return withGlobals(command)
}

// A dry run shows where the account would be checked and saved; it needs no password, and none is
// asked for: the placeholder below is never sent (the dry run sends nothing).
const passwordFor = (options: CommandOptions, what: string): Promise<string> =>
  options.dryRun === true ? Promise.resolve("(not asked on a dry run)") : readPassword(options, what)

const dryRunOf = (options: CommandOptions) => (options.dryRun === true ? { dry_run: true } : {})

/** `inspire login`, `harbor-login` and `logout`. */
export const addAuthCommands = (program: Command): void => {
  loginCommand(
    program,
    "login",
    "Save and check your platform account (学工号); the password is never a flag",
    "inspire",
  ).action(async (options: CommandOptions) => {
    await checkDestination(options)
    const username = await readUsername(options, "学工号")
    const password = await passwordFor(options, "Platform")
    await login(options, { target: "inspire", username, password, ...dryRunOf(options) })
  })
  const harbor = loginCommand(
    program,
    "harbor-login",
    "Save and check a Harbor robot account (镜像管理 → 本地推送)",
    "harbor",
  )
  harbor.addOption(
    new Option("--registry <id>", "qb (七宝, default) or sj (松江, SJ spaces only)").choices(["qb", "sj"]),
  )
  harbor.action(async (options: CommandOptions) => {
    const registry = options.registry === "sj" ? "sj" : "qb"
    await checkDestination(options, registry)
    const username = await readUsername(options, "Harbor robot account")
    const password = await passwordFor(options, "Harbor")
    await login(options, { target: "harbor", registry, username, password, ...dryRunOf(options) })
  })
  withGlobals(program.command("logout").description("Forget the profile's platform password and session")).action(
    async (options: CommandOptions) => {
      const result = await logout(options)
      printResult(options.json === true, result, result.message)
    },
  )
}

const runConfig = async (options: CommandOptions, input: Record<string, unknown>, only?: string): Promise<void> => {
  const run = await runOperation(options, operationNamed("config"), input)
  const result = run.result as ConfigResult
  if (only === undefined) return printResult(options.json === true, result, run.text)
  const setting = result.settings.find((s) => s.key === only)
  printResult(options.json === true, setting, setting?.value === undefined ? "" : String(setting.value))
}

const checkKey = (key: string): string => {
  if (!(SETTING_KEYS as ReadonlyArray<string>).includes(key))
    throw usageError(`"${key}" is not a setting.`, `Use one of: ${SETTING_KEYS.join(", ")}.`)
  return key
}

/** `inspire config get|set|unset`: the defaults other commands fall back to. */
export const addConfigCommands = (program: Command): void => {
  const config = program.command("config").description(`Read or change defaults (${SETTING_KEYS.join(", ")})`)
  configCommand(config, "get", "Show every default, or one value", "get")
    .argument("[key]")
    .action((key: string | undefined, options: CommandOptions) =>
      runConfig(options, { action: "get" }, key === undefined ? undefined : checkKey(key)),
    )
  configCommand(config, "set", "Set a default", "set")
    .argument("<key>")
    .argument("<value>")
    .action((key: string, value: string, options: CommandOptions) =>
      runConfig(options, { action: "set", key: checkKey(key), value, ...dryRunOf(options) }),
    )
  configCommand(config, "unset", "Remove a default", "unset")
    .argument("<key>")
    .action((key: string, options: CommandOptions) =>
      runConfig(options, { action: "unset", key: checkKey(key), ...dryRunOf(options) }),
    )
}
