import { msg } from "../../words/message.js"
import { type Finding, finding } from "./finding.js"
import { offlineNetworkFindings, pythonModule } from "./network.js"
import { parseCommands, type SimpleCommand } from "./shell.js"
import { basename, shellBody, unwrapCommand } from "./wrappers.js"

/** A training job's command as submitted, and what is known of the target workspace. */
export interface TrainingLintInput {
  readonly command: string
  /** Whether the workspace has internet access; `undefined` when its policy is unknown (INSPIRE-API.md §3.3). */
  readonly workspaceOnline: boolean | undefined
  /** The user's configured prefix, which the platform runs before the command. */
  readonly commandPrefix?: string | undefined
}

/** A program that runs Python training code. */
export interface Launch {
  readonly kind: "python" | "torchrun" | "deepspeed" | "accelerate"
  /** The words after unwrapping, starting with the program. */
  readonly words: ReadonlyArray<string>
  /** Whether the work is a training run whose output is worth keeping (not `python -m pip`, `python -c` or `--version`). */
  readonly training: boolean
}

const PYTHON = /^python(\d+(\.\d+)*)?$/
const TRIVIAL = new Set(["--version", "-V", "--help", "-h"])

/** The Python launch a command performs, if any. */
const launchOf = (cmd: SimpleCommand): Launch | undefined => {
  const words = unwrapCommand(cmd.words).words
  const name = basename(words[0] ?? "")
  const args = words.slice(1)
  const training = args.length > 0 && !args.every((a) => TRIVIAL.has(a))
  if (name === "torchrun" || name === "deepspeed") return { kind: name, words, training }
  if (name === "accelerate") return args[0] === "launch" ? { kind: "accelerate", words, training } : undefined
  if (!PYTHON.test(name)) return undefined
  const module = pythonModule(args)?.module
  if (module === "torch.distributed.run" || module === "torch.distributed.launch") {
    return { kind: "torchrun", words, training: true }
  }
  return { kind: "python", words, training: training && module !== "pip" && !args.includes("-c") }
}

const ACTIVATORS = new Set(["conda", "mamba", "micromamba"])
const RUNNERS = new Set(["conda run", "mamba run", "micromamba run", "uv run", "poetry run", "pixi run"])

/** Whether a command sets up a Python environment for what follows, as a non-interactive shell needs. */
const initialisesEnvironment = (cmd: SimpleCommand): boolean => {
  const unwrapped = unwrapCommand(cmd.words)
  const [first = "", second = "", ...rest] = unwrapped.words
  const name = basename(first)
  if (cmd.assignments.some((a) => a.startsWith("PATH="))) return true
  if (unwrapped.wrappers.some((w) => RUNNERS.has(w))) return true
  if (name === "export") return [second, ...rest].some((a) => a.startsWith("PATH="))
  if (ACTIVATORS.has(name)) return second === "activate" || second.startsWith("shell.")
  if (name === "module") return second === "load" || second === "add"
  // Any sourced file may set up the environment, except ~/.bashrc, which returns early when not interactive.
  if (name === "source" || name === ".") return second !== "" && basename(second) !== ".bashrc"
  if (shellBody(unwrapped.words)?.login === true) return true
  return launchOf(cmd) !== undefined && (first.startsWith("/") || first.startsWith("~/"))
}

/** One hint about the first training launch whose output is not saved to a file, or whose stderr is not. */
const logCaptureFindings = (launches: ReadonlyArray<readonly [SimpleCommand, Launch]>): ReadonlyArray<Finding> => {
  const kept = launches.filter(([cmd, l]) => l.training && cmd.stdout !== "substitution")
  const uncaptured = kept.find(([cmd]) => cmd.stdout !== "file")
  if (uncaptured !== undefined) {
    const [cmd] = uncaptured
    const message = msg("lint-output-lost", {
      command: cmd.text,
      how: cmd.stdout === "discarded" ? "discarded" : "unsaved",
    })
    return [finding("hint", "no-log-capture", message, msg("lint-log-fix"), cmd.text)]
  }
  const stderrLost = kept.find(([cmd]) => cmd.stderr !== "file")
  if (stderrLost === undefined) return []
  const [cmd] = stderrLost
  return [
    finding("hint", "no-log-capture", msg("lint-stderr-lost", { command: cmd.text }), msg("lint-stderr-fix"), cmd.text),
  ]
}

/** Whether a `set` command turns on errexit (`set -e`, `set -euo pipefail`, `set -o errexit`). */
const setsErrexit = (words: ReadonlyArray<string>): boolean => {
  if (words[0] !== "set") return false
  const args = words.slice(1)
  const end = args.indexOf("--")
  const options = end < 0 ? args : args.slice(0, end)
  return options.some((a, i) => /^-[a-zA-Z]*e[a-zA-Z]*$/.test(a) || (a === "-o" && options[i + 1] === "errexit"))
}

const RDZV = /^--rdzv[-_](endpoint|backend|id|conf)(=|$)/

const blank = (text: string | undefined): boolean => text === undefined || text.trim() === ""

/**
 * Lints a training job's command before submission: network use in offline workspaces, missing environment
 * set-up, output not saved, `set -e`, and hand-made torchrun rendezvous (INSPIRE-API.md §6 rules 6, 23, 24).
 */
export const lintTrainingCommand = (input: TrainingLintInput): ReadonlyArray<Finding> => {
  if (blank(input.command)) {
    return [finding("error", "empty-command", msg("lint-command-empty"), msg("lint-command-empty-fix"))]
  }
  const prefix = blank(input.commandPrefix) ? [] : parseCommands(input.commandPrefix ?? "")
  const commands = [...prefix, ...parseCommands(input.command)]
  const launches = commands.flatMap((cmd) => {
    const l = launchOf(cmd)
    return l === undefined ? [] : [[cmd, l] as const]
  })
  const findings: Array<Finding> = []
  if (input.workspaceOnline !== true) {
    findings.push(...offlineNetworkFindings(commands, input.workspaceOnline === false ? "offline" : "unknown"))
  }
  const firstLaunch = launches[0]
  if (firstLaunch !== undefined && prefix.length === 0 && !commands.some(initialisesEnvironment)) {
    findings.push(finding("warning", "no-env-init", msg("lint-no-env"), msg("lint-no-env-fix"), firstLaunch[0].text))
  }
  findings.push(...logCaptureFindings(launches))
  const errexit = commands.find((cmd) => !cmd.subshell && setsErrexit(cmd.words))
  if (errexit !== undefined) {
    findings.push(finding("warning", "set-e", msg("lint-set-e"), msg("lint-set-e-fix"), errexit.text))
  }
  for (const [cmd, l] of launches) {
    const flag = l.kind === "torchrun" ? l.words.find((w) => RDZV.test(w)) : undefined
    if (flag === undefined) continue
    const message = msg("lint-rdzv", { flag: flag.split("=")[0] ?? flag })
    findings.push(finding("warning", "torchrun-rdzv", message, msg("lint-rdzv-fix"), cmd.text))
  }
  return findings
}
