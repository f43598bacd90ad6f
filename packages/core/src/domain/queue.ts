import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"

/**
 * Why a job waits: its project's budget is spent, jobs of higher priority wait before it in its group,
 * its group has no room for it now, or none of these (it may be about to start).
 */
export type WaitReason = "quota" | "priority" | "resources" | "unknown"

/** Another job in a group's queue. */
export interface QueueEntry {
  readonly id: string
  readonly groupId: string
  readonly priority: number | undefined
  readonly createdAt: number | undefined
  /** GPUs of all its instances (0: CPU work); undefined when unknown. */
  readonly gpus: number | undefined
}

/** Work holding GPUs of a group, and how long it may still hold them (undefined: no known end). */
export interface Holder {
  readonly groupId: string
  readonly gpus: number
  readonly remainingMs: number | undefined
}

/** A waiting job with what was read about its group. */
export interface WaitingJob {
  readonly id: string
  readonly groupId: string
  readonly priority: number | undefined
  readonly createdAt: number | undefined
  /** GPUs of all its instances (0: CPU work). */
  readonly gpus: number
  /** Its project's budget is spent and the job costs (GPU work, or CPU work above priority 3). */
  readonly budgetSpent: boolean
  /** The group's GPUs now and whether the job would fit (free, or by pre-emption); undefined when unread. */
  readonly room: { readonly fitsNow: boolean; readonly totalGpus: number; readonly freeGpus: number } | undefined
}

/** Where a waiting job stands: why it waits, who is before it, and when it may start. */
export interface QueuePlace {
  readonly reason: WaitReason
  /** Jobs of higher or equal priority waiting before it in its group (FIFO within a priority). */
  readonly ahead: number
  /** Expected start, in ms from the reading, at the latest when the holders end on time. */
  readonly startsWithinMs?: number
  /** Why there is no estimate. */
  readonly noEstimate?: Text
}

// The scheduler takes higher priorities first and, within one, the older job (docs/PLATFORM.md §5a).
const before = (other: QueueEntry, job: WaitingJob): boolean => {
  const mine = job.priority ?? 0
  const theirs = other.priority ?? Number.POSITIVE_INFINITY
  if (theirs !== mine) return theirs > mine
  const a = other.createdAt ?? 0
  const b = job.createdAt ?? 0
  return a !== b ? a < b : other.id < job.id
}

// The time by which enough GPUs are freed for the job and those before it, if every holder's end is known.
const estimate = (job: WaitingJob, ahead: ReadonlyArray<QueueEntry>, holders: ReadonlyArray<Holder>) => {
  const room = job.room
  if (room === undefined) return { noEstimate: msg("queue-no-estimate-nodes") }
  if (job.gpus === 0) return { noEstimate: msg("queue-no-estimate-cpu") }
  const mine = holders.filter((h) => h.groupId === job.groupId)
  const held = room.totalGpus - room.freeGpus
  const ends = mine.filter((h) => h.remainingMs !== undefined)
  const known = ends.reduce((n, h) => n + h.gpus, 0)
  if (known < held) return { noEstimate: msg("queue-no-estimate-holders", { unknown: held - known, held }) }
  const need = job.gpus + ahead.reduce((n, e) => n + (e.gpus ?? 0), 0)
  if (need > room.totalGpus) return { noEstimate: msg("queue-no-estimate-too-big", { need, total: room.totalGpus }) }
  let free = room.freeGpus
  if (free >= need) return { startsWithinMs: 0 }
  for (const h of [...ends].sort((a, b) => (a.remainingMs ?? 0) - (b.remainingMs ?? 0))) {
    free += h.gpus
    if (free >= need) return { startsWithinMs: h.remainingMs ?? 0 }
  }
  return { noEstimate: msg("queue-no-estimate-too-big", { need, total: room.totalGpus }) }
}

/** Why a job waits, how many jobs of higher or equal priority are before it in its group, and an estimate. */
export const placeInQueue = (
  job: WaitingJob,
  queued: ReadonlyArray<QueueEntry>,
  holders: ReadonlyArray<Holder>,
): QueuePlace => {
  const ahead = queued.filter(
    (e) =>
      e.id !== job.id &&
      e.groupId === job.groupId &&
      (e.gpus === undefined || e.gpus > 0 === job.gpus > 0) &&
      before(e, job),
  )
  const higher = ahead.some((e) => (e.priority ?? Number.POSITIVE_INFINITY) > (job.priority ?? 0))
  const reason: WaitReason = job.budgetSpent
    ? "quota"
    : higher
      ? "priority"
      : job.room !== undefined && !job.room.fitsNow
        ? "resources"
        : "unknown"
  if (reason === "quota") return { reason, ahead: ahead.length, noEstimate: msg("queue-no-estimate-quota") }
  return { reason, ahead: ahead.length, ...estimate(job, ahead, holders) }
}
