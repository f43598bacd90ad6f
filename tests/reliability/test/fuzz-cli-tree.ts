// The command tree of the built CLI, read the way a user reads it: `inspire <path> --help` for each
// command's subcommands, flags, choices and arguments, from the root down.
import { catalogueCommands, OPERATIONS } from "@holos-inspire/core"
import type { CliHost } from "./fuzz-cli-host.js"

/** One flag as the help shows it. */
export interface Flag {
  /** Every spelling, e.g. `-y` and `--yes`. */
  readonly names: ReadonlyArray<string>
  readonly takesValue: boolean
  readonly choices: ReadonlyArray<string>
}

/** One command path with what it accepts. */
export interface CommandNode {
  readonly path: ReadonlyArray<string>
  readonly flags: ReadonlyArray<Flag>
  /** Positional arguments in usage order, e.g. `<job-id>`, `[key]`, `[topic...]`. */
  readonly args: ReadonlyArray<string>
  readonly subcommands: ReadonlyArray<string>
  /** The catalogue operation it runs, or a label for the commands that run none. */
  readonly family: string
}

// Which operation each command runs, as core's catalogue places it (the CLI builds its tree from the same
// commands); the suite checks that the built CLI reaches every operation.
const OPERATION_OF: ReadonlyMap<string, string> = new Map(
  catalogueCommands(OPERATIONS).map((c) => [c.path.join(" "), c.operation.name]),
)

/** The family of the commands that run no catalogue operation (profile, skill, doctor, help, …). */
export const OTHER = "other commands"

const parseFlags = (help: string): ReadonlyArray<Flag> => {
  const section = help.split(/\n(?:Options|Commands):\n/)[1] ?? ""
  const blocks: string[] = []
  for (const line of section.split("\n")) {
    if (/^ {2}-/.test(line)) blocks.push(line.trim())
    else if (/^ {3,}\S/.test(line) && blocks.length > 0) blocks[blocks.length - 1] += ` ${line.trim()}`
  }
  return blocks.map((block) => {
    const head = /^((?:-[\w-]+(?:, )?)+)( [<[])?/.exec(block)
    const names = (head?.[1] ?? "").split(", ").filter((n) => n !== "")
    const choices = /\(choices: ([^)]*)\)/.exec(block)?.[1]
    return {
      names,
      takesValue: head?.[2] !== undefined,
      choices: choices !== undefined ? [...choices.matchAll(/"([^"]*)"/g)].map((m) => m[1] ?? "") : [],
    }
  })
}

const parseArgs = (help: string, path: ReadonlyArray<string>): ReadonlyArray<string> => {
  const usage = /^Usage: inspire (.*)$/m.exec(help)?.[1] ?? ""
  const rest = usage.slice(path.join(" ").length)
  return [...rest.matchAll(/[<[][\w.-]+[>\]]/g)].map((m) => m[0]).filter((a) => a !== "[options]" && a !== "[command]")
}

const parseSubcommands = (help: string): ReadonlyArray<string> => {
  const section = help.split(/\nCommands:\n/)[1] ?? ""
  const names: string[] = []
  for (const line of section.split("\n")) {
    if (line.trim() === "") break
    const name = /^ {2}([\w-]+)/.exec(line)?.[1]
    if (name !== undefined) names.push(name)
  }
  return names
}

/** Reads the tree from the built CLI through the harness. */
export const readTree = async (host: CliHost): Promise<ReadonlyArray<CommandNode>> => {
  const nodes: CommandNode[] = []
  const pending: Array<ReadonlyArray<string>> = [[]]
  for (let path = pending.shift(); path !== undefined; path = pending.shift()) {
    const help = (await host.run([...path, "--help"])).stdout
    // `inspire help` takes topics; it is a command of its own, not a group.
    const subcommands = path.join(" ") === "help" ? [] : parseSubcommands(help)
    nodes.push({
      path,
      flags: parseFlags(help),
      args: parseArgs(help, path),
      subcommands,
      family: OPERATION_OF.get(path.join(" ")) ?? OTHER,
    })
    for (const name of subcommands) pending.push([...path, name])
  }
  return nodes
}
