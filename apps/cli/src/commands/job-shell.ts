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

// `job exec` exits with the command's own code, as ssh does: 124 after --timeout, 130 after Ctrl-C.
const execCode = (r: Worded<JobExecResult>): number => (r.plan !== undefined ? EXIT.ok : (r.exitCode ?? EXIT.error))

/** What `inspire job exec` adds: the command's exit code as the CLI's. */
export const jobExecExtensions: ReadonlyArray<Extension> = [
  extend(jobExecOperation, {
    after: async (run, options) => {
      printResult(options.json === true, run.result, run.text)
      // Any code 0–255 the command exited with: the table's codes are the CLI's own.
      return execCode(run.result) as ExitCode
    },
  }),
]

/** `inspire job shell <job> [--pod N|NAME]`: an interactive shell in a running job's pod, on a TTY only. */
export const addJobShell = (program: Command): void => {
  const group = program.commands.find((c) => c.name() === "job")
  if (group === undefined) return
  withGlobals(
    group
      .command("shell")
      .description(msg("cli-pods-help-shell"))
      .argument("<job>", msg("cli-pods-help-shell-job"))
      .option("--pod <n|name>", msg("cli-pods-help-shell-pod"))
      .option("--workspace <name>", msg("cli-pods-help-workspace")),
  ).action(async (job: string, options: CommandOptions & { pod?: string; workspace?: string }) => {
    if (process.stdin.isTTY !== true || process.stdout.isTTY !== true)
      throw usageError(msg("cli-pods-shell-no-terminal"), msg("cli-pods-shell-no-terminal-hint"))
    const { end, status } = await withClient(options, async (client) => {
      const shell = await client.run(podShell(job, options.pod, options.workspace))
      note(msg("cli-pods-shell-connected", { pod: shell.pod }))
      return await interact(shell.open)
    })
    if (end === "dropped")
      throw new CliError(msg("cli-pods-shell-dropped"), EXIT.error, msg("cli-pods-shell-dropped-hint"))
    note(`\r\n${msg("cli-shell-disconnected")}`)
    // The shell's own exit status (`exit 5` → 5), when its trap could say it.
    if (status !== undefined) process.exitCode = status
  })
}
