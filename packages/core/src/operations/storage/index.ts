import { msg } from "../../words/message.js"
import { callWord, dryRunWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { renderPlan } from "../common/plan.js"
import { asides, formatTime, renderTable } from "../common/render.js"
import { formatSize } from "../notebook-files/remote.js"
import { StorageInputSchema } from "./input.js"
import { StorageOutput } from "./output.js"
import { runStorage, type StorageResult } from "./run.js"

const modifiedOf = (modified: string | undefined): string => {
  if (modified === undefined) return ""
  const ms = Date.parse(modified)
  return Number.isNaN(ms) ? modified : formatTime(ms)
}

const render = (r: StorageResult): Text => {
  const notes = asides("note", r.notes)
  if (r.plan !== undefined) return renderPlan(r.plan)
  if (r.action === "ls")
    return joinText(
      [
        renderTable(
          r.entries ?? [],
          [
            { header: msg("notebook-files-col-name"), cell: (e) => (e.type === "directory" ? e.path : e.name) },
            {
              header: msg("notebook-files-col-size"),
              cell: (e) => (e.size !== undefined && e.type !== "directory" ? formatSize(e.size) : ""),
              align: "right",
            },
            { header: msg("notebook-files-col-modified"), cell: (e) => modifiedOf(e.modified) },
          ],
          msg("notebook-files-empty"),
        ),
        ...notes,
      ],
      "\n",
    )
  if (r.action === "rm")
    return joinText([msg("storage-removed", { path: r.path, count: r.count ?? 0 }), ...notes], "\n")
  return joinText(
    [
      msg("notebook-files-copied", {
        count: r.count ?? 0,
        size: r.size ?? 0,
        target: r.direction === "up" ? r.path : (r.local ?? ""),
      }),
      ...notes,
    ],
    "\n",
  )
}

export const storageOperation = defineOperation({
  name: "storage",
  title: "List, copy and remove files on the project's shared storage",
  description: text`Project shared storage (/inspire/…) via a RUNNING notebook of the project: ls, cp either way (any size, resumable, sha256-checked; folders) and rm. Nothing replaced without force; ${dryRunWord()} lists every file. None running: ${callWord("notebook", { action: "start" })}.`,
  input: StorageInputSchema,
  output: StorageOutput,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  agent: { longRunning: true },
  effects: {
    by: "action",
    writes: ["cp", "rm"],
    files: true,
    fileInputs: [
      {
        field: "to",
        overwrite: "force",
        example: { action: "cp", notebook: "{notebook}", from: "{storage_file}" },
      },
    ],
  },
  examples: [
    { action: "ls" },
    { action: "cp", from: "{local_file}", to: "{storage_folder}" },
    { action: "cp", from: "{storage_file}", to: "." },
    { action: "rm", path: "{storage_file}" },
  ],
  actions: {
    ls: {
      summary: "List a folder of the project's shared storage",
      fields: ["path", "notebook", "workspace"],
      cli: { path: ["storage", "ls"], positional: ["path"], lastOptional: true },
    },
    cp: {
      summary: "Copy a file or folder to or from the shared storage, resumable and sha256-checked",
      fields: ["from", "to", "force", "block_mib", "notebook", "workspace"],
      cli: { path: ["storage", "cp"], positional: ["from", "to"], confirm: false },
    },
    rm: {
      summary: "Remove a file or folder from the shared storage",
      fields: ["path", "force", "notebook", "workspace"],
      cli: { path: ["storage", "rm"], positional: ["path"] },
    },
  },
  run: runStorage,
  render,
})
