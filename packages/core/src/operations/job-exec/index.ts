import { msg } from "../../words/message.js"
import { type Text, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { renderPlan } from "../common/plan.js"
import { asides, lines } from "../common/render.js"
import { JobExecInputSchema } from "./input.js"
import { JobExecOutput } from "./output.js"
import { type JobExecResult, runJobExec } from "./run.js"

export type { JobExecResult } from "./run.js"

const render = (r: JobExecResult): Text => {
  if (r.plan !== undefined) return renderPlan(r.plan)
  const output =
    r.streamed === true || r.output === undefined || r.output === ""
      ? undefined
      : r.outputTruncated === true
        ? text`${msg("notebook-exec-output-cut")}\n${r.output.replace(/\n$/, "")}`
        : r.output.replace(/\n$/, "")
  const exit =
    r.ended === "exited" && r.exitCode !== 0
      ? asides("note", [msg("notebook-exec-exit-code", { code: r.exitCode ?? "?" })])[0]
      : undefined
  return lines(output, exit, ...asides("note", r.notes))
}

export const jobExecOperation = defineOperation({
  name: "job_exec",
  title: "Run a command in a pod",
  description: text`Runs one command in a pod of a RUNNING training, HPC, Ray job or serving; returns output and exit code.`,
  input: JobExecInputSchema,
  output: JobExecOutput,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  effects: { writes: true },
  agent: { longRunning: true },
  examples: [{ job_id: "{train_job}", command: "nvidia-smi" }],
  cli: { path: ["job", "exec"], positional: ["job_id"], rest: "command", confirm: false },
  cliAlso: [
    { path: ["serve", "exec"], positional: ["job_id"], names: { job_id: "serving" }, rest: "command", confirm: false },
  ],
  run: runJobExec,
  render,
})
