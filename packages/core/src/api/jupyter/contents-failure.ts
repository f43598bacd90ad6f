import { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import { callWord, type Text } from "../../words/text.js"
import { jsonMessage, type Lab, type LabAnswer, labFailure, serverMessage } from "./lab.js"

// What a refused contents request means, read from the Jupyter server's message. Jupyter Server's
// FileContentsManager answers a failed save with 500 "Unexpected error while saving file: <path> <the OS
// error>" (`[Errno 2] No such file or directory: '<os path>'` for a missing folder), a permission error
// with 403 "Permission denied: <path>", and a path out of its root with 404 "… is outside root contents
// directory". None of these goes away by trying again: each is worded with what to do instead, and only
// a 5xx that carries none of them (a gateway's, a server not ready) keeps the hint to try again.

type Kind = "missing" | "denied" | "not-folder" | "is-folder" | "full" | "read-only" | "outside"

const KINDS: ReadonlyArray<readonly [RegExp, Kind]> = [
  [/outside root contents directory/i, "outside"],
  [/\[Errno 2\]|\bENOENT\b|No such file or directory/i, "missing"],
  [/\[Errno 1\]|\[Errno 13\]|\bEACCES\b|\bEPERM\b|Permission denied|Operation not permitted/i, "denied"],
  [/\[Errno 20\]|\bENOTDIR\b|Not a directory/i, "not-folder"],
  [/\[Errno 21\]|\bEISDIR\b|Is a directory/i, "is-folder"],
  [/\[Errno 28\]|\[Errno 122\]|\bENOSPC\b|\bEDQUOT\b|No space left|quota exceeded/i, "full"],
  [/\[Errno 30\]|\bEROFS\b|Read-only file system/i, "read-only"],
]

/** Whether an answer's body explains a refusal of one of the kinds above: trying again would only repeat it. */
export const refusalExplained = (json: unknown): boolean => {
  const m = jsonMessage(json)
  return m !== undefined && KINDS.some(([re]) => re.test(m))
}

/** Which kind of refusal an answer is, by status and message; undefined when it is none of them. */
const kindOf = (status: number, message: string | undefined): Kind | undefined => {
  if (message === undefined) return undefined
  const kind = KINDS.find(([re]) => re.test(message))?.[1]
  if (kind === undefined) return undefined
  if (status === 404) return kind === "outside" ? kind : undefined
  if (status === 403) return kind === "denied" ? kind : undefined
  return status === 400 || status >= 500 ? kind : undefined
}

const lister = (lab: Lab): Text =>
  callWord("notebook_files", { action: "list", notebook: lab.notebook.name || lab.notebook.id })

/**
 * The failure of a contents request about `path` that the server refused: worded by what went wrong
 * when its message says (a missing folder, permissions, a file or folder in the way, a full disk, a path
 * out of the root), else as any lab failure (`labFailure`).
 */
export const contentsFailure = (lab: Lab, answer: LabAnswer, what: Text | string, path: string): InspireError => {
  const message = serverMessage(answer, lab)
  const kind = kindOf(answer.status, message)
  const notebook = lab.notebook.name || lab.notebook.id
  const said = {
    notebook,
    path: path || "/",
    status: answer.status,
    detail: message === undefined ? "" : `: ${message}`,
  }
  switch (kind) {
    case "missing":
      return new InspireError({
        reason: "NotFound",
        message: msg("jupyter-missing-folder", said),
        hint: msg("jupyter-missing-folder-fix", { call: lister(lab) }),
      })
    case "denied":
      return new InspireError({
        reason: "Forbidden",
        message: msg("jupyter-denied", said),
        hint: msg("jupyter-denied-fix"),
      })
    case "not-folder":
      return new InspireError({
        reason: "InvalidInput",
        message: msg("jupyter-not-folder", said),
        hint: msg("jupyter-not-folder-fix", { call: lister(lab) }),
      })
    case "is-folder":
      return new InspireError({
        reason: "InvalidInput",
        message: msg("jupyter-folder-there", said),
        hint: msg("jupyter-folder-there-fix", { path: path || "/" }),
      })
    case "full":
      return new InspireError({
        reason: "PlatformError",
        message: msg("jupyter-full", said),
        hint: msg("jupyter-full-fix"),
      })
    case "read-only":
      return new InspireError({
        reason: "Forbidden",
        message: msg("jupyter-read-only", said),
        hint: msg("jupyter-denied-fix"),
      })
    case "outside":
      return new InspireError({
        reason: "InvalidInput",
        message: msg("jupyter-outside-root", said),
        hint: msg("jupyter-outside-root-fix", { call: lister(lab) }),
      })
  }
  // A Jupyter error of another kind (its own message, HTTP 500) says what went wrong: trying again would not help.
  if (answer.status === 500 && message !== undefined)
    return new InspireError({
      reason: "PlatformError",
      message: msg("jupyter-http", { notebook, status: answer.status, what, detail: `: ${message}` }),
      hint: msg("jupyter-server-error-fix", {
        call: callWord("notebook_exec", { notebook, command: "ls -la" }),
      }),
    })
  return labFailure(lab, answer, what)
}
