import { z } from "zod"
import { IdName } from "../common/output.js"
import { PlanOutput } from "../common/plan.js"

/** What inspire_notebook_files returns, by action. */
export const NotebookFilesOutput = () =>
  z.object({
    action: z.enum(["list", "read", "write"]).describe("What was done"),
    notebook: IdName().describe("The notebook"),
    path: z.string().describe("The path, relative to the Jupyter root folder (empty: the root)"),
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
    size: z.number().optional().describe("Bytes read or written"),
    written: z.boolean().optional().describe("For write: whether the file was written"),
    replaced: z.boolean().optional().describe("For write: whether an existing file was replaced"),
    plan: PlanOutput().optional(),
    notes: z.array(z.string()).describe("Notes for people"),
  })
