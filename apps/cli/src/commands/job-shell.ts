import { type JobExecResult, jobExecOperation, type Worded } from "@holos-inspire/core"
import { podShell } from "@holos-inspire/core/internal"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { EXIT, type ExitCode } from "../exit-codes.js"
import { msg } from "../language.js"
import { CliError, note, printResult, usageError } from "../output.js"
import { interact } from "../pty-session.js"
import { withClient } from "../run.js"
import { type Extension, extend } from "./catalogue.js"

// `job exec` and `serve exec` exit with the command's own code, as ssh does: 124 after --timeout, 130 after Ctrl-C.
const execCode = (r: Worded<JobExecResult>): number => (r.plan !== undefined ? EXIT.ok : (r.exitCode ?? EXIT.error))

/** What `inspire job exec` (and `serve exec`) adds: the command's exit code as the CLI's. */
export const jobExecExtensions: ReadonlyArray<Extension> = [
  extend(jobExecOperation, {
    after: async (run, options) => {
      printResult(options.json === true, run.result, run.text)
      // Any code 0–255 the command exited with: the table's codes are the CLI's own.
      return execCode(run.result) as ExitCode
    },
  }),
]

// The words of each group's shell command: `job shell <job>` and `serve shell <serving>` are one command.
const SHELLS = [
  {
    group: "job",
    argument: "<job>",
    help: () => msg("cli-pods-help-shell"),
    target: () => msg("cli-pods-help-shell-job"),
    pod: () => msg("cli-pods-help-shell-pod"),
    workspace: () => msg("cli-pods-help-workspace"),
    noTerminal: () => msg("cli-pods-shell-no-terminal"),
    noTerminalHint: () => msg("cli-pods-shell-no-terminal-hint"),
    droppedHint: () => msg("cli-pods-shell-dropped-hint"),
  },
  {
    group: "serve",
    argument: "<serving>",
    help: () => msg("cli-servexec-help-shell"),
    target: () => msg("cli-servexec-help-shell-serving"),
    pod: () => msg("cli-servexec-help-shell-pod"),
    workspace: () => msg("cli-servexec-help-workspace"),
    noTerminal: () => msg("cli-servexec-shell-no-terminal"),
    noTerminalHint: () => msg("cli-servexec-shell-no-terminal-hint"),
    droppedHint: () => msg("cli-servexec-shell-dropped-hint"),
  },
]

/**
 * `inspire job shell <job> [--pod N|NAME]` and `inspire serve shell <serving> [--pod N|NAME]`: an
 * interactive shell in a pod of a running job or serving, on a TTY only.
 */
export const addJobShell = (program: Command): void => {
  for (const words of SHELLS) {
    const group = program.commands.find((c) => c.name() === words.group)
    if (group === undefined) continue
    withGlobals(
      group
        .command("shell")
        .description(words.help())
        .argument(words.argument, words.target())
        .option("--pod <n|name>", words.pod())
        .option("--workspace <name>", words.workspace()),
    ).action(async (target: string, options: CommandOptions & { pod?: string; workspace?: string }) => {
      if (process.stdin.isTTY !== true || process.stdout.isTTY !== true)
        throw usageError(words.noTerminal(), words.noTerminalHint())
      const { end, status } = await withClient(options, async (client) => {
        const shell = await client.run(podShell(target, options.pod, options.workspace))
        note(msg("cli-pods-shell-connected", { pod: shell.pod }))
        return await interact(shell.open)
      })
      if (end === "dropped") throw new CliError(msg("cli-pods-shell-dropped"), EXIT.error, words.droppedHint())
      note(`\r\n${msg("cli-shell-disconnected")}`)
      // The shell's own exit status (`exit 5` → 5), when its trap could say it.
      if (status !== undefined) process.exitCode = status
    })
  }
}
