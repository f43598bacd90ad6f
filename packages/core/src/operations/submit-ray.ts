import { z } from "zod"
import { callWord, text } from "../words/text.js"
import { defineOperation } from "./catalogue/operation.js"
import { submitFields } from "./common/fields.js"
import { SubmitOutput } from "./common/submission/output.js"
import { submitRay } from "./common/submission/ray.js"
import { renderSubmit } from "./common/submission/render.js"
import type { SubmitResult } from "./common/submission/shared.js"
import { submitInput } from "./submit.js"

/** The Ray submit's input; the pipeline's submission type is derived from it. */
export const submitRayInput = z.object({
  name: z.string().describe("Job name, as for submit"),
  entrypoint: z.string().describe("The driver's command, run on the head, e.g. `python tune.py`"),
  workspace: submitInput.shape.workspace,
  compute_group: z
    .string()
    .optional()
    .describe('Group name or id with Ray specs ("auto": soonest start); default the first'),
  spec: z.string().optional().describe("The head's Ray spec id; when missing or wrong the error lists them"),
  worker: z
    .array(z.string())
    .optional()
    .describe("Worker groups NAME:MIN-MAX[:SPEC] (a Ray spec of the group, else the head's); default worker:1-1"),
  project: submitFields.project,
  image: z.string().optional().describe("A registered image with Ray; defaults to defaultImage"),
  priority: z.number().int().optional().describe("1–10, as for submit"),
  shm: z.union([z.number(), z.string()]).optional().describe("Shared memory of each node, as for submit"),
  allow_network_commands: z.boolean().default(false).describe("Submit though the entrypoint uses the network"),
  dry_run: submitFields.dry_run,
})

/** A parsed Ray submit input. */
export type SubmitRayInput = z.output<typeof submitRayInput>

export const submitRayOperation = defineOperation({
  name: "submit_ray",
  title: "Submit a Ray job",
  description: text`Submits a Ray job (rj-…, 弹性计算): the head runs the entrypoint; worker groups scale between min and max replicas. Next: ${callWord("wait")}, ${callWord("logs")}.`,
  input: submitRayInput,
  output: SubmitOutput,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  effects: { writes: true },
  examples: [
    {
      name: "dry-ray",
      entrypoint: "python tune.py",
      worker: ["cpu:1-4"],
      compute_group: "{ray_group}",
      spec: "{ray_spec}",
      workspace: "{ray_workspace}",
      image: "{ray_image}",
    },
  ],
  cli: { path: ["ray", "submit"] },
  run: (input) => submitRay({ ...input, applyPrefix: true }),
  render: (r: SubmitResult) => renderSubmit(r),
})
