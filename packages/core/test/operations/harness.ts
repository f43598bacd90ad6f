import type { RunningEmulator } from "@holos-inspire/emulator"
import { Cause, type Effect, Exit } from "effect"
import type { z } from "zod"
import { InspireError } from "../../src/errors.js"
import { type Invocation, invoke } from "../../src/operations/catalogue/invoke.js"
import type { Operation } from "../../src/operations/catalogue/operation.js"
import { renderDeep, renderError, renderWords, type Worded } from "../../src/words/render.js"
import { profileFor } from "../harness.js"

/**
 * Calls an operation with raw input, as a frontend would, logged in as the demo account; its texts
 * and errors worded as the MCP server words them (`inspire_jobs`, `confirm=true`). `around` runs the
 * call in a setting of the test's own (a test clock).
 */
export const call = async <I extends z.ZodObject, O>(
  emu: RunningEmulator,
  operation: Operation<I, O>,
  raw: unknown,
  profile = profileFor(emu),
  around: <A, E, R>(call: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R> = (c) => c,
): Promise<Exit.Exit<Worded<Invocation<O>>, unknown>> =>
  Exit.mapBoth(await profile.run(around(invoke(operation, raw))), {
    onFailure: (e: unknown) => (e instanceof InspireError ? renderError(e, "mcp") : e),
    onSuccess: (v) => renderDeep(v, "mcp"),
  })

/** The invocation of a successful call; fails the test with the cause otherwise. */
export const succeeded = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

/** The error of a failed call (an InspireError, as frontends see it). */
export const failed = (
  exit: Exit.Exit<unknown, unknown>,
): { reason: string; message: string; hint: string; candidates?: unknown[]; fix?: string } => {
  if (Exit.isSuccess(exit)) throw new Error(`expected failure, got ${JSON.stringify(exit.value)}`)
  // The first failure, as the facade hands it to frontends (concurrent lookups add interruptions).
  const failure = Cause.failureOption(exit.cause)
  if (failure._tag !== "Some") throw new Error(`expected a failure, got ${JSON.stringify(exit.cause)}`)
  const e = failure.value
  if (!(e instanceof InspireError)) return e as never
  // Worded by `call` already; its hint and fix as the strings a frontend shows.
  return {
    ...e,
    message: e.message,
    hint: renderWords(e.hint, "mcp"),
    ...(e.fix !== undefined ? { fix: renderWords(e.fix, "mcp") } : {}),
  } as never
}

/** A logged-in profile whose defaults are the fixture's 分布式训练空间 and its 具身智能基础模型 project, plus `extra`. */
export const trainingSpaceProfile = (emu: RunningEmulator, extra: NodeJS.ProcessEnv = {}) =>
  profileFor(emu, {
    INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间",
    INSPIRE_DEFAULT_PROJECT: "具身智能基础模型",
    ...extra,
  })

/** The id of the fixture's 1-GPU spec of a schedule type in 分布式训练空间's H100 group, if there is one. */
export const h100SpecId = (emu: RunningEmulator, type: string): string | undefined => {
  const s = emu.control.state()
  const ws = s.workspaces.find((w) => w.name === "分布式训练空间")
  const group = s.groups.find((g) => g.workspaceId === ws?.id && g.name === "H100")
  return s.specs.find(
    (x) => x.type === `SCHEDULE_CONFIG_TYPE_${type}` && x.lcgIds.includes(group?.id ?? "") && x.gpuCount === 1,
  )?.id
}
