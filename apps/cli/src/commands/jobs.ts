import {
  type Invocation,
  jobDetailOperation,
  logsOperation,
  type MetricsResult,
  metricsOperation,
  type SubmitResult,
  submitOperation,
  type WaitResult,
  type Worded,
  waitOperation,
} from "@holos-inspire/core"
import {
  attemptsOf,
  followEndLine,
  followTaskLogs,
  renderLogLines,
  type ShownLine,
  writeDownload,
} from "@holos-inspire/core/internal"
import { resolveStorePaths } from "@holos-inspire/core/store-paths"
import type { CommandOptions } from "../command.js"
import { EXIT, type ExitCode, exitCodeOfFamily } from "../exit-codes.js"
import { msg, speak } from "../language.js"
import { printResult, usageError } from "../output.js"
import { metricsSvg } from "../plot.js"
import { runOperation, withClient } from "../run.js"
import { checkPlotName } from "../svg.js"
import { type Extension, extend } from "./catalogue.js"
import { addNotify, checkNotify, leaveWaiter, notifyNow, notifyTarget, recoverOf, withNotify } from "./notify.js"
import { checkOutput, outputFlag, printSpec, specFlags, specInput, specRoute } from "./spec.js"

// A wait for "finished" exits with the task's own end state, so `inspire job wait ID && next` works in scripts.
const waitCode = (r: Worded<WaitResult>): ExitCode => {
  if (r.outcome === "not-found") return EXIT.taskNotFound
  if (r.outcome === "timed-out") return EXIT.taskNotFinished
  if (r.outcome === "task-failed") return r.status?.family === "stopped" ? EXIT.taskStopped : EXIT.taskFailed
  if (r.until === "finished" && r.status?.family !== undefined) return exitCodeOfFamily(r.status.family)
  return EXIT.ok
}

/**
 * Follows a job's log until it ends: stdout holds only log lines (those of `after` first, then every later
 * line once, all rendered alike), stderr the line that says why following ended.
 */
const follow = async (
  options: CommandOptions,
  jobId: string,
  from: { readonly pod?: string; readonly after?: ReadonlyArray<ShownLine> } = {},
): Promise<ExitCode> => {
  const after = from.after ?? []
  // Pods are labelled once a second pod has printed, as the tail labels them.
  const pods = new Set(after.map((l) => l.pod))
  const print = (lines: ReadonlyArray<ShownLine>): void => {
    for (const l of lines) pods.add(l.pod)
    if (lines.length > 0) process.stdout.write(`${renderLogLines(lines, pods.size > 1)}\n`)
  }
  print(after)
  const end = await withClient(options, (client) =>
    client.run(
      followTaskLogs(
        jobId,
        (lines) => print(lines.map((l) => ({ time: l.timestampMs, pod: l.pod, message: l.message }))),
        {
          ...(from.pod !== undefined ? { pod: from.pod } : {}),
          after,
        },
      ),
    ),
  )
  process.stderr.write(`${speak(followEndLine(end))}\n`)
  return exitCodeOfFamily(end.job.status.family)
}

const refuseJsonFollow = (options: CommandOptions): void => {
  if (options.json === true && options.follow === true)
    throw usageError(msg("cli-jobs-follow-json"), msg("cli-jobs-follow-json-hint"))
}

// submit --wait / --follow: the submission first, then the wait (exit code of the table) or the log.
const afterSubmit = async (
  run: Worded<Invocation<SubmitResult>>,
  options: CommandOptions,
): Promise<ExitCode | undefined> => {
  const jobId = run.result.jobId
  const json = options.json === true
  const notify = jobId !== undefined ? await notifyTarget(options) : undefined
  if (jobId === undefined || (options.wait !== true && options.follow !== true)) {
    printResult(json, run.result, run.text)
    // Submit and walk away: a waiter notifies when the job ends (and submits it again if it is pre-empted).
    if (jobId !== undefined && (notify !== undefined || recoverOf(options) > 0)) leaveWaiter(options, [jobId], notify)
    return undefined
  }
  if (options.follow === true) {
    // The submission is commentary next to the log lines on stdout.
    process.stderr.write(`${run.text}\n`)
    const ended = await follow(options, jobId)
    if (notify !== undefined) await notifyNow(options, jobId, notify)
    // Following ends when the job does: it exits with the job's end state, as --wait does.
    if (options.wait !== true) return ended
  }
  if (!json) printResult(false, run.result, options.follow === true ? "" : run.text)
  const waited = await runOperation(options, waitOperation, { job_id: jobId, until: "finished" })
  if (json) printResult(true, { submit: run.result, wait: waited.result }, "")
  else printResult(false, waited.result, waited.text)
  if (notify !== undefined && options.follow !== true) await afterWait(options, waited.result, notify)
  return waitCode(waited.result)
}

