import { z } from "zod"
import { getHpcJob, listHpcJobs } from "../api/jobs/hpc.js"
import { getRayJob, listRayJobs } from "../api/jobs/ray.js"
import { getTrainingJobSettings, listTrainingJobs } from "../api/jobs/training.js"
import { Effect } from "../effect.js"
import { amendError, type InspireError, invalidInput } from "../errors.js"
import { msg } from "../words/message.js"
import { callWord, text } from "../words/text.js"
import { defineOperation } from "./catalogue/operation.js"
import { refersTo } from "./catalogue/refs.js"
import { described } from "./catalogue/schema.js"
import { imageTypeOf } from "./common/image.js"
import { resolveTask } from "./common/lookup.js"
import { submitHpc } from "./common/submission/hpc.js"
import { SubmitOutput } from "./common/submission/output.js"
import { submitRay } from "./common/submission/ray.js"
import { renderSubmit } from "./common/submission/render.js"
import type { SubmitResult } from "./common/submission/shared.js"
import { submitTraining } from "./common/submission/training.js"
import type { SubmitInput } from "./submit.js"
import type { SubmitHpcInput } from "./submit-hpc.js"
import type { SubmitRayInput } from "./submit-ray.js"

const Input = z.object({
  job_id: refersTo(
    described(
      z.string(),
      text`The training, HPC or Ray task to submit again, as ${callWord("jobs")} lists it: its id, name or a unique id prefix`,
    ),
    "train",
    "hpc",
    "ray",
  ),
  name: z
    .string()
    .optional()
    .describe("Name of the new job; default <old name>-r<N>, the first N not used in the workspace"),
  command: z
    .string()
    .optional()
    .describe("New training command (commandPrefix is applied to it); default: the old command exactly as it ran"),
  entrypoint: z.string().optional().describe("New HPC or Ray entrypoint; default: the old one"),
  spec: z
    .string()
    .optional()
    .describe("A different spec id of the same compute group and schedule type; default: the old spec"),
  priority: z.number().int().optional().describe("A different priority 1–10; default: the old job's priority"),
  allow_network_commands: described(
    z.boolean().default(false),
    text`As for ${callWord("submit")}: allow network commands offline`,
  ),
  dry_run: z.boolean().default(false).describe("Return the exact request body; create nothing"),
})

type ResubmitInput = z.output<typeof Input>

const SUFFIX = /-r(\d+)$/

/** `<base>-r<N>` with the first N ≥ 1 (above the old name's own N) that no job of the workspace uses. */
const nextName = (old: string, taken: ReadonlyArray<string>): string => {
  const base = old.replace(SUFFIX, "")
  const start = Number(SUFFIX.exec(old)?.[1] ?? 0) + 1
  const used = new Set(taken)
  let n = start
  while (used.has(`${base}-r${n}`)) n += 1
  return `${base}-r${n}`.slice(-64)
}

const notFound = (id: string) => (e: InspireError) =>
  e.reason === "NotFound"
    ? amendError(e, {
        message: msg("resubmit-not-found", { id, error: e.text }),
        hint: msg("resubmit-not-found-hint", { call: callWord("jobs") }),
      })
    : e

/** What every old task carries into its resubmit: where it ran, its spec, image and priority. */
interface OldTask {
  readonly name: string
  readonly workspaceId: string
  readonly projectId: string
  readonly groupId: string
  readonly specId: string
  readonly image: string
  readonly imageType: string
  readonly priority: { readonly submitted: number | undefined }
}

/**
 * Every field of a submit input, each said (undefined where the old job has nothing to give): a field
 * added to the submit input and not carried by the resubmit is a compile error.
 */
type EveryField<T> = { readonly [K in keyof Required<T>]: T[K] }

// The new task's name and placement, each the input's when given, else the old task's; and what the new
// task must not be asked again (the call's own choices). The workspace's job names are only listed when
// a name must be made up.
const carried = <E, R>(
  input: {
    readonly name?: string | undefined
    readonly spec?: string | undefined
    readonly priority?: number | undefined
    readonly allow_network_commands: boolean
    readonly dry_run: boolean
  },
  old: OldTask,
  taken: Effect.Effect<ReadonlyArray<string>, E, R>,
  // A spec of the job (job show -o yaml) keeps its name: the same job again, named by whoever submits it.
  sameName = false,
) =>
  Effect.gen(function* () {
    const name = input.name ?? (sameName ? old.name : nextName(old.name, yield* taken))
    return {
      name,
      workspace: old.workspaceId,
      project: old.projectId,
      compute_group: old.groupId,
      spec: input.spec ?? old.specId,
      image: old.image,
      priority: input.priority ?? old.priority.submitted,
      allow_network_commands: input.allow_network_commands,
      dry_run: input.dry_run,
    }
  })

