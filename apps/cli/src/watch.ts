import { type Invocation, invoke, type Operation, type Text, type Worded } from "@holos-inspire/core"
import type { CommandExtension, CommandOptions } from "./command.js"
import { EXIT, type ExitCode } from "./exit-codes.js"
import { msg } from "./language.js"
import { printResult, usageError } from "./output.js"
import { withClient } from "./run.js"

/** How a command's `--watch` paces itself, and what a script does instead. */
export interface WatchPace {
  /** Seconds between two refreshes by default, and at the least (the account's rate limit is shared). */
  readonly defaultInterval: number
  readonly minInterval: number
  /** The command a script repeats itself, e.g. `inspire avail --json`. */
  readonly scriptCommand: string
}

const CLEAR = "\x1b[H\x1b[2J"

const intervalOf = (options: CommandOptions, pace: WatchPace): number => {
  const raw = options.interval
  if (raw === undefined) return pace.defaultInterval
  const n = Number(raw)
  if (!Number.isFinite(n) || n < pace.minInterval)
    throw usageError(
      msg("cli-watch-interval", { min: pace.minInterval }),
      msg("cli-watch-interval-hint", { seconds: pace.defaultInterval }),
    )
  return n
}

// --watch draws a live table, so it needs a terminal: off one (a pipe, a file, a script) it is refused,
// and a script repeats the command with --json at the pace it wants.
const checkWatch = (options: CommandOptions, pace: WatchPace): void => {
  if (options.watch !== true) {
    if (options.interval !== undefined)
      throw usageError(msg("cli-watch-interval-alone"), msg("cli-watch-interval-alone-hint"))
    return
  }
  intervalOf(options, pace)
  if (options.json === true) throw usageError(msg("cli-watch-json"), msg("cli-watch-json-hint"))
  if (process.stdout.isTTY !== true)
    throw usageError(msg("cli-watch-no-terminal"), msg("cli-watch-no-terminal-hint", { command: pace.scriptCommand }))
}

// Redraws the operation's text every interval until Ctrl-C, which ends the watch (exit 0), not the CLI.
const watch = async (
  operation: Operation,
  first: Worded<Invocation<unknown>>,
  options: CommandOptions,
  input: Readonly<Record<string, unknown>>,
  pace: WatchPace,
): Promise<ExitCode> => {
  const seconds = intervalOf(options, pace)
  const stop: { stopped: boolean; wake?: () => void } = { stopped: false }
  const onInterrupt = (): void => {
    stop.stopped = true
    stop.wake?.()
  }
  const pause = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      stop.wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const draw = (text: string): void => {
    process.stdout.write(`${CLEAR}${msg("cli-watch-heading", { seconds })}\n\n${text}\n`)
  }
  process.on("SIGINT", onInterrupt)
  try {
    draw(first.text)
    await withClient(options, async (client) => {
      for (;;) {
        await pause(seconds * 1000)
        if (stop.stopped) return
        const next = await client.run(invoke(operation, input, { progress: () => undefined }))
        if (stop.stopped) return
        draw(next.text)
      }
    })
  } finally {
    process.off("SIGINT", onInterrupt)
  }
  return EXIT.ok
}

/** The `--watch` / `--interval` options of a command: a live table on a terminal until Ctrl-C. */
export const watchable = <R>(
  // Typed as extend() takes it, so the extension's `run` is the operation's own result.
  operation: { readonly run: (...args: never[]) => unknown; readonly render: (result: R) => Text },
  pace: WatchPace,
): CommandExtension<R> =>
  ({
    extra: (c) =>
      c
        .option("--watch", msg("cli-help-watch"))
        .option(
          "--interval <seconds>",
          msg("cli-help-watch-interval", { default: pace.defaultInterval, min: pace.minInterval }),
        ),
    check: (options) => checkWatch(options, pace),
    after: async (run, options, input) => {
      if (options.watch !== true) {
        printResult(options.json === true, run.result, run.text)
        return undefined
      }
      return watch(operation as unknown as Operation, run, options, input, pace)
    },
  }) satisfies CommandExtension<R>
