import type { RunningEmulator } from "@holos-inspire/emulator"
import { Effect, Exit } from "effect"
import { clearResourceCache } from "../../../src/api/resources/cache.js"
import { Platform } from "../../../src/platform/client.js"
import { profileFor, type Services } from "../../harness.js"

/** Runs a program logged in as the demo account and returns its value, failing the test on an error. */
export const value = async <A, E>(
  emu: RunningEmulator,
  program: Effect.Effect<A, E, Services>,
  env: NodeJS.ProcessEnv = {},
): Promise<A> => {
  const exit = await profileFor(emu, env).run(program)
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

/** Runs a program and returns the error it failed with, failing the test when it succeeded. */
export const failure = async <A, E>(emu: RunningEmulator, program: Effect.Effect<A, E, Services>): Promise<E> => {
  const exit = await profileFor(emu).run(Effect.flip(program))
  if (Exit.isSuccess(exit)) return exit.value as E
  throw new Error(`expected a failure, got ${JSON.stringify(exit.cause)}`)
}

/** Counts the requests a program makes after logging in; both credentials are obtained before counting. */
export const counted = <A, E, R>(emu: RunningEmulator, program: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const platform = yield* Platform
    yield* Effect.ignore(platform.v1("GET", "user/detail", undefined, { idempotent: true }))
    yield* Effect.ignore(platform.v2("user", "GetUserDetail", {}, { idempotent: true }))
    yield* Effect.sync(() => emu.control.clearRequests())
    const result = yield* program
    return { result, requests: emu.control.requests() }
  })

/** A fresh fixture, no faults, no cached resources. */
export const fresh = (emu: RunningEmulator): void => {
  emu.control.reset()
  clearResourceCache()
}

/** The fixture's ids by name. */
export const fixture = (emu: RunningEmulator) => {
  const state = emu.control.state()
  const workspace = (name: string) => {
    const w = state.workspaces.find((x) => x.name === name)
    if (w === undefined) throw new Error(`no workspace ${name}`)
    return w.id
  }
  const group = (workspaceName: string, name: string) => {
    const ws = workspace(workspaceName)
    const g = state.groups.find((x) => x.workspaceId === ws && x.name === name)
    if (g === undefined) throw new Error(`no group ${name}`)
    return g
  }
  return { state, workspace, group }
}

/** API requests only (V1, V2, OA): the lazy logins a program triggers are not what is being measured. */
export const apiRequests = (snapshot: { readonly bySurface: Record<string, number> }) =>
  Object.entries(snapshot.bySurface)
    .filter(([k]) => /^(v1|v2|oa):/.test(k))
    .reduce((n, [, c]) => n + c, 0)

/**
 * The longest chain of requests each of which started after the previous one ended: with latency
 * injected and no rate limit, the depth of the program's request dependencies.
 */
export const chainDepth = (log: ReadonlyArray<{ readonly start: number; readonly end: number }>): number => {
  const sorted = [...log].sort((a, b) => a.start - b.start)
  const depth: number[] = []
  sorted.forEach((r, i) => {
    let best = 0
    for (let j = 0; j < i; j++) {
      const before = sorted[j]
      if (before !== undefined && before.end <= r.start) best = Math.max(best, depth[j] ?? 0)
    }
    depth.push(best + 1)
  })
  return Math.max(0, ...depth)
}
