import { type CatalogueCommand, catalogueCommands, OPERATIONS, type Operation, type Text } from "@holos-inspire/core"
import { SETTING_KEYS, summaryHelpKey } from "@holos-inspire/core/internal"
import type { Command } from "commander"
import { type CommandExtension, catalogueCommand } from "../command.js"
import { catalogueHelp } from "../help-words.js"
import { msg } from "../language.js"

/** A CLI extension of one operation (or one action of it), referring to the operation value itself. */
export interface Extension {
  readonly operation: Operation
  readonly action?: string
  readonly extension: CommandExtension
}

/** Ties an extension to an operation, typed by the operation's result. */
export const extend = <R>(
  operation: { readonly run: (...args: never[]) => unknown; readonly render: (result: R) => Text },
  extension: CommandExtension<R>,
  action?: string,
): Extension => ({
  operation: operation as unknown as Operation,
  extension: extension as CommandExtension,
  ...(action !== undefined ? { action } : {}),
})

// What `inspire --help` says of each group; a group the catalogue adds later is described by its commands.
const GROUPS: Readonly<Record<string, () => string>> = {
  job: () => msg("cli-help-group-job"),
  hpc: () => msg("cli-help-group-hpc"),
  ray: () => msg("cli-help-group-ray"),
  serve: () => msg("cli-help-group-serve"),
  notebook: () => msg("cli-help-group-notebook"),
  terminal: () => msg("cli-help-group-terminal"),
  model: () => msg("cli-help-group-model"),
  image: () => msg("cli-help-group-image"),
  sweep: () => msg("cli-help-group-sweep"),
  config: () => msg("cli-help-group-config", { keys: SETTING_KEYS.join(", ") }),
}

const groupSummary = (name: string, entries: ReadonlyArray<CatalogueCommand>): string =>
  GROUPS[name]?.() ??
  entries
    .filter((e) => e.path[0] === name)
    .map((e) => catalogueHelp(summaryHelpKey(e), e.summary))
    .join(msg("cli-help-summary-separator"))

const extensionOf = (entry: CatalogueCommand, extensions: ReadonlyArray<Extension>): CommandExtension | undefined => {
  const action = Object.values(entry.fixed)[0]
  return extensions.find(
    (x) => x.operation === entry.operation && (x.action === undefined || x.action === String(action)),
  )?.extension
}

/**
 * Adds a command for every command of the catalogue, in its order, each at the place in the noun-verb
 * tree its operation's definition gives: a new operation needs no edit here.
 */
export const addCatalogueCommands = (
  program: Command,
  extensions: ReadonlyArray<Extension>,
  operations: ReadonlyArray<Operation> = OPERATIONS,
): void => {
  const entries = catalogueCommands(operations)
  for (const entry of entries) {
    let parent = program
    for (const name of entry.path.slice(0, -1)) {
      parent =
        parent.commands.find((c) => c.name() === name) ?? parent.command(name).description(groupSummary(name, entries))
    }
    catalogueCommand(parent, entry, extensionOf(entry, extensions))
  }
}
