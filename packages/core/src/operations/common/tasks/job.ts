import { getHpcJob } from "../../../api/jobs/hpc.js"
import { getTrainingJob } from "../../../api/jobs/training.js"
import { taskKindOf } from "../../../domain/ids.js"
import type { NormalizedStatus } from "../../../domain/status.js"
import { Effect, Either } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { msg } from "../../../words/message.js"
import { callWord } from "../../../words/text.js"
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
          msg("common-ops-not-a-job", { id, kind, what }),
          kind === "serving"
            ? msg("common-ops-not-a-job-serving", { call: callWord("inference", { action: "detail" }) })
            : kind === "notebook"
              ? msg("common-ops-not-a-job-notebook", { call: callWord("notebook", { action: "detail" }) })
              : msg("common-ops-not-a-job-other", { call: callWord("jobs") }),
        ),
      )
    const job = kind === "train" ? yield* getTrainingJob(id) : yield* getHpcJob(id)
    return { id, kind, name: job.name, status: job.status, createdAt: job.createdAt, finishedAt: job.finishedAt }
  })
