import {
  attachCommand,
  checkEnv,
  checkExecId,
  detachCommand,
  detachedStatus,
  type ExecOutcome,
  execCommand,
} from "../../api/jupyter/exec.js"
import { type Lab, labOf, openLab, resolveNotebook, waitForLab } from "../../api/jupyter/lab.js"
import { Effect } from "../../effect.js"
import { type InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { fieldWord, joinText, type Text } from "../../words/text.js"
import type { OperationContext, OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { nextStep } from "../common/output.js"
import { type Plan, planned } from "../common/plan.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { NotebookExecInput } from "./input.js"
import type { NotebookExecOutput } from "./output.js"

/**
 * What a command run to its end says, in a notebook or a job's pod: its output, exit code and how it
 * ended, with a note when it was stopped (after `timeoutSeconds`) or interrupted.
 */
export const ranFields = (r: ExecOutcome, streamed: boolean, timeoutSeconds: number | string) => ({
  output: r.output,
  outputTruncated: r.truncated,
  streamed,
  exitCode: r.exitCode,
  ended: r.ended,
  ...(r.commandStatus !== undefined ? { commandStatus: r.commandStatus } : {}),
  durationMs: r.durationMs,
  notes:
    r.ended === "timed-out"
      ? [msg("notebook-exec-timed-out", { seconds: timeoutSeconds })]
      : r.ended === "interrupted"
        ? [msg("notebook-exec-interrupted")]
        : [],
})

/** What inspire_notebook_exec did, by mode: its output schema's type. */
export interface NotebookExecResult extends OutputOf<ReturnType<typeof NotebookExecOutput>> {}

type Mode = NotebookExecResult["mode"]

const modeOf = (input: NotebookExecInput): Effect.Effect<Mode, InspireError> => {
  const picked = [
    input.detach && "detach",
    input.attach !== undefined && "attach",
    input.status !== undefined && "status",
  ]
  const modes = picked.filter((m): m is Mode => m !== false)
  if (modes.length > 1)
    return Effect.fail(
      invalidInput(
        msg("notebook-exec-combined", { modes: joinText(modes, msg("notebook-exec-and")) }),
        msg("notebook-exec-combined-fix"),
      ),
    )
  const mode = modes[0] ?? "run"
  const hasCommand = input.command !== undefined && input.command.trim() !== ""
  if ((mode === "run" || mode === "detach") && !hasCommand)
    return Effect.fail(
      invalidInput(
        msg("notebook-exec-no-command"),
        msg("notebook-exec-no-command-fix", {
          command: fieldWord("command", "…"),
          attach: fieldWord("attach", "<id>"),
          status: fieldWord("status", "<id>"),
        }),
      ),
    )
  if ((mode === "attach" || mode === "status") && hasCommand)
    return Effect.fail(
      invalidInput(msg("notebook-exec-no-new-command", { mode }), msg("notebook-exec-no-new-command-fix")),
    )
  return Effect.succeed(mode)
}

const workspaceOf = (input: { readonly workspace?: string | undefined }) =>
  resolveReadWorkspace({ workspace: input.workspace })

/** A notebook's lab, named as the tools name it (name, id, id prefix or URL), ready to answer. */
export const openNotebookLab = (
  notebook: string,
  workspace?: string,
): Effect.Effect<Lab, InspireError, ClientServices> => openLab(notebook, workspaceOf({ workspace }))

const ref = (lab: Lab) => ({ id: lab.notebook.id, name: lab.notebook.name })

const planOf = (lab: Lab, mode: Mode, input: NotebookExecInput): Plan => {
  const notebook = lab.notebook.name || lab.notebook.id
  const command = input.command ?? ""
  return {
    summary:
      mode === "run"
        ? msg("notebook-exec-plan-run", { command, notebook })
        : mode === "detach"
          ? msg("notebook-exec-plan-detach", { command, notebook })
          : mode === "attach"
            ? msg("notebook-exec-plan-attach", { id: input.attach ?? "", notebook })
            : msg("notebook-exec-plan-status", { id: input.status ?? "", notebook }),
    targets: [
      {
        kind: "notebook",
        id: lab.notebook.id,
        name: lab.notebook.name,
        change:
          mode === "run" || mode === "detach"
            ? msg("notebook-exec-change-runs", { command })
            : msg("notebook-exec-change-terminal"),
      },
    ],
    requests: [
      planned("POST", `${lab.shown}/api/terminals`),
      planned("GET", `${lab.shown}/terminals/websocket/<terminal>`),
      planned("DELETE", `${lab.shown}/api/terminals/<terminal>`),
    ],
  }
}

const attachStep = (lab: Lab, id: string, why: Text) =>
  nextStep("notebook_exec", { notebook: lab.notebook.id, attach: id }, why)

/** Runs, starts, reads or checks a command in a notebook. */
export const runNotebookExec = (
  input: NotebookExecInput,
  context: OperationContext,
): Effect.Effect<NotebookExecResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const mode = yield* modeOf(input)
    yield* checkEnv(input.env)
    const id = input.attach ?? input.status
    if (id !== undefined) yield* checkExecId(id)
    const lab = yield* labOf(yield* resolveNotebook(input.notebook, workspaceOf(input)))
    const base = { mode, notebook: ref(lab) }
    if (input.dry_run)
      return { ...base, plan: planOf(lab, mode, input), notes: [], next: [] } satisfies NotebookExecResult
    yield* waitForLab(lab)
    const timeoutMs = input.timeout !== undefined ? Math.round(input.timeout * 1000) : undefined
    const live = {
      ...(context.output !== undefined ? { onOutput: context.output } : {}),
      ...(context.onInterrupt !== undefined ? { onInterrupt: context.onInterrupt } : {}),
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    }
    const command = input.command ?? ""
    const spec = { command, cwd: input.cwd, env: input.env }
    // A caller that cannot wait for ever: the command runs detached and is read for as long as it waits.
    const patience = mode === "run" && timeoutMs === undefined ? context.patienceMs : undefined
    if (patience !== undefined) {
      const d = yield* detachCommand(lab, spec)
      const a = yield* attachCommand(lab, d.id, { ...live, timeoutMs: patience })
      // Its fields are attach's: the command runs on after the reading stops.
      return {
        ...base,
        mode: "attach",
        command,
        execId: d.id,
        folder: d.folder,
        ...attached(lab, a, context),
        notes: [
          ...(a.stopped !== undefined ? [msg("notebook-exec-detached-for-caller", { folder: d.folder })] : []),
          ...attachedNotes(a),
        ],
      } satisfies NotebookExecResult
    }
    if (mode === "run") {
      const r = yield* execCommand(lab, spec, live)
      return {
        ...base,
        command,
        ...ranFields(r, context.output !== undefined, input.timeout ?? "?"),
        next: [],
      } satisfies NotebookExecResult
    }
    if (mode === "detach") {
      const d = yield* detachCommand(lab, spec)
      return {
        ...base,
        command,
        execId: d.id,
        folder: d.folder,
        state: "running",
        notes: [msg("notebook-exec-kept-in", { folder: d.folder })],
        next: [attachStep(lab, d.id, msg("notebook-exec-why-stream"))],
      } satisfies NotebookExecResult
    }
    if (mode === "status") {
      const s = yield* detachedStatus(lab, input.status ?? "")
      return {
        ...base,
        execId: s.id,
        state: s.state,
        ...(s.exitCode !== undefined ? { exitCode: s.exitCode } : {}),
        outputBytes: s.outputBytes,
        ...(s.startedAt !== undefined ? { startedAt: s.startedAt } : {}),
        ...(s.command !== undefined && s.command !== "" ? { command: s.command } : {}),
        notes: s.state === "missing" ? [msg("notebook-exec-unknown-id", { id: s.id })] : [],
        next: s.state === "running" ? [attachStep(lab, s.id, msg("notebook-exec-why-stream"))] : [],
      } satisfies NotebookExecResult
    }
    const a = yield* attachCommand(lab, input.attach ?? "", live)
    return { ...base, execId: a.id, ...attached(lab, a, context), notes: attachedNotes(a) } satisfies NotebookExecResult
  })

type Attached = Effect.Effect.Success<ReturnType<typeof attachCommand>>

/** What reading a detached command found: its state, output, and the call that reads on while it runs. */
const attached = (lab: Lab, a: Attached, context: OperationContext) => ({
  state: a.state,
  ...(a.exitCode !== undefined ? { exitCode: a.exitCode } : {}),
  output: a.output,
  outputTruncated: a.truncated,
  streamed: context.output !== undefined,
  reconnects: a.reconnects,
  ...(a.stopped !== undefined
    ? { ended: a.stopped === "timeout" ? ("timed-out" as const) : ("interrupted" as const) }
    : {}),
  next: a.state === "running" ? [attachStep(lab, a.id, msg("notebook-exec-why-read-on"))] : [],
})

const attachedNotes = (a: Attached): Text[] => [
  ...(a.state === "missing" ? [msg("notebook-exec-unknown-id", { id: a.id })] : []),
  ...(a.state === "lost" ? [msg("notebook-exec-lost")] : []),
  ...(a.reconnects > 0 ? [msg("notebook-exec-reconnects", { count: a.reconnects })] : []),
  ...(a.stopped !== undefined ? [msg("notebook-exec-stopped-reading")] : []),
]
