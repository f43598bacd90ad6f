import { type NotebookExecResult, notebookExecOperation, type Worded } from "@holos-inspire/core"
import type { Command } from "commander"
import type { CommandOptions } from "../command.js"
import { EXIT, type ExitCode } from "../exit-codes.js"
import { msg } from "../language.js"
import { printResult, usageError } from "../output.js"
import { type Extension, extend } from "./catalogue.js"
import { addNotebookCp } from "./notebook-cp.js"
import { addNotebookShell } from "./notebook-shell.js"

// `notebook exec` exits with the command's own code, as ssh does: 124 after --timeout, 130 after Ctrl-C.
const execCode = (r: Worded<NotebookExecResult>): number => {
  if (r.plan !== undefined) return EXIT.ok
  if (r.mode === "run") return r.exitCode ?? EXIT.error
  if (r.mode === "attach") {
    if (r.state === "exited") return r.exitCode ?? EXIT.error
    if (r.state === "running")
      return r.ended === "interrupted" ? EXIT.interrupted : r.ended === "timed-out" ? 124 : EXIT.ok
    return r.state === "missing" ? EXIT.taskNotFound : EXIT.error
  }
  if (r.mode === "status" && r.state === "missing") return EXIT.taskNotFound
  return EXIT.ok
}

const checkExec = (options: CommandOptions): void => {
  const modes = ["detach", "attach", "status"].filter((m) => options[m] !== undefined && options[m] !== false)
  if (modes.length > 1)
    throw usageError(
      msg("cli-notebook-exec-modes", { flags: modes.map((m) => `--${m}`).join(msg("cli-and")) }),
      msg("cli-notebook-exec-modes-hint"),
    )
}

/** What `inspire notebook exec` adds: the command's exit code as the CLI's. */
export const notebookExtensions: ReadonlyArray<Extension> = [
  extend(notebookExecOperation, {
    check: checkExec,
    after: async (run, options) => {
      printResult(options.json === true, run.result, run.text)
      // Any code 0–255 the command exited with: the table's codes are the CLI's own.
      return execCode(run.result) as ExitCode
    },
  }),
]

/** Adds `notebook cp` (the `nb:path` syntax over core's upload and download) and `notebook shell`. */
export const addNotebookCommands = (program: Command): void => {
  const group = program.commands.find((c) => c.name() === "notebook")
  if (group === undefined) return
  addNotebookCp(group)
  addNotebookShell(group)
}
