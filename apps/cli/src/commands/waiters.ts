import { plain, type Text } from "@holos-inspire/core"
import {
  isoInstant,
  listWaiters,
  renderTable,
  runWaiter,
  stopWaiter,
  writeWaiterPid,
} from "@holos-inspire/core/internal"
import { resolveStorePaths } from "@holos-inspire/core/store-paths"
import { Argument, type Command } from "commander"
import { type CommandOptions, withGlobals } from "../command.js"
import { EXIT } from "../exit-codes.js"
import { msg, speak } from "../language.js"
import { CliError, printResult, usageError } from "../output.js"
import { withClient } from "../run.js"

const paths = () => resolveStorePaths(process.env)

// The store's own errors (an untrusted folder) become the CLI's, with their words.
const local = <A>(f: () => A): A => {
  try {
    return f()
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e), EXIT.error)
  }
}

const list = (options: CommandOptions): void => {
  const all = local(() => listWaiters(paths()))
  if (options.json === true) return void printResult(true, all, "")
  if (all.length === 0) return void process.stdout.write(`${msg("cli-notify-waiters-none")}\n`)
  const table = renderTable(all, [
    { header: plain(msg("cli-notify-col-waiter")), cell: (w) => w.id },
    {
      header: plain(msg("cli-notify-col-state")),
      cell: (w) => (w.state === "waiting" && !w.alive ? msg("cli-notify-state-gone", { id: w.id }) : w.state),
    },
    { header: plain(msg("cli-notify-col-jobs")), cell: (w) => w.jobs.join(",") },
    { header: plain(msg("cli-notify-col-notified")), cell: (w) => `${w.notified.length}/${w.jobs.length}` },
    { header: plain(msg("cli-notify-col-target")), cell: (w) => w.target },
  ])
  process.stdout.write(`${speak(table)}\n`)
}

const unknown = (id: string): CliError =>
  new CliError(msg("cli-notify-waiter-unknown", { id }), EXIT.taskNotFound, msg("cli-notify-waiter-unknown-hint"))

const stop = (id: string, options: CommandOptions): void => {
  const stopped = local(() => stopWaiter(paths(), id))
  if (stopped === undefined) throw unknown(id)
  printResult(options.json === true, stopped, msg("cli-notify-waiter-stopped", { id }))
}

// The process `--detach` leaves: it goes on when the terminal that started it closes (SIGHUP).
const run = async (id: string, options: CommandOptions): Promise<void> => {
  process.on("SIGHUP", () => undefined)
  local(() => writeWaiterPid(paths(), id, process.pid))
  const log = (line: Text): void => void process.stdout.write(`${isoInstant(Date.now())} ${speak(line)}\n`)
  const end = await withClient(options, (client) => client.run(runWaiter(id, speak, log)))
  if (end === undefined) throw unknown(id)
}

/** `inspire waiters` (list), `inspire waiters stop ID`, and `inspire waiters run ID` (what `--detach` starts). */
export const addWaitersCommands = (program: Command): void => {
  withGlobals(
    program
      .command("waiters")
      .description(msg("cli-notify-help-waiters"))
      .addArgument(new Argument("[action]", msg("cli-notify-help-waiters-action")).choices(["list", "stop", "run"]))
      .argument("[id]", msg("cli-notify-help-waiters-id")),
  ).action(async (action: string | undefined, id: string | undefined, options: CommandOptions) => {
    if (action === undefined || action === "list") return list(options)
    if (id === undefined)
      throw usageError(msg("cli-notify-waiter-needs-id", { action }), msg("cli-notify-waiter-unknown-hint"))
    return action === "stop" ? stop(id, options) : run(id, options)
  })
}
