import { Effect } from "effect"
import type { z } from "zod"
import { type InspireError, invalidInput } from "../errors.js"
import type { ClientServices } from "../facade.js"
import { type Operation, type OperationContext, quietContext } from "./operation.js"

const describeIssue = (issue: z.core.$ZodIssue): string => {
  const where = issue.path.length > 0 ? issue.path.join(".") : "input"
  return `${where}: ${issue.message}`
}

/** Validates raw input (as a frontend received it) against an operation's schema, defaults applied. */
export const parseInput = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
): Effect.Effect<z.output<I>, InspireError> => {
  const parsed = operation.input.safeParse(raw ?? {})
  if (parsed.success) return Effect.succeed(parsed.data)
  const issues = parsed.error.issues.map(describeIssue)
  return Effect.fail(
    invalidInput(
      `Invalid input for ${operation.name}: ${issues.join("; ")}.`,
      `Check the parameters of inspire_${operation.name}; every field is described in its schema.`,
    ),
  )
}

/** What one call of an operation produced: the structured result and its rendering for people. */
export interface Invocation<O> {
  readonly result: O
  readonly text: string
}

/** Runs an operation the way every frontend does: validate, run, render. */
export const invoke = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
  context: OperationContext = quietContext,
): Effect.Effect<Invocation<O>, InspireError, ClientServices> =>
  Effect.flatMap(parseInput(operation, raw), (input) =>
    Effect.map(operation.run(input, context), (result) => ({ result, text: operation.render(result) })),
  )
