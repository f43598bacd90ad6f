import { z } from "zod"
import type { PlannedRequest } from "../../platform/dry-run.js"
import { msg } from "../../words/message.js"
import { joinText, type Text, text } from "../../words/text.js"
import { once } from "../catalogue/operation.js"
import { textOutput } from "../catalogue/schema.js"

export { type PlannedRequest, planned } from "../../platform/dry-run.js"

// What a dry run returns: the requests a call would send and what would change, for every target. A
// frontend also reads the plan to ask a confirmation that names its targets.

/** One thing a call would change. */
export interface PlannedTarget {
  /** What it is, e.g. `job`, `notebook`, `serving`, `model`, `setting`, `credentials`, `image`. */
  readonly kind: string
  readonly id: string
  readonly name?: string | undefined
  /** The change, e.g. `running → stopped`, `(unset) → 5`. */
  readonly change: Text
}

/** What a writing call would do. */
export interface Plan {
  /** The action as a question without its mark, e.g. `Stop job exp-002 (job-16f3…)`. */
  readonly summary: Text
  readonly targets: ReadonlyArray<PlannedTarget>
  readonly requests: ReadonlyArray<PlannedRequest>
}

/** `name (id)`, or the id alone. */
export const labelOf = (t: { readonly id: string; readonly name?: string | undefined }): string =>
  t.name !== undefined && t.name !== "" && t.name !== t.id ? `${t.name} (${t.id})` : t.id

/** The schema of a plan, for result schemas. */
export const PlanOutput = once(() =>
  z
    .object({
      summary: textOutput().describe("The action in one line, e.g. Stop job exp-002 (job-…)"),
      targets: z
        .array(
          z.object({
            kind: z.string().describe("job, notebook, serving, model, setting, credentials or image"),
            id: z.string().describe("Its id (or key)"),
            name: z.string().optional().describe("Its name"),
            change: textOutput().describe("What would change, e.g. running → stopped"),
          }),
        )
        .describe("Everything that would change"),
      requests: z
        .array(
          z.object({
            method: z.enum(["GET", "POST", "PUT", "DELETE", "LOCAL"]).describe("HTTP method; LOCAL for a local file"),
            surface: z.string().describe("The platform surface (or local file) it would go to"),
            body: z.unknown().optional().describe("The exact body"),
          }),
        )
        .describe("The requests it would send, in order; none was sent"),
    })
    .describe("With dry_run: what the call would do; nothing was sent or changed"),
)

/** The `dry_run` input field every writing operation takes. */
export const dryRunField = () => z.boolean().default(false).describe("Reads only: return the plan; send no write")

const MAX_LISTED = 10

// A target's kind as data (`job`, `HPC job`, `serving`…), said in the render's language.
const kindWord = (kind: string): Text =>
  msg("common-ops-plan-kind", { kind, key: kind.toLowerCase().replace(/[^a-z0-9]+/g, "-") })

/** A plan for people: the summary, up to ten targets, then a count, and the requests. */
export const renderPlan = (plan: Plan): Text => {
  const shown = plan.targets.slice(0, MAX_LISTED).map((t) => text`  ${kindWord(t.kind)} ${labelOf(t)}: ${t.change}`)
  const more =
    plan.targets.length > MAX_LISTED
      ? [text`  ${msg("common-ops-plan-more", { count: plan.targets.length - MAX_LISTED })}`]
      : []
  const requests = plan.requests.map(
    (r) => `  ${r.method} ${r.surface}${r.body !== undefined ? ` ${JSON.stringify(r.body)}` : ""}`,
  )
  return joinText(
    [
      msg("common-ops-plan-head", { summary: plan.summary }),
      ...shown,
      ...more,
      ...(requests.length > 0 ? [msg("common-ops-plan-would-send"), ...requests.slice(0, MAX_LISTED)] : []),
      ...(requests.length > MAX_LISTED
        ? [text`  ${msg("common-ops-plan-more-requests", { count: requests.length - MAX_LISTED })}`]
        : []),
    ],
    "\n",
  )
}

/** The question a frontend asks before a writing call: up to ten targets, then the summary as a question. */
export const confirmationOf = (plan: Plan): Text => {
  const question = msg("common-ops-plan-question", { summary: plan.summary })
  if (plan.targets.length <= 1) return question
  const listed = plan.targets.slice(0, MAX_LISTED).map((t) => text`  ${kindWord(t.kind)} ${labelOf(t)}: ${t.change}`)
  const more =
    plan.targets.length > MAX_LISTED
      ? [text`  ${msg("common-ops-plan-more", { count: plan.targets.length - MAX_LISTED })}`]
      : []
  return joinText([...listed, ...more, question], "\n")
}
