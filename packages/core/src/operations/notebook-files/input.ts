import { z } from "zod"
import { zodMessage } from "../../words/issues.js"
import { msg } from "../../words/message.js"
import { fieldWord } from "../../words/text.js"
import { deployFields } from "../common/fields.js"
import { notebookRefField } from "../notebook-exec/input.js"

/** Whether text is base64 as RFC 4648 writes it (padded, no stray bits; whitespace between lines allowed). */
const isBase64 = (content: string): boolean => {
  const bare = content.replace(/\s+/g, "")
  return Buffer.from(bare, "base64").toString("base64") === bare
}

const fields = z.object({
  action: z
    .enum(["list", "read", "write", "upload", "download"])
    .default("list")
    .describe(
      "list a folder, read a file, or write one; upload or download a file or a whole folder (sha256-checked). Nothing is replaced without overwrite",
    ),
  notebook: notebookRefField(),
  path: z
    .string()
    .optional()
    .describe(
      "Path from the notebook's Jupyter root, as the lab's file browser shows it (no ..); default the root for list, upload and download. For upload, into an existing folder or a path ending in /",
    ),
  local: z
    .string()
    .optional()
    .describe(
      "For upload: the local file or folder to send. For download: where to put it (into an existing folder; default the downloads folder). Only inside the downloads folder (CLI: or here); no symbolic links",
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
    .describe(
      "For write, upload and download: replace existing files; without it, a copy onto any existing file is refused and nothing is copied",
    ),
  parents: z
    .boolean()
    .default(true)
    .describe(
      "For write and upload: make missing folders above the destination (mkdir -p); false refuses, naming the first missing one",
    ),
  workspace: deployFields.workspace,
  dry_run: z
    .boolean()
    .default(false)
    .describe(
      "For write, upload and download: check with reads only and return the plan (every file that would be copied); nothing is written",
    ),
})

// Node decodes what it can of anything and drops the rest: malformed content would write a wrong file.
// The message is made when an input fails, not at import (making it loads the language's catalogue).
/** The input of inspire_notebook_files. */
export const NotebookFilesInputSchema = fields.refine(
  (i) => i.encoding !== "base64" || i.content === undefined || isBase64(i.content),
  { path: ["content"], error: () => zodMessage(msg("confine-not-base64", { field: fieldWord("encoding", "text") })) },
)

/** The parsed input of inspire_notebook_files. */
export type NotebookFilesInput = z.output<typeof NotebookFilesInputSchema>
