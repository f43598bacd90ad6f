import { Clock, Effect } from "../effect.js"

/**
 * The platform's clock as its answers tell it (the `Date` header every gateway answer carries), so
 * time windows on the platform's own timestamps do not depend on the local clock being right.
 */
export interface PlatformClock {
  /** Learns the offset from an answer's `Date` header (ignored when absent or unreadable). */
  readonly observe: (date: string | undefined) => Effect.Effect<void>
  /** The platform's time now (epoch ms): the local clock moved by the last offset seen, else the local clock. */
  readonly now: Effect.Effect<number>
  /** How far the platform's clock is ahead of the local one (ms; negative: behind); undefined before any dated answer. */
  readonly skewMs: Effect.Effect<number | undefined>
}

/**
 * A `Date` header counts whole seconds, so the platform's time lies within the second it names: its middle
 * is taken, which leaves the estimate within ±0.5 s plus the answer's travel time.
 */
export const platformClock = (): PlatformClock => {
  let offset: number | undefined
  return {
    observe: (date) =>
      Effect.flatMap(Clock.currentTimeMillis, (local) =>
        Effect.sync(() => {
          if (date === undefined) return
          const at = Date.parse(date)
          if (Number.isFinite(at)) offset = at + 500 - local
        }),
      ),
    now: Effect.map(Clock.currentTimeMillis, (local) => local + (offset ?? 0)),
    skewMs: Effect.sync(() => offset),
  }
}
