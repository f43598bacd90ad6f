import type { ErrorReason } from "@holos-inspire/core"

/** Every exit code of `inspire`, in one place; `inspire help exit-codes` prints this table. */
export const EXIT = {
  ok: 0,
  error: 1,
  usage: 2,
  loginNeeded: 4,
  taskFailed: 10,
  taskNotFinished: 11,
  taskNotFound: 12,
  taskStopped: 13,
  interrupted: 130,
} as const

/** An exit code of the table. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

const TABLE: ReadonlyArray<readonly [ExitCode, string]> = [
  [EXIT.ok, "success"],
  [EXIT.error, "the command failed (platform, network, store or input error)"],
  [
    EXIT.usage,
    "usage error: unknown command or flag, invalid flag or argument value (including a name that matches nothing), or a confirmation that was needed",
  ],
  [
    EXIT.loginNeeded,
    "login needed: no saved credentials, or the platform or Harbor rejected them (run `inspire login`)",
  ],
  [
    EXIT.taskFailed,
    "job wait / job show --exit-status: the task failed (or ended without reaching the awaited state); serve health --wait: the serving crashed or stopped",
  ],
  [
    EXIT.taskNotFinished,
    "job wait / job show --exit-status: the task has not finished yet (wait timed out); serve health --wait: not answering in time",
  ],
  [EXIT.taskNotFound, "job wait / job show --exit-status: there is no such task"],
  [EXIT.taskStopped, "job wait / job show --exit-status: the task was stopped"],
  [EXIT.interrupted, "interrupted (Ctrl-C)"],
]

/** The exit-code table as `inspire help exit-codes` prints it. */
export const exitCodeTable = (): string =>
  [
    "Exit codes of inspire:",
    ...TABLE.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`),
    "",
    "`job wait` (until finished, the default) and `job submit --wait` exit with the task's end state: 0, 10 or 13.",
    "`notebook exec` exits with the command's own exit code (124 after --timeout, 130 after Ctrl-C).",
    "",
    'With --json, a failure prints {"error": {reason, message, hint, candidates?, fix?, created?}} on stderr;',
    "stdout stays empty, so it only ever holds a result.",
  ].join("\n")

/** The exit-code table as `inspire help exit-codes --json` prints it. */
export const exitCodeList = (): ReadonlyArray<{ readonly code: ExitCode; readonly meaning: string }> =>
  TABLE.map(([code, meaning]) => ({ code, meaning }))

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
  return EXIT.error
}

/** The exit code of a task status family for `job show --exit-status`. */
export const exitCodeOfFamily = (family: string): ExitCode => {
  if (family === "succeeded") return EXIT.ok
  if (family === "failed") return EXIT.taskFailed
  if (family === "stopped") return EXIT.taskStopped
  return EXIT.taskNotFinished
}
