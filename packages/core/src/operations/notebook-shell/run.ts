import { type Lab, labFailure, labOf, labSend, resolveNotebook, waitForLab } from "../../api/jupyter/lab.js"
import { createTerminal, deleteTerminal } from "../../api/jupyter/terminal.js"
import { Effect } from "../../effect.js"
import { InspireError, invalidInput } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, fieldWord, type Text } from "../../words/text.js"
import type { OutputOf } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { nextStep } from "../common/output.js"
import { type Plan, planned } from "../common/plan.js"
import { resolveReadWorkspace } from "../common/support.js"
import type { NotebookShellInput } from "./input.js"
import type { NotebookShellOutput } from "./output.js"
import { OUTPUT_KEEP, type Visit, visitTerminal } from "./session.js"

/** What inspire_notebook_shell did, by action: its output schema's type. */
export interface NotebookShellResult extends OutputOf<ReturnType<typeof NotebookShellOutput>> {}

type Action = NotebookShellInput["action"]

const labelOf = (lab: Lab) => lab.notebook.name || lab.notebook.id
const ref = (lab: Lab) => ({ id: lab.notebook.id, name: lab.notebook.name })
const terminalPath = (name: string) => `/api/terminals/${encodeURIComponent(name)}`

/** The fields an action needs, refused before any request when missing. */
const checkInput = (input: NotebookShellInput): Effect.Effect<void, InspireError> => {
  const { action } = input
  if (action !== "open" && (input.terminal === undefined || input.terminal.trim() === ""))
    return Effect.fail(
      invalidInput(
        msg("notebook-shell-no-terminal-given", { action }),
        msg("notebook-shell-no-terminal-given-fix", {
          field: fieldWord("terminal", "<name>"),
          call: callWord("notebook_shell", { action: "open", notebook: input.notebook }),
        }),
      ),
    )
  if (action === "send" && (input.input === undefined || input.input === ""))
    return Effect.fail(
      invalidInput(msg("notebook-shell-no-input"), msg("notebook-shell-no-input-fix", { field: fieldWord("input") })),
    )
  return Effect.void
}

/** Whether the lab has terminal `name` (`GET api/terminals/<name>`): a terminal whose shell exited is gone. */
const terminalExists = (lab: Lab, name: string) =>
  Effect.flatMap(labSend(lab, { method: "GET", path: terminalPath(name) }), (answer) =>
    answer.status >= 200 && answer.status < 300
      ? Effect.succeed(true)
      : answer.status === 404
        ? Effect.succeed(false)
        : Effect.fail(labFailure(lab, answer, msg("notebook-shell-what-terminal", { terminal: name }))),
  )

const noTerminal = (lab: Lab, name: string): InspireError =>
  new InspireError({
    reason: "NotFound",
    message: msg("notebook-shell-gone", { terminal: name, notebook: labelOf(lab) }),
    hint: msg("notebook-shell-gone-fix", {
      call: callWord("notebook_shell", { action: "open", notebook: lab.notebook.id }),
    }),
  })

const requireTerminal = (lab: Lab, name: string) =>
  Effect.flatMap(terminalExists(lab, name), (there) => (there ? Effect.void : Effect.fail(noTerminal(lab, name))))

const planOf = (lab: Lab, action: Action, input: NotebookShellInput): Plan => {
  const notebook = labelOf(lab)
  const terminal = input.terminal ?? "<terminal>"
  const typed = input.input ?? ""
  const socket = planned("GET", `${lab.shown}/terminals/websocket/${terminal}`)
  if (action === "open")
    return {
      summary: msg("notebook-shell-plan-open", { notebook }),
      targets: [{ kind: "notebook", ...ref(lab), change: msg("notebook-shell-change-open") }],
      requests: [planned("POST", `${lab.shown}/api/terminals`), socket],
    }
  if (action === "send")
    return {
      summary: msg("notebook-shell-plan-send", { input: JSON.stringify(typed), terminal, notebook }),
      targets: [{ kind: "terminal", id: terminal, change: msg("notebook-shell-change-send") }],
      requests: [socket],
    }
  return {
    summary: msg("notebook-shell-plan-close", { terminal, notebook }),
    targets: [{ kind: "terminal", id: terminal, change: msg("notebook-shell-change-close") }],
    requests: [planned("DELETE", `${lab.shown}/api/terminals/${terminal}`)],
  }
}

