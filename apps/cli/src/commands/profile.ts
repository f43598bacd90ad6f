import type { Command } from "commander"
import { type CommandOptions, pathOf, withGlobals, withJson } from "../command.js"
import { renderChecks, runDoctor } from "../doctor.js"
import { EXIT } from "../exit-codes.js"
import { CliError, printResult, usageError } from "../output.js"
import { confirm, interactive } from "../prompt.js"
import { withClient } from "../run.js"
import { createProfile, deleteProfile, profiles, renderProfiles, selectProfile } from "../store.js"

// Profile commands name their profile as an argument; they never select one with --profile.
const noProfile = {}

const collect = (value: string, previous: ReadonlyArray<string>): ReadonlyArray<string> => [...previous, value]

// `qb=<value>` pairs of a repeatable flag, one value per registry.
const perRegistry = (flag: string, pairs: unknown): Partial<Record<"qb" | "sj", string>> => {
  const out: Partial<Record<"qb" | "sj", string>> = {}
  for (const pair of (pairs as ReadonlyArray<string> | undefined) ?? []) {
    const at = pair.indexOf("=")
    const id = pair.slice(0, at).trim()
    const value = pair.slice(at + 1).trim()
    if (at < 0 || (id !== "qb" && id !== "sj") || value === "")
      throw usageError(`${flag} takes <registry>=<value> with registry qb or sj, got "${pair}".`, `e.g. ${flag} qb=…`)
    out[id] = value
  }
  return out
}

/** `inspire profile list|add|use|remove`: accounts and the platforms they log in to. */
export const addProfileCommands = (program: Command): void => {
  const profile = program.command("profile").description("Manage profiles: one account (and platform) each")
  withJson(profile.command("list").description("List profiles; * marks the current one")).action(
    async (options: CommandOptions) => {
      const all = await profiles(noProfile)
      printResult(options.json === true, all, renderProfiles(all))
    },
  )
  withJson(
    profile
      .command("add")
      .description("Create a profile")
      .argument("<name>")
      .option("--base-url <url>", "the platform's address (default: production, https://qz.sii.edu.cn)")
      .option("--emulator <url>", "an inspire-emulator's address: the platform and both registries' Harbor API")
      .option(
        "--harbor-api <registry=url>",
        "Harbor's REST API of qb or sj, e.g. qb=http://127.0.0.1:4010/harbor/qb (repeatable)",
        collect,
        [],
      )
      .option(
        "--registry-push <registry=host>",
        "where images of qb or sj are pushed, e.g. qb=127.0.0.1:5000 (repeatable)",
        collect,
        [],
      ),
  ).action(async (name: string, options: CommandOptions) => {
    if (options.emulator !== undefined && options.baseUrl !== undefined)
      throw usageError(
        "--emulator and --base-url both name the platform's address.",
        "Give one of them: --emulator also points Harbor at the emulator.",
      )
    const created = await createProfile(noProfile, name, {
      ...(options.baseUrl !== undefined ? { baseUrl: String(options.baseUrl) } : {}),
      ...(options.emulator !== undefined ? { emulator: String(options.emulator) } : {}),
      harborApi: perRegistry("--harbor-api", options.harborApi),
      registryPush: perRegistry("--registry-push", options.registryPush),
    })
    printResult(
      options.json === true,
      created,
      `Created profile ${created.name}. Use it with \`inspire profile use ${created.name}\`, then \`inspire login\`.`,
    )
  })
  withJson(profile.command("use").description("Make a profile the current one").argument("<name>")).action(
    async (name: string, options: CommandOptions) => {
      await selectProfile(noProfile, name)
      printResult(options.json === true, { current: name }, `Now using profile ${name}.`)
    },
  )
  const remove = withJson(
    profile
      .command("remove")
      .description("Remove a profile with its saved credentials and sessions")
      .argument("<name>")
      .option("-y, --yes", "do not ask for confirmation"),
  )
  remove.action(async (name: string, options: CommandOptions) => {
    if (options.yes !== true) {
      if (!interactive())
        throw usageError(
          `${pathOf(remove)} removes saved credentials and needs confirmation.`,
          "Pass --yes to go ahead without a prompt (or run it on a terminal to be asked).",
        )
      if (!(await confirm(`Remove profile ${name} and its saved credentials?`)))
        throw new CliError("Cancelled.", EXIT.usage)
    }
    await deleteProfile(noProfile, name)
    printResult(options.json === true, { removed: name }, `Removed profile ${name}.`)
  })
}

/** `inspire doctor`: checks config, network, credentials, session, Harbor, proxy and clock. */
export const addDoctorCommand = (program: Command): void => {
  withGlobals(program.command("doctor").description("Check config, network, credentials, Harbor and clock")).action(
    async (options: CommandOptions) => {
      const checks = await withClient(options, runDoctor)
      printResult(options.json === true, { checks }, renderChecks(checks))
      if (checks.some((c) => c.status === "fail")) process.exitCode = EXIT.error
    },
  )
}
