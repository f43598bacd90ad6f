import { Effect } from "../../effect.js"
import { Platform } from "../../platform/client.js"

// A sweep's jobs share their placement: the same group's specs and the same image registration are read
// for each job's checks. Within one sweep call those answers are kept and reused, so a 100-job sweep reads
// them once instead of a hundred times (requests are money). Only these placement reads are kept: job
// lists, details and creates always go to the platform.

const KEPT_V2 = new Set(["workspace.GetScheduleConfig"])
const KEPT_V1 = new Set(["POST image/list"])

/** Runs `effect` with the placement reads it repeats answered once per distinct request. */
export const withPlacementReads = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | Platform> =>
  Effect.flatMap(Platform, (platform) => {
    const kept = new Map<string, unknown>()
    const keep = <X, Y>(key: string, call: Effect.Effect<X, Y>): Effect.Effect<X, Y> =>
      Effect.suspend(() =>
        kept.has(key)
          ? Effect.succeed(kept.get(key) as X)
          : Effect.tap(call, (answer) => Effect.sync(() => kept.set(key, answer))),
      )
    return Effect.provideService(effect, Platform, {
      ...platform,
      v2: (service, action, body, options) =>
        KEPT_V2.has(`${service}.${action}`)
          ? keep(`v2 ${service}.${action} ${JSON.stringify(body)}`, platform.v2(service, action, body, options))
          : platform.v2(service, action, body, options),
      v1: (method, path, body, options) =>
        KEPT_V1.has(`${method} ${path}`)
          ? keep(`v1 ${method} ${path} ${JSON.stringify(body)}`, platform.v1(method, path, body, options))
          : platform.v1(method, path, body, options),
    })
  })
