import { z } from "zod"
import { textOutput } from "../catalogue/schema.js"
import { PlanOutput } from "../common/plan.js"

/** What inspire_job_exec returns. */
export const JobExecOutput = () =>
  z.object({
    jobId: z.string().describe("The job's or serving's id"),
    pod: z.string().describe("The pod the command ran in"),
    command: z.string().describe("The command line"),
    output: z.string().optional().describe("stdout and stderr as one stream, the last 100 000 characters"),
    outputTruncated: z.boolean().optional().describe("True when output holds only the end"),
    streamed: z.boolean().optional().describe("True when the output was also shown as it came"),
    exitCode: z.number().optional().describe("The command's exit code; 124 after a timeout, 130 after Ctrl-C"),
    ended: z.enum(["exited", "timed-out", "interrupted"]).optional().describe("How the run ended"),
    commandStatus: z.number().optional().describe("After a timeout or Ctrl-C: the status the command reported"),
    durationMs: z.number().optional().describe("How long the run took, in ms"),
    plan: PlanOutput().optional(),
    notes: z.array(textOutput()).describe("Notes for people"),
  })
