import { connectTerminal, createTerminal, deleteTerminal, openNotebookLab } from "@holos-inspire/core/internal"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { EXIT } from "../exit-codes.js"
import { msg } from "../language.js"
import { CliError, note, usageError } from "../output.js"
import { interact } from "../pty-session.js"
import { withClient } from "../run.js"

/** `inspire notebook shell <notebook>`: an interactive terminal in a running notebook, on a TTY only. */
export const addNotebookShell = (group: Command): void => {
  withGlobals(
    group
      .command("shell")
      .description(msg("cli-help-shell"))
      .argument("<notebook>", msg("cli-help-shell-notebook"))
      .option("--workspace <name>", msg("cli-help-notebook-workspace")),
  ).action(async (notebook: string, options: CommandOptions & { workspace?: string }) => {
    if (process.stdin.isTTY !== true || process.stdout.isTTY !== true)
      throw usageError(msg("cli-shell-no-terminal"), msg("cli-shell-no-terminal-hint"))
    const { end, status } = await withClient(options, async (client) => {
      const lab = await client.run(openNotebookLab(notebook, options.workspace))
      const name = await client.run(createTerminal(lab))
      note(msg("cli-shell-connected", { notebook: lab.notebook.name || lab.notebook.id }))
      try {
        return await interact((onOutput) => connectTerminal(lab, name, onOutput))
      } finally {
        await client.run(deleteTerminal(lab, name))
      }
    })
    if (end === "dropped") throw new CliError(msg("cli-shell-dropped"), EXIT.error, msg("cli-shell-dropped-hint"))
    note(`\r\n${msg("cli-shell-disconnected")}`)
    // The shell's own exit status (`exit 5` → 5), when its trap could say it.
    if (status !== undefined) process.exitCode = status
  })
}
