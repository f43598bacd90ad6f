import type { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { callWord, confirmWord, dryRunWord, fieldWord, text } from "../../words/text.js"
import { defineOperation, type OperationContext } from "../catalogue/operation.js"
import type { ClientServices } from "../catalogue/services.js"
import { type SweepInput, SweepInputSchema } from "./input.js"
import { sweepResubmit, sweepStop } from "./manage.js"
import { withPlacementReads } from "./reads.js"
import { renderSweep } from "./render.js"
import { SweepOutput, type SweepResult } from "./result.js"
import { sweepRun } from "./run.js"
import { sweepStatus } from "./status.js"

export type { SweepResult } from "./result.js"

const run = (
  input: SweepInput,
  context: OperationContext,
): Effect.Effect<SweepResult, InspireError, ClientServices> => {
  if (input.action === "run") return withPlacementReads(sweepRun(input, context))
  if (input.action === "stop") return sweepStop(input, context)
  if (input.action === "resubmit") return withPlacementReads(sweepResubmit(input, context))
  return sweepStatus(input, context)
}

// The sweep the catalogue's dry-run test plans with: the examples' workspace, group and image.
const EXAMPLE = {
  name: "dry-sweep",
  job: {
    name: "dry-sweep-{LR}",
    command: "python train.py --lr {LR}",
    workspace: "分布式训练空间",
    compute_group: "H100",
    spec: "1*H100",
    image: "docker.sii.shaipower.online/inspire-studio/pytorch:2.4.0-cuda12.4-py311",
  },
  grid: { LR: [0.1, 0.01] },
}

const BY_SWEEP = ["sweep", "file", "definition"]
const PACING = ["continue_on_error", "wait_seconds", "poll_seconds"]

/** inspire_sweep: many jobs from one sweep file, each created exactly once, watched together. */
export const sweepOperation = defineOperation({
  name: "sweep",
  title: "Run, watch, stop and resubmit a sweep of jobs",
  description: text`Runs many training, HPC or Ray jobs from one sweep: the fields of ${callWord("submit")} under job with {param} templates, parameters as a grid and/or rows, and limits (max_jobs, max_running, max_cost_per_hour). A rerun sends only what is missing. ${dryRunWord()} on run shows the jobs and their cost. status shows each job's state and verdict; stop needs ${confirmWord()} (a later run then needs ${fieldWord("resume")}); resubmit with failed reruns the failures.`,
  input: SweepInputSchema,
  output: SweepOutput,
  annotations: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  effects: { by: "action", writes: ["run", "stop", "resubmit"] },
  agent: { longRunning: true, waitField: "wait_seconds" },
  examples: [
    { action: "run", definition: EXAMPLE },
    // Stopped and resubmitted by its name, as a person types it (the catalogue's tests run it first).
    { action: "stop", sweep: EXAMPLE.name, confirm: true },
    { action: "resubmit", sweep: EXAMPLE.name, failed: true },
    { action: "status" },
  ],
  actions: {
    run: {
      summary: "Submit every job of a sweep file not yet created",
      fields: ["file", "definition", "max_running", "resume", "replace", ...PACING],
      cli: { path: ["sweep", "run"], positional: ["file"], lastOptional: true, confirm: false },
    },
    status: {
      summary: "List sweeps, or show every job of one",
      fields: ["sweep", "details"],
      cli: { path: ["sweep", "status"], positional: ["sweep"], lastOptional: true },
    },
    stop: {
      summary: "Stop a sweep: its queued and running jobs, and the jobs not yet sent",
      fields: BY_SWEEP,
      cli: { path: ["sweep", "stop"], positional: ["sweep"], lastOptional: true },
    },
    resubmit: {
      summary: "Submit a sweep's failed and stopped jobs again",
      fields: [...BY_SWEEP, "failed", ...PACING],
      cli: { path: ["sweep", "resubmit"], positional: ["sweep"], lastOptional: true, confirm: false },
    },
  },
  run,
  render: (r: SweepResult) => renderSweep(r),
})