/** A managed recovery's attempt (notify/recover.ts): its number, and the marker saved before it was sent. */
export interface RecoveryAttempt {
  readonly n: number
  readonly submitId: string
}

const ATTEMPT_LINE = /^export INSPIRE_ATTEMPT=\d+; /

// The old command as it ran, told its attempt in INSPIRE_ATTEMPT (an earlier attempt's line replaced).
const attemptCommand = (command: string, a: RecoveryAttempt | undefined): string =>
  a === undefined ? command : `export INSPIRE_ATTEMPT=${a.n}; ${command.replace(ATTEMPT_LINE, "")}`

/** What a resubmit adds that no user gives: where it comes from, the old image's source, a recovery's marker. */
const extras = (id: string, old: OldTask, applyPrefix: boolean, a?: RecoveryAttempt) => {
  const imageType = imageTypeOf(old.imageType)
  return {
    applyPrefix,
    resubmittedFrom: id,
    ...(imageType !== undefined ? { imageType } : {}),
    ...(a !== undefined ? { createOptions: { submitId: a.submitId } } : {}),
  }
}

/** A training job's submit fields from the old job, unless the input changes them; and what only a resubmit keeps. */
const trainingFields = (id: string, input: ResubmitInput, sameName = false, a?: RecoveryAttempt) =>
  Effect.gen(function* () {
    const { job: old, settings } = yield* Effect.mapError(getTrainingJobSettings(id), notFound(id))
    const names = Effect.map(listTrainingJobs({ workspaceId: old.workspaceId }), (l) => l.jobs.map((j) => j.name))
    const fields: EveryField<SubmitInput> = {
      ...(yield* carried(input, old, names, sameName)),
      command: input.command ?? attemptCommand(old.command, a),
      shm: old.shmGi,
      instance_count: old.nodeCount ?? 1,
      framework: old.framework !== "" ? old.framework : undefined,
      envs: settings.envs,
      max_running_hours: settings.maxRunningTimeMs !== undefined ? settings.maxRunningTimeMs / 3_600_000 : undefined,
      // The old job's datasets go as they were (kept, below), their paths included.
      dataset: undefined,
    }
    const kept = {
      ...(settings.datasets.length > 0 ? { datasets: settings.datasets } : {}),
      ...(settings.autoFaultTolerance === true ? { autoFaultTolerance: true } : {}),
      ...(settings.autoFaultTolerance === true && settings.faultToleranceMaxRetry !== undefined
        ? { faultToleranceMaxRetry: settings.faultToleranceMaxRetry }
        : {}),
    }
    return { old, fields, kept, datasets: settings.datasets }
  })

/** A training job's resubmit: every field of the submit input from the old job, unless the input changes it. */
const resubmitTraining = (id: string, input: ResubmitInput, a?: RecoveryAttempt) =>
  Effect.gen(function* () {
    const { old, fields, kept } = yield* trainingFields(id, input, false, a)
    // The stored command already carries the prefix; a new one is prefixed like a submit's.
    return yield* submitTraining({ ...fields, ...extras(id, old, input.command !== undefined, a), kept })
  })

/** An HPC job's submit fields from the old job, unless the input changes them. */
const hpcFields = (id: string, input: ResubmitInput, sameName = false, a?: RecoveryAttempt) =>
  Effect.gen(function* () {
    const old = yield* Effect.mapError(getHpcJob(id), notFound(id))
    const names = Effect.map(listHpcJobs({ workspaceId: old.workspaceId }), (l) => l.jobs.map((j) => j.name))
    const fields: EveryField<SubmitHpcInput> = {
      ...(yield* carried(input, old, names, sameName)),
      entrypoint: input.entrypoint ?? attemptCommand(old.entrypoint, a),
      instance_count: old.instanceCount ?? 1,
      number_of_tasks: old.numberOfTasks ?? 1,
      cpus_per_task: old.cpusPerTask,
      memory_per_cpu: old.memoryPerCpu !== "" ? old.memoryPerCpu : undefined,
      ttl_after_finish_seconds: old.ttlAfterFinishSeconds,
      dataset: old.datasets.map((d) => `${d.datasetId}:${d.versionId}`),
      // The detail does not say whether the platform was asked to notify: a resubmit asks afresh or not at all.
      enable_notification: undefined,
    }
    return { old, fields }
  })

