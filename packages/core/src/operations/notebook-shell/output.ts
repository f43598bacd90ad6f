import { z } from "zod"
import { textOutput } from "../catalogue/schema.js"
import { IdName, NextSteps } from "../common/output.js"
import { PlanOutput } from "../common/plan.js"

/** What inspire_notebook_shell returns, by action. */
export const NotebookShellOutput = () =>
  z.object({
    action: z.enum(["open", "send", "read", "close"]).describe("What was done"),
    notebook: IdName().describe("The notebook"),
    terminal: z
      .string()
      .optional()
      .describe("The terminal's name (pass it to send, read and close); absent in a dry run of open"),
    output: z
      .string()
      .optional()
      .describe(
        "What the terminal printed: for open, since it opened; for send, after the input was sent; for read, its recent output. " +
          "Raw terminal output: the echo of what was typed, prompts, \\r\\n line ends and ANSI escape sequences are kept as they are; the last 20 000 characters when longer",
      ),
    truncated: z.boolean().optional().describe("True when output holds only the end"),
    matched: z.boolean().optional().describe("With until: whether it appeared (the call returned as soon as it did)"),
    ended: z.boolean().optional().describe("True when the terminal's shell exited: the terminal is gone, open another"),
    closed: z.boolean().optional().describe("For close: true when it was closed, false when it was already gone"),
    plan: PlanOutput().optional(),
    notes: z.array(textOutput()).describe("Notes for people"),
    next: NextSteps(),
  })
