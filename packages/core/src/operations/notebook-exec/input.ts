import { z } from "zod"
import { refersTo } from "../catalogue/refs.js"
import { deployFields } from "../common/fields.js"
import { dryRunField } from "../common/plan.js"

/** The notebook field of the operations that work inside one. */
export const notebookRefField = () =>
  refersTo(z.string().describe("Notebook name, id, id prefix, or console or Jupyter URL"), "notebook")

/** The input of inspire_notebook_exec. */
export const NotebookExecInputSchema = z.object({
  notebook: notebookRefField(),
  command: z
    .string()
    .optional()
    .describe(
      "The command line, run by the user's shell ($SHELL -c, else /bin/sh) in a fresh terminal with stdin closed; needed unless attach or status",
    ),
  cwd: z.string().optional().describe("The folder to run it in (absolute, or ~/… for the home folder)"),
  env: z
    .record(z.string(), z.string())
    .optional()
    .describe("Environment variables for the command, NAME → value (values are quoted safely)"),
  timeout: z
    .number()
    .positive()
    .optional()
    .describe(
      "Seconds to wait, then Ctrl-C and exit code 124; with attach, reading stops and the command runs on. Default: no limit",
    ),
  detach: z
    .boolean()
    .default(false)
    .describe(
      "Start it detached (it survives the gateway dropping the terminal after 10–30 min); returns its id at once",
    ),
  attach: z
    .string()
    .optional()
    .describe("The id of a detached command: read its output until it ends (reconnecting when the socket drops)"),
  status: z.string().optional().describe("The id of a detached command: whether it runs, and its exit code once ended"),
  workspace: deployFields.workspace,
  dry_run: dryRunField(),
})

/** The parsed input of inspire_notebook_exec. */
export type NotebookExecInput = z.output<typeof NotebookExecInputSchema>
