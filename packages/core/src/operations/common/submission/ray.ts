import { checkRayJob } from "../../../api/jobs/checks.js"
import { type RayWorkerGroupInput, rayBody, sendRayJob } from "../../../api/jobs/ray-create.js"
import { lintTrainingCommand } from "../../../domain/lint/index.js"
import { budgetWarnings } from "../../../domain/projects.js"
import { Effect } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { Platform } from "../../../platform/client.js"
import { msg } from "../../../words/message.js"
import { fieldWord } from "../../../words/text.js"
import type { ClientServices } from "../../catalogue/services.js"
import type { SubmitRayInput } from "../../submit-ray.js"
import { defaultOf } from "../defaults.js"
import { resolveRegisteredImage } from "../image.js"
import { pickSpec } from "../spec.js"
import {
  allRead,
  createdResult,
  dryRunResult,
  placeSubmission,
  type SubmissionExtras,
  sayCreated,
  sendOptionsOf,
  submitBase,
} from "./pipeline.js"
import { composeFor, gateFindings, onlineOf, resolveShm, type SubmitResult } from "./shared.js"

/** A Ray submission as submit_ray and resubmit hand it to the pipeline: the submit input, parsed. */
export type RaySubmission = SubmitRayInput & SubmissionExtras

const WORKER = /^([^:\s]+):(\d+)-(\d+)(?::(\S+))?$/

/** A worker group as written: NAME:MIN-MAX, or NAME:MIN-MAX:SPEC (a spec id of the group). */
export const parseWorker = (
  raw: string,
): Effect.Effect<
  { readonly name: string; readonly min: number; readonly max: number; readonly spec?: string },
  InspireError
> => {
  const m = WORKER.exec(raw.trim())
  if (m === null)
    return Effect.fail(
      invalidInput(
        msg("submission-ray-worker-invalid", { field: fieldWord("worker"), value: raw }),
        msg("api-ray-workers-hint"),
      ),
    )
  const [, name = "", min = "", max = "", spec] = m
  return Effect.succeed({ name, min: Number(min), max: Number(max), ...(spec !== undefined ? { spec } : {}) })
}

/**
 * The whole Ray submit: target, the head's Ray spec, each worker group's (the head's when none is named),
 * the registered image, priority, shared memory, lint, budget; then the create or a dry run.
 */
const submitRaySteps = (submission: RaySubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    // The kind's own fields; the rest must be the shared ones, or this does not compile.
    const { entrypoint, shm: shmGiven, worker, ...rest } = submission
    const s = allRead({ ...rest, instance_count: 1 })
    const written = yield* Effect.forEach(worker ?? ["worker:1-1"], parseWorker)
    // "auto" places what starts the job: the head and each group's fewest workers (on the head's spec).
    const starting = 1 + written.reduce((sum, w) => sum + (w.spec === undefined ? w.min : 0), 0)
    const placed = yield* placeSubmission({ ...s, instance_count: starting }, "RAY_JOB")
    const { target, spec, priority } = placed
    const groups: Array<{ readonly group: RayWorkerGroupInput; readonly gpus: number }> = []
    for (const w of written) {
      const own = w.spec === undefined || w.spec === spec.id ? spec : yield* pickSpec(target, "RAY_JOB", w.spec)
      groups.push({
        group: { name: w.name, specId: own.id, minReplicas: w.min, maxReplicas: w.max },
        gpus: own.gpuCount,
      })
    }
    const image = yield* resolveRegisteredImage(placed.image, target.workspace)
    // Sent when asked for (here or as defaultShm); else the platform's default.
    const asked = shmGiven !== undefined || (yield* defaultOf("defaultShm")) !== undefined
    const shm = asked ? yield* resolveShm(shmGiven, 0) : undefined
    const composed = yield* composeFor(entrypoint, target.project, s.applyPrefix)
    const findings = yield* gateFindings(
      lintTrainingCommand({
        command: composed.command,
        workspaceOnline: onlineOf(target),
        commandPrefix: composed.prefix,
      }),
      s.allow_network_commands,
      "entrypoint",
    )
    const imageType = s.imageType ?? (image.image.source as RaySubmission["imageType"])
    const checked = yield* checkRayJob({
      name: s.name,
      entrypoint: composed.command,
      workspaceId: target.workspace.id,
      projectId: target.project.id,
      groupId: target.group?.id ?? "",
      specId: spec.id,
      image: image.image.address,
      imageId: image.image.imageId,
      ...(imageType !== undefined ? { imageType } : {}),
      workers: groups.map((g) => g.group),
      ...(shm !== undefined ? { shmGi: shm.shmGi } : {}),
      priority: priority.priority,
      priorityCap: target.project.priorityCap,
      workspaceRegistry: target.workspace.policy.registry,
      instanceCount: 1,
    })
    // At full size: the head and every group at its most replicas.
    const gpus = spec.gpuCount + groups.reduce((sum, g) => sum + g.group.maxReplicas * g.gpus, 0)
    const warnings = [
      ...image.warnings,
      ...target.warnings,
      ...(worker === undefined ? [msg("submission-ray-worker-default", { field: fieldWord("worker") })] : []),
      ...checked.warnings,
      ...budgetWarnings({ remainBudget: target.project.remainBudget, priority: priority.priority, gpuCount: gpus }),
    ]
    const base = submitBase(
      "ray",
      s,
      placed,
      checked,
      composed.command,
      {
        ...(shm !== undefined ? { shmGi: shm.shmGi } : {}),
        workers: checked.input.workers.map((w) => ({
          name: w.name,
          spec: w.specId,
          minReplicas: w.minReplicas,
          maxReplicas: w.maxReplicas,
        })),
      },
      findings,
    )
    if (s.dry_run) return dryRunResult(base, "api/v1/ray_job/create", rayBody(checked.input, checked.name), warnings)
    const created = yield* sendRayJob(checked, sendOptionsOf(s))
    const platform = yield* Platform
    const consoleUrl =
      created.job?.consoleUrl ??
      new URL(`/jobs/ray?spaceId=${encodeURIComponent(target.workspace.id)}`, platform.baseUrl).toString()
    return createdResult(base, created, consoleUrl, warnings)
  })

/** The submit; a failure before the create was sent says `created: "no"`. */
export const submitRay = (s: RaySubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  sayCreated(submitRaySteps(s))
