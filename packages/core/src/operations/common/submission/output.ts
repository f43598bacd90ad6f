import { z } from "zod"
import { Finding } from "../../../domain/lint/finding.js"
import { once } from "../../catalogue/operation.js"
import { GroupRef, NextSteps, SpecCandidateOutput, Warnings } from "../output.js"
import { PlanOutput } from "../plan.js"
import { QueueOutput } from "../queue-output.js"

/** What inspire_submit, inspire_submit_hpc and inspire_resubmit return. */
export const SubmitOutput = once(() => {
  return z.object({
    kind: z.enum(["training", "hpc", "ray"]).describe("Training job (job-…), HPC job (hpc-job-…) or Ray job (rj-…)"),
    dryRun: z.boolean().describe("True when nothing was created"),
    jobId: z.string().optional().describe("The new job's id; absent on a dry run"),
    consoleUrl: z.string().optional().describe("The job's page on the platform"),
    status: z.string().optional().describe("The job's status right after creation"),
    queue: QueueOutput().optional(),
    recovered: z
      .boolean()
      .optional()
      .describe("True when the create's answer was lost and the job was found on the platform instead"),
    name: z.string().describe("Job name"),
    project: z
      .object({ id: z.string(), name: z.string(), enName: z.string().describe("English name") })
      .describe("The project"),
    workspace: z
      .object({ id: z.string(), name: z.string(), network: z.string().describe("online, offline or unknown") })
      .describe("The workspace"),
    computeGroup: GroupRef(),
    spec: SpecCandidateOutput(),
    image: z.string().describe("Image address (display domain)"),
    priority: z.number().describe("Priority 1–10"),
    command: z.string().describe("The command or entrypoint exactly as sent (commandPrefix applied)"),
    instanceCount: z.number().describe("Number of nodes"),
    shmGi: z.number().optional().describe("Shared memory in GiB"),
    slurm: z
      .object({
        numberOfTasks: z.number().describe("Slurm tasks"),
        cpusPerTask: z.number().describe("CPUs per task"),
        memoryPerCpu: z.string().describe("Memory per CPU, e.g. 4G"),
      })
      .optional()
      .describe("For HPC jobs: the Slurm sizing"),
    workers: z
      .array(
        z.object({
          name: z.string(),
          spec: z.string().describe("Spec id"),
          minReplicas: z.number(),
          maxReplicas: z.number(),
        }),
      )
      .optional()
      .describe("For Ray jobs: the worker groups beside the head (spec above)"),
    resubmittedFrom: z.string().optional().describe("For resubmit: the job it copies"),
    request: z
      .object({
        surface: z.string().describe("The API call that would be made"),
        body: z.unknown().describe("The exact request body"),
      })
      .optional()
      .describe("On a dry run: the request that would have been sent"),
    plan: PlanOutput().optional(),
    warnings: Warnings(),
    findings: z.array(Finding).describe("What the command lint found"),
    next: NextSteps().describe("The calls that follow: watch the job, read its logs and metrics, wait for it"),
  })
})
