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
export const KNOWN_GAPS: ReadonlyArray<Gap> = [
  {
    id: "commander-parse-error",
    source:
      "commander's own parse errors (unknown command or option, missing or excess argument, missing option value, a value outside --x's choices) are printed as commander words them, at most with a `(Did you mean …?)` line; apps/cli/src/main.ts:13-16 turns the CommanderError into exit 2 with no hint, and output.ts commanderOutput (lines 38-47) writes the --json form without a hint",
    message:
      /^(\(--json[^)]*\) )?(error: )?(unknown (command|option)|too many arguments|missing required argument|option '.*' argument (missing|'[\s\S]*' is invalid)|option '.*' does not take an argument)/,
  },
  {
    id: "flag-value-conversion",
    source:
      "apps/cli/src/adapt.ts:95 (`--x takes a number`), :103 (`--x holds invalid JSON`) and :115 (`--x takes KEY=VALUE or a JSON object`): usageError without a hint",
    message: /^(error: )?--[\w-]+ (takes a number|holds invalid JSON|takes KEY=VALUE)/,
  },
  {
    id: "confirmation-needed",
    source:
      "apps/cli/src/command.ts:74 (`… needs confirmation: pass --yes.`) and commands/profile.ts:51 (`… needs --yes.`): usageError without a hint (the message says what to do, but there is no hint line)",
    message:
      /^(error: )?inspire [\w -]+ (changes or removes something and needs confirmation: pass --yes|removes saved credentials and needs --yes)\.$/,
  },
  {
    id: "command-check",
    source:
      "usage errors raised by single commands without a hint: commands/jobs.ts:31 (--follow with --json), commands/jobs.ts:130 (--plot with --mode download), commands/skill.ts:187 (--agent), program.ts:30 with main.ts:14 (`unknown help topic`, which main.ts:14 prints as text even with --json, e.g. `inspire help -- --json`)",
    message:
      /^(\(--json, not one JSON error line\) )?(error: )?(--follow streams log lines|--plot draws the series|--agent must be one of|unknown help topic)/,
  },
  {
    id: "help-instead-of-error",
    source:
      "a bare `inspire`, `inspire --` or a command group without its subcommand (`inspire job`) prints the whole help on stderr and exits 2, with no error or hint line, and not as JSON with --json (commander's help({ error: true }) for a command without an action; main.ts:15)",
    message: /^\((no error line|--json, not one JSON error line)\) Usage: inspire/,
  },
  {
    id: "hint-with-a-table",
    source:
      "packages/core/src/operations/common/spec.ts:71 puts the table of candidate specs into the hint (`… Pass spec=<ID>:` and one line per spec), so the CLI's error runs to several lines",
    message: /^\(more than two lines\) error: [\s\S]* \| hint: [^|]*Pass spec=<ID>: \| ID +GPU/,
  },
]

/** Defects found by this suite and not fixed yet: recorded, reported and pinned by an it.fails test. */
export const KNOWN_DEFECTS: ReadonlyArray<Gap> = [
  {
    id: "profile-prototype-name",
    source:
      "a profile named like an Object.prototype member (__proto__, constructor, toString, …): packages/core/src/profile.ts:87 reads config.profiles[name] without an own-property check, finds the prototype member and fails at :101 reading `.endpoints.baseUrl` (`error: Cannot read properties of undefined (reading 'baseUrl')` with the bug hint). The same lookup in packages/core/src/store/profiles.ts:58, :78 and :89 makes `profile add constructor` say it already exists, `profile use __proto__` succeed (after which every command fails this way until `profile use default`) and `profile remove toString --yes` report success",
    message: /Cannot read properties of undefined \(reading '(baseUrl|endpoints|defaults)'\)/,
  },
  {
    id: "profile-add-invalid-url",
    source:
      "`inspire profile add NAME --base-url 'not a url'`: packages/core/src/store/profiles.ts:49-62 (addProfile) does not check the URL, so the store's final validation (packages/core/src/store/store.ts:72-73) dies with `refusing to write an invalid …/config.json: [zod issues as JSON]`, printed over many lines with the bug hint, exit 1",
    message: /refusing to write an invalid .*config\.json/,
  },
  {
    id: "harbor-repo-lone-surrogate",
    source:
      '`main(["image", "list", "--source", "harbor", "--repo", "\\ud800"])`, a repository name holding a lone UTF-16 surrogate: packages/core/src/api/images/harbor.ts:16 calls encodeURIComponent, which throws URIError `URI malformed`, printed with the bug hint. A shell cannot pass a lone surrogate (Node decodes argv to U+FFFD), so only programmatic callers of main() meet it here; MCP clients can send one in JSON (see fuzz-mcp)',
    message: /URI malformed/,
  },
  {
    id: "skill-install-into-a-file",
    source:
      "`inspire skill install --dir F` where F (or F/sii-inspire) is an existing file: apps/cli/src/commands/skill.ts:140-145 (install: mkdirSync / writeFileSync) do not catch file-system errors, so Node's `ENOTDIR: not a directory, mkdir '…/F/sii-inspire'` reaches the user with the bug hint, exit 1. Found at full size after `job metrics … --plot -h` had written a file named `-h`",
    message: /\bE[A-Z]+: [^\n]*, (mkdir|open|copyfile|scandir|stat|rm) '[^']*sii-inspire/,
  },
]

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
  const lines = stderr.trimEnd().split("\n")
  const hint = lines.findIndex((l) => /^hint: \S/.test(l))
  const twoLines = hint === lines.length - 1 && (hint === 1 || multiline)
  if (twoLines) return { kind: "typed", code }
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
  // Exit codes 10–13 of `job wait` / `--exit-status` report the task, not a failure of the command.
  if (code >= 10 && code <= 13 && run.stderr.trim() === "") return { kind: "typed", code }
  if (argv.includes("--json")) return judgeJson(run.stderr, code)
  return judgeText(
    run.stderr,
    code,
    argv.some((t) => /[\n\r\u2028\u2029]/.test(t)),
  )
}
