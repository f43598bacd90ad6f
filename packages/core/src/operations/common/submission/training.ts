import { checkTrainingJob } from "../../../api/jobs/checks.js"
import { type CreateTrainingJobInput, sendTrainingJob, trainingBody } from "../../../api/jobs/create.js"
import { lintTrainingCommand } from "../../../domain/lint/index.js"
import { budgetWarnings } from "../../../domain/projects.js"
import { Effect } from "../../../effect.js"
import type { InspireError } from "../../../errors.js"
import { Platform } from "../../../platform/client.js"
import type { ClientServices } from "../../catalogue/services.js"
import type { SubmitInput } from "../../submit.js"
import {
  allRead,
  checkCreateInput,
  commonCreateFields,
  createdResult,
  datasetsOf,
  dryRunResult,
  placementOf,
  placeSubmission,
  queueOfCreated,
  type SubmissionExtras,
  sayCreated,
  sendOptionsOf,
  submitBase,
} from "./pipeline.js"
import { composeFor, gateFindings, onlineOf, resolveShm, type SubmitResult } from "./shared.js"

/** A training submission as submit, sweep and resubmit hand it to the pipeline: the submit input, parsed. */
export type TrainingSubmission = SubmitInput &
  SubmissionExtras & {
    /** What a resubmit keeps of the old job that the submit input cannot say. */
    readonly kept?: Pick<CreateTrainingJobInput, "datasets" | "autoFaultTolerance" | "faultToleranceMaxRetry">
  }

/**
 * The whole training submit: target, spec, image, priority, shm, commandPrefix, lint, budget; then the
 * create (exactly once) or, on a dry run, the exact OA body that would be sent.
 */
const submitTrainingSteps = (
  submission: TrainingSubmission,
): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    // The kind's own fields; the rest must be the shared ones, or this does not compile.
    const { command, shm: shmGiven, framework, envs, max_running_hours, kept, ...rest } = submission
    const s = allRead(rest)
    const placed = yield* placeSubmission(s, "TRAIN")
    const { target, spec, priority } = placed
    const distributed = spec.gpuCount > 1 || s.instance_count > 1
    const shm = yield* resolveShm(shmGiven, distributed ? 64 : Math.max(1, Math.min(32, Math.floor(spec.memoryGi / 2))))
    const composed = yield* composeFor(command, target.project, s.applyPrefix)
    const findings = yield* gateFindings(
      lintTrainingCommand({
        command: composed.command,
        workspaceOnline: onlineOf(target),
        commandPrefix: composed.prefix,
      }),
      s.allow_network_commands,
      "command",
    )
    // Datasets named here replace a resubmitted job's own.
    const mounted = yield* datasetsOf(s, placed)
    // The create's checks (name, image, priority, shared memory) run here, once; the send takes their result.
    const { checked, imageWarnings } = yield* checkCreateInput(
      checkTrainingJob,
      {
        ...commonCreateFields(s, placed),
        command: composed.command,
        ...(framework !== undefined ? { framework } : {}),
        shmGi: shm.shmGi,
        gpuCount: spec.gpuCount,
        memoryGi: spec.memoryGi,
        ...(max_running_hours !== undefined ? { maxRunningTimeMs: Math.round(max_running_hours * 3_600_000) } : {}),
        ...(envs !== undefined ? { envs: Object.entries(envs).map(([name, value]) => ({ name, value })) } : {}),
        ...kept,
        ...mounted,
      },
      s.imageType,
    )
    const placement = yield* placementOf(s, placed, "TRAIN")
    const warnings = [
      ...imageWarnings,
      ...target.warnings,
      ...placement.warnings,
      ...(shm.note !== undefined ? [shm.note] : []),
      // The create's checks: name, image, priority (the same warnings resolvePriority gives), shared memory.
      ...checked.warnings,
      ...budgetWarnings({
        remainBudget: target.project.remainBudget,
        priority: priority.priority,
        gpuCount: spec.gpuCount,
      }),
    ]
    const base = submitBase("training", s, placed, checked, composed.command, { shmGi: shm.shmGi }, findings)
    if (s.dry_run)
      return dryRunResult(
        base,
        "openapi/v1/train_job/create",
        trainingBody(checked.input, checked.name, checked.image),
        warnings,
      )
    const created = yield* sendTrainingJob(checked, sendOptionsOf(s))
    const platform = yield* Platform
    const consoleUrl =
      created.job?.consoleUrl ??
      new URL(
        `/jobs/distributedTrainingDetail/${created.jobId}?spaceId=${encodeURIComponent(target.workspace.id)}`,
        platform.baseUrl,
      ).toString()
    const queue = yield* queueOfCreated(created, "train", s, placed, placement)
    return createdResult(base, created, consoleUrl, warnings, queue)
  })

/** The submit; a failure before the create was sent says `created: "no"`. */
export const submitTraining = (s: TrainingSubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  sayCreated(submitTrainingSteps(s))
