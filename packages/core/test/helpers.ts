import { execFileSync } from "node:child_process"
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

/**
 * Runs an ES module `script` in a fresh node with only PATH and `env`, and returns the JSON its last
 * line prints: for checks on the build that need a process of their own (its zone, its Intl).
 */
export const inFreshNode = (script: string, env: Readonly<Record<string, string>> = {}): unknown => {
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    encoding: "utf8",
    env: { PATH: process.env.PATH, ...env },
    timeout: 20_000,
  })
  return JSON.parse(out.trim().split("\n").at(-1) ?? "null")
}
