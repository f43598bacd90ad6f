// What counts as a good outcome of one `inspire` run, read from apps/cli/src: the exit code is one of
// exit-codes.ts's table; nothing prints a stack trace; a failure prints, on stderr, `error: <message>`
// and `hint: <what to do next>` (output.ts printError), or with --json one line
// {"error": {reason, message, hint}}. A failure without the hint is a known gap when it matches one of
// KNOWN_GAPS (each names the source that prints it), else a defect, as is everything else.
import type { CliRun } from "./fuzz-cli-host.js"

const EXIT_CODES = new Set([0, 1, 2, 4, 10, 11, 12, 13, 130])

/** A class of failures printed without a hint: where it comes from and how to recognise it. */
export interface Gap {
  readonly id: string
  readonly source: string
  readonly message: RegExp
}

/** Failures that print no hint line, by the source that prints them. */
export const KNOWN_GAPS: ReadonlyArray<Gap> = []

/** Defects found by this suite and not fixed yet: recorded, reported and pinned by an it.fails test. */
export const KNOWN_DEFECTS: ReadonlyArray<Gap> = []

/** How one run ended, as the suite counts it. */
export type CliVerdict =
  | { readonly kind: "ok" }
  | { readonly kind: "typed"; readonly code: number }
  | { readonly kind: "gap"; readonly gap: string; readonly message: string }
  | { readonly kind: "known-defect"; readonly defect: string; readonly message: string }
  | { readonly kind: "defect"; readonly why: string }

const STACK = /^\s+at .+(\(.+:\d+:\d+\)|:\d+:\d+)$/m
const DEFECT_WORDS =
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|AssertionError)\b|\[object Object\]|This is a bug/

// A word counts against the run only when the user did not type it: echoing input back is fine.
const suspicious = (text: string, argv: ReadonlyArray<string>): string | undefined => {
  if (STACK.test(text)) return "a stack trace"
  const joined = argv.join(" ")
  const word = DEFECT_WORDS.exec(text)?.[0]
  if (word !== undefined && !joined.includes(word)) return `"${word}" in the output`
  // zod says a missing required flag was "received undefined": poor wording, not a leak.
  const bare = text.replace(/received undefined/g, "")
  if (/\bundefined\b/.test(bare) && !joined.includes("undefined")) return `"undefined" in the output`
  return undefined
}

const gapOf = (message: string): Gap | undefined => KNOWN_GAPS.find((g) => g.message.test(message))

const hintless = (message: string): CliVerdict => {
  const gap = gapOf(message)
  return gap !== undefined
    ? { kind: "gap", gap: gap.id, message }
    : { kind: "defect", why: `an error without a hint: ${message.slice(0, 300)}` }
}

const judgeJson = (stderr: string, code: number): CliVerdict => {
  const lines = stderr.trimEnd().split("\n")
  let body: { error?: { message?: unknown; hint?: unknown } } | undefined
  try {
    body = lines.length === 1 ? (JSON.parse(lines[0] ?? "") as typeof body) : undefined
  } catch {
    body = undefined
  }
  const message = body?.error?.message
  if (typeof message !== "string") return hintless(`(--json, not one JSON error line) ${stderr.slice(0, 200)}`)
  const hint = body?.error?.hint
  return typeof hint === "string" && hint.trim() !== "" ? { kind: "typed", code } : hintless(message)
}

// Input echoed in a message may carry its own line breaks; those lines are the user's, not extra output.
const judgeText = (stderr: string, code: number, multiline: boolean): CliVerdict => {
  if (!stderr.startsWith("error: ")) return hintless(`(no error line) ${stderr.slice(0, 200)}`)
  // The choices --json carries may follow the hint, for people: "candidates:" and indented rows.
  const all = stderr.trimEnd().split("\n")
  const chosen = all.indexOf("candidates:")
  const lines = chosen > 1 && all.slice(chosen + 1).every((l) => /^ {2}\S/.test(l)) ? all.slice(0, chosen) : all
  const hint = lines.findIndex((l) => /^hint: \S/.test(l))
  // Echoed input with line breaks may split the error line, the hint, or both.
  const twoLines = (hint === 1 && hint === lines.length - 1) || (multiline && hint >= 1)
  // A hint may end in a list of the valid choices (the specs of a group): "hint: … Pass --spec <ID>:" + rows.
  const listed = hint === 1 && (lines[1] ?? "").trimEnd().endsWith(":") && lines.length > 2
  if (twoLines || listed) return { kind: "typed", code }
  if (hint >= 0) {
    const gap = gapOf(`(more than two lines) ${lines.join(" | ")}`)
    if (gap !== undefined) return { kind: "gap", gap: gap.id, message: lines.join(" | ").slice(0, 300) }
    return { kind: "defect", why: `an error of more than two lines: ${stderr.slice(0, 300)}` }
  }
  return hintless(lines.join(" | ").slice("error: ".length))
}

/** Judges one run of `main(argv)`. */
export const judgeRun = (argv: ReadonlyArray<string>, run: CliRun): CliVerdict => {
  if (run.hung === true) return { kind: "defect", why: "did not finish in time" }
  if (run.thrown !== undefined) return { kind: "defect", why: `main threw: ${run.thrown.slice(0, 300)}` }
  if (run.escaped.length > 0) return { kind: "defect", why: `escaped: ${run.escaped[0]?.slice(0, 300)}` }
  const code = run.code ?? -1
  if (!EXIT_CODES.has(code)) return { kind: "defect", why: `exit code ${code} is not in the table` }
  const known = KNOWN_DEFECTS.find((d) => d.message.test(run.stderr))
  if (known !== undefined) return { kind: "known-defect", defect: known.id, message: run.stderr.slice(0, 300) }
  const trace = suspicious(`${run.stdout}\n${run.stderr}`, argv)
  if (trace !== undefined) return { kind: "defect", why: `${trace}: ${run.stderr.slice(0, 300)}` }
  if (code === 0) return { kind: "ok" }
  // Exit codes 10–13 of `job wait` / `--exit-status` report the task, not a failure of the command; the
  // next steps they print go to stderr, but never as an error.
  if (code >= 10 && code <= 13 && !/^error:/im.test(run.stderr)) return { kind: "typed", code }
  // --json anywhere, and --json=a,b or --jq (which implies --json) before a `--`, make errors one JSON line.
  const flags = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv
  const json =
    argv.includes("--json") || flags.some((t) => t.startsWith("--json=") || t === "--jq" || t.startsWith("--jq="))
  if (json) return judgeJson(run.stderr, code)
  return judgeText(
    run.stderr,
    code,
    argv.some((t) => /[\n\r\u2028\u2029]/.test(t)),
  )
}
