import { z } from "zod"
import { callWord, text } from "../../words/text.js"
import { described } from "../catalogue/schema.js"

/** The input fields notebooks and servings share: where they go and at what priority. */
export const deployFields = {
  compute_group: described(
    z.string().optional(),
    text`For create: compute group name or id; "auto": where the spec starts soonest (${callWord("availability")}); default the workspace's first`,
  ),
  workspace: z.string().optional().describe("Workspace name or ws- id; defaultWorkspace when omitted"),
  project: z.string().optional().describe("Project name or id; defaultProject, or the workspace's only project"),
  priority: z.number().int().min(1).max(10).optional().describe("For create: 1–10; defaultPriority, else 4"),
}

/** The input fields submit and submit_hpc share word for word. */
export const submitFields = {
  project: z
    .string()
    .optional()
    .describe("Project name or id; defaults to defaultProject, else the workspace's only project"),
  dataset: z.array(z.string()).optional().describe("Datasets to mount: ID, or ID:VERSION (else the latest)"),
  dry_run: z.boolean().default(false).describe("Return the exact request body; create nothing"),
}
