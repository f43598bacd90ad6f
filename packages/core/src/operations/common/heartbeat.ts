import { Duration, Effect } from "../../effect.js"
import type { OperationContext, Progress } from "../catalogue/operation.js"

/** The longest a waiting call stays silent: hosts drop a call that reports nothing for long. */
const HEARTBEAT_MS = 10_000

/**
 * Sleeps `ms`, reporting `progress(elapsed)` at least every HEARTBEAT_MS, so a long pause between two
 * reads still shows the call alive without reading the platform more often.
 */
export const sleepReporting = (
  ms: number,
  context: OperationContext,
  progress: (sleptMs: number) => Progress,
): Effect.Effect<void> =>
  Effect.gen(function* () {
    for (let slept = 0; slept < ms; ) {
      const step = Math.min(HEARTBEAT_MS, ms - slept)
      yield* Effect.sleep(Duration.millis(step))
      slept += step
      if (slept < ms) context.progress(progress(slept))
    }
  })
