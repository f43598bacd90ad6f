import { z } from "zod"
import { deployFields } from "../common/fields.js"
import { dryRunField } from "../common/plan.js"
import { notebookRefField } from "../notebook-exec/input.js"

/** The longest a call collects output, in seconds (a host's per-call limit is longer). */
const MAX_WAIT_SECONDS = 30

/** The input of inspire_notebook_shell. */
export const NotebookShellInputSchema = z.object({
  action: z
    .enum(["open", "send", "read", "close"])
    .describe(
      "open a terminal (a shell that lives on between calls), send input to it, read its recent output, or close it",
    ),
  notebook: notebookRefField(),
  terminal: z.string().optional().describe("The terminal's name, as open returned it; needed by send, read and close"),
  input: z
    .string()
    .optional()
    .describe(
      'What to type, as is: end a line with "\\n"; control characters go as they are ("\\u0003" is Ctrl-C). Needed by send; open types it after opening',
    ),
  wait: z
    .number()
    .min(0)
    .max(MAX_WAIT_SECONDS)
    .default(2)
    .describe(
      `Seconds to collect the output that follows (default 2, at most ${MAX_WAIT_SECONDS}); the call returns sooner when until appears or the shell exits`,
    ),
  until: z
    .string()
    .min(1)
    .optional()
    .describe("Return as soon as the new output contains this text (plain text, not a pattern), e.g. a prompt"),
  workspace: deployFields.workspace,
  dry_run: dryRunField(),
})

/** The parsed input of inspire_notebook_shell. */
export type NotebookShellInput = z.output<typeof NotebookShellInputSchema>
