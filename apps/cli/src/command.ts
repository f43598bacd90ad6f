import { type CatalogueCommand, type Invocation, type Operation, plain, type Worded } from "@holos-inspire/core"
import {
  confirmationOf,
  type ParsedInput,
  type Plan,
  safeParseInput,
  summaryHelpKey,
} from "@holos-inspire/core/internal"
import { type Command, Option } from "commander"
import { addFieldOptions, type Field, fieldsOf, inputFromOptions } from "./adapt.js"
import { keepListed } from "./completion/live.js"
import { examplesHelp } from "./examples.js"
import { EXIT, type ExitCode } from "./exit-codes.js"
import { catalogueHelp, helpForAction } from "./help-words.js"
import { issuesText } from "./input-issues.js"
import { msg, speak } from "./language.js"
import { CliError, cancelled, printResult, usageError } from "./output.js"
import { confirm, interactive } from "./prompt.js"
import { type GlobalOptions, runParsed } from "./run.js"

/**
 * What the CLI adds to a catalogue command beyond its derived flags: flags of its own, prompts, an exit
 * code, or printing that does more (follow a log, wait). Keyed by the operation value, typed by its result.
 */
export interface CommandExtension<R = unknown> {
  /** Extra flags, read by `check`, `prepare` or `after`. */
  readonly extra?: (command: Command) => void
  /** Input fields the CLI never takes as flags (a password: asked on the terminal or read from stdin). */
  readonly hidden?: ReadonlyArray<string>
  /** Checks the flags before anything is sent; throws a usage error. */
  readonly check?: (options: CommandOptions) => void
  /** Completes the input before it is checked (asks for what was left out). */
  readonly prepare?: (input: Record<string, unknown>, options: CommandOptions) => Promise<Record<string, unknown>>
  /** Answers the call itself instead of the operation (another output of it); returns whether it did. */
  readonly instead?: (input: Readonly<Record<string, unknown>>, options: CommandOptions) => Promise<boolean>
  /** Another operation to run the prepared input through (a spec file of another kind of job), with its input. */
  readonly route?: (
    input: Record<string, unknown>,
  ) => { readonly operation: Operation; readonly input: Record<string, unknown> } | undefined
  /** The exit code for a failure of the operation, when it differs from the table's default. */
  readonly exitCodeOf?: (error: CliError, options: CommandOptions) => ExitCode | undefined
  /** Prints the result itself (and may do more, e.g. wait); returns the exit code. */
  readonly after?: (
    run: Worded<Invocation<R>>,
    options: CommandOptions,
    input: Readonly<Record<string, unknown>>,
  ) => Promise<ExitCode | undefined>
}

/** A command's parsed options: the globals plus its own flags. */
export type CommandOptions = GlobalOptions & Readonly<Record<string, unknown>>

/** Which catalogue operation each command runs, so a test can check that every one is reachable. */
export const operationOf = new WeakMap<Command, Operation>()

/** The input a command fixes (its action), so a test can check its flags against the operation's effects. */
export const fixedOf = new WeakMap<Command, Readonly<Record<string, unknown>>>()

/** How a catalogue command turns its flags into the operation's input. */
export interface FlagInput {
  /** The input fields it takes as flags (the others' flags are its extension's). */
  readonly fields: () => ReadonlyArray<Field>
  /** The input its action builds from the parsed flags and the operands commander hands it, before `prepare`. */
  readonly input: (operands: ReadonlyArray<unknown>) => Record<string, unknown>
}

/** Each catalogue command's FlagInput, so a test can parse every flag through the program and read the input. */
export const inputOf = new WeakMap<Command, FlagInput>()

/** Adds `--json` (with its field list, read by main.ts) and `--jq` to a command. */
export const withJson = (command: Command): Command =>
  command.option("--json", msg("cli-json-help-option")).option("--jq <expression>", msg("cli-json-help-jq"))

/** Adds `--json` and `--profile` to a command. */
export const withGlobals = (command: Command): Command =>
  withJson(command).option("--profile <name>", msg("cli-help-option-profile"))

