// What is wrong with a value against a zod schema, as a message: the CLI's flags and core's files
// (sweep files, serving recipes) say it the same way. In English it is zod's own text, exactly; in
// another language it is worded from the issue's code and parameters (locales/<language>/issues.ftl).
// A refinement's message, or a message core wrote itself (a token), is said as it was written.
import type { z } from "zod"
import { formatMessage, msg } from "./message.js"
import { plain, type Text } from "./text.js"

/** One zod issue (what a failed `safeParse` lists). */
export type ZodIssue = z.core.$ZodIssue

// How zod writes one value of a list of choices: strings quoted, bigints with an `n`.
const valueText = (value: unknown): string =>
  typeof value === "bigint" ? `${value}n` : typeof value === "string" ? `"${value}"` : String(value)

const relationOf = (issue: { readonly exact?: boolean; readonly inclusive?: boolean }): string =>
  issue.exact === true ? "exact" : issue.inclusive === true ? "inclusive" : "exclusive"

// Origins whose bound is a size (characters, items, entries, bytes), not a value.
const SIZED = new Set(["string", "array", "set", "map", "file"])

// A message of issues.ftl (its id without the `issues-` prefix) and its values.
type Worded = readonly [key: string, args: Readonly<Record<string, string>>]

const bound = (issue: ZodIssue & { code: "too_small" | "too_big" }): Worded => {
  const limit = String(issue.code === "too_small" ? issue.minimum : issue.maximum)
  const args = { origin: String(issue.origin ?? "value"), relation: relationOf(issue), limit }
  const sized = SIZED.has(String(issue.origin))
  if (issue.code === "too_small") return sized ? ["too-short", args] : ["too-small", args]
  return sized ? ["too-long", args] : ["too-big", args]
}

const format = (issue: ZodIssue & { code: "invalid_format" }): Worded => {
  const extra = issue as { readonly prefix?: string; readonly suffix?: string; readonly includes?: string }
  if (issue.format === "starts_with") return ["starts-with", { text: extra.prefix ?? "" }]
  if (issue.format === "ends_with") return ["ends-with", { text: extra.suffix ?? "" }]
  if (issue.format === "includes") return ["includes", { text: extra.includes ?? "" }]
  if (issue.format === "regex") return ["pattern", { pattern: issue.pattern ?? "" }]
  // zod names some formats in words of its own ("email address"): English keeps its name.
  const name = /^Invalid (.+)$/.exec(issue.message)?.[1] ?? issue.format
  return ["format", { format: issue.format, name }]
}

const worded = (issue: ZodIssue): Worded => {
  switch (issue.code) {
    case "too_small":
    case "too_big":
      return bound(issue)
    case "invalid_type": {
      // The input itself is not kept in the issue: what was received is read from zod's own words.
      const received = /received (\S+)$/.exec(issue.message)?.[1]
      return received !== undefined
        ? ["type-received", { expected: issue.expected, received }]
        : ["type", { expected: issue.expected }]
    }
    case "invalid_value":
      return issue.values.length === 1
        ? ["value", { value: valueText(issue.values[0]) }]
        : ["choice", { values: issue.values.map(valueText).join("|") }]
    case "invalid_format":
      return format(issue)
    case "not_multiple_of":
      return ["multiple", { divisor: String(issue.divisor) }]
    case "unrecognized_keys":
      return [issue.keys.length === 1 ? "unknown-key" : "unknown-keys", { keys: issue.keys.join(", ") }]
    case "invalid_key":
      return ["key", { origin: issue.origin }]
    case "invalid_element":
      return ["element", { origin: issue.origin }]
    default:
      return ["invalid", {}]
  }
}

// zod carries an issue's message as a string: a text core gives a schema (a refinement's words) is kept
// here under its English, which is what zod carries, and found again by it.
const written = new Map<string, Text>()

/** A text as a zod schema takes a message (`.refine(ok, zodMessage(msg(...)))`): its English, remembered. */
export const zodMessage = (text: Text): string => {
  // The English is what zod carries and shows to anyone who is not a frontend.
  const english = String(text)
  written.set(english, text)
  return english
}

/**
 * What is wrong, without the field it is about: a message whose English is zod's own text. A message core
 * gave the schema (`zodMessage`) is returned as it was written; another custom issue's as it is.
 */
export const issueWord = (issue: ZodIssue): Text => {
  const mine = written.get(issue.message)
  if (mine !== undefined) return mine
  if (issue.code === "custom") return plain(issue.message)
  const [key, args] = worded(issue)
  // Where zod phrased it otherwise than its parameters say, its own text is kept, in every language.
  if (formatMessage("en", `issues-${key}`, args) !== issue.message) return msg("issues-said", { zod: issue.message })
  return msg(`issues-${key}`, args)
}
