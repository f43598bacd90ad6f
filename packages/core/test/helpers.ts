import { Either } from "effect"

/** The success of an Either, failing the test with the error when there is none. */
export const right = <A, E>(e: Either.Either<A, E>): A => Either.getOrThrow(e)

/** The failure of an Either, failing the test when it succeeded. */
export const left = <A, E>(e: Either.Either<A, E>): E => {
  if (Either.isRight(e)) throw new Error(`expected a failure, got ${JSON.stringify(e.right)}`)
  return e.left
}
