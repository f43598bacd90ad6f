import { InspireError, type Text } from "@holos-inspire/core"
import { formatMessage, type Language, renderWords } from "@holos-inspire/core/internal"
import { EXIT, type ExitCode, exitCodeOfReason } from "./exit-codes.js"
import { writeJson } from "./json-output.js"
import { language, msg, speak } from "./language.js"

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

/** A confirmation the user declined (exit 3): said plainly, as no failure. */
export const cancelled = (): CliError => new CliError(msg("cli-cancelled"), EXIT.cancelled)

/** A usage error (exit 2). */
export const usageError = (message: string, hint?: string): CliError => new CliError(message, EXIT.usage, hint)

/** Turns an operation's error into the CLI's, keeping reason, candidates, fix and created for --json. */
// Its texts are worded here in the CLI's terms (a client's run has worded them already: plain texts then).
export const fromInspireError = (e: InspireError, code?: ExitCode): CliError =>
  new CliError(speak(e.text), code ?? exitCodeOfReason(e.reason), speak(e.hint), {
    reason: e.reason,
    ...(e.candidates !== undefined ? { candidates: e.candidates } : {}),
    ...(e.fix !== undefined ? { fix: speak(e.fix) } : {}),
    // A failed create says whether the task exists: "no", or "unknown" (list before submitting again).
    ...(e.created !== undefined ? { created: e.created } : {}),
  })

/** Whether stderr is a terminal that may receive colour. */
const colourful = (): boolean => process.stderr.isTTY === true && (process.env.NO_COLOR ?? "") === ""

const red = (text: string): string => (colourful() ? `\u001b[31m${text}\u001b[39m` : text)

const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

// How core begins its asides and its next steps (core's locales/*/common.ftl) in the CLI's language and in
// English, which a message missing in another language falls back to; only these two are parsed.
const beginnings = (id: string, args: Readonly<Record<string, string>> = {}): string =>
  [...new Set<Language>([language(), "en"])].map((lang) => literally(formatMessage(lang, id, args))).join("|")

// Lines of a rendered result that speak to the person rather than carry the result; and a "Next:" block
// of suggested follow-up commands: the heading line and the indented lines under it. Made on first use.
let patterns: { readonly aside: RegExp; readonly next: RegExp } | undefined
const asidePatterns = (): { readonly aside: RegExp; readonly next: RegExp } => {
  patterns ??= {
    aside: new RegExp(
      `^(${["common-warning", "common-hint", "common-note"].map((id) => beginnings(id, { text: "" })).join("|")})`,
    ),
    next: new RegExp(`^(${beginnings("common-next")})`),
  }
  return patterns
}

/** Splits rendered text into the result (stdout) and its warnings, hints, notes and next steps (stderr). */
const splitAsides = (text: string): { readonly result: string; readonly asides: string } => {
  const result: string[] = []
  const asides: string[] = []
  let inNext = false
  const { aside, next } = asidePatterns()
  for (const line of text.replace(/\n$/, "").split("\n")) {
    inNext = next.test(line) || (inNext && line.startsWith("  "))
    if (inNext || aside.test(line)) asides.push(line)
    else result.push(line)
  }
  return { result: result.join("\n"), asides: asides.join("\n") }
}

/**
 * Writes a result: JSON when asked (and nothing else), the rendered text otherwise. Warnings, hints and
 * notes in the text go to stderr, so stdout holds the result only (as gh and kubectl do).
 */
export const printResult = (json: boolean, result: unknown, text: string): void => {
  if (json) return void writeJson(result)
  if (text === "") return
  const { result: out, asides } = splitAsides(text)
  if (out.trim() !== "") process.stdout.write(`${out}\n`)
  if (asides !== "") process.stderr.write(`${asides}\n`)
}

const SHOWN_CANDIDATES = 10

// A choice by its name and id; undefined for what is not a choice (a check's finding, which the
// message and hint already say in words and --json carries whole).
const candidateText = (c: unknown): string | undefined => {
  if (typeof c !== "object" || c === null) return String(c)
  const { id, name } = c as { id?: unknown; name?: unknown }
  if (typeof name === "string" && typeof id === "string" && name !== "" && name !== id) return `${name} (${id})`
  if (typeof id === "string" || typeof name === "string") return String(id ?? name)
  return undefined
}

// The choices --json carries, for people: the first few, and how many more. Left out when the hint
// already lists them (a spec table, "Use one of: …").
const candidateLines = (all: ReadonlyArray<unknown>, hint: string): ReadonlyArray<string> => {
  const candidates = all.filter((c) => candidateText(c) !== undefined)
  const texts = candidates.map((c) => candidateText(c) ?? "")
  const listed = (c: unknown, t: string) => {
    const id = typeof c === "object" && c !== null ? (c as { id?: unknown }).id : c
    return hint.includes(typeof id === "string" ? id : t)
  }
  if (texts.length === 0 || texts.every((t, i) => listed(candidates[i], t))) return []
  const more = texts.length - SHOWN_CANDIDATES
  return [
    msg("cli-error-candidates"),
    ...texts.slice(0, SHOWN_CANDIDATES).map((t) => `  ${t}`),
    ...(more > 0 ? [`  ${msg("cli-error-more-candidates", { count: more })}`] : []),
  ]
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
          // An error of core's met outside a client's run: its words said here, as a client's run says them.
          error instanceof InspireError ? speak(error.text) : error instanceof Error ? error.message : String(error),
          EXIT.error,
          msg("cli-error-bug"),
        )
  if (process.env.INSPIRE_DEBUG === "1" && error instanceof Error && error.stack !== undefined)
    process.stderr.write(`${error.stack}\n`)
  if (json) {
    const body = {
      reason: e.code === EXIT.usage ? "UsageError" : e.code === EXIT.cancelled ? "Cancelled" : "Error",
      message: e.message,
      ...(e.hint !== undefined ? { hint: e.hint } : {}),
      ...e.detail,
    }
    process.stderr.write(`${JSON.stringify({ error: body })}\n`)
  } else if (e.code === EXIT.cancelled) {
    process.stderr.write(`${e.message}\n`)
  } else {
    process.stderr.write(`${red(msg("cli-error", { text: e.message }))}\n`)
    if (e.hint !== undefined && e.hint !== "") process.stderr.write(`${msg("common-hint", { text: e.hint })}\n`)
    const candidates = e.detail.candidates
    if (Array.isArray(candidates))
      for (const line of candidateLines(candidates, e.hint ?? "")) process.stderr.write(`${line}\n`)
  }
  return e.code
}

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

/** A one-line progress display on stderr, shown only on a terminal. */
export const makeProgress = (): { readonly show: (message: Text | string) => void; readonly clear: () => void } => {
  const on = process.stderr.isTTY === true
  let frame = 0
  let shown = false
  return {
    show: (message) => {
      if (!on) return
      const width = (process.stderr.columns ?? 80) - 3
      // Core's progress messages are words (messages, calls) until a frontend says them.
      const text = renderWords(message, "cli", language())
      process.stderr.write(`\r\u001b[2K${FRAMES[frame++ % FRAMES.length]} ${text.slice(0, width)}`)
      shown = true
    },
    clear: () => {
      if (on && shown) process.stderr.write("\r\u001b[2K")
      shown = false
    },
  }
}
