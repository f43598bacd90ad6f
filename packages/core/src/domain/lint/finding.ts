import { z } from "zod"
import { msg } from "../../words/message.js"
import { isText, joinText, type Text } from "../../words/text.js"

/** How serious a finding is: an `error` will fail on the platform, a `warning` probably will, a `hint` is advice. */
export const FindingLevel = z.enum(["error", "warning", "hint"])
export type FindingLevel = z.infer<typeof FindingLevel>

// A text of a finding, worded by the frontend: a string in JSON (as `textOutput` of operations/catalogue/schema.ts).
// A Text, or its wording once a frontend worded the result (a string in JSON).
const FindingText = z.custom<Text>((v) => isText(v) || typeof v === "string").meta({ type: "string" })

/** One problem the command lint found, with what to do instead. */
export const Finding = z.object({
  level: FindingLevel,
  /** A stable id such as `offline-network`, for frontends and tests to key on. */
  rule: z.string().min(1),
  /** What is wrong, in words each frontend says in its reader's language. */
  message: FindingText,
  /** What to do instead. */
  fix: FindingText,
  /** The offending fragment of the command, when there is one. */
  match: z.string().optional(),
})
export type Finding = z.infer<typeof Finding>

/** Builds a finding, leaving `match` out rather than setting it to undefined. */
export const finding = (level: FindingLevel, rule: string, message: Text, fix: Text, match?: string): Finding =>
  match === undefined ? { level, rule, message, fix } : { level, rule, message, fix, match }

/** Whether any finding is an error, i.e. the command should not be submitted as it is. */
export const hasErrors = (findings: ReadonlyArray<Finding>): boolean => findings.some((f) => f.level === "error")

/** Findings ordered errors first, then warnings, then hints, with counts and a one-line headline. */
export interface FindingSummary {
  readonly findings: ReadonlyArray<Finding>
  readonly errors: number
  readonly warnings: number
  readonly hints: number
  /** For example `2 errors, 1 hint`, or `no problems found`. */
  readonly headline: Text
}

const RANK: Readonly<Record<FindingLevel, number>> = { error: 0, warning: 1, hint: 2 }

/** Orders findings by severity (keeping the lint's order within a level) and counts them. */
export const summarizeFindings = (findings: ReadonlyArray<Finding>): FindingSummary => {
  const ordered = findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => RANK[a.f.level] - RANK[b.f.level] || a.i - b.i)
    .map(({ f }) => f)
  const count = (level: FindingLevel) => findings.filter((f) => f.level === level).length
  const errors = count("error")
  const warnings = count("warning")
  const hints = count("hint")
  const parts = [
    ...(errors > 0 ? [msg("lint-count-errors", { count: errors })] : []),
    ...(warnings > 0 ? [msg("lint-count-warnings", { count: warnings })] : []),
    ...(hints > 0 ? [msg("lint-count-hints", { count: hints })] : []),
  ]
  return {
    findings: ordered,
    errors,
    warnings,
    hints,
    headline: parts.length === 0 ? msg("lint-no-problems") : joinText(parts, ", "),
  }
}
