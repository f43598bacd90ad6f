import type { z } from "zod"
import { Effect, Either } from "../../effect.js"
import type { InspireError, InspireErrorOf } from "../../errors.js"
import { asDryRun } from "../../platform/dry-run.js"
import type { Text } from "../../words/text.js"
import { type Operation, type OperationContext, quietContext } from "./operation.js"
import type { ClientServices } from "./services.js"
import { checkInput, strictSchema } from "./strict.js"

declare const parsedBy: unique symbol

/**
 * An operation's input that passed its schema (strictly, defaults applied). Only the parsers below make
 * one, so `invokeParsed` can trust it: a frontend that validates first hands the result on, and the
 * input is not parsed a second time.
 */
export type ParsedInput<I extends z.ZodObject = z.ZodObject> = z.output<I> & { readonly [parsedBy]: I }

/**
 * Validates raw input (as a frontend received it) against an operation's schema, defaults applied.
 * The schema is taken strictly (strict.ts): input that is not an object, or a key the schema does not
 * declare at any depth, is an InvalidInput error naming it, never dropped.
 */
export const checkOperationInput = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
): Either.Either<ParsedInput<I>, InspireErrorOf<"InvalidInput">> =>
  checkInput(operation.name, operation.input, raw) as Either.Either<ParsedInput<I>, InspireErrorOf<"InvalidInput">>

/** `checkOperationInput` as an Effect. */
export const parseInput = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
): Effect.Effect<ParsedInput<I>, InspireErrorOf<"InvalidInput">> =>
  Either.match(checkOperationInput(operation, raw), { onLeft: Effect.fail, onRight: Effect.succeed })

/**
 * The strict parse with zod's own result, for a frontend that words the issues itself (the CLI names
 * its flags): the same check as `parseInput`, minus the messages.
 */
export const safeParseInput = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
): z.ZodSafeParseResult<ParsedInput<I>> =>
  strictSchema(operation.input).safeParse(raw ?? {}) as z.ZodSafeParseResult<ParsedInput<I>>

/** What one call of an operation produced: the structured result and its rendering for people. */
export interface Invocation<O> {
  readonly result: O
  /** The result for people, as a Text the frontend words in its reader's language and its own terms. */
  readonly text: Text
}

/**
 * Runs an operation on input already parsed: run, render. A call with `dry_run` runs under the transport's
 * write guard, so a write that a dry run forgot to plan is never sent.
 */
export const invokeParsed = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  input: ParsedInput<I>,
  context: OperationContext = quietContext,
): Effect.Effect<Invocation<O>, InspireError, ClientServices> => {
  const run = Effect.map(operation.run(input, context), (result) => ({ result, text: operation.render(result) }))
  return (input as { readonly dry_run?: unknown }).dry_run === true ? asDryRun(run) : run
}

/** Runs an operation the way every frontend does: validate (once), run, render. */
export const invoke = <I extends z.ZodObject, O>(
  operation: Operation<I, O>,
  raw: unknown,
  context: OperationContext = quietContext,
): Effect.Effect<Invocation<O>, InspireError, ClientServices> =>
  Effect.flatMap(parseInput(operation, raw), (input) => invokeParsed(operation, input, context))
