// The command tree of the built CLI, read the way a user reads it: `inspire completion bash` for the
// command paths, `inspire <path> --help` for each one's flags, choices and arguments.
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

/** Reads the tree from the built CLI through the harness. */
export const readTree = async (host: CliHost): Promise<ReadonlyArray<CommandNode>> => {
  const script = (await host.run(["completion", "bash"])).stdout
  const entries = [...script.matchAll(/^ {4}"([^"]*)"\) words="([^"]*)"/gm)]
  const nodes: CommandNode[] = []
  for (const [, pathText = "", words = ""] of entries) {
    const path = pathText === "" ? [] : pathText.split(" ")
    const help = (await host.run([...path, "--help"])).stdout
    nodes.push({
      path,
      flags: parseFlags(help),
      args: parseArgs(help, path),
      subcommands: words.split(" ").filter((w) => w !== "" && !w.startsWith("-")),
      family: OPERATION_OF.get(pathText) ?? OTHER,
    })
  }
  return nodes
}
