import { z } from "zod"
import { callWord, fieldWord, text } from "../../words/text.js"
import { refersTo } from "../catalogue/refs.js"
import { described } from "../catalogue/schema.js"
import { dryRunField } from "../common/plan.js"

/** The shortest pause between two status reads while max_running holds jobs back (seconds). */
const MIN_POLL_SECONDS = 1

/** The input of inspire_sweep: one flat object, each action reading the fields it needs. */
export const SweepInputSchema = z.object({
  action: z
    .enum(["run", "status", "stop", "resubmit"])
    .default("status")
    .describe("run (submit what is missing), status (default), stop, or resubmit (the failed jobs)"),
  file: z
    .string()
    .optional()
    .describe(
      "For run: the sweep file, YAML or JSON (name, kind, job, grid and/or list, limits); relative to the current folder in the CLI, else absolute",
    ),
  definition: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("For run: the sweep itself, the same fields as a sweep file, instead of file"),
  sweep: refersTo(
    z
      .string()
      .optional()
      .describe(
        "For status, stop, resubmit: the sweep's name, id or id prefix (as status lists them); status without it lists every sweep",
      ),
    "sweep",
  ),
  max_running: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "For run: at most this many of the sweep's jobs queued or running at once; the rest wait (overrides limits.max_running)",
    ),
  continue_on_error: z
    .boolean()
    .default(false)
    .describe(
      "For run, resubmit: a job the platform refuses is noted and the others still go; default stops at the first",
    ),
  resume: z
    .boolean()
    .default(false)
    .describe(
      "For run: go on with a sweep that was stopped, sending its jobs not yet created (a stopped sweep's run is refused without it)",
    ),
  replace: z
    .boolean()
    .default(false)
    .describe("For run: also send jobs whose name is on the platform with other fields (the earlier jobs stay)"),
  wait_seconds: described(
    z.number().int().min(0).max(604_800).default(0),
    text`For run, resubmit: how long to wait for room while ${fieldWord("max_running")} holds jobs back; default 0 submits what fits now and returns, and a later run sends the rest (nothing is sent twice)`,
  ),
  poll_seconds: described(
    z.number().min(MIN_POLL_SECONDS).max(600).default(15),
    text`For run, resubmit: while ${fieldWord("max_running")} holds jobs back, seconds between two reads of the jobs' states (default 15)`,
  ),
  failed: z
    .boolean()
    .default(false)
    .describe(
      "For resubmit: resubmit the jobs that failed or were stopped (required, so nothing is resubmitted by accident)",
    ),
  details: described(
    z.boolean().default(true),
    text`For status: read the metrics verdict of running jobs and the diagnosis of failed ones (${callWord("metrics")}, ${callWord("job_detail")}); false reads only the list`,
  ),
  dry_run: dryRunField(),
  confirm: z
    .boolean()
    .default(false)
    .describe("For stop: must be true to stop the jobs; without it you see what would be stopped and nothing is"),
})

/** The parsed input of inspire_sweep. */
export type SweepInput = z.output<typeof SweepInputSchema>
