import { type InferenceResult, inferenceOperation, type Worded } from "@holos-inspire/core"
import type { Command } from "commander"
import type { CommandOptions } from "../command.js"
import { EXIT, type ExitCode } from "../exit-codes.js"
import { msg } from "../language.js"
import { printResult, usageError } from "../output.js"
import { runOperation } from "../run.js"
import { type Extension, extend } from "./catalogue.js"
import { addNotify, checkNotify, notifyNow, notifyTarget, withNotify } from "./notify.js"

const addWait = (c: Command): void => void c.option("--wait [seconds]", msg("cli-help-serve-wait"))

// `--wait` alone waits as long as the recipe (or the default) allows; `--wait 120` at most 120 s.
const waitInput = (options: CommandOptions): Record<string, unknown> => {
  const w = options.wait
  if (w === undefined || w === false) return {}
  if (w === true) return { wait: true }
  const seconds = Number(w)
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 3600)
    throw usageError(msg("cli-serve-wait-seconds", { value: String(w) }), msg("cli-serve-wait-seconds-hint"))
  return { wait: true, wait_seconds: seconds }
}

// The exit code of a health wait, by the convention of `job wait`: 11 not ready in time, 10 it will not be.
const healthCode = (r: Worded<InferenceResult>): ExitCode | undefined => {
  if (r.action !== "health" || r.outcome === undefined) return undefined
  if (r.outcome === "timed-out") return EXIT.taskNotFinished
  if (r.outcome === "failed") return EXIT.taskFailed
  return EXIT.ok
}

/** What `inspire serve …` adds: `serve health --wait [SECONDS]`, and `serve create --wait` that chains into it. */
export const serveExtensions: ReadonlyArray<Extension> = [
  extend(
    inferenceOperation,
    {
      // `--wait [SECONDS]` stands for the field `wait`; the field `wait_seconds` keeps its own flag, so a call
      // core words as `--wait --wait-seconds 120` (a next step, a hint) is one this command accepts.
      hidden: ["wait"],
      extra: addWait,
      check: (options) => void waitInput(options),
      prepare: async (input, options) => ({ ...input, ...waitInput(options) }),
      after: async (run, options) => {
        printResult(options.json === true, run.result, run.text)
        return healthCode(run.result)
      },
    },
    "health",
  ),
  extend(
    inferenceOperation,
    {
      extra: (c) => {
        addWait(c)
        addNotify(c)
      },
      check: (options) => {
        waitInput(options)
        if (options.wait !== undefined && options.dryRun === true)
          throw usageError(msg("cli-serve-wait-dry-run"), msg("cli-serve-wait-dry-run-hint"))
        // A serving runs until stopped: what is told is how its health wait ended, so --notify goes with --wait.
        if (options.notify !== undefined && options.wait === undefined)
          throw usageError(msg("cli-notify-serve-needs-wait"), msg("cli-notify-serve-needs-wait-hint"))
        checkNotify(options)
      },
      prepare: withNotify,
      after: async (run, options) => {
        const r = run.result
        const json = options.json === true
        const id = r.action === "create" ? r.servingId : undefined
        if (options.wait === undefined || id === undefined) {
          printResult(json, r, run.text)
          return undefined
        }
        if (!json) printResult(false, r, run.text)
        const recipe = r.action === "create" && r.recipe !== undefined ? { recipe: r.recipe.name } : {}
        const waited = await runOperation(options, inferenceOperation, {
          action: "health",
          serving_id: id,
          ...recipe,
          ...waitInput(options),
        })
        if (json) printResult(true, { create: r, health: waited.result }, "")
        else printResult(false, waited.result, waited.text)
        const notify = await notifyTarget(options)
        const outcome = waited.result.action === "health" ? waited.result.outcome : undefined
        if (notify !== undefined && outcome !== undefined) await notifyNow(options, id, notify, outcome)
        return healthCode(waited.result)
      },
    },
    "create",
  ),
]
