import { followTaskLogs, type Invocation, type LogLine, type MetricsResult, writeDownload } from "@holos-inspire/core"
import type { Command } from "commander"
import { type CommandOptions, operationCommand, operationNamed } from "../command.js"
import { EXIT, type ExitCode, exitCodeOfFamily } from "../exit-codes.js"
import { printResult, usageError } from "../output.js"
import { metricsSvg } from "../plot.js"
import { runOperation, withClient } from "../run.js"

// A wait for "finished" exits with the task's own end state, so `inspire job wait ID && next` works in scripts.
const waitCode = (result: unknown): ExitCode => {
  const r = result as { outcome?: string; until?: string; status?: { family?: string } }
  if (r.outcome === "not-found") return EXIT.taskNotFound
  if (r.outcome === "timed-out") return EXIT.taskNotFinished
  if (r.outcome === "task-failed") return r.status?.family === "stopped" ? EXIT.taskStopped : EXIT.taskFailed
  if (r.until === "finished" && r.status?.family !== undefined) return exitCodeOfFamily(r.status.family)
  return EXIT.ok
}

const printLines = (lines: ReadonlyArray<LogLine>): void => {
  for (const l of lines) process.stdout.write(`${l.time} ${l.message}\n`)
}

/** Follows a job's log until it ends, printing new lines as they come. */
const follow = (options: CommandOptions, jobId: string, pod?: string): Promise<number> =>
  withClient(options, (client) => client.run(followTaskLogs(jobId, printLines, pod !== undefined ? { pod } : {})))

const refuseJsonFollow = (options: CommandOptions): void => {
  if (options.json === true && options.follow === true)
    throw usageError(
      "--follow streams log lines and cannot be combined with --json.",
      "Drop --json to follow, or drop --follow to get the log as one JSON result.",
    )
}

// submit --wait / --follow: the submission first, then the wait (exit code of the table) or the log.
const afterSubmit = async (run: Invocation<unknown>, options: CommandOptions): Promise<ExitCode | undefined> => {
  const jobId = (run.result as { jobId?: string }).jobId
  const json = options.json === true
  if (jobId === undefined || (options.wait !== true && options.follow !== true)) {
    printResult(json, run.result, run.text)
    return undefined
  }
  if (options.follow === true) {
    printResult(false, run.result, run.text)
    await follow(options, jobId)
  }
  if (options.wait !== true) return undefined
  if (!json) printResult(false, run.result, options.follow === true ? "" : run.text)
  const waited = await runOperation(options, operationNamed("wait"), { job_id: jobId, until: "finished" })
  if (json) printResult(true, { submit: run.result, wait: waited.result }, "")
  else printResult(false, waited.result, waited.text)
  return waitCode(waited.result)
}

// metrics --plot FILE.svg: the result as usual, then the chart, written whole or not at all, by the same
// rule as every file core writes: in this directory or the downloads folder, never through a link, never
// over a file without --overwrite.
const afterMetrics = async (run: Invocation<unknown>, options: CommandOptions): Promise<ExitCode | undefined> => {
  printResult(options.json === true, run.result, run.text)
  if (typeof options.plot !== "string") return undefined
  const result = run.result as MetricsResult
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
  if (options.json !== true) process.stderr.write(`Chart written to ${written.path}\n`)
  return undefined
}

/** `inspire job …` and `inspire hpc …`: submit, inspect, follow and stop tasks. */
export const addJobCommands = (program: Command): void => {
  const job = program.command("job").description("Submit, inspect and stop training and HPC jobs")
  operationCommand(job, {
    name: "submit",
    operation: "submit",
    summary: "Submit a GPU training job",
    extra: (c) =>
      c
        .option("--wait", "wait until the job finishes; exit with the code of `job wait`")
        .option("-f, --follow", "follow the job's log until it ends"),
    check: refuseJsonFollow,
    after: afterSubmit,
  })
  operationCommand(job, { name: "list", operation: "jobs", summary: "List tasks by type and status" })
  operationCommand(job, {
    name: "show",
    operation: "job_detail",
    summary: "Show a task's configuration and failure diagnosis",
    positional: "job_id",
    extra: (c) => c.option("--exit-status", "exit 0 succeeded, 10 failed, 11 not finished, 12 not found, 13 stopped"),
    exitCodeOf: (e, options) =>
      options.exitStatus === true && e.detail.reason === "NotFound" ? EXIT.taskNotFound : undefined,
    after: async (run, options) => {
      printResult(options.json === true, run.result, run.text)
      if (options.exitStatus !== true) return undefined
      return exitCodeOfFamily((run.result as { status: { family: string } }).status.family)
    },
  })
  operationCommand(job, {
    name: "logs",
    operation: "logs",
    summary: "Read, follow (-f) or download a job's log",
    positional: "job_id",
    extra: (c) => c.option("-f, --follow", "after the newest lines, print new ones until the job ends"),
    check: refuseJsonFollow,
    after: async (run, options) => {
      printResult(options.json === true, run.result, run.text)
      if (options.follow === true)
        await follow(options, (run.result as { jobId: string }).jobId, options.pod as string | undefined)
      return undefined
    },
  })
  operationCommand(job, {
    name: "metrics",
    operation: "metrics",
    positional: "job_id",
    extra: (c) =>
      c.option(
        "--plot <file.svg>",
        "also write the series as an SVG chart to this file (here or in the downloads folder; --overwrite replaces one)",
      ),
    check: (options) => {
      if (typeof options.plot === "string" && options.mode === "download")
        throw usageError(
          "--plot draws the series of summary or raw mode; it cannot be combined with --mode download.",
          "Use --mode summary or --mode raw with --plot.",
        )
    },
    after: afterMetrics,
  })
  operationCommand(job, {
    name: "stop",
    operation: "stop",
    summary: "Stop a job or serving, or a batch of matching tasks",
    positional: "job_id",
    positionalOptional: true,
  })
  operationCommand(job, {
    name: "wait",
    operation: "wait",
    positional: "job_id",
    summary: "Wait for a task to be running, finished or succeeded (exit codes: inspire help exit-codes)",
    after: async (run, options) => {
      printResult(options.json === true, run.result, run.text)
      return waitCode(run.result)
    },
  })
  operationCommand(job, { name: "resubmit", operation: "resubmit", positional: "job_id" })
  operationCommand(job, { name: "events", operation: "events", positional: "job_id" })
  const hpc = program.command("hpc").description("Submit HPC (Slurm) jobs; inspect them with `inspire job`")
  operationCommand(hpc, { name: "submit", operation: "submit_hpc" })
}