/** An HPC job's resubmit: every field of the submit input from the old job, unless the input changes it. */
const resubmitHpc = (id: string, input: ResubmitInput, a?: RecoveryAttempt) =>
  Effect.gen(function* () {
    const { old, fields } = yield* hpcFields(id, input, false, a)
    return yield* submitHpc({ ...fields, ...extras(id, old, false, a) })
  })

/** A Ray job's submit fields (the head, every worker group) from the old job, unless the input changes them. */
const rayFields = (id: string, input: ResubmitInput, sameName = false, a?: RecoveryAttempt) =>
  Effect.gen(function* () {
    const old = yield* Effect.mapError(getRayJob(id), notFound(id))
    const names = Effect.map(listRayJobs({ workspaceId: old.workspaceId }), (l) => l.jobs.map((j) => j.name))
    const fields: EveryField<SubmitRayInput> = {
      ...(yield* carried(input, old, names, sameName)),
      entrypoint: input.entrypoint ?? attemptCommand(old.entrypoint, a),
      worker: old.workerGroups.map((g) => `${g.name}:${g.minReplicas ?? 1}-${g.maxReplicas ?? 1}:${g.specId}`),
      shm: old.shmGi,
    }
    return { old, fields }
  })

/** A Ray job's resubmit: the head, every worker group and the rest from the old job, unless the input changes it. */
const resubmitRay = (id: string, input: ResubmitInput, a?: RecoveryAttempt) =>
  Effect.gen(function* () {
    const { old, fields } = yield* rayFields(id, input, false, a)
    return yield* submitRay({ ...fields, ...extras(id, old, input.entrypoint !== undefined, a) })
  })

/**
 * A task's submit fields, as a spec file holds them (`job show -o yaml`): what its resubmit would send,
 * under its own name, with the call's own choices (dry_run, allow_network_commands) left out. A training
 * job's datasets are named by id and version (their mount paths come back from the platform's check).
 */
export const taskSpecFields = (id: string, kind: "train" | "hpc" | "ray") =>
  Effect.gen(function* () {
    const input: ResubmitInput = { job_id: id, allow_network_commands: false, dry_run: false }
    const pick = (fields: Readonly<Record<string, unknown>>) =>
      Object.fromEntries(
        Object.entries(fields).filter(([k, v]) => v !== undefined && k !== "dry_run" && k !== "allow_network_commands"),
      )
    if (kind === "hpc") return pick((yield* hpcFields(id, input, true)).fields)
    if (kind === "ray") return pick((yield* rayFields(id, input, true)).fields)
    const t = yield* trainingFields(id, input, true)
    const dataset = t.datasets.map((d) => (d.versionId !== "" ? `${d.datasetId}:${d.versionId}` : d.datasetId))
    return pick({ ...t.fields, ...(dataset.length > 0 ? { dataset } : {}) })
  })

/** A recovery's resubmit (notify/recover.ts): the old task as it ran, named `name`, with the attempt's marker. */
export const resubmitAttempt = (id: string, kind: "train" | "hpc" | "ray", name: string, a: RecoveryAttempt) => {
  const input: ResubmitInput = { job_id: id, name, allow_network_commands: true, dry_run: false }
  if (kind === "ray") return resubmitRay(id, input, a)
  return kind === "train" ? resubmitTraining(id, input, a) : resubmitHpc(id, input, a)
}

export const resubmitOperation = defineOperation({
  name: "resubmit",
  title: "Submit a task again from its configuration",
  description: text`Re-creates a training, HPC or Ray task from an existing one's configuration, like the console's "submit via history", optionally with a new name, command/entrypoint, spec or priority; the checks of ${callWord("submit")} apply. Use it after a failure fixed outside the command, or to rerun an experiment. Next: ${callWord("wait")}.`,
  input: Input,
  output: SubmitOutput,
  annotations: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  effects: { writes: true },
  examples: [{ job_id: "{train_job}" }],
  cli: { path: ["job", "resubmit"], positional: ["job_id"] },
  run: (input) =>
    Effect.gen(function* () {
      const { id, kind } = yield* resolveTask(input.job_id, ["train", "hpc", "ray"])
      if (kind !== "train" && kind !== "hpc" && kind !== "ray")
        return yield* Effect.fail(
          invalidInput(
            msg("resubmit-wrong-kind", { id }),
            msg("resubmit-wrong-kind-hint", { inference: callWord("inference"), notebook: callWord("notebook") }),
          ),
        )
      if (kind === "ray") return yield* resubmitRay(id, input)
      return yield* kind === "train" ? resubmitTraining(id, input) : resubmitHpc(id, input)
    }),
  render: (r: SubmitResult) => renderSubmit(r),
})
