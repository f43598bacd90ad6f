import { loadLanguage, type Untrusted, untrustedError } from "@holos-inspire/core/internal"
import { type Command, CommanderError } from "commander"
import { pathOf } from "./command.js"
import { commanderLine } from "./commander-words.js"
import type { CommandSpec } from "./completion/model.js"
import { COMPLETE_COMMAND } from "./completion/scripts.js"
import { specOf } from "./completion/spec.js"
import { EXIT } from "./exit-codes.js"
import { jsonWritten, takeJsonOptions } from "./json-output.js"
import { chooseLanguage, msg, speak } from "./language.js"
import { CliError, printError, usageError } from "./output.js"
import { buildProgram } from "./program.js"
import { meantHint } from "./suggest.js"

/**
 * The command the arguments name (as far as they name one), where its path ends in `argv`, and where
 * its operands start, if any.
 */
const resolve = (
  program: Command,
  argv: ReadonlyArray<string>,
): { command: Command; end: number; operand?: number } => {
  let command = program
  for (const [i, token] of argv.entries()) {
    if (token === "--" || token.startsWith("-")) return { command, end: i }
    const next = command.commands.find((c) => c.name() === token || c.aliases().includes(token))
    if (next === undefined) return { command, end: i, operand: i }
    command = next
  }
  return { command, end: argv.length }
}

/**
 * `inspire --profile work job list` and `inspire --json status`: the flags every command takes may
 * also come before the command; they are moved behind it (before a `--`), where commander reads them.
 */
export const hoistGlobals = (argv: ReadonlyArray<string>): ReadonlyArray<string> => {
  const lead: string[] = []
  let i = 0
  for (; i < argv.length; i++) {
    const token = argv[i] ?? ""
    if (token === "--json" || token.startsWith("--profile=") || token.startsWith("--jq=")) lead.push(token)
    else if (token === "--jq" && i + 1 < argv.length) lead.push(token, argv[++i] ?? "")
    else if (token === "--profile" && i + 1 < argv.length) lead.push(token, argv[++i] ?? "")
    else break
  }
  if (lead.length === 0) return argv
  const rest = argv.slice(i)
  const at = rest.includes("--") ? rest.indexOf("--") : rest.length
  return [...rest.slice(0, at), ...lead, ...rest.slice(at)]
}

// `inspire job help [list]` is `inspire help job [list]`: one help command, with its errors and hints.
const helpFirst = (argv: ReadonlyArray<string>, at: number): ReadonlyArray<string> => [
  "help",
  ...argv.slice(0, at),
  ...argv.slice(at + 1),
]

// A group named without its subcommand: its help on stdout (as gh does), or a usage error with --json.
const bareGroup = (command: Command, json: boolean): number => {
  if (!json) {
    command.outputHelp()
    return EXIT.ok
  }
  const subs = command.commands.map((c) => c.name())
  return printError(
    usageError(
      msg("cli-usage-needs-subcommand", { command: pathOf(command), subcommands: subs.join(", ") }),
      msg("cli-usage-run-help", { command: pathOf(command) }),
    ),
    json,
  )
}

// `--password X` or `--password=X`: refused with the way that keeps the password out of shell history,
// without repeating the value (commander's message would).
const passwordFlag = (e: CommanderError, message: string, json: boolean): number | undefined => {
  if (e.code !== "commander.unknownOption" || !/unknown option '--password(=|')/.test(message)) return undefined
  return printError(usageError(msg("cli-usage-password-flag"), msg("cli-usage-password-flag-hint")), json)
}

// Commander's parse errors (unknown flag, missing argument, …) with the hint that names the usage; an
// unknown command's hint names the commands the tree has by that name, before commander's guess.
const parseError = (e: CommanderError, message: string, program: Command, command: Command, json: boolean): number => {
  const password = passwordFlag(e, message, json)
  if (password !== undefined) return password
  const word = e.code === "commander.unknownCommand" ? /unknown command '(.+)'/.exec(message)?.[1] : undefined
  const meant = word !== undefined ? meantHint(program, command, word) : undefined
  const [first = e.message, ...guesses] = message
    .replace(/^error: /, "")
    .trim()
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")
  const rest = meant !== undefined ? [meant] : guesses
  const usage = msg("cli-usage-see-help", { command: pathOf(command) })
  const hint = [...rest.map((l) => commanderLine(l.replace(/^\((.*)\)$/, "$1"))), usage].join(" ")
  return printError(new CliError(commanderLine(first), EXIT.usage, hint), json)
}

/**
 * Runs `inspire` with the given arguments and returns the exit code; `onCommand` learns the path of
 * the command the arguments name (e.g. `inspire job list`) before it runs. `distrust`: why the launcher
 * did not load the code cache, said here in the reader's language (the launcher has no catalogue).
 */
export const main = async (
  line: ReadonlyArray<string>,
  onCommand: (path: string) => void = () => undefined,
  distrust?: Untrusted,
): Promise<number> => {
  // `--json=a,b` and `--jq`: read here, so commander sees --json as the flag it is.
  const argv = takeJsonOptions(line)
  // Once per process, before the program (and its help) is built; its messages read only if not English.
  await loadLanguage(chooseLanguage(argv))
  if (distrust !== undefined) {
    // A code cache that fails the ownership check is not loaded: the call runs, only slower.
    const why = untrustedError(distrust)
    process.stderr.write(`${msg("cli-code-cache-untrusted", { reason: speak(why.text), hint: speak(why.hint) })}\n`)
  }
  const json = argv.includes("--json")
  let captured: string | undefined
  const program = buildProgram(
    (text) => {
      captured = text
    },
    { lazy: true },
  )
  const given = hoistGlobals(argv)
  const { command, end, operand } = resolve(program, given)
  onCommand(pathOf(command))
  // A group named alone (`inspire job`, `inspire job --json`, `inspire --`); with any other flag,
  // commander says what is wrong.
  if (
    operand === undefined &&
    command.commands.length > 0 &&
    given.slice(end).every((t) => t === "--json" || t === "--")
  )
    return bareGroup(command, json)
  const args =
    operand !== undefined && command !== program && command.name() !== COMPLETE_COMMAND && given[operand] === "help"
      ? helpFirst(given, operand)
      : given
  try {
    await program.parseAsync([...args], { from: "user" })
    await jsonWritten()
    return typeof process.exitCode === "number" ? process.exitCode : EXIT.ok
  } catch (e) {
    if (!(e instanceof CommanderError)) return printError(e, json)
    if (e.exitCode === 0) return EXIT.ok
    return parseError(e, captured ?? e.message, program, command, json)
  }
}

/** What shell completion knows of the whole tree; the build writes it beside the bundle (launch.ts reads it). */
export const completionSpec = (): CommandSpec => specOf(buildProgram())