/** The next calls after a visit: go on typing, read, close; or open another once the shell exited. */
const nextAfter = (lab: Lab, terminal: string, visit: Visit) => {
  const notebook = lab.notebook.id
  if (visit.end === "ended")
    return [nextStep("notebook_shell", { action: "open", notebook }, msg("notebook-shell-why-open"))]
  return [
    nextStep("notebook_shell", { action: "send", notebook, terminal, input: "<text>" }, msg("notebook-shell-why-send")),
    nextStep("notebook_shell", { action: "read", notebook, terminal }, msg("notebook-shell-why-read")),
    nextStep("notebook_shell", { action: "close", notebook, terminal }, msg("notebook-shell-why-close")),
  ]
}

const notesOf = (visit: Visit, input: NotebookShellInput, listened: boolean): Text[] => [
  ...(visit.truncated ? [msg("notebook-shell-output-cut", { count: OUTPUT_KEEP })] : []),
  ...(visit.end === "ended" ? [msg("notebook-shell-ended")] : []),
  ...(visit.end === "dropped" ? [msg("notebook-shell-dropped")] : []),
  ...(listened && input.until !== undefined && !visit.matched && visit.end === undefined
    ? [msg("notebook-shell-until-unseen", { until: input.until, seconds: input.wait })]
    : []),
]

const visited = (lab: Lab, action: Action, terminal: string, visit: Visit, input: NotebookShellInput) => {
  const listened = action !== "read"
  return {
    action,
    notebook: ref(lab),
    terminal,
    output: visit.output,
    ...(visit.truncated ? { truncated: true } : {}),
    ...(listened && input.until !== undefined ? { matched: visit.matched } : {}),
    ...(visit.end === "ended" ? { ended: true } : {}),
    notes: notesOf(visit, input, listened),
    next: nextAfter(lab, terminal, visit),
  } satisfies NotebookShellResult
}

const close = (lab: Lab, terminal: string, input: NotebookShellInput) =>
  Effect.gen(function* () {
    const base = { action: "close" as const, notebook: ref(lab), terminal }
    const there = yield* terminalExists(lab, terminal)
    if (!there)
      return {
        ...base,
        closed: false,
        notes: [msg("notebook-shell-already-gone", { terminal })],
        next: [],
      } satisfies NotebookShellResult
    if (input.dry_run) return { ...base, plan: planOf(lab, "close", input), notes: [], next: [] }
    const answer = yield* labSend(lab, { method: "DELETE", path: terminalPath(terminal), write: true })
    if (answer.status >= 300 && answer.status !== 404)
      return yield* Effect.fail(labFailure(lab, answer, msg("notebook-shell-what-close", { terminal })))
    return { ...base, closed: true, notes: [], next: [] } satisfies NotebookShellResult
  })

/** Opens, types into, reads or closes a terminal of a running notebook. */
export const runNotebookShell = (
  input: NotebookShellInput,
): Effect.Effect<NotebookShellResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    yield* checkInput(input)
    const workspace = resolveReadWorkspace({ workspace: input.workspace })
    const lab = yield* labOf(yield* resolveNotebook(input.notebook, workspace))
    const waitMs = Math.round(input.wait * 1000)
    const terminal = input.terminal?.trim() ?? ""
    if (input.action === "open") {
      if (input.dry_run)
        return { action: "open", notebook: ref(lab), plan: planOf(lab, "open", input), notes: [], next: [] }
      yield* waitForLab(lab)
      const name = yield* createTerminal(lab)
      // A terminal no socket reaches would be left behind: it is closed when connecting fails.
      const visit = yield* visitTerminal(lab, name, {
        fresh: true,
        input: input.input,
        waitMs,
        until: input.until,
      }).pipe(Effect.tapError(() => deleteTerminal(lab, name)))
      return visited(lab, "open", name, visit, input)
    }
    if (input.action === "close") return yield* close(lab, terminal, input)
    yield* requireTerminal(lab, terminal)
    if (input.action === "read")
      return visited(lab, "read", terminal, yield* visitTerminal(lab, terminal, { replayOnly: true, waitMs }), input)
    if (input.dry_run)
      return { action: "send", notebook: ref(lab), terminal, plan: planOf(lab, "send", input), notes: [], next: [] }
    const visit = yield* visitTerminal(lab, terminal, { input: input.input, waitMs, until: input.until })
    return visited(lab, "send", terminal, visit, input)
  })
