import { Cause, Effect, Either, Exit, Option } from "effect"

/** The success of an Either, failing the test with the error when there is none. */
export const right = <A, E>(e: Either.Either<A, E>): A => Either.getOrThrow(e)

/** The failure of an Either, failing the test when it succeeded. */
export const left = <A, E>(e: Either.Either<A, E>): E => {
  if (Either.isRight(e)) throw new Error(`expected a failure, got ${JSON.stringify(e.right)}`)
  return e.left
}

/** The error an Effect fails with, failing the test when it succeeds or dies. */
export const refusal = async <E>(effect: Effect.Effect<unknown, E>): Promise<E> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) throw new Error("expected a refusal")
  const failure = Cause.failureOption(exit.cause)
  if (Option.isNone(failure)) throw new Error("expected a failure")
  return failure.value
}
