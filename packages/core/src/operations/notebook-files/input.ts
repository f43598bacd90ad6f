import { z } from "zod"
import { deployFields } from "../common/fields.js"
import { notebookRefField } from "../notebook-exec/input.js"

/** The input of inspire_notebook_files. */
export const NotebookFilesInputSchema = z.object({
  action: z
    .enum(["list", "read", "write"])
    .default("list")
    .describe("list a folder, read a file, or write one (write never replaces a file without overwrite)"),
  notebook: notebookRefField(),
  path: z
    .string()
    .optional()
    .describe(
      "The path relative to the notebook's Jupyter root folder, as the lab's file browser shows it (no ..); the root when omitted for list",
    ),
  content: z
    .string()
    .optional()
    .describe("For write: the file's content, as text or base64 (see encoding); at most 1 MiB"),
  encoding: z
    .enum(["text", "base64"])
    .default("text")
    .describe("For write: how content is given. For read: text (UTF-8 files as text, others as base64) or base64"),
  overwrite: z
    .boolean()
    .default(false)
    .describe("For write: replace an existing file; without it, an existing file is refused"),
  workspace: deployFields.workspace,
  dry_run: z
    .boolean()
    .default(false)
    .describe("For write: check the notebook and path with reads only and return the plan; nothing is written"),
})

/** The parsed input of inspire_notebook_files. */
export type NotebookFilesInput = z.output<typeof NotebookFilesInputSchema>
