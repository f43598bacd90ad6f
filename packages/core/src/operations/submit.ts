import { z } from "zod"
import { defineOperation } from "./catalogue/operation.js"
import { submitFields } from "./common/fields.js"
import { SubmitOutput } from "./common/submission/output.js"
import { renderSubmit } from "./common/submission/render.js"
import type { SubmitResult } from "./common/submission/shared.js"

export type { SubmitResult } from "./common/submission/shared.js"

import { callWord, fieldWord, text } from "../words/text.js"
import { described } from "./catalogue/schema.js"
import { submitTraining } from "./common/submission/training.js"

/** The training submit's input; the pipeline's submission type is derived from it. */
export const submitInput = z.object({
  name: z.string().describe("Job name: letters, digits, CJK, '.', '_', '-'; up to 64 characters, e.g. exp-001"),
  command: z
    .string()
    .describe(
      "The shell command to run, e.g. `python train.py 2>&1 | tee /inspire/hdd/project/{en_name}/logs/exp-001.log`. " +
        "commandPrefix is put in front; {en_name} and {username} are filled in",
    ),
  compute_group: described(
    z.string().optional(),
    text`Compute group name or id (${callWord("status")}); "auto": where spec × ${fieldWord("instance_count")} starts soonest (${callWord("availability")}); default the first`,
  ),
  spec: z
    .string()
    .optional()
    .describe("TRAIN spec id (quota id) of that compute group; when missing or wrong the error lists the candidates"),
  workspace: z.string().optional().describe("Workspace name or id; defaults to defaultWorkspace"),
  project: submitFields.project,
  image: z
    .string()
    .optional()
    .describe("Registered image on the display domain (docker.sii.shaipower.online/…:tag); defaults to defaultImage"),
  priority: z
    .number()
    .int()
    .optional()
    .describe("1–10; 4+ is not pre-empted. Defaults to defaultPriority, else the project's cap"),
  shm: z
    .union([z.number(), z.string()])
    .optional()
    .describe("Shared memory: GiB (64), or 64Gi / 65536MB; default defaultShm (MB); multi-GPU needs ≥ 64 GiB"),
  instance_count: z.number().int().positive().default(1).describe("Number of nodes (instances); default 1"),
  framework: z.string().optional().describe("Training framework; default pytorch"),
  envs: z.record(z.string(), z.string()).optional().describe("Extra environment variables, NAME → value"),
  max_running_hours: z.number().positive().optional().describe("Stop the job after this many hours of running"),
  allow_network_commands: z
    .boolean()
    .default(false)
    .describe(
      "Submit even though the command uses the network (pip install, git clone, wget…) in an offline workspace",
    ),
  dataset: submitFields.dataset,
  dry_run: submitFields.dry_run,
})

/** A parsed training submit input. */
export type SubmitInput = z.output<typeof submitInput>

export const submitOperation = defineOperation({
  name: "submit",
  title: "Submit a GPU training job",
  description: text`Submits a GPU training job (job-…). Needs name, command, compute_group and a TRAIN spec from ${callWord("status")}; the rest falls back to the defaults (${callWord("config")}). Checks the spec, image domain, priority cap, shm and budget and lints the command before sending; a failure lists the valid choices. Next: ${callWord("wait")}, ${callWord("logs")}, ${callWord("metrics")}.`,
  input: submitInput,
  output: SubmitOutput,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  effects: { writes: true },
  examples: [
    {
      name: "dry-train",
      command: "python train.py",
      compute_group: "{train_group}",
      spec: "{train_spec}",
      workspace: "{workspace}",
      image: "{image}",
    },
  ],
  cli: { path: ["job", "submit"], summary: "Submit a GPU training job" },
  run: (input) => submitTraining({ ...input, applyPrefix: true }),
  render: (r: SubmitResult) => renderSubmit(r),
})
