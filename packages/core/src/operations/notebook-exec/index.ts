import { msg } from "../../words/message.js"
import { callWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { renderPlan } from "../common/plan.js"
import { asides, formatDuration, formatTime, lines, nextSteps, renderFields } from "../common/render.js"
import { NotebookExecInputSchema } from "./input.js"
import { NotebookExecOutput } from "./output.js"
import { type NotebookExecResult, runNotebookExec } from "./run.js"

export type { NotebookExecResult } from "./run.js"

const outputText = (r: NotebookExecResult): Text | string | undefined =>
  r.streamed === true || r.output === undefined || r.output === ""
    ? undefined
    : r.outputTruncated === true
      ? text`${msg("notebook-exec-output-cut")}\n${r.output.replace(/\n$/, "")}`
      : r.output.replace(/\n$/, "")

const render = (r: NotebookExecResult): Text => {
  const label = r.notebook.name || r.notebook.id
  const extra = lines(joinText(asides("note", r.notes), "\n"), nextSteps(r.next))
  const exitNote = (code: number | undefined) =>
    asides("note", [msg("notebook-exec-exit-code", { code: code ?? "?" })])[0]
  if (r.plan !== undefined) return renderPlan(r.plan)
  if (r.mode === "run")
    return lines(outputText(r), r.ended === "exited" && r.exitCode !== 0 ? exitNote(r.exitCode) : undefined, extra)
  if (r.mode === "detach") return lines(msg("notebook-exec-started", { notebook: label, id: r.execId ?? "" }), extra)
  if (r.mode === "attach")
    return lines(outputText(r), r.state === "exited" && r.exitCode !== 0 ? exitNote(r.exitCode) : undefined, extra)
  return lines(
    renderFields([
      [msg("notebook-exec-label-detached"), r.execId],
      [msg("notebook-exec-label-notebook"), label],
      [
        msg("notebook-exec-label-state"),
        r.state === "exited" ? msg("notebook-exec-exited-with", { code: r.exitCode ?? "?" }) : r.state,
      ],
      [msg("notebook-exec-label-command"), r.command],
      [msg("notebook-exec-label-started"), r.startedAt !== undefined ? formatTime(r.startedAt) : undefined],
      [
        msg("notebook-exec-label-output"),
        r.outputBytes !== undefined ? msg("notebook-exec-bytes", { size: r.outputBytes }) : undefined,
      ],
      [msg("notebook-exec-label-ran-for"), r.durationMs !== undefined ? formatDuration(r.durationMs) : undefined],
    ]),
    extra,
  )
}

export const notebookExecOperation = defineOperation({
  name: "notebook_exec",
  title: "Run a command inside a running notebook",
  description: text`Runs one command in a RUNNING notebook's terminal and returns its output, exit code and duration (timeout: Ctrl-C, exit code 124). For work over 10 minutes pass detach (returns an id), then attach or status with that id. For an interactive session use ${callWord("notebook_shell")}.`,
  input: NotebookExecInputSchema,
  output: NotebookExecOutput,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  effects: { writes: true },
  agent: { longRunning: true },
  examples: [
    { notebook: "{notebook}", command: "nvidia-smi" },
    { notebook: "{notebook}", command: "python train.py", cwd: "~/work", detach: true },
  ],
  cli: { path: ["notebook", "exec"], positional: ["notebook"], rest: "command", confirm: false },
  run: runNotebookExec,
  render,
})
