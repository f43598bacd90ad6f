import type { z } from "zod"
import type { Effect } from "./effect.js"
import type { InspireError, SurfaceUnavailable } from "./errors.js"
import { type Invocation, invoke } from "./operations/catalogue/invoke.js"
import { type Operation, type Progress, quietContext } from "./operations/catalogue/operation.js"
import type { ClientServices } from "./operations/catalogue/services.js"
import { type CATALOGUE, OPERATIONS } from "./operations/registry.js"
import type { Worded } from "./words/render.js"

/** How one operation call of the facade runs: `signal` interrupts it, `progress` hears about long work. */
export interface OperationCallOptions {
  readonly signal?: AbortSignal
  readonly progress?: (p: Progress) => void
}

/** An operation's name as a facade method: `job_detail` → `jobDetail`. */
export type MethodName<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<MethodName<Tail>>}`
  : S

/** The facade method name of an operation name (`job_detail` → `jobDetail`). */
export const methodName = <N extends string>(name: N): MethodName<N> =>
  name
    .split("_")
    .map((part, i) => (i === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1)))
    .join("") as MethodName<N>

/**
 * The facade method of one operation: its input as the schema accepts it (fields with defaults may be
 * left out, and so may the whole input when every field may), resolving with its result object, every
 * text in it worded (a string) in the client's language and terms.
 */
export type OperationMethod<Op> =
  Op extends Operation<infer I, infer O, string>
    ? Record<never, never> extends z.input<I>
      ? (input?: z.input<I>, options?: OperationCallOptions) => Promise<Worded<O>>
      : (input: z.input<I>, options?: OperationCallOptions) => Promise<Worded<O>>
    : never

/** A method for every operation of a list, named by `methodName`. */
export type OperationMethods<Ops extends ReadonlyArray<Operation>> = {
  readonly [Op in Ops[number] as MethodName<Op["name"]>]: OperationMethod<Op>
}

/** The facade's method for every operation of the registry (`client.submit`, `client.jobDetail`, …). */
export type CatalogueMethods = OperationMethods<typeof CATALOGUE>

/** The name of an operation of the registry: `"submit"`, `"job_detail"`, … */
export type OperationName = (typeof CATALOGUE)[number]["name"]

type OperationNamed<N extends OperationName> = Extract<(typeof CATALOGUE)[number], { readonly name: N }>

/** What a registry operation accepts, as a caller writes it: `OperationInput<"submit">`. */
export type OperationInput<N extends OperationName> = z.input<OperationNamed<N>["input"]>

/** What a registry operation resolves with: `OperationResult<"jobs">` is `JobsResult`, its texts worded (strings). */
export type OperationResult<N extends OperationName> =
  OperationNamed<N> extends Operation<z.ZodObject, infer O> ? Worded<O> : never

/** How a client runs a program with its services, its texts worded; failures reject as `InspireError`. */
export type ClientRunner = <A>(
  program: Effect.Effect<A, InspireError | SurfaceUnavailable, ClientServices>,
  options?: { readonly signal?: AbortSignal },
) => Promise<Worded<A>>

/** A call of any operation as the frontends make it (validate, run, render): its result and its text, worded. */
export type OperationCall = <I extends z.ZodObject, O, N extends string>(
  operation: Operation<I, O, N>,
  input?: z.input<I>,
  options?: OperationCallOptions,
) => Promise<Worded<Invocation<O>>>

/** `client.call`: runs one operation with a client's runner. */
export const operationCall =
  (run: ClientRunner): OperationCall =>
  (operation, input, options = {}) =>
    run(
      invoke(operation, input ?? {}, options.progress !== undefined ? { progress: options.progress } : quietContext),
      options.signal !== undefined ? { signal: options.signal } : {},
    )

/**
 * A method for every operation of the registry, made from the list itself: an operation added to the
 * registry gets its method here with no edit, and its types from `CATALOGUE`.
 */
export const catalogueMethods = (run: ClientRunner): CatalogueMethods => {
  const call = operationCall(run)
  return Object.fromEntries(
    OPERATIONS.map((op) => [
      methodName(op.name),
      (input?: unknown, options?: OperationCallOptions) =>
        call(op, input as Readonly<Record<string, unknown>>, options).then((done) => done.result),
    ]),
  ) as CatalogueMethods
}
