import { z } from "zod"
import { textOutput } from "../catalogue/schema.js"
import { IdName } from "../common/output.js"
import { PlanOutput } from "../common/plan.js"

/** What inspire_storage returns, by action. */
export const StorageOutput = () =>
  z.object({
    action: z.enum(["ls", "cp", "rm"]).describe("What was done"),
    notebook: IdName().describe("The notebook"),
    path: z.string().describe("The storage path"),
    direction: z.enum(["up", "down"]).optional().describe("cp: up or down"),
    local: z.string().optional().describe("cp: the local side"),
    count: z.number().optional().describe("Files copied or removed"),
    size: z.number().optional().describe("Bytes copied"),
    files: z
      .array(
        z.object({
          path: z.string().describe("Storage path"),
          local: z.string().optional().describe("Local path"),
          size: z.number().optional().describe("Bytes"),
          sha256: z.string().optional().describe("sha256, checked on both sides"),
        }),
      )
      .optional()
      .describe("Each file"),
    entries: z
      .array(
        z.object({
          name: z.string().describe("Name"),
          path: z.string().describe("Storage path"),
          type: z.enum(["file", "directory", "notebook"]).describe("Kind"),
          size: z.number().optional().describe("Bytes"),
          modified: z.string().optional().describe("Modified"),
        }),
      )
      .optional()
      .describe("ls: entries, folders first"),
    written: z.boolean().optional().describe("Whether anything changed"),
    plan: PlanOutput().optional(),
    notes: z.array(textOutput()).describe("Notes"),
  })
