import { connectTerminal, createTerminal, deleteTerminal, openNotebookLab } from "@holos-inspire/core/internal"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { EXIT } from "../exit-codes.js"
import { CliError, note, usageError } from "../output.js"
import { withClient } from "../run.js"

// An interactive terminal: the local one in raw mode (every key, Ctrl-C included, goes to the notebook's
// shell), its size sent at the start and on every resize, and restored however the session ends.
const interact = async (
  open: (onOutput: (text: string) => void) => Promise<Awaited<ReturnType<typeof connectTerminal>>>,
): Promise<"ended" | "closed" | "dropped"> => {
  const stdin = process.stdin
  const stdout = process.stdout
  const socket = await open((text) => void stdout.write(text))
  const resize = () => socket.resize(stdout.rows || 24, stdout.columns || 80)
  const input = (data: Buffer) => socket.send(data.toString("utf8"))
  resize()
  stdout.on("resize", resize)
  stdin.setRawMode(true)
  stdin.on("data", input)
  stdin.resume()
  try {
    return await socket.closed
  } finally {
    stdin.off("data", input)
    stdout.off("resize", resize)
    stdin.setRawMode(false)
    stdin.pause()
    socket.close()
  }
}

/** `inspire notebook shell <notebook>`: an interactive terminal in a running notebook, on a TTY only. */
export const addNotebookShell = (group: Command): void => {
  withGlobals(
    group
      .command("shell")
      .description("Open an interactive terminal in a running notebook (needs a terminal)")
      .argument("<notebook>", "the notebook: name, id, unique id prefix, or its console/Jupyter URL")
      .option("--workspace <name>", "where to look the notebook's name up (default: defaultWorkspace)"),
  ).action(async (notebook: string, options: CommandOptions & { workspace?: string }) => {
    if (process.stdin.isTTY !== true || process.stdout.isTTY !== true)
      throw usageError(
        "notebook shell is interactive and needs a terminal, but stdin or stdout is not one.",
        "Run it in a terminal; from a script, run commands with `inspire notebook exec <notebook> -- <command>`.",
      )
    const end = await withClient(options, async (client) => {
      const lab = await client.run(openNotebookLab(notebook, options.workspace))
      const name = await client.run(createTerminal(lab))
      note(`Connected to notebook ${lab.notebook.name || lab.notebook.id}; type exit to leave.`)
      try {
        return await interact((onOutput) => connectTerminal(lab, name, onOutput))
      } finally {
        await client.run(deleteTerminal(lab, name))
      }
    })
    if (end === "dropped")
      throw new CliError(
        "The notebook's Jupyter gateway closed the terminal connection.",
        EXIT.error,
        "Connect again with `inspire notebook shell`; run long work with `inspire notebook exec --detach`.",
      )
    note("\r\nDisconnected.")
  })
}
