import { checkHpcJob } from "../../../api/jobs/checks.js"
import { consoleHpcBody, hpcBody, sendHpcJob, viaConsole } from "../../../api/jobs/hpc.js"
import { lintHpcEntrypoint } from "../../../domain/lint/index.js"
import { budgetWarnings } from "../../../domain/projects.js"
import type { Spec } from "../../../domain/specs.js"
import { Effect } from "../../../effect.js"
import { type InspireError, invalidInput } from "../../../errors.js"
import { Platform } from "../../../platform/client.js"
import { msg } from "../../../words/message.js"
import { callWord, fieldWord, joinText, type Text } from "../../../words/text.js"
import type { ClientServices } from "../../catalogue/services.js"
import type { SubmitHpcInput } from "../../submit-hpc.js"
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
import { composeFor, gateFindings, type SubmitResult } from "./shared.js"

/** An HPC submission as submit_hpc, sweep and resubmit hand it to the pipeline: the submit input, parsed. */
export type HpcSubmission = SubmitHpcInput & SubmissionExtras

const MEMORY = /^(\d+)\s*(g|gi|gb|gib)?$/i

/** Reads `memory_per_cpu` ("8G", "8Gi", 8) as whole GiB; megabytes are refused since the platform takes `<n>G`. */
export const parseMemoryPerCpu = (raw: string | number): Effect.Effect<number, InspireError> => {
  const m = MEMORY.exec(String(raw).trim())
  const gi = m?.[1] !== undefined ? Number(m[1]) : Number.NaN
  if (Number.isInteger(gi) && gi > 0) return Effect.succeed(gi)
  return Effect.fail(
    invalidInput(
      msg("submission-memory-per-cpu-invalid", { field: fieldWord("memory_per_cpu"), value: String(raw) }),
      msg("submission-memory-per-cpu-invalid-hint"),
    ),
  )
}

/**
 * Checks the Slurm layer against the node layer: each task must fit on one node of the spec, and all
 * tasks on spec × instance_count. Over-asking does not fail on the platform: the job queues forever.
 */
export const checkSlurmFit = (
  spec: Spec,
  nodes: number,
  slurm: { readonly tasks: number; readonly cpusPerTask: number; readonly memoryPerCpuGi: number },
): Effect.Effect<ReadonlyArray<Text>, InspireError> => {
  const taskMemory = slurm.cpusPerTask * slurm.memoryPerCpuGi
  const cpus = slurm.tasks * slurm.cpusPerTask
  const memory = cpus * slurm.memoryPerCpuGi
  const problems = [
    ...(slurm.cpusPerTask > spec.cpuCount
      ? [
          msg("submission-slurm-task-cpus", {
            field: fieldWord("cpus_per_task"),
            cpus: slurm.cpusPerTask,
            node: spec.cpuCount,
          }),
        ]
      : []),
    ...(taskMemory > spec.memoryGi
      ? [
          msg("submission-slurm-task-memory", {
            cpus: slurm.cpusPerTask,
            perCpu: slurm.memoryPerCpuGi,
            total: taskMemory,
            node: spec.memoryGi,
          }),
        ]
      : []),
    ...(cpus > spec.cpuCount * nodes
      ? [
          msg("submission-slurm-cpus", {
            tasks: slurm.tasks,
            perTask: slurm.cpusPerTask,
            total: cpus,
            nodes,
            node: spec.cpuCount,
          }),
        ]
      : []),
    ...(memory > spec.memoryGi * nodes
      ? [
          msg("submission-slurm-memory", {
            cpus,
            perCpu: slurm.memoryPerCpuGi,
            total: memory,
            nodes,
            node: spec.memoryGi,
          }),
        ]
      : []),
  ]
  if (problems.length > 0)
    return Effect.fail(
      invalidInput(
        msg("submission-slurm-no-fit", {
          cpus: spec.cpuCount,
          memory: spec.memoryGi,
          problems: joinText(problems, "; "),
        }),
        msg("submission-slurm-no-fit-hint", {
          tasks: fieldWord("number_of_tasks"),
          cpus: fieldWord("cpus_per_task"),
          memory: fieldWord("memory_per_cpu"),
          instances: fieldWord("instance_count"),
          call: callWord("status"),
        }),
      ),
    )
  const idle = spec.cpuCount * nodes - cpus
  return Effect.succeed(
    idle * 2 > spec.cpuCount * nodes
      ? [msg("submission-slurm-idle", { used: cpus, total: spec.cpuCount * nodes })]
      : [],
  )
}

