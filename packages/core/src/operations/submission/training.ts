import { Effect } from "effect"
import { type CreateTrainingJobInput, checkCommon, createTrainingJob, trainingBody } from "../../api/jobs/create.js"
import { lintTrainingCommand } from "../../domain/lint/index.js"
import { budgetWarnings } from "../../domain/projects.js"
import { shmWarnings } from "../../domain/resources.js"
import type { InspireError } from "../../errors.js"
import type { ClientServices } from "../../facade.js"
import { Platform } from "../../platform/client.js"
import { resolveTarget } from "../defaults.js"
import {
  composeFor,
  gateFindings,
  type ImageType,
  nextCalls,
  onlineOf,
  pickSpec,
  placeOf,
  registeredImage,
  resolveImage,
  resolvePriority,
  resolveShm,
  type SubmitResult,
  unique,
} from "./shared.js"

/** A training submission as submit and resubmit hand it to the pipeline (names or ids). */
export interface TrainingSubmission {
  readonly name: string
  readonly command: string
  /** False for a resubmit of a stored command, which already carries the prefix. */
  readonly applyPrefix: boolean
  readonly workspace?: string | undefined
  readonly project?: string | undefined
  readonly compute_group?: string | undefined
  readonly spec?: string | undefined
  readonly image?: string | undefined
  readonly imageType?: ImageType | undefined
  readonly priority?: number | undefined
  readonly shm?: string | number | undefined
  readonly instance_count: number
  readonly framework?: string | undefined
  readonly envs?: Readonly<Record<string, string>> | undefined
  readonly max_running_hours?: number | undefined
  readonly allow_network_commands: boolean
  readonly dry_run: boolean
  readonly resubmittedFrom?: string
}

/**
 * The whole training submit: target, spec, image, priority, shm, commandPrefix, lint, budget; then the
 * create (exactly once) or, on a dry run, the exact OA body that would be sent.
 */
export const submitTraining = (s: TrainingSubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    const target = yield* resolveTarget(s, { needGroup: true })
    const spec = yield* pickSpec(target, "TRAIN", s.spec)
    const image = yield* resolveImage(s.image)
    const priority = yield* resolvePriority(s.priority, target.project, spec)
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
    let input: CreateTrainingJobInput = {
      name: s.name,
      command: composed.command,
      workspaceId: target.workspace.id,
      projectId: target.project.id,
      groupId: target.group?.id ?? "",
      specId: spec.id,
      image,
      ...(s.framework !== undefined ? { framework: s.framework } : {}),
      instanceCount: s.instance_count,
      shmGi: shm.shmGi,
      priority: priority.priority,
      priorityCap: target.project.priorityCap,
      gpuCount: spec.gpuCount,
      workspaceRegistry: target.workspace.policy.registry,
      ...(s.max_running_hours !== undefined ? { maxRunningTimeMs: Math.round(s.max_running_hours * 3_600_000) } : {}),
      ...(s.envs !== undefined ? { envs: Object.entries(s.envs).map(([name, value]) => ({ name, value })) } : {}),
    }
    const checked = yield* checkCommon(input)
    const registered =
      s.imageType !== undefined ? { warnings: [] } : yield* registeredImage(checked.image, input.workspaceId)
    const imageType = s.imageType ?? registered.imageType
    if (imageType !== undefined) input = { ...input, imageType }
    const warnings = [
      ...registered.warnings,
      ...target.warnings,
      ...(shm.note !== undefined ? [shm.note] : []),
      ...checked.warnings,
      ...priority.warnings,
      ...shmWarnings({
        shmGi: shm.shmGi,
        gpuCount: spec.gpuCount,
        instanceCount: s.instance_count,
        memoryGi: spec.memoryGi,
      }),
      ...budgetWarnings({
        remainBudget: target.project.remainBudget,
        priority: priority.priority,
        gpuCount: spec.gpuCount,
      }),
    ]
    const base = {
      kind: "training" as const,
      name: checked.name,
      ...placeOf(target, spec),
      image: checked.image,
      priority: priority.priority,
      command: composed.command,
      instanceCount: s.instance_count,
      shmGi: shm.shmGi,
      ...(s.resubmittedFrom !== undefined ? { resubmittedFrom: s.resubmittedFrom } : {}),
      findings,
    }
    if (s.dry_run)
      return {
        ...base,
        dryRun: true,
        request: { surface: "openapi/v1/train_job/create", body: trainingBody(input, checked.name, checked.image) },
        warnings: unique(warnings),
        next: [],
      } satisfies SubmitResult
    const created = yield* createTrainingJob(input)
    const platform = yield* Platform
    const consoleUrl =
      created.job?.consoleUrl ??
      new URL(
        `/jobs/distributedTrainingDetail/${created.jobId}?spaceId=${encodeURIComponent(target.workspace.id)}`,
        platform.baseUrl,
      ).toString()
    return {
      ...base,
      dryRun: false,
      jobId: created.jobId,
      consoleUrl,
      ...(created.job !== undefined ? { status: created.job.status.family } : {}),
      recovered: created.recovered,
      warnings: unique([...warnings, ...created.warnings]),
      next: nextCalls(created.jobId, "training"),
    } satisfies SubmitResult
  })
