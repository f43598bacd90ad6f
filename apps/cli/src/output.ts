import type { InspireError } from "@holos-inspire/core"
import { EXIT, type ExitCode, exitCodeOfReason } from "./exit-codes.js"

/** A failure the CLI reports itself: a message, an optional hint, and the exit code of the table. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: ExitCode,
    readonly hint?: string,
    readonly detail: Readonly<Record<string, unknown>> = {},
  ) {
    super(message)
  }
}

/** A usage error (exit 2). */
export const usageError = (message: string, hint?: string): CliError => new CliError(message, EXIT.usage, hint)

/** Turns an operation's error into the CLI's, keeping reason, candidates, fix and created for --json. */
export const fromInspireError = (e: InspireError, code?: ExitCode): CliError =>
  new CliError(e.message, code ?? exitCodeOfReason(e.reason), e.hint, {
    reason: e.reason,
    ...(e.candidates !== undefined ? { candidates: e.candidates } : {}),
    ...(e.fix !== undefined ? { fix: e.fix } : {}),
    // A failed create says whether the task exists: "no", or "unknown" (list before submitting again).
    ...(e.created !== undefined ? { created: e.created } : {}),
  })

/** Whether stderr is a terminal that may receive colour. */
const colourful = (): boolean => process.stderr.isTTY === true && (process.env.NO_COLOR ?? "") === ""

const red = (text: string): string => (colourful() ? `\u001b[31m${text}\u001b[39m` : text)

/** Writes a result: JSON when asked (and nothing else), the rendered text otherwise. */
export const printResult = (json: boolean, result: unknown, text: string): void => {
  if (json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`)
  else if (text !== "") process.stdout.write(text.endsWith("\n") ? text : `${text}\n`)
}

/** Writes a note for people on stderr (never in JSON mode's stdout). */
export const note = (text: string): void => {
  process.stderr.write(`${text}\n`)
}

/** Reports a failure on stderr: two lines for people, or one JSON object with --json. */
export const printError = (error: unknown, json: boolean): ExitCode => {
  const e =
    error instanceof CliError
      ? error
      : new CliError(
          error instanceof Error ? error.message : String(error),
          EXIT.error,
          "This is a bug; please report it.",
        )
  if (process.env.INSPIRE_DEBUG === "1" && error instanceof Error && error.stack !== undefined)
    process.stderr.write(`${error.stack}\n`)
  if (json) {
    const body = {
      reason: e.code === EXIT.usage ? "UsageError" : "Error",
      message: e.message,
      ...(e.hint !== undefined ? { hint: e.hint } : {}),
      ...e.detail,
    }
    process.stderr.write(`${JSON.stringify({ error: body })}\n`)
  } else {
    process.stderr.write(`${red(`error: ${e.message}`)}\n`)
    if (e.hint !== undefined && e.hint !== "") process.stderr.write(`hint: ${e.hint}\n`)
  }
  return e.code
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/** A one-line progress display on stderr, shown only on a terminal. */
export const makeProgress = (): { readonly show: (message: string) => void; readonly clear: () => void } => {
  const on = process.stderr.isTTY === true
  let frame = 0
  let shown = false
  return {
    show: (message) => {
      if (!on) return
      const width = (process.stderr.columns ?? 80) - 3
      process.stderr.write(`\r\u001b[2K${FRAMES[frame++ % FRAMES.length]} ${message.slice(0, width)}`)
      shown = true
    },
    clear: () => {
      if (on && shown) process.stderr.write("\r\u001b[2K")
      shown = false
    },
  }
}
