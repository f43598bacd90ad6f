import type { Command } from "commander"
import { type CommandOptions, pathOf, withGlobals, withJson } from "../command.js"
import { renderChecks, runDoctor } from "../doctor.js"
import { EXIT } from "../exit-codes.js"
import { msg } from "../language.js"
import { cancelled, printResult, usageError } from "../output.js"
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
      throw usageError(
        msg("cli-profile-registry-pair", { flag, value: pair }),
        msg("cli-profile-registry-pair-hint", { flag }),
      )
    out[id] = value
  }
  return out
}

/** `inspire profile list|add|use|remove`: accounts and the platforms they log in to. */
export const addProfileCommands = (program: Command): void => {
  const profile = program.command("profile").description(msg("cli-help-profile"))
  withJson(profile.command("list").description(msg("cli-help-profile-list"))).action(
    async (options: CommandOptions) => {
      const all = await profiles(noProfile)
      printResult(options.json === true, all, renderProfiles(all))
    },
  )
  withJson(
    profile
      .command("add")
      .description(msg("cli-help-profile-add"))
      .argument("<name>")
      .option("--base-url <url>", msg("cli-help-profile-base-url"))
      .option("--emulator <url>", msg("cli-help-profile-emulator"))
      .option("--harbor-api <registry=url>", msg("cli-help-profile-harbor-api"), collect, [])
      .option("--registry-push <registry=host>", msg("cli-help-profile-registry-push"), collect, []),
  ).action(async (name: string, options: CommandOptions) => {
    if (options.emulator !== undefined && options.baseUrl !== undefined)
      throw usageError(msg("cli-profile-emulator-and-base-url"), msg("cli-profile-emulator-and-base-url-hint"))
    const created = await createProfile(noProfile, name, {
      ...(options.baseUrl !== undefined ? { baseUrl: String(options.baseUrl) } : {}),
      ...(options.emulator !== undefined ? { emulator: String(options.emulator) } : {}),
      harborApi: perRegistry("--harbor-api", options.harborApi),
      registryPush: perRegistry("--registry-push", options.registryPush),
    })
    printResult(options.json === true, created, msg("cli-profile-created", { name: created.name }))
  })
  withJson(profile.command("use").description(msg("cli-help-profile-use")).argument("<name>")).action(
    async (name: string, options: CommandOptions) => {
      await selectProfile(noProfile, name)
      printResult(options.json === true, { current: name }, msg("cli-profile-using", { name }))
    },
  )
  const remove = withJson(
    profile
      .command("remove")
      .description(msg("cli-help-profile-remove"))
      .argument("<name>")
      .option("-y, --yes", msg("cli-help-option-yes")),
  )
  remove.action(async (name: string, options: CommandOptions) => {
    if (options.yes !== true) {
      if (!interactive())
        throw usageError(
          msg("cli-profile-remove-confirm-needed", { command: pathOf(remove) }),
          msg("cli-profile-remove-confirm-needed-hint"),
        )
      if (!(await confirm(msg("cli-profile-remove-question", { name })))) throw cancelled()
    }
    await deleteProfile(noProfile, name)
    printResult(options.json === true, { removed: name }, msg("cli-profile-removed", { name }))
  })
}

/** `inspire doctor`: checks config, network, credentials, session, Harbor, proxy and clock. */
export const addDoctorCommand = (program: Command): void => {
  withGlobals(program.command("doctor").description(msg("cli-help-doctor"))).action(async (options: CommandOptions) => {
    const checks = await withClient(options, runDoctor)
    printResult(options.json === true, { checks }, renderChecks(checks))
    if (checks.some((c) => c.status === "fail")) process.exitCode = EXIT.error
  })
}
