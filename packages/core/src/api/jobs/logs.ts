import { Clock, Effect, Ref } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import type { Platform } from "../../platform/client.js"
import { type LogLine, listedPods, MAX_LOG_PAGE, podsOf, queryLogs } from "./log-query.js"

export type { LogLine } from "./log-query.js"

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

/** Where a download's walk stands: the next page starts at `cursor`, where the lines `ids` were already read. */
interface Walk {
  readonly cursor: number
  readonly ids: ReadonlySet<string>
}

/**
 * The walk after a page: the lines it adds, and where the next page starts (undefined once the walk has
 * reached `to`). Forward in windows with `ascend`, and `log_id` de-duplication at the cursor's
 * millisecond, so no request is ever repeated.
 */
const stepWalk = (
  walk: Walk,
  page: ReadonlyArray<LogLine>,
  to: number,
  crowdedAt: number[],
): { readonly fresh: ReadonlyArray<LogLine>; readonly next: Walk | undefined } => {
  const { cursor, ids } = walk
  const fresh = ids.size === 0 ? page : page.filter((l) => !ids.has(l.id))
  const last = page.at(-1)
  if (page.length === MAX_LOG_PAGE && last !== undefined) {
    // A whole page within one millisecond: step past it rather than ask the same thing again.
    if (last.timestampMs === cursor && fresh.length === 0) {
      crowdedAt.push(cursor)
      return { fresh, next: { cursor: cursor + 1, ids: new Set() } }
    }
    const next = new Set(last.timestampMs === cursor ? ids : [])
    for (const l of page) if (l.timestampMs === last.timestampMs) next.add(l.id)
    return { fresh, next: { cursor: last.timestampMs, ids: next } }
  }
  const windowEnd = cursor + WINDOW_MS
  return { fresh, next: windowEnd >= to ? undefined : { cursor: windowEnd + 1, ids: new Set() } }
}

// Lets what was just forked run until it waits (the request is on its way) before this fiber goes on:
// a fiber yielding to Effect's scheduler would resume in the same batch, before the request is sent.
const sendPending = Effect.async<void>((resume) => {
  const pending = setImmediate(() => resume(Effect.void))
  return Effect.sync(() => clearImmediate(pending))
})

/**
 * Downloads every line of a job in time order into `sink`, page by page, so memory stays bounded however
 * long the log is. The next page is asked for as soon as a page is read, before `sink` has the page: the
 * platform prepares one page while the previous one is written, and no more than one request is in
 * flight, so at most two pages are held at once.
 */
export const downloadLogs = <E, R>(
  jobId: string,
  sink: (lines: ReadonlyArray<LogLine>) => Effect.Effect<void, E, R>,
  options: LogPods & { readonly from?: number; readonly to?: number } = {},
): Effect.Effect<DownloadSummary, InspireError | E, Platform | R> =>
  Effect.scoped(
    Effect.gen(function* () {
      const pods = yield* podsOf(jobId, options.pod)
      // Nothing lies after now or before the first line: a window reaching past either end (a --since
      // of years ago, an --until in the future) would otherwise cost one request per empty window.
      const now = yield* Clock.currentTimeMillis
      const to = Math.min(options.to ?? now, now)
      const crowdedAt: number[] = []
      const first = yield* queryLogs({ jobId, pods, order: "ascend", size: 1 })
      let requests = 1
      let lines = 0
      if (first[0] === undefined) return { lines, requests, crowdedAt }
      const pageAt = (cursor: number) =>
        queryLogs({ jobId, pods, order: "ascend", size: MAX_LOG_PAGE, startMs: cursor, endMs: cursor + WINDOW_MS })
      let walk: Walk | undefined = { cursor: Math.max(options.from ?? 0, first[0].timestampMs), ids: new Set() }
      // The page in flight is asked for in a fiber of its own, which hands the page over through `arrived`
      // rather than as its result: a finished fiber's result stays reachable until a full collection, and
      // through it every page outlived the young generation (a heap growing by megabytes a second).
      let arrived: ReadonlyArray<LogLine> = []
      const ask = (cursor: number) =>
        Effect.forkScoped(
          Effect.map(pageAt(cursor), (page) => {
            arrived = page
          }),
        )
      const arrival = (fiber: Effect.Effect<void, InspireError>) =>
        Effect.map(fiber, () => {
          const page = arrived
          arrived = []
          return page
        })
      // The request in flight; the walk's end, however it ends, interrupts it.
      let asked = yield* ask(walk.cursor)
      requests++
      while (walk !== undefined) {
        const step = stepWalk(walk, yield* arrival(asked), to, crowdedAt)
        walk = step.next
        if (walk !== undefined) {
          asked = yield* ask(walk.cursor)
          requests++
          yield* sendPending
        }
        if (step.fresh.length > 0) yield* sink(step.fresh)
        lines += step.fresh.length
      }
      return { lines, requests, crowdedAt }
    }),
  )