const flagOf = (fields: ReadonlyArray<Field>, name: string): string => {
  const f = fields.find((x) => x.name === name)
  return f !== undefined ? `--${f.flag}` : name
}

// Schema errors are usage errors of flags: name the flag, not the schema field.
// The input is checked here once (as core checks it, strictly) and handed to core as checked.
const validate = (op: Operation, fields: ReadonlyArray<Field>, input: Record<string, unknown>): ParsedInput => {
  const parsed = safeParseInput(op, input)
  if (parsed.success) return parsed.data
  throw usageError(
    issuesText(parsed.error.issues, (name) => flagOf(fields, name)),
    msg("cli-usage-flags-help"),
  )
}

// A plan from a client's run, its texts worded already: the same plan again, those words said as they are.
const said = (plan: Worded<Plan>): Plan => ({
  ...plan,
  summary: plain(plan.summary),
  targets: plan.targets.map((t) => ({ ...t, change: plain(t.change) })),
})

// The question names its targets: the call is first made as a dry run (reads only), and its plan
// says what would change. A call whose plan changes nothing goes ahead without asking.
const confirmDestructive = async (
  commandPath: string,
  options: CommandOptions,
  preview: () => Promise<Worded<Plan> | undefined>,
): Promise<Worded<Plan> | undefined> => {
  if (options.yes === true) return undefined
  if (!interactive())
    throw usageError(msg("cli-confirm-needed", { command: commandPath }), msg("cli-confirm-needed-hint"))
  const plan = await preview()
  if (plan !== undefined && plan.targets.length === 0) return plan
  const question =
    plan !== undefined ? speak(confirmationOf(said(plan))) : msg("cli-confirm-run", { command: commandPath })
  if (!(await confirm(question))) throw cancelled()
  return plan
}

/** The full command path, e.g. `inspire job stop`. */
export const pathOf = (command: Command): string => {
  const names: string[] = []
  for (let c: Command | null = command; c !== null; c = c.parent) names.unshift(c.name())
  return names.join(" ")
}

// Flags derived from an operation's input schema cost a JSON Schema conversion each: a command's
// flags are added only when it is about to parse its arguments or show its help (see program.ts),
// so a call pays for the one command it runs rather than for the whole tree.
const pending = new WeakMap<Command, () => void>()

/** Adds the flags of `command` that were left for later; does nothing for a command already complete. */
export const materialize = (command: Command): Command => {
  const add = pending.get(command)
  pending.delete(command)
  add?.()
  return command
}

/** `materialize` for a command and everything under it (completion scripts, tests). */
export const materializeTree = (command: Command): Command => {
  materialize(command)
  for (const c of command.commands) materializeTree(c)
  return command
}

/**
 * Adds the command of a catalogue entry under `parent` (its last path part is the name): arguments,
 * flags, `--dry-run` and `--yes` all derived from the operation's definition, then the extension's.
 */
