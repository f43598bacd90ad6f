import { createHash, randomUUID } from "node:crypto"
import { Effect } from "../effect.js"
import { InspireError } from "../errors.js"
import { Store } from "../store/store.js"
import { msg } from "../words/message.js"
import type { Text } from "../words/text.js"
import { type Created, createOnce } from "./create-once.js"
import type { PlatformClock } from "./platform-clock.js"

/**
 * How a create that lost its answer finds its own task again, for the kinds without a marker the
 * platform echoes (notebooks, servings) and the one whose marker sits in free text (models).
 * Jobs carry their marker in an environment variable or a script line (api/jobs/create.ts, hpc.ts).
 */

/** A fresh id for one create: the marker that tells its task from every other, same-named ones included. */
export const newSubmitId = (): Effect.Effect<string> => Effect.sync(() => randomUUID().replace(/-/g, "").slice(0, 20))

/** A listed task as recovery sees it. */
export interface Candidate {
  readonly id: string
  readonly name: string
  readonly createdAt?: number | undefined
}

/** Whether a task is the create's own: "check" when the list does not show enough and the detail decides. */
export type Verdict = "yes" | "no" | "check"

type Shown = string | number | boolean | undefined

/**
 * Compares every field the create sent (`sent`, its body) with what the list or detail shows of it
 * (`shown`, by the body's key): any difference is "no"; a field sent but not shown (absent, or empty
 * where a value was sent) leaves it to the detail ("check"). Fields not sent are not compared.
 */
export const fieldsVerdict = (
  sent: Readonly<Record<string, unknown>>,
  shown: Readonly<Record<string, Shown>>,
): Verdict => {
  let unseen = false
  for (const [key, seen] of Object.entries(shown)) {
    const value = sent[key]
    if (value === undefined) continue
    if (seen === undefined || (seen === "" && value !== "")) unseen = true
    else if (seen !== value) return "no"
  }
  return unseen ? "check" : "yes"
}

/** The marker a create leaves in a free-text field the platform returns: ` [inspire:<submit id>]` at its end. */
const TEXT_MARKER = /\s*\[inspire:([0-9a-f]{8,40})\]\s*$/

export const withTextMarker = (text: string, submitId: string): string =>
  `${text.replace(TEXT_MARKER, "")}${text.trim() === "" ? "" : " "}[inspire:${submitId}]`

/** The text without its marker, and the marker ("" when there is none). */
export const splitTextMarker = (text: string): { readonly text: string; readonly submitId: string } => {
  const m = TEXT_MARKER.exec(text)
  return m === null ? { text, submitId: "" } : { text: text.slice(0, m.index), submitId: m[1] ?? "" }
}

/** The ids of the tasks of a name that exist before a create is sent: recovery never adopts one of them. */
const snapshot = <T extends Candidate>(
  list: Effect.Effect<ReadonlyArray<T>, InspireError>,
  name: string,
): Effect.Effect<ReadonlySet<string>, InspireError> =>
  Effect.map(list, (tasks) => new Set(tasks.filter((t) => t.name === name).map((t) => t.id)))

/**
 * The create's own task among those listed: same name, not in `before`, every field sent as shown by
 * the list or else the detail, and, when the platform's clock is known (`since`), not stamped before
 * the send. Two tasks that both fit cannot be told apart: that fails with them as candidates, and
 * createOnce reports the create as "unknown" rather than guess.
 */
const findOwn = <T extends Candidate>(spec: {
  readonly list: Effect.Effect<ReadonlyArray<T>, InspireError>
  readonly detail: (id: string) => Effect.Effect<T, InspireError>
  readonly name: string
  readonly before: ReadonlySet<string>
  readonly since: number | undefined
  readonly verdict: (task: T) => Verdict
  readonly what: Text
}): Effect.Effect<string | undefined, InspireError> =>
  Effect.gen(function* () {
    const fits: string[] = []
    for (const task of yield* spec.list) {
      if (task.name !== spec.name || spec.before.has(task.id)) continue
      if (spec.since !== undefined && task.createdAt !== undefined && task.createdAt < spec.since) continue
      const verdict = spec.verdict(task)
      // The detail shows every field it shows; one it does not show cannot be compared.
      if (verdict === "yes" || (verdict === "check" && spec.verdict(yield* spec.detail(task.id)) !== "no"))
        fits.push(task.id)
    }
    if (fits.length > 1)
      return yield* Effect.fail(
        new InspireError({
          reason: "Conflict",
          message: msg("platform-recover-ambiguous", {
            count: fits.length,
            name: spec.name,
            ids: fits.join(", "),
            what: spec.what,
          }),
          hint: msg("platform-recover-ambiguous-hint"),
          candidates: fits,
        }),
      )
    return fits[0]
  })

const locks = new Map<string, { readonly lock: Effect.Semaphore; users: number }>()

/**
 * Runs same-named creates of one kind one after another within this process, so the second one's
 * snapshot already holds the first one's task and neither can take the other's for its own.
 */
const oneAtATime = <A, E, R>(key: string, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    const entry = locks.get(key) ?? { lock: Effect.unsafeMakeSemaphore(1), users: 0 }
    entry.users++
    locks.set(key, entry)
    return entry.lock
      .withPermits(1)(effect)
      .pipe(
        Effect.ensuring(
          Effect.sync(() => {
            entry.users--
            if (entry.users === 0) locks.delete(key)
          }),
        ),
      )
  })

/** The store lock of one kind and name of create: a file name whatever the name holds. */
const lockName = (key: string): string => `create-${createHash("sha256").update(key).digest("hex").slice(0, 24)}`

/**
 * A create without a marker, made safe: same-named creates of the kind one at a time across every
 * process of the store (the store's lock, and a semaphore within this process), the same-named tasks
 * listed before the send, and after an ambiguous failure only a new task showing every field sent
 * (findOwn) taken for its own. Without the platform's time (no `Date` header seen) a lost answer is
 * never followed by a second create: nothing found is reported as "unknown".
 */
export const createMatching = <T extends Candidate>(spec: {
  /** The kind and scope of the lock, e.g. "notebook:<workspace>". */
  readonly scope: string
  readonly name: string
  readonly create: Effect.Effect<string, InspireError>
  /** The tasks recovery looks through (those of the name at least). */
  readonly list: Effect.Effect<ReadonlyArray<T>, InspireError>
  readonly detail: (id: string) => Effect.Effect<T, InspireError>
  readonly verdict: (task: T) => Verdict
  /** The platform's clock (Platform.clock). */
  readonly clock: PlatformClock
  /** "the notebook" */
  readonly what: Text
  readonly listHint: Text
}): Effect.Effect<Created<string>, InspireError, Store> =>
  Effect.flatMap(Store, (store) => {
    const key = `${spec.scope}:${spec.name}`
    const dated = Effect.map(spec.clock.skewMs, (skew) => skew !== undefined)
    return oneAtATime(
      key,
      store.withLock(
        lockName(key),
        Effect.gen(function* () {
          const before = yield* snapshot(spec.list, spec.name)
          return yield* createOnce({
            create: spec.create,
            find: (since) =>
              Effect.flatMap(dated, (known) => findOwn({ ...spec, before, since: known ? since : undefined })),
            now: spec.clock.now,
            mayResend: dated,
            what: spec.what,
            listHint: spec.listHint,
          })
        }),
        { timeout: "2 minutes" },
      ),
    )
  })
