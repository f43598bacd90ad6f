import { z } from "zod"
import { textOutput } from "../catalogue/schema.js"
import { epochMs, IdName, NextSteps } from "../common/output.js"
import { PlanOutput } from "../common/plan.js"

/** What inspire_notebook_exec returns, by mode. */
export const NotebookExecOutput = () =>
  z.object({
    mode: z.enum(["run", "detach", "attach", "status"]).describe("What was done: run, detach, attach or status"),
    notebook: IdName().describe("The notebook"),
    command: z.string().optional().describe("The command line"),
    output: z
      .string()
      .optional()
      .describe("stdout and stderr as ONE stream (a terminal merges them), the last 100 000 characters when longer"),
    outputTruncated: z.boolean().optional().describe("True when output holds only the end"),
    streamed: z.boolean().optional().describe("True when the output was also shown as it came"),
    exitCode: z
      .number()
      .optional()
      .describe("The exit code: the command's own, 124 after a timeout, 130 after an interruption"),
    ended: z
      .enum(["exited", "timed-out", "interrupted"])
      .optional()
      .describe("How a run ended; for attach, set when the reading stopped (the command keeps running)"),
    commandStatus: z
      .number()
      .optional()
      .describe("After a timeout or interruption: the status the command's shell reported"),
    durationMs: z.number().optional().describe("How long the run took, in ms"),
    execId: z.string().optional().describe("The detached command's id (for attach and status)"),
    folder: z.string().optional().describe("Where the detached command keeps its output and exit status"),
    state: z.enum(["running", "exited", "lost", "missing"]).optional().describe("A detached command's state"),
    outputBytes: z.number().optional().describe("Bytes of output the detached command wrote so far"),
    startedAt: epochMs("When the detached command started"),
    reconnects: z.number().optional().describe("How often attach reconnected after the socket dropped"),
    plan: PlanOutput().optional(),
    notes: z.array(textOutput()).describe("Notes for people"),
    next: NextSteps(),
  })
