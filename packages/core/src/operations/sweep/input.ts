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
    .describe("For run: the sweep file, YAML or JSON (name, kind, job, grid and/or list, limits)"),
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
    .describe("For run: at most this many jobs queued or running at once (overrides limits.max_running)"),
  continue_on_error: z
    .boolean()
    .default(false)
    .describe("For run, resubmit: note a refused job and send the others (default: stop at the first)"),
  resume: z.boolean().default(false).describe("For run: continue a stopped sweep (its run is refused without it)"),
  replace: z
    .boolean()
    .default(false)
    .describe("For run: also send jobs whose name is on the platform with other fields (the earlier jobs stay)"),
  wait_seconds: described(
    z.number().int().min(0).max(604_800).default(0),
    text`For run, resubmit: seconds to wait for room under ${fieldWord("max_running")}; default 0 sends what fits and returns (a later run sends the rest)`,
  ),
  poll_seconds: described(
    z.number().min(MIN_POLL_SECONDS).max(600).default(15),
    text`For run, resubmit: seconds between state reads while ${fieldWord("max_running")} holds jobs back (default 15)`,
  ),
  failed: z.boolean().default(false).describe("For resubmit: resubmit the failed and stopped jobs (required)"),
  details: described(
    z.boolean().default(true),
    text`For status: read running jobs' verdicts and failed ones' diagnoses (${callWord("metrics")}, ${callWord("job_detail")}); false: the list only`,
  ),
  dry_run: dryRunField(),
  confirm: z
    .boolean()
    .default(false)
    .describe("For stop: true to stop the jobs; without it only what would be stopped is shown"),
})

/** The parsed input of inspire_sweep. */
export type SweepInput = z.output<typeof SweepInputSchema>
