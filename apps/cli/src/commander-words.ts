// Commander's own parse errors (unknown flag, missing argument, …) are English sentences; in another
// language each one the CLI meets is said again from the catalogue, with the same names and values.
// English keeps commander's words as they are; a sentence not known here passes through unchanged.
import { language, msg } from "./language.js"

type Rule = readonly [RegExp, (m: RegExpExecArray) => string]

const RULES: ReadonlyArray<Rule> = [
  [/^unknown option '(.+)'$/, (m) => msg("cli-commander-unknown-option", { option: m[1] ?? "" })],
  [/^unknown command '(.+)'$/, (m) => msg("cli-commander-unknown-command", { command: m[1] ?? "" })],
  [/^missing required argument '(.+)'$/, (m) => msg("cli-commander-missing-argument", { argument: m[1] ?? "" })],
  [/^option '(.+)' argument missing$/, (m) => msg("cli-commander-option-missing-value", { option: m[1] ?? "" })],
  [/^required option '(.+)' not specified$/, (m) => msg("cli-commander-required-option", { option: m[1] ?? "" })],
  [
    /^too many arguments(?: for '(.+)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
    (m) => msg("cli-commander-too-many", { command: m[1] ?? "inspire", expected: Number(m[2]), got: Number(m[3]) }),
  ],
  [
    /^option '(.+)' argument '(.*)' is invalid\. Allowed choices are (.+)\.$/,
    (m) => msg("cli-commander-option-choice", { option: m[1] ?? "", value: m[2] ?? "", choices: m[3] ?? "" }),
  ],
  [
    /^command-argument value '(.*)' is invalid for argument '(.+)'\. Allowed choices are (.+)\.$/,
    (m) => msg("cli-commander-argument-choice", { value: m[1] ?? "", argument: m[2] ?? "", choices: m[3] ?? "" }),
  ],
  [/^(.+) cannot be used with (.+)$/, (m) => msg("cli-commander-conflict", { one: m[1] ?? "", other: m[2] ?? "" })],
  [/^Did you mean one of (.+)\?$/, (m) => msg("cli-commander-did-you-mean-one-of", { names: m[1] ?? "" })],
  [/^Did you mean (.+)\?$/, (m) => msg("cli-commander-did-you-mean", { name: m[1] ?? "" })],
]

/** One line of commander's error output (without `error: ` and the brackets), in the CLI's language. */
export const commanderLine = (line: string): string => {
  if (language() === "en") return line
  for (const [pattern, say] of RULES) {
    const m = pattern.exec(line)
    if (m !== null) return say(m)
  }
  return line
}
