import { z } from "zod"
import { callWord, text } from "../words/text.js"
import { defineOperation } from "./catalogue/operation.js"
import { described } from "./catalogue/schema.js"
import { submitFields } from "./common/fields.js"
import { submitHpc } from "./common/submission/hpc.js"
import { SubmitOutput } from "./common/submission/output.js"
import { renderSubmit } from "./common/submission/render.js"
import type { SubmitResult } from "./common/submission/shared.js"

/** The HPC submit's input; the pipeline's submission type is derived from it. */
export const submitHpcInput = z.object({
  name: z.string().describe("Job name: letters, digits, CJK, '.', '_', '-'; up to 64 characters"),
  entrypoint: z
    .string()
    .describe(
      "The Slurm body only, e.g. `srun python preprocess.py` (no `#!` or `#SBATCH` lines: the platform writes them); {en_name} and {username} are filled in",
    ),
  workspace: z.string().optional().describe("Workspace name or id, e.g. 高性能计算; defaults to defaultWorkspace"),
  compute_group: described(
    z.string().optional(),
    text`HPC compute group name or id (${callWord("status")}); "auto": where the spec starts soonest (${callWord("availability")}); default the first`,
  ),
  spec: z
    .string()
    .optional()
    .describe("HPC spec id of that group (not a training spec); when missing or wrong the error lists candidates"),
  project: submitFields.project,
  image: z
    .string()
    .optional()
    .describe("A registered image with Slurm (its name should contain slurm); defaults to defaultImage"),
  priority: z
    .number()
    .int()
    .optional()
    .describe(
      "1–10 (mandatory on the platform): defaults to defaultPriority, else the project's cap. CPU jobs at 1–3 use no budget",
    ),
  instance_count: z.number().int().positive().default(1).describe("Node layer: number of nodes of the spec; default 1"),
  number_of_tasks: z.number().int().positive().default(1).describe("Slurm layer: number of tasks (srun -n); default 1"),
  cpus_per_task: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Slurm layer: CPUs per task; default: the spec's CPUs divided among the tasks"),
  memory_per_cpu: z
    .union([z.string(), z.number()])
    .optional()
    .describe('Slurm layer: memory per CPU in GiB, e.g. "8G"; default: the spec\'s memory per CPU'),
  ttl_after_finish_seconds: z
    .number()
    .int()
    .nonnegative()
    .optional()
    .describe("Seconds to keep the finished job's pods"),
  allow_network_commands: z
    .boolean()
    .default(false)
    .describe("Submit though the entrypoint uses the network (HPC spaces are offline)"),
  dataset: submitFields.dataset,
  enable_notification: z.boolean().optional().describe("The platform notifies you when it ends"),
  dry_run: submitFields.dry_run,
})

/** A parsed HPC submit input. */
export type SubmitHpcInput = z.output<typeof submitHpcInput>

export const submitHpcOperation = defineOperation({
  name: "submit_hpc",
  title: "Submit an HPC (Slurm) job",
  description: text`Submits a CPU / Slurm job (hpc-job-…). number_of_tasks × cpus_per_task × memory_per_cpu must fit the nodes (spec × instance_count): over-asking queues forever, so it is refused. entrypoint is the Slurm body (no #SBATCH; launch with srun); HPC spaces are offline. Specs: ${callWord("status", { schedule_type: "HPC" })}. Next: ${callWord("wait")}, ${callWord("logs")}.`,
  input: submitHpcInput,
  output: SubmitOutput,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  effects: { writes: true },
  examples: [
    {
      name: "dry-hpc",
      entrypoint: "srun hostname",
      compute_group: "{hpc_group}",
      spec: "{hpc_spec}",
      workspace: "{hpc_workspace}",
      image: "{hpc_image}",
    },
  ],
  // commandPrefix is for the training shell (conda, cd); Slurm bodies run under srun and set up their own.
  cli: { path: ["hpc", "submit"] },
  run: (input) => submitHpc({ ...input, applyPrefix: false }),
  render: (r: SubmitResult) => renderSubmit(r),
})
