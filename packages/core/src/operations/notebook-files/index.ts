import { msg } from "../../words/message.js"
import { dryRunWord, joinText, type Text, text } from "../../words/text.js"
import { defineOperation } from "../catalogue/operation.js"
import { renderPlan } from "../common/plan.js"
import { asides, formatTime, renderTable } from "../common/render.js"
import { NotebookFilesInputSchema } from "./input.js"
import { NotebookFilesOutput } from "./output.js"
import { formatSize } from "./remote.js"
import { type NotebookFilesResult, runNotebookFiles } from "./run.js"

export type { NotebookFilesResult } from "./run.js"

/** A listing's time as the CLI's other lists show times (local, to the minute); the server's own text if unreadable. */
const modifiedOf = (modified: string | undefined): string => {
  if (modified === undefined) return ""
  const ms = Date.parse(modified)
  return Number.isNaN(ms) ? modified : formatTime(ms)
}

const render = (r: NotebookFilesResult): Text => {
  const notes = asides("note", r.notes)
  if (r.plan !== undefined) return renderPlan(r.plan)
  if (r.action === "list")
    return joinText(
      [
        renderTable(
          r.entries ?? [],
          [
            { header: msg("notebook-files-col-name"), cell: (e) => (e.type === "directory" ? `${e.name}/` : e.name) },
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
  if (r.action === "read") return joinText([r.content ?? "", ...notes], "\n")
  if (r.action === "upload" || r.action === "download")
    return joinText(
      [
        msg("notebook-files-copied", {
          count: r.count ?? 0,
          size: r.size ?? 0,
          target: r.action === "upload" ? `${r.notebook.name || r.notebook.id}:${r.path}` : (r.local ?? ""),
        }),
        ...notes,
      ],
      "\n",
    )
  return joinText(
    [
      r.replaced === true
        ? msg("notebook-files-replaced", { path: r.path, size: r.size ?? 0 })
        : msg("notebook-files-wrote", { path: r.path, size: r.size ?? 0 }),
      ...notes,
    ],
    "\n",
  )
}

export const notebookFilesOperation = defineOperation({
  name: "notebook_files",
  title: "List, read, write and copy files in a running notebook",
  description: text`Files in a RUNNING notebook (paths relative to its Jupyter root): list, read (≤ 1 MiB; binary as base64), write, and upload or download local files or folders (any size, resumable, sha256-checked; locally only inside the downloads folder). Nothing is replaced without overwrite; ${dryRunWord()} lists every file.`,
  input: NotebookFilesInputSchema,
  output: NotebookFilesOutput,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  effects: {
    by: "action",
    writes: ["write", "upload", "download"],
    files: true,
    fileInputs: [
      {
        field: "local",
        overwrite: "overwrite",
        example: { action: "download", notebook: "{notebook}", path: "{notebook_file}" },
      },
    ],
  },
  examples: [
    { action: "list", notebook: "{notebook}" },
    { action: "read", notebook: "{notebook}", path: "{notebook_file}" },
    { action: "write", notebook: "{notebook}", path: "notes/hello.txt", content: "hello" },
    { action: "upload", notebook: "{notebook}", local: "{local_file}", path: "uploads/" },
    { action: "download", notebook: "{notebook}", path: "{notebook_file}" },
  ],
  actions: {
    list: {
      summary: "List a folder in a running notebook",
      fields: ["notebook", "path", "workspace"],
      cli: { path: ["notebook", "ls"], positional: ["notebook", "path"], lastOptional: true },
    },
    read: {
      summary: "Read a file of a running notebook",
      fields: ["notebook", "path", "encoding", "workspace"],
      cli: { path: ["notebook", "cat"], positional: ["notebook", "path"] },
    },
    write: {
      summary: "Write a small file in a running notebook",
      fields: ["notebook", "path", "content", "encoding", "overwrite", "parents", "workspace"],
      cli: { path: ["notebook", "write"], positional: ["notebook", "path"], confirm: false },
    },
    upload: {
      summary: "Copy a local file or folder into a running notebook, sha256-checked",
      fields: ["notebook", "local", "path", "overwrite", "parents", "workspace"],
      cli: {
        path: ["notebook", "upload"],
        positional: ["notebook", "local", "path"],
        lastOptional: true,
        confirm: false,
      },
    },
    download: {
      summary: "Copy a file or folder of a running notebook here, sha256-checked",
      fields: ["notebook", "path", "local", "overwrite", "workspace"],
      cli: {
        path: ["notebook", "download"],
        positional: ["notebook", "path", "local"],
        lastOptional: true,
        confirm: false,
      },
    },
  },
  run: runNotebookFiles,
  render,
})
