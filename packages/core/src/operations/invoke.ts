import { Effect, Either } from "effect"
import type { z } from "zod"
import type { InspireError } from "../errors.js"
import type { ClientServices } from "../facade.js"
import { asDryRun } from "../platform/dry-run.js"
import { type Operation, type OperationContext, quietContext } from "./operation.js"
import { checkInput } from "./strict.js"

/**
 * Validates raw input (as a frontend received it) against an operation's schema, defaults applied.
 * The schema is taken strictly (strict.ts): input that is not an object, or a key the schema does not
 * declare at any depth, is an InvalidInput error naming it, never dropped.
 */
export const parseInput = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
): Effect.Effect<z.output<I>, InspireError> =>
  Either.match(checkInput(operation.name, operation.input, raw), { onLeft: Effect.fail, onRight: Effect.succeed })

/** What one call of an operation produced: the structured result and its rendering for people. */
export interface Invocation<O> {
  readonly result: O
  readonly text: string
}

/**
 * Runs an operation the way every frontend does: validate, run, render. A call with `dry_run` runs
 * under the transport's write guard, so a write that a dry run forgot to plan is never sent.
 */
export const invoke = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
  context: OperationContext = quietContext,
): Effect.Effect<Invocation<O>, InspireError, ClientServices> =>
  Effect.flatMap(parseInput(operation, raw), (input) => {
    const run = Effect.map(operation.run(input, context), (result) => ({ result, text: operation.render(result) }))
    return (input as { readonly dry_run?: unknown }).dry_run === true ? asDryRun(run) : run
  })