export const catalogueCommand = (
  parent: Command,
  entry: CatalogueCommand,
  extension: CommandExtension = {},
): Command => {
  const op = entry.operation
  const fixed = entry.fixed
  // The action a command of a multiplexed operation fixes, whose part of each flag's help it shows.
  const fixedAction = op.effects.by !== undefined ? fixed[op.effects.by] : undefined
  const action = typeof fixedAction === "string" ? fixedAction : undefined
  const hidden = new Set(extension.hidden ?? [])
  let derived:
    | { fields: ReadonlyArray<Field>; hasDryRun: boolean; hasConfirm: boolean; hasTargets: boolean }
    | undefined
  const flags = () => {
    if (derived !== undefined) return derived
    const all = fieldsOf(op)
    derived = {
      fields: all
        .filter((f) => entry.fields.includes(f.name) && !hidden.has(f.name))
        .map((f) => ({ ...f, help: helpForAction(f.help ?? f.description, action) })),
      hasDryRun: entry.writes && all.some((f) => f.name === "dry_run"),
      hasConfirm: all.some((f) => f.name === "confirm"),
      hasTargets: all.some((f) => f.name === "targets"),
    }
    return derived
  }
  const command = parent
    .command(entry.path.at(-1) ?? op.name)
    .description(catalogueHelp(summaryHelpKey(entry), entry.summary))
    .addHelpText("after", () => examplesHelp(entry))
  operationOf.set(command, op)
  fixedOf.set(command, fixed)
  entry.positional.forEach((field, i) => {
    const last = i === entry.positional.length - 1
    const name = `${entry.names?.[field] ?? field.replace(/_/g, "-")}${entry.many && last ? "..." : ""}`
    command.argument(entry.lastOptional && last ? `[${name}]` : `<${name}>`)
  })
  if (entry.rest !== undefined) command.argument(`[${entry.rest.replace(/_/g, "-")}...]`)
  pending.set(command, () => {
    const { fields, hasDryRun } = flags()
    addFieldOptions(command, fields)
    if (hasDryRun) command.option("--dry-run", msg("cli-help-option-dry-run"))
    if (entry.confirm) command.addOption(new Option("-y, --yes", msg("cli-help-option-yes")))
    withGlobals(command)
    extension.extra?.(command)
  })
  const inputFrom = (args: ReadonlyArray<unknown>): Record<string, unknown> => {
    const options = command.opts() as CommandOptions
    const { fields, hasDryRun } = flags()
    const input: Record<string, unknown> = { ...inputFromOptions(fields, options), ...fixed }
    entry.positional.forEach((field, i) => {
      const arg = args[i]
      // A repeated argument: one is the field's value, several its list.
      const value = Array.isArray(arg) && arg.length === 1 ? arg[0] : arg
      if (typeof value === "string" || (Array.isArray(value) && value.length > 0)) input[field] = value
    })
    const rest = args[entry.positional.length]
    if (entry.rest !== undefined && Array.isArray(rest) && rest.length > 0) input[entry.rest] = rest.join(" ")
    if (hasDryRun && options.dryRun === true) input.dry_run = true
    return input
  }
  inputOf.set(command, { fields: () => flags().fields, input: inputFrom })
  command.action(async (...args: unknown[]) => {
    const options = command.opts() as CommandOptions
    const { fields, hasDryRun, hasConfirm, hasTargets } = flags()
    extension.check?.(options)
    let input = inputFrom(args)
    const dryRun = hasDryRun && options.dryRun === true
    if (extension.prepare !== undefined) input = await extension.prepare(input, options)
    if (extension.instead !== undefined && (await extension.instead(input, options))) return
    const routed = extension.route?.(input)
    const target = routed?.operation ?? op
    if (routed !== undefined) input = routed.input
    // A command that asks first passes `confirm` once the user has said yes (or gave --yes).
    const asks = entry.confirm && !dryRun
    if (asks && hasConfirm) input.confirm = true
    let parsed = validate(target, fields, input)
    const shown = asks
      ? await confirmDestructive(pathOf(command), options, async () =>
          hasDryRun
            ? (
                (await runParsed(options, target, validate(target, fields, { ...input, dry_run: true }))).result as {
                  plan?: Worded<Plan>
                }
              ).plan
            : undefined,
        )
      : undefined
    // What the user was shown and said yes to is what is acted on: the plan's targets, not a new listing.
    if (shown !== undefined && hasTargets)
      parsed = validate(target, fields, { ...input, targets: shown.targets.map((t) => t.id) })
    const run = await runParsed(options, target, parsed).catch((e: unknown) => {
      const code = e instanceof CliError ? extension.exitCodeOf?.(e, options) : undefined
      throw code !== undefined && e instanceof CliError ? new CliError(e.message, code, e.hint, e.detail) : e
    })
    // A list's names are kept for shell completion (completion/live.ts).
    keepListed(pathOf(command), run.result, process.env, options.profile)
    if (extension.after === undefined) return printResult(options.json === true, run.result, run.text)
    const code = await extension.after(run, options, input)
    if (code !== undefined && code !== EXIT.ok) process.exitCode = code
  })
  return command
}
