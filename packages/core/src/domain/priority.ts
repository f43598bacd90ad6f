import { z } from "zod"
import { Either } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, plain, type Text } from "../words/text.js"

/** The level a priority belongs to, as the platform stores it (INSPIRE-API.md §5.3). */
export const PriorityLevel = z.enum(["LOW", "NORMAL", "HIGH"])
export type PriorityLevel = z.infer<typeof PriorityLevel>

/** Priorities below this are pre-emptible by higher-priority work. */
export const FIRST_NON_PREEMPTIBLE = 4

/** The cap assumed when a project does not state one (`priority_name` missing). */
export const DEFAULT_PRIORITY_CAP = 4

/** The level of a submitted priority: 1–3 LOW, 4 NORMAL, 5–10 HIGH. */
export const priorityLevel = (priority: number): PriorityLevel =>
  priority < FIRST_NON_PREEMPTIBLE ? "LOW" : priority === FIRST_NON_PREEMPTIBLE ? "NORMAL" : "HIGH"

// Measured over 1 494 jobs; 2, 6, 7 and 8 are interpolated.
const STORED_CODES: ReadonlyArray<readonly [submitted: number, code: number, observed: boolean]> = [
  [1, 11, true],
  [2, 12, false],
  [3, 13, true],
  [4, 20, true],
  [5, 30, true],
  [6, 31, false],
  [7, 32, false],
  [8, 33, false],
  [9, 34, true],
  [10, 35, true],
]

/** The internal code the platform stores for a submitted priority. */
export const storedPriorityCode = (priority: number): number | undefined =>
  STORED_CODES.find(([p]) => p === priority)?.[1]

/** The submitted priority behind a stored code, flagging codes that were interpolated rather than observed. */
export const priorityFromStoredCode = (
  code: number,
): { readonly priority: number; readonly level: PriorityLevel; readonly interpolated: boolean } | undefined => {
  const row = STORED_CODES.find(([, c]) => c === code)
  return row === undefined ? undefined : { priority: row[0], level: priorityLevel(row[0]), interpolated: !row[2] }
}

/** A project's maximum task priority from its `priority_name` (a numeric string); 4 when missing. */
export const projectPriorityCap = (
  priorityName: string | number | null | undefined,
): { readonly cap: number; readonly known: boolean } => {
  const n = typeof priorityName === "number" ? priorityName : Number(String(priorityName ?? "").trim())
  return Number.isInteger(n) && n >= 1 && n <= 10 && String(priorityName ?? "").trim() !== ""
    ? { cap: n, known: true }
    : { cap: DEFAULT_PRIORITY_CAP, known: false }
}

/** A priority accepted for submission, with what the user should know about it. */
export interface CheckedPriority {
  readonly priority: number
  readonly level: PriorityLevel
  readonly preemptible: boolean
  readonly warnings: ReadonlyArray<Text>
}

/**
 * Checks a task priority: an integer 1–10, at most the project's cap, and of a level the spec allows.
 * Pre-emptible priorities (1–3) pass with a warning to checkpoint often.
 */
export const checkPriority = (
  priority: number,
  options: { readonly cap?: number; readonly allowedLevels?: ReadonlyArray<string> } = {},
): Either.Either<CheckedPriority, InspireError> => {
  if (!Number.isInteger(priority) || priority < 1 || priority > 10)
    return Either.left(
      invalidInput(msg("domain-priority-invalid", { priority }), msg("domain-priority-invalid-hint"), {
        candidates: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      }),
    )
  if (options.cap !== undefined && priority > options.cap)
    return Either.left(
      invalidInput(
        msg("domain-priority-above-cap", { priority, cap: options.cap }),
        msg("domain-priority-above-cap-hint", { cap: options.cap }),
        { candidates: Array.from({ length: options.cap }, (_, i) => i + 1), fix: plain(options.cap) },
      ),
    )
  const level = priorityLevel(priority)
  const allowed = options.allowedLevels?.map((l) => l.toUpperCase())
  if (allowed !== undefined && allowed.length > 0 && !allowed.includes(level))
    return Either.left(
      invalidInput(
        msg("domain-priority-level", { priority, level, allowed: allowed.join(", ") }),
        msg("domain-priority-level-hint", { call: callWord("status") }),
      ),
    )
  const preemptible = level === "LOW"
  const warnings = preemptible ? [msg("domain-priority-preemptible", { priority })] : []
  return Either.right({ priority, level, preemptible, warnings })
}