// metrics --plot FILE.svg: the chart, written whole or not at all by the rule of every file core writes (in
// this directory or the downloads folder, never through a link, never over a file without --overwrite),
// then the result as usual: a chart that cannot be written is the call's one error, with nothing printed
// before it.
const afterMetrics = async (
  run: Worded<Invocation<MetricsResult>>,
  options: CommandOptions,
): Promise<ExitCode | undefined> => {
  if (typeof options.plot !== "string") {
    printResult(options.json === true, run.result, run.text)
    return undefined
  }
  const result = run.result
  const written = await withClient(options, (client) =>
    client.run(
      writeDownload(
        {
          path: options.plot as string,
          field: "--plot",
          defaultName: `${result.jobId}-${result.timeRange.replace(/\s+/g, "")}.svg`,
          overwrite: options.overwrite === true,
          content: metricsSvg(result),
        },
        { progress: () => undefined, workingDir: process.cwd() },
      ),
    ),
  )
  printResult(options.json === true, run.result, run.text)
  if (options.json !== true) process.stderr.write(`${msg("cli-chart-written", { path: written.path })}\n`)
  return undefined
}

// After a wait with --notify: a task that ended is notified here; one still going is left to a waiter.
const afterWait = async (options: CommandOptions, r: Worded<WaitResult>, notify: string): Promise<void> => {
  if (r.outcome === "not-found") return
  if (r.status !== undefined && ENDED.has(r.status.family)) return notifyNow(options, r.jobId, notify)
  const poll = typeof options.pollSeconds === "string" ? Number(options.pollSeconds) : undefined
  leaveWaiter(options, [r.jobId], notify, poll)
}

const ENDED = new Set(["succeeded", "failed", "stopped"])

/** What `inspire job …` adds to the catalogue's task commands: waiting, following, charts and exit codes. */
export const jobExtensions: ReadonlyArray<Extension> = [
  extend(submitOperation, {
    extra: (c) => {
      c.option("--wait", msg("cli-help-submit-wait")).option("-f, --follow", msg("cli-help-submit-follow"))
      specFlags(c)
      addNotify(c, "recover")
    },
    check: (options) => {
      refuseJsonFollow(options)
      checkNotify(options)
    },
    prepare: async (input, options) => withNotify(await specInput(input, options), options),
    route: specRoute,
    after: afterSubmit,
  }),
  extend(jobDetailOperation, {
    extra: (c) => {
      c.option("--exit-status", msg("cli-help-exit-status"))
      outputFlag(c)
    },
    check: checkOutput,
    instead: printSpec,
    after: async (run, options) => {
      // A task a waiter recovered: every attempt, first to last (kept in the waiters' records).
      const attempts = attemptsOf(resolveStorePaths(process.env), run.result.id)
      const chain = attempts.length > 1 ? attempts : undefined
      const said = chain?.map((a) => `${a.n} ${a.jobId}${a.jobId === run.result.id ? " *" : ""}`).join(", ")
      printResult(
        options.json === true,
        chain !== undefined ? { ...run.result, attempts: chain } : run.result,
        said !== undefined ? `${run.text}\n${msg("cli-notify-attempts", { attempts: said })}` : run.text,
      )
      if (options.exitStatus !== true) return undefined
      return exitCodeOfFamily(run.result.status.family)
    },
  }),
  extend(logsOperation, {
    extra: (c) => c.option("-f, --follow", msg("cli-help-logs-follow")),
    check: (options) => {
      refuseJsonFollow(options)
      if (options.follow === true && options.download === true)
        throw usageError(msg("cli-jobs-follow-download"), msg("cli-jobs-follow-download-hint"))
    },
    after: async (run, options) => {
      const r = run.result
      if (options.follow !== true) {
        printResult(options.json === true, r, run.text)
        return undefined
      }
      // Following: the lines read so far, then every later one, on stdout; the heading is commentary.
      process.stderr.write(`${msg("cli-jobs-then-following", { heading: run.text.split("\n")[0] ?? r.jobId })}\n`)
      const pod = typeof options.pod === "string" ? { pod: options.pod } : {}
      await follow(options, r.jobId, { ...pod, after: r.lines ?? [] })
      return undefined
    },
  }),
  extend(metricsOperation, {
    extra: (c) => c.option("--plot <file.svg>", msg("cli-help-metrics-plot")),
    check: (options) => {
      checkPlotName(options.plot)
      if (typeof options.plot === "string" && options.mode === "download")
        throw usageError(msg("cli-jobs-plot-download"), msg("cli-jobs-plot-download-hint"))
    },
    after: afterMetrics,
  }),
  extend(waitOperation, {
    extra: (c) => addNotify(c, "detach"),
    check: checkNotify,
    // --detach reads the task once (it exists; it may have ended already) and leaves the rest to a waiter.
    prepare: async (input, options) => {
      await withNotify(input, options)
      return options.detach === true ? { ...input, until: "finished", timeout_seconds: 1 } : input
    },
    after: async (run, options) => {
      const r = run.result
      const notify = await notifyTarget(options)
      const left = options.detach === true && r.outcome === "timed-out"
      // A wait left to a waiter prints no time-out: the waiter's line on stderr says what goes on.
      if (!left) printResult(options.json === true, r, run.text)
      else if (options.json === true) printResult(true, r, "")
      if (notify !== undefined) await afterWait(options, r, notify)
      return left ? EXIT.ok : waitCode(r)
    },
  }),
]
