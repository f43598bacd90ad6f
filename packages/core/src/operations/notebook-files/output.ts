import { z } from "zod"
import { textOutput } from "../catalogue/schema.js"
import { IdName } from "../common/output.js"
import { PlanOutput } from "../common/plan.js"

/** What inspire_notebook_files returns, by action. */
export const NotebookFilesOutput = () =>
  z.object({
    action: z.enum(["list", "read", "write", "upload", "download"]).describe("What was done"),
    notebook: IdName().describe("The notebook"),
    path: z
      .string()
      .describe("The path, relative to the Jupyter root folder (empty: the root); for upload, where it went"),
    local: z.string().optional().describe("For upload and download: the local file or folder"),
    count: z.number().optional().describe("For upload and download: how many files were (or would be) copied"),
    files: z
      .array(
        z.object({
          path: z.string().describe("Its path in the notebook"),
          local: z.string().describe("Its local path"),
          size: z.number().describe("Its size in bytes"),
          sha256: z.string().optional().describe("Its sha256, the same on both sides after the copy"),
        }),
      )
      .optional()
      .describe("For upload and download: every file copied, or with dry_run every file that would be"),
    entries: z
      .array(
        z.object({
          name: z.string().describe("Its name"),
          path: z.string().describe("Its path"),
          type: z.enum(["file", "directory", "notebook"]).describe("file, directory or notebook"),
          size: z.number().optional().describe("Size in bytes (files)"),
          modified: z.string().optional().describe("Last modified, as the server gives it"),
        }),
      )
      .optional()
      .describe("For list: the folder's entries, folders first"),
    content: z.string().optional().describe("For read: the content (see encoding)"),
    encoding: z.enum(["text", "base64"]).optional().describe("For read: text or base64"),
    size: z.number().optional().describe("Bytes read, written or copied"),
    written: z.boolean().optional().describe("For write, upload and download: whether anything was written"),
    replaced: z.boolean().optional().describe("For write, upload and download: whether an existing file was replaced"),
    plan: PlanOutput().optional(),
    notes: z.array(textOutput()).describe("Notes for people"),
  })
