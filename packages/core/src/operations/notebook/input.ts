import { z } from "zod"
import { StatusFilter } from "../../domain/status.js"
import { callWord, text } from "../../words/text.js"
import { refersTo } from "../catalogue/refs.js"
import { described } from "../catalogue/schema.js"
import { deployFields } from "../common/fields.js"

/** The input of inspire_notebook: one flat object, each action reading the fields it needs. */
export const NotebookInputSchema = z.object({
  action: z
    .enum(["create", "list", "detail", "start", "stop", "delete", "save_image"])
    .default("list")
    .describe("create, list, detail, start, stop, delete or save_image"),
  notebook_id: refersTo(
    z
      .string()
      .optional()
      .describe("For detail, start, stop, delete, save_image: id (a bare UUID), name, id prefix or URL"),
    "notebook",
  ),
  name: z
    .string()
    .optional()
    .describe("For create: the notebook name (letters, digits, CJK, . _ -; ≤ 64). For save_image: the image name"),
  version: z.string().optional().describe("For save_image: the image version (tag)"),
  compute_group: deployFields.compute_group,
  spec: described(
    z.string().optional(),
    text`For create: a NOTEBOOK (DSW) spec id (${callWord("status")}); a wrong one lists the valid ones`,
  ),
  image: z
    .string()
    .optional()
    .describe("For create: a registered image (display address or name:tag); default defaultImage"),
  workspace: deployFields.workspace,
  project: deployFields.project,
  shm: z.number().positive().optional().describe("For create: shared memory in GiB; defaultShm (MB) when omitted"),
  priority: deployFields.priority,
  auto_stop: z.boolean().default(false).describe("For create: let the platform stop the notebook when idle"),
  allow_ssh: z.boolean().default(false).describe("For create: enable SSH and proxy ports"),
  dataset: z.array(z.string()).optional().describe("For create: datasets to mount, ID or ID:VERSION (else the latest)"),
  status: StatusFilter.default("all").describe("For list: running, waiting, succeeded, failed, stopped or all"),
  keyword: z.string().optional().describe("For list: keep notebooks whose name contains this"),
  dry_run: z
    .boolean()
    .default(false)
    .describe("For create, start, stop, delete, save_image: return the plan (the exact request); send nothing"),
  confirm: z
    .boolean()
    .default(false)
    .describe("For delete: true to delete; without it only what would be deleted is shown"),
})

/** The parsed input of inspire_notebook. */
export type NotebookInput = z.output<typeof NotebookInputSchema>
