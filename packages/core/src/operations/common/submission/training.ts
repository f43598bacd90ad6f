import { checkTrainingJob } from "../../../api/jobs/checks.js"
import { sendTrainingJob, trainingBody } from "../../../api/jobs/create.js"
import { lintTrainingCommand } from "../../../domain/lint/index.js"
import { budgetWarnings } from "../../../domain/projects.js"
import { Effect } from "../../../effect.js"
import type { InspireError } from "../../../errors.js"
import { Platform } from "../../../platform/client.js"
import type { ClientServices } from "../../catalogue/services.js"
import {
  checkCreateInput,
  commonCreateFields,
  createdResult,
  dryRunResult,
  placeSubmission,
  type Submission,
  sayCreated,
  submitBase,
} from "./pipeline.js"
import { composeFor, gateFindings, onlineOf, resolveShm, type SubmitResult } from "./shared.js"

/** A training submission as submit and resubmit hand it to the pipeline (names or ids). */
export interface TrainingSubmission extends Submission {
  readonly command: string
  readonly shm?: string | number | undefined
  readonly framework?: string | undefined
  readonly envs?: Readonly<Record<string, string>> | undefined
  readonly max_running_hours?: number | undefined
}

/**
 * The whole training submit: target, spec, image, priority, shm, commandPrefix, lint, budget; then the
 * create (exactly once) or, on a dry run, the exact OA body that would be sent.
 */
const submitTrainingSteps = (s: TrainingSubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const placed = yield* placeSubmission(s, "TRAIN")
    const { target, spec, priority } = placed
    const distributed = spec.gpuCount > 1 || s.instance_count > 1
    const shm = yield* resolveShm(s.shm, distributed ? 64 : Math.max(1, Math.min(32, Math.floor(spec.memoryGi / 2))))
    const composed = yield* composeFor(s.command, target.project, s.applyPrefix)
    const findings = yield* gateFindings(
      lintTrainingCommand({
        command: composed.command,
        workspaceOnline: onlineOf(target),
        commandPrefix: composed.prefix,
      }),
      s.allow_network_commands,
      "command",
    )
    // The create's checks (name, image, priority, shared memory) run here, once; the send takes their result.
    const { checked, imageWarnings } = yield* checkCreateInput(
      checkTrainingJob,
      {
        ...commonCreateFields(s, placed),
        command: composed.command,
        ...(s.framework !== undefined ? { framework: s.framework } : {}),
        shmGi: shm.shmGi,
        gpuCount: spec.gpuCount,
        memoryGi: spec.memoryGi,
        ...(s.max_running_hours !== undefined ? { maxRunningTimeMs: Math.round(s.max_running_hours * 3_600_000) } : {}),
        ...(s.envs !== undefined ? { envs: Object.entries(s.envs).map(([name, value]) => ({ name, value })) } : {}),
      },
      s.imageType,
    )
    const warnings = [
      ...imageWarnings,
      ...target.warnings,
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
    const created = yield* sendTrainingJob(checked, s.createOptions ?? {})
    const platform = yield* Platform
    const consoleUrl =
      created.job?.consoleUrl ??
      new URL(
        `/jobs/distributedTrainingDetail/${created.jobId}?spaceId=${encodeURIComponent(target.workspace.id)}`,
        platform.baseUrl,
      ).toString()
    return createdResult(base, created, consoleUrl, warnings)
  })

/** The submit; a failure before the create was sent says `created: "no"`. */
export const submitTraining = (s: TrainingSubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  sayCreated(submitTrainingSteps(s))
