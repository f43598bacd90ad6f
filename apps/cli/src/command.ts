import {
  callWrites,
  confirmationOf,
  findOperation,
  type Invocation,
  type Operation,
  type Plan,
} from "@holos-inspire/core"
import { type Command, Option } from "commander"
import { addFieldOptions, type Field, fieldsOf, inputFromOptions } from "./adapt.js"
import { EXIT, type ExitCode } from "./exit-codes.js"
import { CliError, printResult, usageError } from "./output.js"
import { confirm, interactive } from "./prompt.js"
import { type GlobalOptions, runOperation } from "./run.js"

/** How one CLI command maps onto a catalogue operation. */
export interface CommandSpec {
  readonly name: string
  readonly operation: string
  readonly summary?: string
  /** Input fixed by the command itself, e.g. `{ action: "list" }`. */
  readonly fixed?: Readonly<Record<string, unknown>>
  /** Only these fields become flags; default every field. */
  readonly fields?: ReadonlyArray<string>
  /** A field taken as the command's argument, e.g. `job_id`. */
  readonly positional?: string
  readonly positionalOptional?: boolean
  /** Asks for confirmation (`--yes`) before running; default: the operation is destructive. */
  readonly destructive?: boolean
  /** Extra flags handled by `after`. */
  readonly extra?: (command: Command) => void
  /** Checks the flags before anything is sent; throws a usage error. */
  readonly check?: (options: CommandOptions) => void
  /** The exit code for a failure of the operation, when it differs from the table's default. */
  readonly exitCodeOf?: (error: CliError, options: CommandOptions) => ExitCode | undefined
  /** Prints the result itself (and may do more, e.g. wait); returns the exit code. */
  readonly after?: (run: Invocation<unknown>, options: CommandOptions) => Promise<ExitCode | undefined>
}

/** A command's parsed options: the globals plus its own flags. */
export type CommandOptions = GlobalOptions & Readonly<Record<string, unknown>>

/** Which catalogue operation each command runs, so a test can check that every one is reachable. */
export const operationOf = new WeakMap<Command, string>()

/** The input a command fixes (its action), so a test can check its flags against the operation's effects. */
export const fixedOf = new WeakMap<Command, Readonly<Record<string, unknown>>>()

/** Adds `--json` to a command. */
export const withJson = (command: Command): Command => command.option("--json", "print only the JSON result on stdout")

/** Adds `--json` and `--profile` to a command. */
export const withGlobals = (command: Command): Command =>
  withJson(command).option("--profile <name>", "use this profile (default: INSPIRE_PROFILE, else the current profile)")

/** The operation of a name; a missing one is a bug of the command tree. */
export const operationNamed = (name: string): Operation => {
  const op = findOperation(name)
  if (op === undefined) throw new Error(`no operation ${name} in the catalogue`)
  return op
}

const flagOf = (fields: ReadonlyArray<Field>, name: string): string => {
  const f = fields.find((x) => x.name === name)
  return f !== undefined ? `--${f.flag}` : name
}

// Schema errors are usage errors of flags: name the flag, not the schema field.
const validate = (op: Operation, fields: ReadonlyArray<Field>, input: Record<string, unknown>): void => {
  const parsed = op.input.safeParse(input)
  if (parsed.success) return
  const issues = parsed.error.issues.map((i) => {
    const head = i.path[0]
    return `${typeof head === "string" ? flagOf(fields, head) : "input"}: ${i.message}`
  })
  throw usageError(issues.join("; "), "See --help for the flags of this command.")
}

// The question names its targets: the call is first made as a dry run (reads only), and its plan
// says what would change. A call whose plan changes nothing goes ahead without asking.
const confirmDestructive = async (
  commandPath: string,
  options: CommandOptions,
  preview: () => Promise<Plan | undefined>,
): Promise<void> => {
  if (options.yes === true) return
  if (!interactive())
    throw usageError(
      `${commandPath} changes or removes something and needs confirmation.`,
      "Pass --yes to go ahead without a prompt, --dry-run to see what it would do, or run it on a terminal to be asked.",
    )
  const plan = await preview()
  if (plan !== undefined && plan.targets.length === 0) return
  const question = plan !== undefined ? confirmationOf(plan).replace(/\?$/, "") : `Really run ${commandPath}`
  if (!(await confirm(`${question}?`))) throw new CliError("Cancelled.", EXIT.usage)
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

/** Adds a command that runs one operation, with flags generated from its input schema. */
export const operationCommand = (parent: Command, spec: CommandSpec): Command => {
  const op = operationNamed(spec.operation)
  const fixed = spec.fixed ?? {}
  // Derived from the operation's definition: whether this command's action writes, and so whether it
  // takes --dry-run (every writing action does) and, when destructive, a confirmation.
  const readOnly = !callWrites(op, fixed)
  const destructive = !readOnly && (spec.destructive ?? op.annotations.destructive)
  const internal = new Set([...Object.keys(fixed), "dry_run", "confirm", ...(spec.positional ? [spec.positional] : [])])
  let derived: { fields: ReadonlyArray<Field>; hasDryRun: boolean; hasConfirm: boolean } | undefined
  const flags = () => {
    if (derived !== undefined) return derived
    const all = fieldsOf(op)
    derived = {
      fields: all.filter((f) => !internal.has(f.name) && (spec.fields === undefined || spec.fields.includes(f.name))),
      hasDryRun: !readOnly && all.some((f) => f.name === "dry_run"),
      hasConfirm: all.some((f) => f.name === "confirm"),
    }
    return derived
  }
  const command = parent.command(spec.name).description(spec.summary ?? op.title)
  operationOf.set(command, op.name)
  fixedOf.set(command, fixed)
  if (spec.positional !== undefined) {
    const flag = spec.positional.replace(/_/g, "-")
    command.argument(spec.positionalOptional ? `[${flag}]` : `<${flag}>`)
  }
  pending.set(command, () => {
    const { fields, hasDryRun } = flags()
    addFieldOptions(command, fields)
    if (hasDryRun) command.option("--dry-run", "show what would be sent or changed, and change nothing")
    if (destructive) command.addOption(new Option("-y, --yes", "do not ask for confirmation"))
    withGlobals(command)
    spec.extra?.(command)
  })
  command.action(async (...args: unknown[]) => {
    const options = command.opts() as CommandOptions
    const { fields, hasDryRun, hasConfirm } = flags()
    spec.check?.(options)
    const input: Record<string, unknown> = { ...inputFromOptions(fields, options), ...fixed }
    if (spec.positional !== undefined && typeof args[0] === "string") input[spec.positional] = args[0]
    const dryRun = hasDryRun && options.dryRun === true
    if (dryRun) input.dry_run = true
    validate(op, fields, input)
    if (destructive && !dryRun) {
      await confirmDestructive(pathOf(command), options, async () =>
        hasDryRun
          ? ((await runOperation(options, op, { ...input, dry_run: true })).result as { plan?: Plan }).plan
          : undefined,
      )
      if (hasConfirm) input.confirm = true
    }
    const run = await runOperation(options, op, input).catch((e: unknown) => {
      const code = e instanceof CliError ? spec.exitCodeOf?.(e, options) : undefined
      throw code !== undefined && e instanceof CliError ? new CliError(e.message, code, e.hint, e.detail) : e
    })
    if (spec.after === undefined) return printResult(options.json === true, run.result, run.text)
    const code = await spec.after(run, options)
    if (code !== undefined && code !== EXIT.ok) process.exitCode = code
  })
  return command
}
