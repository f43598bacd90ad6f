import {
  defaultOf,
  leaveWaiter as leaveCoreWaiter,
  maskTarget,
  type NotifyTarget,
  notifyTaskEnd,
  parseNotifyTarget,
  type WaiterCommand,
} from "@holos-inspire/core/internal"
import { resolveStorePaths } from "@holos-inspire/core/store-paths"
import type { Command } from "commander"
import type { CommandOptions } from "../command.js"
import { EXIT } from "../exit-codes.js"
import { msg, speak } from "../language.js"
import { CliError, fromInspireError, usageError } from "../output.js"
import { withClient } from "../run.js"

/** Adds `--notify [target]` (and, where a wait can be left behind, `--detach`; on a submit, `--recover N`). */
export const addNotify = (c: Command, more: "detach" | "recover" | undefined = undefined): void => {
  c.option("--notify [target]", msg("cli-notify-help-notify"))
  if (more === "detach") c.option("--detach", msg("cli-notify-help-detach"))
  if (more === "recover") c.option("--recover <n>", msg("cli-notify-help-recover"))
}

/** How many recovery attempts `--recover` allows (0 without it). */
export const recoverOf = (options: CommandOptions): number => {
  if (options.recover === undefined) return 0
  const n = Number(options.recover)
  if (!Number.isInteger(n) || n < 1 || n > 10)
    throw usageError(
      msg("cli-notify-recover-invalid", { value: String(options.recover) }),
      msg("cli-notify-recover-hint"),
    )
  return n
}

/** Checks `--detach`, `--recover` and `--notify` before anything is sent. */
export const checkNotify = (options: CommandOptions): void => {
  if (options.detach === true && options.notify === undefined)
    throw usageError(msg("cli-notify-detach-alone"), msg("cli-notify-detach-alone-hint"))
  if (recoverOf(options) > 0 && (options.wait === true || options.follow === true))
    throw usageError(msg("cli-notify-recover-waits"), msg("cli-notify-recover-waits-hint"))
  if (typeof options.notify === "string") target(options.notify)
}

// The target as given; its own error never repeats it (it may hold a secret).
const target = (raw: string): NotifyTarget => {
  const t = parseNotifyTarget(raw)
  if (t._tag === "Left") throw fromInspireError(t.left, EXIT.usage)
  return t.right
}

/** The target `--notify` names: its value, else the `notify` setting; undefined without `--notify`. */
export const notifyTarget = async (options: CommandOptions): Promise<string | undefined> => {
  const given = options.notify
  if (given === undefined || given === false) return undefined
  if (typeof given === "string") return given
  const saved = await withClient(options, (client) => client.run(defaultOf("notify")))
  if (saved === undefined) throw usageError(msg("cli-notify-no-default"), msg("cli-notify-no-default-hint"))
  target(saved)
  return saved
}

/** Notifies here and now about a task that has ended (a foreground wait); one line on stderr says how it went. */
export const notifyNow = async (
  options: CommandOptions,
  jobId: string,
  raw: string,
  outcome?: string,
): Promise<void> => {
  const t = target(raw)
  const r = await withClient(options, (client) =>
    client.run(notifyTaskEnd(jobId, t, speak, outcome !== undefined ? { outcome } : {})),
  )
  const line =
    r === undefined
      ? msg("cli-notify-not-ended", { id: jobId })
      : "duplicate" in r
        ? msg("cli-notify-duplicate", { target: r.target, id: r.jobId })
        : r.sent
          ? msg("cli-notify-sent", { target: r.target, id: r.jobId, outcome: r.outcome })
          : msg("cli-notify-failed", { target: r.target, attempts: r.attempts, error: r.error ?? "" })
  process.stderr.write(`${line}\n`)
}

// The CLI's waiter process: this program's `waiters run <id>`.
const waiterCommand: WaiterCommand = (id, profile) => ({
  file: process.execPath,
  args: [process.argv[1] ?? "", "waiters", "run", id, ...(profile !== undefined ? ["--profile", profile] : [])],
})

/**
 * Leaves a waiter (core's leaveWaiter: its record, then `inspire waiters run <id>` detached, so closing the
 * terminal does not end it) and says on stderr how to list and stop it.
 */
export const leaveWaiter = (
  options: CommandOptions,
  jobs: ReadonlyArray<string>,
  raw: string | undefined,
  poll?: number,
  recover = recoverOf(options),
): void => {
  if (raw !== undefined) target(raw)
  const profile = typeof options.profile === "string" ? options.profile : undefined
  let left: ReturnType<typeof leaveCoreWaiter>
  try {
    left = leaveCoreWaiter(resolveStorePaths(process.env), waiterCommand, {
      jobs,
      recover,
      pollSeconds: poll,
      ...(raw !== undefined ? { target: raw } : {}),
      ...(profile !== undefined ? { profile } : {}),
    })
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e), EXIT.error)
  }
  process.stderr.write(
    `${msg("cli-notify-waiter-started", {
      id: left.id,
      pid: left.pid ?? "?",
      jobs: jobs.join(", "),
      target: raw !== undefined ? maskTarget(raw) : "-",
      log: left.log,
    })}\n`,
  )
}

/** A command's `prepare` step: checks that `--notify` has a target (the setting's, when none is given) before anything is sent. */
export const withNotify = async (
  input: Record<string, unknown>,
  options: CommandOptions,
): Promise<Record<string, unknown>> => {
  await notifyTarget(options)
  return input
}
