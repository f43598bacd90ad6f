import { Effect } from "../effect.js"
import { type InspireError, invalidInput } from "../errors.js"
import type { ClientServices } from "../operations/catalogue/services.js"
import { defaultOf } from "../operations/common/defaults.js"
import type { ActiveProfile } from "../profile.js"
import { msg } from "../words/message.js"
import { callWord, fieldWord, type Text } from "../words/text.js"
import { maskTarget, parseNotifyTarget } from "./target.js"
import { notifyTaskEnd } from "./task.js"
import { noticeText } from "./watch.js"

/**
 * The target an agent's `notify` names, checked before anything is sent: its own, or with `true` the
 * `notify` setting (as the CLI's `--notify` without a target); undefined for `false`. Its errors never
 * repeat it: a webhook URL is a secret.
 */
export const notifyTargetOf = (given: unknown): Effect.Effect<string | undefined, InspireError, ActiveProfile> =>
  Effect.gen(function* () {
    if (given === false || given === undefined) return undefined
    // Anything but a string or true is no target: refused as one, never shown.
    const raw = given === true ? yield* defaultOf("notify") : typeof given === "string" ? given : ""
    if (raw === undefined)
      return yield* invalidInput(
        msg("mcpnotify-no-default", { field: fieldWord("notify", true) }),
        msg("mcpnotify-no-default-hint", {
          call: callWord("config", { action: "set", key: "notify", value: "<target>" }),
          target: fieldWord("notify", "<target>"),
        }),
      )
    yield* parseNotifyTarget(raw)
    return raw
  })

/** What a call that left a waiter only to recover its tasks (no notification) says of it. */
export const recoveryNote = (
  what:
    | { readonly waiter: string; readonly jobs: ReadonlyArray<string>; readonly count: number }
    | { readonly error: string },
): Text =>
  "error" in what
    ? msg("mcpnotify-not-recovering", { error: what.error })
    : msg("mcpnotify-recovering", { id: what.waiter, jobs: what.jobs.join(", "), count: what.count })

/** The recovery attempts an agent's `recover` asks for (0 without it): a whole number from 1 to 10. */
export const recoverAttemptsOf = (given: unknown): Effect.Effect<number, InspireError> =>
  given === undefined
    ? Effect.succeed(0)
    : typeof given === "number" && Number.isInteger(given) && given >= 1 && given <= 10
      ? Effect.succeed(given)
      : invalidInput(
          msg("mcpnotify-recover-invalid", { field: fieldWord("recover"), value: JSON.stringify(given) ?? "?" }),
          msg("mcpnotify-recover-invalid-hint", { example: fieldWord("recover", 2) }),
        )

/**
 * Notifies the end of a task now, at most once per task and target (task.ts), and says in one line how it
 * went; undefined while the task has not ended.
 */
export const notifyEndNow = (
  jobId: string,
  raw: string,
  say: (t: Text) => string,
): Effect.Effect<Text | undefined, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const sent = yield* notifyTaskEnd(jobId, yield* parseNotifyTarget(raw), say)
    return sent !== undefined ? noticeText(sent) : undefined
  })

/**
 * What a call with `notify` says after its result, the target masked: the waiter it left for `jobs`, why
 * none could be left, or that a dry run leaves none.
 */
export const notifyNote = (
  raw: string,
  what: { readonly waiter: string; readonly jobs: ReadonlyArray<string> } | { readonly error: string } | "dry-run",
): Text => {
  const target = maskTarget(raw)
  if (what === "dry-run") return msg("mcpnotify-dry-run", { target })
  if ("error" in what) return msg("mcpnotify-not-left", { target, error: what.error })
  return msg("mcpnotify-waiter", { id: what.waiter, target, jobs: what.jobs.join(", ") })
}
