import { getHpcJob } from "../../../api/jobs/hpc.js"
import { getTrainingJob } from "../../../api/jobs/training.js"
import { taskKindOf } from "../../../domain/ids.js"
import type { NormalizedStatus } from "../../../domain/status.js"
import { Effect, Either } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { callWord } from "../../../words/token.js"
import type { ClientServices } from "../../catalogue/services.js"

/** A training or HPC job's state, enough to decide what to read and when to stop reading. */
export interface JobState {
  readonly id: string
  readonly kind: "train" | "hpc"
  readonly name: string
  readonly status: NormalizedStatus
  readonly createdAt: number | undefined
  readonly finishedAt: number | undefined
}

/** Reads a job-… or hpc-job-… id's state; other ids (servings, notebooks, typos) are an InvalidInput. */
export const jobState = (raw: string, what: string): Effect.Effect<JobState, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const ref = taskKindOf(raw)
    if (Either.isLeft(ref)) return yield* Effect.fail(ref.left)
    const { id, kind } = ref.right
    if (kind !== "train" && kind !== "hpc")
      return yield* Effect.fail(
        invalidInput(
          `${id} is a ${kind === "serving" ? "serving" : kind}; ${what} exist only for training (job-…) and HPC (hpc-job-…) jobs.`,
          kind === "serving"
            ? `Use ${callWord("inference", { action: "detail" })} for a serving.`
            : kind === "notebook"
              ? `Use ${callWord("notebook", { action: "detail" })} for a notebook.`
              : `Pass a job-… or hpc-job-… id (${callWord("jobs")} lists them).`,
        ),
      )
    const job = kind === "train" ? yield* getTrainingJob(id) : yield* getHpcJob(id)
    return { id, kind, name: job.name, status: job.status, createdAt: job.createdAt, finishedAt: job.finishedAt }
  })
