import { z } from "zod"
import type { QueuePlace } from "../../domain/queue.js"
import { msg } from "../../words/message.js"
import type { Text } from "../../words/text.js"
import { textOutput } from "../catalogue/schema.js"
import { formatDuration } from "./render.js"

const fields = () => ({
  reason: z
    .enum(["quota", "priority", "resources", "unknown"])
    .describe("Why: budget spent, higher priority first, no room for its spec, unknown"),
  ahead: z.number().describe("Jobs of higher or equal priority before it in its group"),
  startsWithinMs: z.number().optional().describe("Estimated start, in ms from now"),
})

/** A waiting job's place in its group's queue, with why there is no estimate (a detail). */
export const QueueOutput = () =>
  z
    .object({ ...fields(), noEstimate: textOutput().optional().describe("Why there is no estimate") })
    .describe("A waiting job's place in its group's queue")

/** The same, compact (a listing's row). */
export const QueueRowOutput = () => z.object(fields()).describe("A waiting job's place in its group's queue")

/** A place as a result carries it (the listing drops the words). */
export const queueRow = (p: QueuePlace) => ({
  reason: p.reason,
  ahead: p.ahead,
  ...(p.startsWithinMs !== undefined ? { startsWithinMs: p.startsWithinMs } : {}),
})

const REASON: Readonly<Record<QueuePlace["reason"], () => Text>> = {
  quota: () => msg("queue-reason-quota"),
  priority: () => msg("queue-reason-priority"),
  resources: () => msg("queue-reason-resources"),
  unknown: () => msg("queue-reason-unknown"),
}

const SHORT: Readonly<Record<QueuePlace["reason"], () => Text>> = {
  quota: () => msg("queue-short-quota"),
  priority: () => msg("queue-short-priority"),
  resources: () => msg("queue-short-resources"),
  unknown: () => msg("queue-short-unknown"),
}

const etaOf = (p: { readonly startsWithinMs?: number | undefined }): Text | undefined =>
  p.startsWithinMs === undefined
    ? undefined
    : p.startsWithinMs === 0
      ? msg("queue-starts-now")
      : msg("queue-starts-within", { duration: formatDuration(p.startsWithinMs) })

/** One line for a detail: why, how many before it, and the estimate or why there is none. */
export const queueLine = (p: z.output<ReturnType<typeof QueueOutput>>): Text =>
  msg("queue-line", {
    reason: REASON[p.reason](),
    ahead: p.ahead,
    eta: etaOf(p) ?? msg("queue-no-estimate", { why: p.noEstimate ?? "-" }),
  })

/** A listing's cell: the reason's short word, how many before it, the estimate. */
export const queueCell = (p: z.output<ReturnType<typeof QueueRowOutput>> | undefined): Text | string =>
  p === undefined ? "" : msg("queue-cell", { reason: SHORT[p.reason](), ahead: p.ahead, eta: etaOf(p) ?? "-" })
