import { Effect, FiberRef } from "../../effect.js"
import { Platform } from "../../platform/client.js"

/** What a program's platform calls cost: how many, and the longest chain of calls each waiting for the last. */
export interface CallCost {
  readonly requests: number
  readonly depth: number
}

// The number of calls a fiber's work has waited on in sequence; concurrent branches join with the max.
const depthRef = FiberRef.unsafeMake(0, {
  fork: (n: number) => n,
  join: (parent: number, child: number) => Math.max(parent, child),
})

/**
 * Runs a program with a Platform that measures its calls: each call is one step deeper than the deepest
 * call its fiber already waited for, so `depth` is the critical path in requests whatever the scheduling.
 */
export const measured = <A, E, R>(program: Effect.Effect<A, E, R>): Effect.Effect<[A, CallCost], E, R | Platform> =>
  Effect.gen(function* () {
    const platform = yield* Platform
    const cost = { requests: 0, depth: 0 }
    const step = <B, F>(call: Effect.Effect<B, F>): Effect.Effect<B, F> =>
      Effect.flatMap(FiberRef.get(depthRef), (before) =>
        Effect.ensuring(
          call,
          Effect.suspend(() => {
            cost.requests += 1
            cost.depth = Math.max(cost.depth, before + 1)
            return FiberRef.update(depthRef, (now) => Math.max(now, before + 1))
          }),
        ),
      )
    const traced = Platform.of({
      baseUrl: platform.baseUrl,
      openapi: (path, body, options) => step(platform.openapi(path, body, options)),
      v1: (method, path, body, options) => step(platform.v1(method, path, body, options)),
      v2: (service, action, body, options) => step(platform.v2(service, action, body, options)),
      clock: platform.clock,
    })
    const value = yield* Effect.provideService(Effect.locally(program, depthRef, 0), Platform, traced)
    return [value, { ...cost }] as [A, CallCost]
  })
