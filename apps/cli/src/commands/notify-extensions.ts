import {
  type Invocation,
  type SubmitResult,
  type SweepResult,
  submitHpcOperation,
  submitRayOperation,
  sweepOperation,
  type Worded,
} from "@holos-inspire/core"
import type { Command } from "commander"
import type { CommandOptions } from "../command.js"
import { printResult } from "../output.js"
import { type Extension, extend } from "./catalogue.js"
import { addNotify, checkNotify, leaveWaiter, notifyTarget, recoverOf, withNotify } from "./notify.js"

// Prints the result as usual, then leaves a waiter for the tasks it created (none for a dry run); the
// recovery asked by --recover, else by the result (a sweep file's `recover:`).
const thenWaiter =
  <R>(jobsOf: (r: Worded<R>) => ReadonlyArray<string>, recoverIn?: (r: Worded<R>) => number | undefined) =>
  async (run: Worded<Invocation<R>>, options: CommandOptions): Promise<undefined> => {
    printResult(options.json === true, run.result, run.text)
    const jobs = jobsOf(run.result)
    const recover = recoverIn?.(run.result) ?? recoverOf(options)
    const notify = jobs.length > 0 ? await notifyTarget(options) : undefined
    if (jobs.length > 0 && (notify !== undefined || recover > 0)) leaveWaiter(options, jobs, notify, undefined, recover)
    return undefined
  }

const created = (r: Worded<SubmitResult>): ReadonlyArray<string> => (r.jobId !== undefined ? [r.jobId] : [])

const notifying = { extra: (c: Command) => addNotify(c, "recover"), check: checkNotify, prepare: withNotify }

/** `--notify` on the HPC and Ray submits and on `sweep run`: submit and walk away, a waiter notifies. */
export const notifyExtensions: ReadonlyArray<Extension> = [
  extend(submitHpcOperation, {
    ...notifying,
    // An HPC job notified by inspire asks the platform to notify too (its console create's enable_notification).
    prepare: async (input, options) =>
      options.notify !== undefined ? { ...(await withNotify(input, options)), enable_notification: true } : input,
    after: thenWaiter(created),
  }),
  extend(submitRayOperation, { ...notifying, after: thenWaiter(created) }),
  extend(
    sweepOperation,
    {
      ...notifying,
      extra: (c: Command) => addNotify(c),
      after: thenWaiter(
        (r: Worded<SweepResult>) =>
          r.action === "run" && !r.dryRun ? r.jobs.flatMap((j) => (j.jobId !== undefined ? [j.jobId] : [])) : [],
        (r) => (r.action === "run" && "recover" in r ? r.recover : undefined),
      ),
    },
    "run",
  ),
]
