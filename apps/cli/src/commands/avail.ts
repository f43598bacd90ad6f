import { type AvailabilityResult, availabilityOperation, type Invocation, invoke } from "@holos-inspire/core"
import type { CommandOptions } from "../command.js"
import { EXIT, type ExitCode } from "../exit-codes.js"
import { printResult, usageError } from "../output.js"
import { withClient } from "../run.js"
import { type Extension, extend } from "./catalogue.js"

/** Seconds between two refreshes of `--watch`, by default and at the least (the account's rate limit is shared). */
const DEFAULT_INTERVAL = 10
const MIN_INTERVAL = 2

const CLEAR = "\x1b[H\x1b[2J"

const intervalOf = (options: CommandOptions): number => {
  const raw = options.interval
  if (raw === undefined) return DEFAULT_INTERVAL
  const n = Number(raw)
  if (!Number.isFinite(n) || n < MIN_INTERVAL)
    throw usageError(`--interval must be a number of seconds, ${MIN_INTERVAL} or more.`, "E.g. --interval 10.")
  return n
}

// --watch draws a live table, so it needs a terminal: off one (a pipe, a file, a script) it is refused,
// and a script polls `inspire avail --json` itself at the pace it wants.
const checkWatch = (options: CommandOptions): void => {
  if (options.watch !== true) {
    if (options.interval !== undefined)
      throw usageError("--interval applies to --watch.", "Add --watch, or drop --interval.")
    return
  }
  intervalOf(options)
  if (options.json === true)
    throw usageError(
      "--watch draws a table and cannot be combined with --json.",
      "Drop --json, or drop --watch to get one JSON result.",
    )
  if (process.stdout.isTTY !== true)
    throw usageError(
      "--watch refreshes a table on a terminal, and stdout is not one.",
      "Run it in a terminal, or drop --watch (a script can repeat `inspire avail --json` itself).",
    )
}

// Sleeps, or ends early when Ctrl-C is pressed.
const pause = (ms: number, stop: { stopped: boolean; wake?: () => void }): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    stop.wake = () => {
      clearTimeout(timer)
      resolve()
    }
  })

const watch = async (
  first: Invocation<AvailabilityResult>,
  options: CommandOptions,
  input: Readonly<Record<string, unknown>>,
): Promise<ExitCode> => {
  const seconds = intervalOf(options)
  const stop: { stopped: boolean; wake?: () => void } = { stopped: false }
  const onInterrupt = (): void => {
    stop.stopped = true
    stop.wake?.()
  }
  process.on("SIGINT", onInterrupt)
  const draw = (text: string): void => {
    process.stdout.write(`${CLEAR}Every ${seconds}s; Ctrl-C ends.\n\n${text}\n`)
  }
  try {
    draw(first.text)
    await withClient(options, async (client) => {
      for (;;) {
        await pause(seconds * 1000, stop)
        if (stop.stopped) return
        const next = await client.run(invoke(availabilityOperation, input, { progress: () => undefined }))
        if (stop.stopped) return
        draw(next.text)
      }
    })
  } finally {
    process.off("SIGINT", onInterrupt)
  }
  return EXIT.ok
}

/** What `inspire avail` adds: `--watch` redraws the table on a terminal every `--interval` seconds until Ctrl-C. */
export const availExtensions: ReadonlyArray<Extension> = [
  extend(availabilityOperation, {
    extra: (c) =>
      c
        .option("--watch", "refresh the table on this terminal until Ctrl-C (refused when stdout is not a terminal)")
        .option(
          "--interval <seconds>",
          `seconds between refreshes with --watch (default ${DEFAULT_INTERVAL}, at least ${MIN_INTERVAL})`,
        ),
    check: checkWatch,
    after: async (run, options, input) => {
      if (options.watch !== true) {
        printResult(options.json === true, run.result, run.text)
        return undefined
      }
      return watch(run, options, input)
    },
  }),
]
