import { Clock, Effect, Ref } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { type LogLine, listedPods, MAX_LOG_PAGE, podsOf, queryLogs } from "./log-query.js"

export { type LogLine, MAX_LOG_PAGE } from "./log-query.js"

/** Which pods to read: one name, several, or (by default) every pod the platform lists. */
export interface LogPods {
  readonly pod?: string | ReadonlyArray<string>
}

/** The newest `lines` lines, oldest first (§5.9: descend, page by page, then reversed for display). */
export const tailLogs = (
  jobId: string,
  lines: number,
  options: LogPods = {},
): Effect.Effect<ReadonlyArray<LogLine>, InspireError, Platform> =>
  Effect.gen(function* () {
    const pods = yield* podsOf(jobId, options.pod)
    const wanted = Math.max(1, Math.floor(lines))
    const out: LogLine[] = []
    const seen = new Set<string>()
    let endMs: number | undefined
    while (out.length < wanted) {
      const size = Math.min(MAX_LOG_PAGE, wanted - out.length + seen.size)
      const page = yield* queryLogs({ jobId, pods, order: "descend", size, ...(endMs !== undefined ? { endMs } : {}) })
      const fresh = page.filter((l) => !seen.has(l.id))
      out.push(...fresh.slice(0, wanted - out.length))
      const oldest = page.at(-1)
      if (page.length < size || oldest === undefined || fresh.length === 0) break
      // The next page ends at the oldest timestamp, inclusive: only lines of that very ms can repeat.
      if (oldest.timestampMs !== endMs) seen.clear()
      for (const l of page) if (l.timestampMs === oldest.timestampMs) seen.add(l.id)
      endMs = oldest.timestampMs
    }
    return out.reverse()
  })

/** A follower of a job's logs: each `poll` returns the lines that appeared since the previous one. */
export interface LogFollower {
  readonly poll: Effect.Effect<ReadonlyArray<LogLine>, InspireError, Platform>
}

/** Where a follower starts: after lines already shown, ending at `since` (epoch ms). */
export interface FollowStart extends LogPods {
  /** The newest shown line's time; default: from the log's first line. */
  readonly since?: number
  /** The lines of that very millisecond already shown (pod and message), which are not handed over again. */
  readonly shown?: ReadonlyArray<{ readonly pod: string; readonly message: string }>
}

const shownKey = (l: { readonly pod: string; readonly message: string }): string => `${l.pod}\u0000${l.message}`

/**
 * Follows a job's logs after `since` (§5.9): ascend from the last seen timestamp and drop lines already
 * seen, by `log_id`, and at `since` itself by the `shown` lines (a tail shown before carries no ids to the
 * caller), once each. Pods are listed again on every poll, so a restarted round is picked up; while the
 * job has no pod yet a poll returns nothing.
 */
export const followLogs = (jobId: string, options: FollowStart = {}): Effect.Effect<LogFollower, never, never> =>
  Effect.gen(function* () {
    const skip = new Map<string, number>()
    for (const l of options.shown ?? []) skip.set(shownKey(l), (skip.get(shownKey(l)) ?? 0) + 1)
    const start = options.since
    // A shown line at `since` is met at most once; it is dropped there and its id is remembered.
    const alreadyShown = (l: LogLine): boolean => {
      const key = shownKey(l)
      const left = skip.get(key) ?? 0
      if (l.timestampMs !== start || left === 0) return false
      skip.set(key, left - 1)
      return true
    }
    const cursor = yield* Ref.make<{ at: number | undefined; ids: Set<string> }>({ at: start, ids: new Set() })
    const poll = Effect.gen(function* () {
      const pods = yield* listedPods(jobId, options.pod)
      const out: LogLine[] = []
      if (pods.length === 0) return out
      for (let round = 0; round < 20; round++) {
        const { at, ids } = yield* Ref.get(cursor)
        const page = yield* queryLogs({
          jobId,
          pods,
          order: "ascend",
          size: MAX_LOG_PAGE,
          ...(at !== undefined ? { startMs: at } : {}),
        })
        const unseen = page.filter((l) => !ids.has(l.id))
        const fresh = unseen.filter((l) => !alreadyShown(l))
        out.push(...fresh)
        const last = page.at(-1)
        if (last !== undefined) {
          const next = last.timestampMs === at ? new Set(ids) : new Set<string>()
          for (const l of page) if (l.timestampMs === last.timestampMs) next.add(l.id)
          yield* Ref.set(cursor, { at: last.timestampMs, ids: next })
        }
        if (page.length < MAX_LOG_PAGE || unseen.length === 0) break
      }
      return out
    })
    return { poll }
  })

/** How a download went. */
export interface DownloadSummary {
  readonly lines: number
  readonly requests: number
  /** Timestamps where more lines shared one millisecond than a page holds; some may be missing there. */
  readonly crowdedAt: ReadonlyArray<number>
}

// Windows stay well under the platform's one-month limit (§5.9).
const WINDOW_MS = 7 * 86_400_000

/**
 * Downloads every line of a job in time order into `sink`, one page at a time, so memory stays bounded
 * however long the log is. Walks forward in windows with `ascend` and `log_id` de-duplication at the
 * cursor's millisecond; no request is ever repeated.
 */
export const downloadLogs = <E, R>(
  jobId: string,
  sink: (lines: ReadonlyArray<LogLine>) => Effect.Effect<void, E, R>,
  options: LogPods & { readonly from?: number; readonly to?: number } = {},
): Effect.Effect<DownloadSummary, InspireError | E, Platform | R> =>
  Effect.gen(function* () {
    const pods = yield* podsOf(jobId, options.pod)
    // Nothing lies after now or before the first line: a window reaching past either end (a --since
    // of years ago, an --until in the future) would otherwise cost one request per empty window.
    const now = yield* Clock.currentTimeMillis
    const to = Math.min(options.to ?? now, now)
    let ids = new Set<string>()
    let lines = 0
    let requests = 0
    const crowdedAt: number[] = []
    const first = yield* queryLogs({ jobId, pods, order: "ascend", size: 1 })
    requests++
    if (first[0] === undefined) return { lines, requests, crowdedAt }
    let cursor = Math.max(options.from ?? 0, first[0].timestampMs)
    for (;;) {
      const windowEnd = cursor + WINDOW_MS
      const page = yield* queryLogs({
        jobId,
        pods,
        order: "ascend",
        size: MAX_LOG_PAGE,
        startMs: cursor,
        endMs: windowEnd,
      })
      requests++
      const fresh = page.filter((l) => !ids.has(l.id))
      if (fresh.length > 0) yield* sink(fresh)
      lines += fresh.length
      const last = page.at(-1)
      if (page.length === MAX_LOG_PAGE && last !== undefined) {
        if (last.timestampMs === cursor && fresh.length === 0) {
          // A whole page within one millisecond: step past it rather than ask the same thing again.
          crowdedAt.push(cursor)
          cursor += 1
          ids = new Set()
          continue
        }
        const next = last.timestampMs === cursor ? ids : new Set<string>()
        for (const l of page) if (l.timestampMs === last.timestampMs) next.add(l.id)
        ids = next
        cursor = last.timestampMs
        continue
      }
      if (windowEnd >= to) return { lines, requests, crowdedAt }
      cursor = windowEnd + 1
      ids = new Set()
    }
  })
