import { Clock, Duration, Effect } from "effect"
import { InspireError } from "../errors.js"

/** The result of a create that may have been recovered after an ambiguous failure. */
export interface Created<A> {
  readonly value: A
  /** True when the answer was lost and the task was found on the platform instead. */
  readonly recovered: boolean
  readonly attempts: number
}

/** How a create is made safe against duplicates. */
export interface CreateOnceOptions<A> {
  /** Sends the create; must fail with `ambiguous: true` when it may have taken effect. */
  readonly create: Effect.Effect<A, InspireError>
  /** Looks for the task this create would have made (same name, created since the first attempt). */
  readonly find: (since: number) => Effect.Effect<A | undefined, InspireError>
  readonly attempts?: number
  /** Pauses between look-ups, giving a slow platform time to show the task. */
  readonly lookups?: ReadonlyArray<Duration.DurationInput>
}

/**
 * Creates a task without ever making two. A clear failure is returned as it is. After an ambiguous
 * one (timeout, reset, 5xx without a code) the task is looked up by name and creation time: found,
 * it is returned as the result; confirmed absent after every look-up, the create is sent again.
 */
export const createOnce = <A>(options: CreateOnceOptions<A>): Effect.Effect<Created<A>, InspireError> =>
  Effect.gen(function* () {
    const since = (yield* Clock.currentTimeMillis) - 5_000
    const attempts = options.attempts ?? 3
    const lookups = options.lookups ?? ["300 millis", "1 second", "2 seconds"]
    let last: InspireError | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const result = yield* Effect.either(options.create)
      if (result._tag === "Right") return { value: result.right, recovered: false, attempts: attempt }
      last = result.left
      if (last.ambiguous !== true) return yield* Effect.fail(last)
      for (const pause of lookups) {
        yield* Effect.sleep(Duration.decode(pause))
        const found = yield* Effect.either(options.find(since))
        if (found._tag === "Left") {
          // The true state is unknown: resending could duplicate the task, so stop and say so.
          return yield* Effect.fail(
            new InspireError({
              reason: last.reason,
              message: `${last.message} Whether the task was created could not be checked (${found.left.message}).`,
              hint: "List your tasks (inspire_jobs) before submitting again, so as not to start it twice.",
              ambiguous: true,
            }),
          )
        }
        if (found.right !== undefined) return { value: found.right, recovered: true, attempts: attempt }
      }
    }
    return yield* Effect.fail(
      new InspireError({
        reason: last?.reason ?? "PlatformError",
        message: `${last?.message ?? "The create failed."} The task was not created (checked after each of ${attempts} attempts).`,
        hint: last?.hint ?? "Try again later.",
      }),
    )
  })
