// How the CLI words what is wrong with a command's input (a flag's value against the operation's schema).
// In English it is zod's own text, as it always was; in another language each issue is worded from its
// code and parameters with the CLI's catalogue (locales/<language>/input.ftl). A refinement's message,
// or any message core wrote itself (a message token), is core's to word: it is spoken as it is.
import type { safeParseInput } from "@holos-inspire/core/internal"
import { language, msg, speak } from "./language.js"

/** One issue of a failed strict parse of an operation's input. */
export type InputIssue = Extract<ReturnType<typeof safeParseInput>, { success: false }>["error"]["issues"][number]

// How zod writes one value of a list of choices: strings quoted, bigints with an `n`.
const valueText = (value: unknown): string =>
  typeof value === "bigint" ? `${value}n` : typeof value === "string" ? `"${value}"` : String(value)

const relationOf = (issue: { readonly exact?: boolean; readonly inclusive?: boolean }): string =>
  issue.exact === true ? "exact" : issue.inclusive === true ? "inclusive" : "exclusive"

// Origins whose bound is a size (characters, items, entries, bytes), not a value.
const SIZED = new Set(["string", "array", "set", "map", "file"])

const bound = (issue: InputIssue & { code: "too_small" | "too_big" }): string => {
  const limit = String(issue.code === "too_small" ? issue.minimum : issue.maximum)
  const args = { origin: String(issue.origin ?? "value"), relation: relationOf(issue), limit }
  const sized = SIZED.has(String(issue.origin))
  if (issue.code === "too_small") return sized ? msg("cli-input-too-short", args) : msg("cli-input-too-small", args)
  return sized ? msg("cli-input-too-long", args) : msg("cli-input-too-big", args)
}

const format = (issue: InputIssue & { code: "invalid_format" }): string => {
  const extra = issue as { readonly prefix?: string; readonly suffix?: string; readonly includes?: string }
  if (issue.format === "starts_with") return msg("cli-input-starts-with", { text: extra.prefix ?? "" })
  if (issue.format === "ends_with") return msg("cli-input-ends-with", { text: extra.suffix ?? "" })
  if (issue.format === "includes") return msg("cli-input-includes", { text: extra.includes ?? "" })
  if (issue.format === "regex") return msg("cli-input-pattern", { pattern: issue.pattern ?? "" })
  return msg("cli-input-format", { format: issue.format })
}

/** What is wrong, in the CLI's language, without the flag it is about. */
export const issueText = (issue: InputIssue): string => {
  if (language() === "en") return issue.message
  // A message core wrote (a token, or a refinement's words) is said as core wrote it.
  const spoken = speak(issue.message)
  if (spoken !== issue.message || issue.code === "custom") return spoken
  switch (issue.code) {
    case "too_small":
    case "too_big":
      return bound(issue)
    case "invalid_type": {
      // The input itself is not kept in the issue: what was received is read from zod's own words.
      const received = /received (\S+)$/.exec(issue.message)?.[1]
      return received !== undefined
        ? msg("cli-input-type-received", { expected: issue.expected, received })
        : msg("cli-input-type", { expected: issue.expected })
    }
    case "invalid_value":
      return issue.values.length === 1
        ? msg("cli-input-value", { value: valueText(issue.values[0]) })
        : msg("cli-input-choice", { values: issue.values.map(valueText).join("|") })
    case "invalid_format":
      return format(issue)
    case "not_multiple_of":
      return msg("cli-input-multiple", { divisor: String(issue.divisor) })
    case "unrecognized_keys":
      return issue.keys.length === 1
        ? msg("cli-input-unknown-key", { keys: issue.keys.join(", ") })
        : msg("cli-input-unknown-keys", { keys: issue.keys.join(", ") })
    case "invalid_key":
      return msg("cli-input-key", { origin: issue.origin })
    case "invalid_element":
      return msg("cli-input-element", { origin: issue.origin })
    default:
      return msg("cli-input-invalid")
  }
}

/**
 * The issues of a failed parse as one usage-error message, each named by the flag it is about
 * (`flagOf` maps an input field to its flag): `--limit: Too small: …; --name: …`.
 */
export const issuesText = (issues: ReadonlyArray<InputIssue>, flagOf: (field: string) => string): string =>
  issues
    .map((i) => {
      const head = i.path[0]
      const where = typeof head === "string" ? flagOf(head) : msg("cli-input-whole")
      return msg("cli-input-issue", { flag: where, problem: issueText(i) })
    })
    .reduce((all, one) => (all === "" ? one : msg("cli-input-and", { first: all, rest: one })), "") ||
  msg("cli-input-invalid")
