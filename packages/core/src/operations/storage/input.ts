import { z } from "zod"
import { refersTo } from "../catalogue/refs.js"
import { deployFields } from "../common/fields.js"

const fields = z.object({
  action: z.enum(["ls", "cp", "rm"]).default("ls").describe("ls, cp (either way) or rm"),
  path: z.string().optional().describe("ls, rm: a path under /inspire/ (ls without: the roots)"),
  from: z.string().optional().describe("cp: the source; one of from, to is under /inspire/, the other local"),
  to: z
    .string()
    .optional()
    .describe("cp: the target (default: downloads); a folder or path ending in / gets it by name"),
  notebook: refersTo(
    z.string().optional().describe("Running notebook to go through (name, id, URL); default: one of the project's"),
    "notebook",
  ),
  workspace: deployFields.workspace,
  force: z.boolean().default(false).describe("cp: replace files; rm: a folder too"),
  block_mib: z.number().int().min(1).max(64).optional().describe("cp: MiB per request (default 8 up, 32 down)"),
  dry_run: z.boolean().default(false).describe("cp, rm: return the plan only"),
})

/** The input of inspire_storage. */
export const StorageInputSchema = fields

/** The parsed input of inspire_storage. */
export type StorageInput = z.output<typeof StorageInputSchema>
