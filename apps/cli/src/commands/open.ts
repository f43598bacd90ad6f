import { spawn } from "node:child_process"
import { jobDetailOperation } from "@holos-inspire/core"
import type { Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { msg } from "../language.js"
import { printResult } from "../output.js"
import { runOperation } from "../run.js"

// `inspire open <task>`: the task's page in the console (a notebook's lab), in the browser. The browser is
// $BROWSER when set, else the system's opener (open, xdg-open, start); without one, or with --print, the
// address is printed instead. Nothing but the address leaves the process.

type OpenOptions = CommandOptions & { print?: boolean; workspace?: string }

/** The program that opens an address here, and its arguments. */
const openerFor = (url: string, env: NodeJS.ProcessEnv): readonly [string, ReadonlyArray<string>] => {
  const browser = env.BROWSER?.trim()
  if (browser !== undefined && browser !== "") return [browser, [url]]
  if (process.platform === "darwin") return ["open", [url]]
  if (process.platform === "win32") return ["cmd", ["/c", "start", '""', url]]
  return ["xdg-open", [url]]
}

/** Starts the opener and leaves it running; false when it could not be started. */
const launch = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const [command, args] = openerFor(url, process.env)
    const child = spawn(command, [...args], { detached: true, stdio: "ignore" })
    child.once("error", () => resolve(false))
    child.once("spawn", () => {
      child.unref()
      resolve(true)
    })
  })

/** `inspire open <task>`. */
export const addOpenCommand = (program: Command): void => {
  withGlobals(
    program
      .command("open")
      .description(msg("cli-help-open"))
      .argument("<task>", msg("cli-help-open-task"))
      .option("--print", msg("cli-help-open-print"))
      .option("--workspace <name>", msg("cli-help-open-workspace")),
  ).action(async (task: string, options: OpenOptions) => {
    const input = { job_id: task, ...(options.workspace !== undefined ? { workspace: options.workspace } : {}) }
    const run = await runOperation(options, jobDetailOperation, { ...input, log_lines: 10 })
    const url = run.result.consoleUrl
    const opened = options.print !== true && url !== "" && (await launch(url))
    const result = { id: run.result.id, name: run.result.name, url, opened }
    if (options.json === true) return printResult(true, result, "")
    process.stdout.write(`${url}\n`)
    if (!opened && options.print !== true) process.stderr.write(`${msg("cli-open-printed")}\n`)
  })
}