/** The whole HPC submit: target, HPC spec, image, priority, lint, Slurm fit; then the create or a dry run. */
const submitHpcSteps = (submission: HpcSubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  Effect.gen(function* () {
    // The kind's own fields; the rest must be the shared ones, or this does not compile.
    const {
      entrypoint,
      number_of_tasks,
      cpus_per_task,
      memory_per_cpu,
      ttl_after_finish_seconds,
      enable_notification,
      ...rest
    } = submission
    const s = allRead(rest)
    const placed = yield* placeSubmission(s, "HPC")
    const { target, spec, image, priority } = placed
    const composed = yield* composeFor(entrypoint, target.project, s.applyPrefix)
    const findings = yield* gateFindings(
      lintHpcEntrypoint({ entrypoint: composed.command, image }),
      s.allow_network_commands,
      "entrypoint",
    )
    const cpusPerTask = cpus_per_task ?? Math.max(1, Math.floor(spec.cpuCount / number_of_tasks))
    const memoryPerCpuGi =
      memory_per_cpu !== undefined
        ? yield* parseMemoryPerCpu(memory_per_cpu)
        : Math.max(1, Math.floor(spec.memoryGi / Math.max(1, spec.cpuCount)))
    const fit = yield* checkSlurmFit(spec, s.instance_count, { tasks: number_of_tasks, cpusPerTask, memoryPerCpuGi })
    const mounted = yield* datasetsOf(s, placed)
    // The create's checks run here, once; the send takes their result.
    const { checked, imageWarnings } = yield* checkCreateInput(
      checkHpcJob,
      {
        ...commonCreateFields(s, placed),
        entrypoint: composed.command,
        numberOfTasks: number_of_tasks,
        cpusPerTask,
        memoryPerCpuGi,
        ...(ttl_after_finish_seconds !== undefined ? { ttlAfterFinishSeconds: ttl_after_finish_seconds } : {}),
        ...(mounted.datasets !== undefined ? mounted : {}),
        // Only the console's create mounts datasets or asks for a notification; it also takes the spec's size.
        ...(enable_notification === true ? { enableNotification: true } : {}),
        ...(mounted.datasets !== undefined || enable_notification === true
          ? { cpuCount: spec.cpuCount, memoryGi: spec.memoryGi }
          : {}),
      },
      s.imageType,
    )
    const placement = yield* placementOf(s, placed, "HPC")
    const warnings = [
      ...imageWarnings,
      ...target.warnings,
      ...placement.warnings,
      ...(cpus_per_task === undefined
        ? [msg("submission-cpus-per-task-default", { field: fieldWord("cpus_per_task"), cpus: cpusPerTask })]
        : []),
      // The console's create, the one that mounts datasets, has no field for it: the platform's default applies.
      ...(viaConsole(checked.input) && ttl_after_finish_seconds !== undefined
        ? [
            msg("submission-hpc-ttl-unsent", {
              field: fieldWord("ttl_after_finish_seconds"),
              dataset: fieldWord(mounted.datasets !== undefined ? "dataset" : "enable_notification"),
            }),
          ]
        : []),
      ...(memory_per_cpu === undefined
        ? [msg("submission-memory-per-cpu-default", { field: fieldWord("memory_per_cpu"), memory: memoryPerCpuGi })]
        : []),
      ...fit,
      // The create's checks: name, image and priority (the same warnings resolvePriority gives).
      ...checked.warnings,
      ...budgetWarnings({ remainBudget: target.project.remainBudget, priority: priority.priority, gpuCount: 0 }),
    ]
    const slurm = { numberOfTasks: number_of_tasks, cpusPerTask, memoryPerCpu: `${memoryPerCpuGi}G` }
    const base = submitBase("hpc", s, placed, checked, composed.command, { slurm }, findings)
    if (s.dry_run)
      return viaConsole(checked.input)
        ? dryRunResult(base, "api/v1/hpc_jobs", consoleHpcBody(checked.input, checked.name, checked.image), warnings)
        : dryRunResult(
            base,
            "openapi/v1/hpc_jobs/create",
            hpcBody(checked.input, checked.name, checked.image),
            warnings,
          )
    const created = yield* sendHpcJob(checked, sendOptionsOf(s))
    const platform = yield* Platform
    const consoleUrl =
      created.job?.consoleUrl ?? new URL(`/jobs/hpcDetail/${created.jobId}`, platform.baseUrl).toString()
    const queue = yield* queueOfCreated(created, "hpc", s, placed, placement)
    return createdResult(base, created, consoleUrl, warnings, queue)
  })

/** The submit; a failure before the create was sent says `created: "no"`. */
export const submitHpc = (s: HpcSubmission): Effect.Effect<SubmitResult, InspireError, ClientServices> =>
  sayCreated(submitHpcSteps(s))
