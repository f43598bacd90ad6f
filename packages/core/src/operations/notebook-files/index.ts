import { msg } from "../../words/message.js"
import { callWord, dryRunWord } from "../../words/token.js"
import { defineOperation } from "../catalogue/operation.js"
import { renderPlan } from "../common/plan.js"
import { asides, renderTable } from "../common/render.js"
import { NotebookFilesInputSchema } from "./input.js"
import { NotebookFilesOutput } from "./output.js"
import { type NotebookFilesResult, runNotebookFiles } from "./run.js"

export type { NotebookFilesResult } from "./run.js"
export { FILES_LIMIT } from "./run.js"

const render = (r: NotebookFilesResult): string => {
  const notes = asides("note", r.notes)
  if (r.plan !== undefined) return renderPlan(r.plan)
  if (r.action === "list")
    return [
      renderTable(
        r.entries ?? [],
        [
          { header: msg("notebook-files-col-name"), cell: (e) => (e.type === "directory" ? `${e.name}/` : e.name) },
          {
            header: msg("notebook-files-col-size"),
            cell: (e) => (e.size !== undefined && e.type !== "directory" ? String(e.size) : ""),
          },
          { header: msg("notebook-files-col-modified"), cell: (e) => e.modified ?? "" },
        ],
        msg("notebook-files-empty"),
      ),
      ...notes,
    ].join("\n")
  if (r.action === "read") return [r.content ?? "", ...notes].join("\n")
  return [
    r.replaced === true
      ? msg("notebook-files-replaced", { path: r.path, size: r.size ?? 0 })
      : msg("notebook-files-wrote", { path: r.path, size: r.size ?? 0 }),
    ...notes,
  ].join("\n")
}

export const notebookFilesOperation = defineOperation({
  name: "notebook_files",
  title: "List, read and write files in a running notebook",
  description:
    "Works with files in a RUNNING notebook through its Jupyter contents API: list a folder, read a file (UTF-8 as text, anything else as base64), or write one. " +
    "Paths are relative to the notebook's Jupyter root folder. Reads and writes move at most 1 MiB each (larger files: the CLI's notebook cp). " +
    `write never replaces an existing file unless overwrite is true; ${dryRunWord()} on write checks with reads only. ` +
    `The notebook is named by name, id, unique id prefix or a pasted console/Jupyter URL (${callWord("notebook", { action: "list" })} lists them).`,
  input: NotebookFilesInputSchema,
  output: NotebookFilesOutput,
  annotations: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  effects: { by: "action", writes: ["write"] },
  examples: [
    { action: "list", notebook: "{notebook}" },
    { action: "read", notebook: "{notebook}", path: "{notebook_file}" },
    { action: "write", notebook: "{notebook}", path: "notes/hello.txt", content: "hello\n" },
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
      fields: ["notebook", "path", "content", "encoding", "overwrite", "workspace"],
      cli: { path: ["notebook", "write"], positional: ["notebook", "path"], confirm: false },
    },
  },
  run: runNotebookFiles,
  render,
})
