import type { z } from "zod"
import { Effect } from "../../effect.js"
import type { InspireError } from "../../errors.js"
import { msg } from "../../words/message.js"
import type { ClientServices } from "../catalogue/services.js"
import { submitHpc } from "../common/submission/hpc.js"
import { submitRay } from "../common/submission/ray.js"
import type { SubmitResult } from "../common/submission/shared.js"
import { submitTraining } from "../common/submission/training.js"
import type { submitOperation } from "../submit.js"
import type { submitHpcOperation } from "../submit-hpc.js"
import type { submitRayOperation } from "../submit-ray.js"
import type { SweepRow } from "./expand.js"
import { fileIssues, jobSchema, type Locate, type SweepKind } from "./file.js"

// One sweep job through the very submit `job submit` / `hpc submit` use: the same checks, the same
// exactly-once create, with the job's identity as its create's marker.

type TrainInput = z.output<typeof submitOperation.input>
type HpcInput = z.output<typeof submitHpcOperation.input>
type RayInput = z.output<typeof submitRayOperation.input>

/** What a sweep job's submit is asked to do. */
export interface RowSubmit {
  readonly kind: SweepKind
  readonly row: Pick<SweepRow, "index" | "job">
  readonly dryRun: boolean
  /** The create's marker: the row's identity (or its resubmit's). */
  readonly submitId?: string
  readonly locate: Locate
}

/** Submits (or, on a dry run, checks) one job of a sweep; a job field that is wrong points at the file. */
export const submitRow = (s: RowSubmit): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const parsed = jobSchema(s.kind).safeParse(s.row.job)
    if (!parsed.success)
      return yield* Effect.fail(
        fileIssues(parsed.error.issues, s.locate, ["job"], msg("sweep-job-n", { index: s.row.index })),
      )
    // The job's status is read with the sweep's, so the create is not read back (a request per job saved).
    // Its jobs queue by design (max_running paces them): no node listing per job.
    const common = {
      dry_run: s.dryRun,
      checkPlacement: false,
      createOptions: { readBack: false, ...(s.submitId !== undefined ? { submitId: s.submitId } : {}) },
    }
    if (s.kind === "ray") return yield* submitRay({ ...(parsed.data as RayInput), ...common, applyPrefix: true })
    return s.kind === "hpc"
      ? yield* submitHpc({ ...(parsed.data as HpcInput), ...common, applyPrefix: false })
      : yield* submitTraining({ ...(parsed.data as TrainInput), ...common, applyPrefix: true })
  })

/**
 * A job's estimated cost per hour: its spec's price times its instances; a Ray job's at its most workers,
 * when they run on the head's spec (undefined when a price is unknown).
 */
export const costOf = (r: Pick<SubmitResult, "spec" | "instanceCount" | "workers">): number | undefined => {
  const workers = r.workers ?? []
  if (r.spec.pricePerHour === undefined || workers.some((w) => w.spec !== r.spec.id)) return undefined
  const nodes = r.instanceCount + workers.reduce((sum, w) => sum + w.maxReplicas, 0)
  return Math.round(r.spec.pricePerHour * nodes * 100) / 100
}
