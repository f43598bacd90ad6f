import { type Command, CommanderError } from "commander"
import { pathOf } from "./command.js"
import { EXIT } from "./exit-codes.js"
import { CliError, printError, usageError } from "./output.js"
import { buildProgram } from "./program.js"

/** The command the arguments name (as far as they name one) and where its operands start, if any. */
const resolve = (program: Command, argv: ReadonlyArray<string>): { command: Command; operand?: number } => {
  let command = program
  for (const [i, token] of argv.entries()) {
    if (token === "--" || token.startsWith("-")) return { command }
    const next = command.commands.find((c) => c.name() === token || c.aliases().includes(token))
    if (next === undefined) return { command, operand: i }
    command = next
  }
  return { command }
}

// `inspire job help [list]` is `inspire help job [list]`: one help command, with its errors and hints.
const helpFirst = (argv: ReadonlyArray<string>, at: number): ReadonlyArray<string> => [
  "help",
  ...argv.slice(0, at),
  ...argv.slice(at + 1),
]

const HELP_OR_VERSION = new Set(["-h", "--help", "-V", "--version"])

// A group named without its subcommand: its help on stdout (as gh does), or a usage error with --json.
const bareGroup = (command: Command, json: boolean): number => {
  if (!json) {
    command.outputHelp()
    return EXIT.ok
  }
  const subs = command.commands.map((c) => c.name())
  return printError(
    usageError(`${pathOf(command)} needs a subcommand: ${subs.join(", ")}.`, `Run \`${pathOf(command)} --help\`.`),
    json,
  )
}

// Commander's parse errors (unknown flag, missing argument, …) with the hint that names the usage.
const parseError = (e: CommanderError, message: string, command: Command, json: boolean): number => {
  const [first = e.message, ...rest] = message
    .replace(/^error: /, "")
    .trim()
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
  const usage = `Run \`${pathOf(command)} --help\` for its commands and flags.`
  const hint = [...rest.map((l) => l.replace(/^\((.*)\)$/, "$1")), usage].join(" ")
  return printError(new CliError(first, EXIT.usage, hint), json)
}

/**
 * Runs `inspire` with the given arguments and returns the exit code; `onCommand` learns the path of
 * the command the arguments name (e.g. `inspire job list`) before it runs.
 */
export const main = async (
  argv: ReadonlyArray<string>,
  onCommand: (path: string) => void = () => undefined,
): Promise<number> => {
  const json = argv.includes("--json")
  let captured: string | undefined
  const program = buildProgram(
    (text) => {
      captured = text
    },
    { lazy: true },
  )
  const { command, operand } = resolve(program, argv)
  onCommand(pathOf(command))
  if (operand === undefined && command.commands.length > 0 && !argv.some((t) => HELP_OR_VERSION.has(t)))
    return bareGroup(command, json)
  const args =
    operand !== undefined && command !== program && argv[operand] === "help" ? helpFirst(argv, operand) : argv
  try {
    await program.parseAsync([...args], { from: "user" })
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok
  } catch (e) {
    if (!(e instanceof CommanderError)) return printError(e, json)
    if (e.exitCode === 0) return EXIT.ok
    return parseError(e, captured ?? e.message, command, json)
  }
}
