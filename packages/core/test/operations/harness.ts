import type { RunningEmulator } from "@holos-inspire/emulator"
import { Exit } from "effect"
import type { z } from "zod"
import { type Invocation, invoke } from "../../src/operations/invoke.js"
import type { Operation } from "../../src/operations/operation.js"
import { profileFor } from "../harness.js"

/** Calls an operation with raw input, as a frontend would, logged in as the demo account. */
export const call = async <I extends z.ZodObject, O>(
  emu: RunningEmulator,
  operation: Operation<I, O>,
  raw: unknown,
  profile = profileFor(emu),
): Promise<Exit.Exit<Invocation<O>, unknown>> => profile.run(invoke(operation, raw))

/** The invocation of a successful call; fails the test with the cause otherwise. */
export const succeeded = <O>(exit: Exit.Exit<Invocation<O>, unknown>): Invocation<O> => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

/** The error of a failed call (an InspireError, as frontends see it). */
export const failed = (
  exit: Exit.Exit<unknown, unknown>,
): { reason: string; message: string; hint: string; candidates?: unknown[]; fix?: string } => {
  if (Exit.isSuccess(exit)) throw new Error(`expected failure, got ${JSON.stringify(exit.value)}`)
  const cause = exit.cause as { _tag: string; error?: unknown }
  if (cause._tag !== "Fail") throw new Error(`expected a failure, got ${JSON.stringify(exit.cause)}`)
  return cause.error as never
}
