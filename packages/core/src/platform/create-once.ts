import { Clock, Duration, Effect } from "../effect.js"
import { amendError, InspireError } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, type Text } from "../words/text.js"

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
  /**
   * Looks for the task this create made: by its marker where the platform keeps one, else by every field
   * sent, never by name alone. `since` is on the platform's clock: no task created before the first
   * attempt was sent may match.
   */
  readonly find: (since: number) => Effect.Effect<A | undefined, InspireError>
  /** The platform's time (Platform.clock.now); the local clock when not given. */
  readonly now?: Effect.Effect<number>
  /** What is created, for the messages ("the training job"). */
  readonly what?: Text
  /** Where the user lists what exists, for the hints ("inspire_jobs"). */
  readonly listHint?: Text
  readonly attempts?: number
  /** Pauses between look-ups, giving a slow platform time to show the task. */
  readonly lookups?: ReadonlyArray<Duration.DurationInput>
  /**
   * Whether a create whose task was not found may be sent again; when false it is reported "unknown"
   * instead (a look-up that cannot rule the task out, e.g. without the platform's time). Default: yes.
   */
  readonly mayResend?: Effect.Effect<boolean>
}

/**
 * How far before the send a matching task may have been stamped: the platform's time is known from a
 * `Date` header to about ±0.5 s plus an answer's travel time.
 */
const MARGIN_MS = 3_000

/**
 * Creates a task without ever making two. A clear failure is returned as it is. After an ambiguous
 * one (timeout, reset, 5xx without a code, an answer that cannot be read) the task is looked up: found,
 * it is returned as the result; confirmed absent after every look-up, the create is sent again. Every
 * failure says whether the task exists (`created`) and what to do.
 */
export const createOnce = <A>(options: CreateOnceOptions<A>): Effect.Effect<Created<A>, InspireError> =>
  Effect.gen(function* () {
    const what = options.what ?? msg("platform-the-task")
    const listHint = options.listHint ?? callWord("jobs")
    const platformNow = options.now ?? Clock.currentTimeMillis
    // The platform's time at the send, computed at each look-up from the time elapsed locally since
    // (which no clock skew affects) and the platform's time as the latest answer told it.
    const sentLocal = yield* Clock.currentTimeMillis
    const since = Effect.gen(function* () {
      const elapsed = (yield* Clock.currentTimeMillis) - sentLocal
      return (yield* platformNow) - elapsed - MARGIN_MS
    })
    const attempts = options.attempts ?? 3
    const lookups = options.lookups ?? ["300 millis", "1 second", "2 seconds"]
    let last: InspireError | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const result = yield* Effect.either(options.create)
      if (result._tag === "Right") return { value: result.right, recovered: false, attempts: attempt }
      last = result.left
      if (last.ambiguous !== true)
        return yield* Effect.fail(
          attempt === 1
            ? amendError(last, { created: "no" })
            : amendError(last, {
                message: msg("platform-create-refused-after", { message: last.text, what }),
                created: "no",
              }),
        )
      for (const pause of lookups) {
        yield* Effect.sleep(Duration.decode(pause))
        const found = yield* Effect.either(Effect.flatMap(since, options.find))
        if (found._tag === "Left") {
          // The true state is unknown: resending could duplicate the task, so stop and say so.
          return yield* Effect.fail(
            new InspireError({
              reason: last.reason,
              message: msg("platform-create-unknown", { message: last.text, what, reason: found.left.text }),
              hint: msg("platform-create-unknown-hint", { call: listHint }),
              ambiguous: true,
              created: "unknown",
              ...(found.left.candidates !== undefined ? { candidates: found.left.candidates } : {}),
            }),
          )
        }
        if (found.right !== undefined) return { value: found.right, recovered: true, attempts: attempt }
      }
      if (options.mayResend !== undefined && !(yield* options.mayResend))
        return yield* Effect.fail(
          new InspireError({
            reason: last.reason,
            message: msg("once-create-unconfirmed", { message: last.text, what }),
            hint: msg("platform-create-unknown-hint", { call: listHint }),
            ambiguous: true,
            created: "unknown",
          }),
        )
    }
    return yield* Effect.fail(
      new InspireError({
        reason: last?.reason ?? "PlatformError",
        message: msg("platform-create-absent", {
          message: last?.text ?? msg("platform-create-failed"),
          what,
          attempts,
        }),
        hint: msg("platform-create-absent-hint", { call: listHint }),
        created: "no",
      }),
    )
  })
