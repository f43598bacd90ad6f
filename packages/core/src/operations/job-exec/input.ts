import { z } from "zod"
import { refersTo } from "../catalogue/refs.js"
import { lookupWorkspaceField } from "../common/lookup.js"
import { dryRunField } from "../common/plan.js"

/** The input of inspire_job_exec. */
export const JobExecInputSchema = z.object({
  job_id: refersTo(
    z.string().min(1).describe("Job or serving id (job-…, hpc-job-…, rj-…, sv-…), name or id prefix"),
    "train",
    "hpc",
    "ray",
    "serving",
  ),
  command: z.string().min(1).describe("Command line, run by the pod's shell, stdin closed"),
  pod: z.string().optional().describe("Pod name or number (0 = first); needed when several"),
  timeout: z.number().positive().optional().describe("Seconds; then Ctrl-C, exit code 124"),
  workspace: lookupWorkspaceField(),
  dry_run: dryRunField(),
})

/** The parsed input of inspire_job_exec. */
export type JobExecInput = z.output<typeof JobExecInputSchema>
