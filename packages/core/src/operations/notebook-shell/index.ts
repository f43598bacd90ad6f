import { msg } from "../../words/message.js"
import { callWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { renderPlan } from "../common/plan.js"
import { asides, lines, nextSteps } from "../common/render.js"
import { NotebookShellInputSchema } from "./input.js"
import { NotebookShellOutput } from "./output.js"
import { type NotebookShellResult, runNotebookShell } from "./run.js"

export type { NotebookShellResult } from "./run.js"

const render = (r: NotebookShellResult): Text => {
  if (r.plan !== undefined) return renderPlan(r.plan)
  const terminal = r.terminal ?? ""
  const notebook = r.notebook.name || r.notebook.id
  const extra = lines(joinText(asides("note", r.notes), "\n"), nextSteps(r.next))
  if (r.action === "close")
    return lines(r.closed === true ? msg("notebook-shell-closed", { terminal, notebook }) : undefined, extra)
  const output = (r.output ?? "").replace(/\s+$/, "")
  return lines(
    r.action === "open" ? msg("notebook-shell-opened", { terminal, notebook }) : undefined,
    output !== "" ? output : r.action === "read" ? msg("notebook-shell-nothing-yet") : msg("notebook-shell-quiet"),
    extra,
  )
}

export const notebookShellOperation = defineOperation({
  name: "notebook_shell",
  title: "A shell session in a running notebook, kept across calls",
  description: text`A shell in a RUNNING notebook kept between calls, for interactive work (a REPL, a debugger, a prompt): open returns its terminal; send types input (end a line with "\\n"; "\\u0003" is Ctrl-C) and returns the output that followed; read returns recent output; close ends it. For one command with its exit code use ${callWord("notebook_exec")}.`,
  input: NotebookShellInputSchema,
  output: NotebookShellOutput,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  effects: { by: "action", writes: ["open", "send", "close"] },
  agent: { waitField: "wait" },
  examples: [
    { action: "open", notebook: "{notebook}", input: "nvidia-smi\n", wait: 3 },
    { action: "send", notebook: "{notebook}", terminal: "{terminal}", input: "python train.py\n", until: "epoch 1" },
    { action: "send", notebook: "{notebook}", terminal: "{terminal}", input: "\u0003" },
    { action: "read", notebook: "{notebook}", terminal: "{terminal}" },
    { action: "close", notebook: "{notebook}", terminal: "{terminal}" },
  ],
  actions: {
    open: {
      summary: "Open a shell (a Jupyter terminal) in a running notebook that lives on between calls",
      fields: ["notebook", "input", "wait", "until", "workspace"],
      cli: { path: ["terminal", "open"], positional: ["notebook"], confirm: false },
    },
    send: {
      summary: "Type input into a notebook's terminal and return the output that follows",
      fields: ["notebook", "terminal", "input", "wait", "until", "workspace"],
      cli: { path: ["terminal", "send"], positional: ["notebook", "terminal"], confirm: false },
    },
    read: {
      summary: "Show the recent output of a notebook's terminal",
      fields: ["notebook", "terminal", "workspace"],
      cli: { path: ["terminal", "read"], positional: ["notebook", "terminal"] },
    },
    close: {
      summary: "Close a notebook's terminal, ending its shell and what runs in it",
      fields: ["notebook", "terminal", "workspace"],
      cli: { path: ["terminal", "close"], positional: ["notebook", "terminal"], confirm: false },
    },
  },
  run: runNotebookShell,
  render,
})
