import { getJob } from "../../../api/jobs/kinds.js"
import type { NormalizedStatus } from "../../../domain/status.js"
import { Effect } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { msg } from "../../../words/message.js"
import { callWord } from "../../../words/text.js"
import type { ClientServices } from "../../catalogue/services.js"
import { missingTask, resolveTask } from "../lookup.js"

/** A training, HPC or Ray job's state, enough to decide what to read and when to stop reading. */
export interface JobState {
  readonly id: string
  readonly kind: "train" | "hpc" | "ray"
  readonly name: string
  readonly status: NormalizedStatus
  readonly createdAt: number | undefined
  readonly finishedAt: number | undefined
}

/** Reads the state of a job named by id, name or id prefix; ids of servings and notebooks are an InvalidInput. */
export const jobState = (
  raw: string,
  what: string,
  workspace?: string | undefined,
): Effect.Effect<JobState, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const ref = yield* resolveTask(raw, ["train", "hpc", "ray"], workspace)
    const { id, kind } = ref
    if (kind !== "train" && kind !== "hpc" && kind !== "ray")
      return yield* Effect.fail(
        invalidInput(
          msg("common-ops-not-a-job", { id, kind, what }),
          kind === "serving"
            ? msg("common-ops-not-a-job-serving", { call: callWord("inference", { action: "detail", serving_id: id }) })
            : kind === "notebook"
              ? msg("common-ops-not-a-job-notebook", {
                  call: callWord("notebook", { action: "detail", notebook_id: id }),
                })
              : msg("common-ops-not-a-job-other", { call: callWord("jobs") }),
        ),
      )
    const job = yield* missingTask(getJob(kind, id), ref, workspace)
    return { id, kind, name: job.name, status: job.status, createdAt: job.createdAt, finishedAt: job.finishedAt }
  })
