import { Effect, FiberRef } from "../effect.js"

/**
 * Set for the length of a call made with `dry_run`: the transport then refuses every request marked
 * as a write. Each writing operation plans its dry run with reads only; this guard makes a forgotten
 * branch a loud bug instead of a silent change on the platform.
 */
const DryRun = FiberRef.unsafeMake(false)

/** Runs `effect` as a dry run. */
export const asDryRun = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.locally(effect, DryRun, true)

/** Fails loudly when a write is about to be sent during a dry run. */
export const guardWrite = (what: string): Effect.Effect<void> =>
  Effect.flatMap(FiberRef.get(DryRun), (dry) =>
    dry
      ? Effect.dieMessage(
          `A dry run tried to send a write (${what}); nothing was sent. This is a bug: please report it.`,
        )
      : Effect.void,
  )

/** One request a call would send: the platform surface as the API reference names it, and its body. */
export interface PlannedRequest {
  readonly method: "GET" | "POST" | "PUT" | "DELETE" | "LOCAL"
  /** e.g. `openapi/v1/train_job/stop`, `api/v2/notebook?Action=StopNotebook`, or a local file. */
  readonly surface: string
  readonly body?: unknown
}

/** A request as a plan lists it. */
export const planned = (method: PlannedRequest["method"], surface: string, body?: unknown): PlannedRequest =>
  body === undefined ? { method, surface } : { method, surface, body }

/** A V2 gateway action as a plan lists it. */
export const plannedV2 = (service: string, action: string, body: unknown): PlannedRequest =>
  planned("POST", `api/v2/${service}?Action=${action}`, body)
