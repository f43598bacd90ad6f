import type { ErrorReason } from "@holos-inspire/core"
import { msg } from "./language.js"

/** Every exit code of `inspire`, in one place; `inspire help exit-codes` prints this table. */
export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  cancelled: 3,
  loginNeeded: 4,
  taskFailed: 10,
  taskNotFinished: 11,
  taskNotFound: 12,
  taskStopped: 13,
  interrupted: 130,
} as const

/** An exit code of the table. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

// What each code means, by the suffix of its message (cli-exit-…).
const TABLE: ReadonlyArray<readonly [ExitCode, string]> = [
  [EXIT.ok, "ok"],
  [EXIT.error, "error"],
  [EXIT.usage, "usage"],
  [EXIT.cancelled, "cancelled"],
  [EXIT.loginNeeded, "login-needed"],
  [EXIT.taskFailed, "task-failed"],
  [EXIT.taskNotFinished, "task-not-finished"],
  [EXIT.taskNotFound, "task-not-found"],
  [EXIT.taskStopped, "task-stopped"],
  [EXIT.interrupted, "interrupted"],
]

const meaningOf = (key: string): string => msg(`cli-exit-${key}`)

/** The exit-code table as `inspire help exit-codes` prints it. */
export const exitCodeTable = (): string =>
  [
    msg("cli-exit-heading"),
    ...TABLE.map(([code, key]) => `  ${String(code).padStart(3)}  ${meaningOf(key)}`),
    "",
    ...msg("cli-exit-notes").split("\n"),
  ].join("\n")

/** The exit-code table as `inspire help exit-codes --json` prints it. */
export const exitCodeList = (): ReadonlyArray<{ readonly code: ExitCode; readonly meaning: string }> =>
  TABLE.map(([code, key]) => ({ code, meaning: meaningOf(key) }))

/** The exit code of an operation error's reason. */
export const exitCodeOfReason = (reason: ErrorReason): ExitCode => {
  if (
    reason === "NotLoggedIn" ||
    reason === "CredentialsRejected" ||
    reason === "SessionExpired" ||
    reason === "RegistryAuthFailed"
  )
    return EXIT.loginNeeded
  // Core's input checks (schema, strict keys, names and values the platform does not know) are usage errors.
  if (reason === "InvalidInput") return EXIT.usage
  // No task (job, notebook, serving) or other object of that id: the same code as a wait for an unknown task.
  if (reason === "NotFound") return EXIT.taskNotFound
  return EXIT.error
}

/** The exit code of a task status family for `job show --exit-status`. */
export const exitCodeOfFamily = (family: string): ExitCode => {
  if (family === "succeeded") return EXIT.ok
  if (family === "failed") return EXIT.taskFailed
  if (family === "stopped") return EXIT.taskStopped
  return EXIT.taskNotFinished
}
