import type { RunningEmulator } from "@holos-inspire/emulator"
import { Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import { createTrainingJob } from "../../src/api/jobs/index.js"
import { resubmitOperation } from "../../src/operations/resubmit.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, succeeded } from "./harness.js"

// A resubmit carries every field of the submit input the platform keeps. Each field of the input
// schema is either seen here (in the create body a dry run shows, and in the platform's record of the
// job a real resubmit makes) or listed as not carried, with the reason: a field added to the submit
// input fails this test until the resubmit carries it or it is listed.

const emu = useEmulator()

type State = ReturnType<RunningEmulator["control"]["state"]>
type Task = State["tasks"][number]
type Body = Record<string, unknown>

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const taskOf = (id: string | undefined): Task => {
  const t = (emu.current.control.state() as State).tasks.find((x) => x.id === id)
  if (t === undefined) throw new Error(`no task ${id}`)
  return t
}

const MARKER = "INSPIRE_SUBMIT_ID"
const MARKER_LINE = /\n# INSPIRE_SUBMIT_ID=\S+\n?$/

/** The environment variables a job was given, without this client's create marker (each create has its own). */
const ownEnvs = (envs: unknown) =>
  ((envs ?? []) as ReadonlyArray<{ name: string; value: string }>)
    .filter((e) => e.name !== MARKER)
    .map((e) => `${e.name}=${e.value}`)
    .sort()

const first = (b: Body) => ((b.framework_config ?? []) as ReadonlyArray<Body>)[0] ?? {}

/** Where a field of a submit input shows: in a create body, and in the platform's record of the job. */
interface Seen {
  readonly body: (b: Body) => unknown
  readonly task: (t: Task) => unknown
}

// The fields no resubmit carries, and why; every other field of the input must be seen.
const NOT_CARRIED: Readonly<Record<string, string>> = {
  name: "a new job takes a new name, <old name>-r<N> (asserted on its own)",
  allow_network_commands: "a choice of the call, not a setting of the job; resubmit takes its own",
  dry_run: "a choice of the call, not a setting of the job; resubmit takes its own",
  enable_notification: "the job's detail does not say whether the platform was asked to notify",
}

const TRAINING: Readonly<Record<string, Seen>> = {
  command: { body: (b) => b.command, task: (t) => t.command },
  workspace: { body: (b) => b.workspace_id, task: (t) => t.workspaceId },
  project: { body: (b) => b.project_id, task: (t) => t.projectId },
  compute_group: { body: (b) => b.logic_compute_group_id, task: (t) => t.lcgId },
  spec: { body: (b) => first(b).spec_id, task: (t) => t.specId },
  image: { body: (b) => first(b).image, task: (t) => t.image },
  priority: { body: (b) => b.task_priority, task: (t) => t.priority },
  shm: { body: (b) => first(b).shm_gi, task: (t) => t.extra.shm_gi },
  instance_count: { body: (b) => first(b).instance_count, task: (t) => t.instances },
  framework: { body: (b) => b.framework, task: (t) => t.extra.framework },
  envs: { body: (b) => ownEnvs(b.envs), task: (t) => ownEnvs(t.extra.envs) },
  max_running_hours: { body: (b) => b.max_running_time_ms, task: (t) => t.extra.max_running_time_ms },
  dataset: { body: (b) => b.dataset_info, task: (t) => t.extra.dataset_info },
}

const HPC: Readonly<Record<string, Seen>> = {
  entrypoint: { body: (b) => b.entrypoint, task: (t) => t.command.replace(MARKER_LINE, "") },
  workspace: { body: (b) => b.workspace_id, task: (t) => t.workspaceId },
  project: { body: (b) => b.project_id, task: (t) => t.projectId },
  compute_group: { body: (b) => b.logic_compute_group_id, task: (t) => t.lcgId },
  spec: { body: (b) => b.spec_id, task: (t) => t.specId },
  image: { body: (b) => b.image, task: (t) => t.image },
  priority: { body: (b) => b.task_priority, task: (t) => t.priority },
  instance_count: { body: (b) => b.instance_count, task: (t) => t.instances },
  number_of_tasks: { body: (b) => b.number_of_tasks, task: (t) => t.extra.number_of_tasks },
  cpus_per_task: { body: (b) => b.cpus_per_task, task: (t) => t.extra.cpus_per_task },
  memory_per_cpu: { body: (b) => b.memory_per_cpu, task: (t) => t.extra.memory_per_cpu },
  ttl_after_finish_seconds: {
    body: (b) => b.ttl_after_finish_seconds,
    task: (t) => t.extra.ttl_after_finish_seconds,
  },
}

// An HPC job with datasets goes through the console's create, whose body nests the Slurm and node layers.
const sbatch = (b: Body) => (b.sbatch_script ?? {}) as Body
const cluster = (b: Body) => (b.slurm_cluster_spec ?? {}) as Body
const HPC_DATASETS: Readonly<Record<string, Seen>> = {
  entrypoint: { body: (b) => sbatch(b).entrypoint, task: (t) => t.command.replace(MARKER_LINE, "") },
  workspace: HPC.workspace as Seen,
  project: HPC.project as Seen,
  compute_group: HPC.compute_group as Seen,
  spec: { body: (b) => cluster(b).predef_quota_id, task: (t) => t.specId },
  image: { body: (b) => cluster(b).image, task: (t) => t.image },
  priority: { body: (b) => b.priority, task: (t) => t.priority },
  instance_count: { body: (b) => cluster(b).instance_count, task: (t) => t.instances },
  number_of_tasks: { body: (b) => sbatch(b).number_of_tasks, task: (t) => t.extra.number_of_tasks },
  cpus_per_task: { body: (b) => sbatch(b).cpus_per_task, task: (t) => t.extra.cpus_per_task },
  memory_per_cpu: { body: (b) => sbatch(b).memory_per_cpu, task: (t) => t.extra.memory_per_cpu },
  dataset: { body: (b) => b.dataset_info, task: (t) => t.extra.dataset_info },
}

/** The input's fields neither seen nor listed as not carried: each one a field a resubmit may drop unnoticed. */
const unaccounted = (shape: object, seen: object) =>
  Object.keys(shape).filter((k) => !(k in seen) && !(k in NOT_CARRIED))

/**
 * Submits `input` (a dry run first, for the exact body), then resubmits the job as a dry run and for
 * real; each seen field must be the same in the two bodies and in the two platform records, and the
 * submit must have set it (so "the same" is not two empty values).
 */
const roundTrip = async (
  operation: typeof submitOperation | typeof submitHpcOperation,
  input: Record<string, unknown>,
  seen: Readonly<Record<string, Seen>>,
) => {
  const profile = profileFor(emu.current)
  const run = async (op: typeof operation | typeof resubmitOperation, raw: unknown) =>
    succeeded(await call(emu.current, op as typeof resubmitOperation, raw, profile)).result
  const shape = operation.input.shape
  for (const key of Object.keys(seen)) expect(Object.keys(shape), key).toContain(key)
  for (const key of Object.keys(seen)) expect(input[key], `the submit sets ${key}`).toBeDefined()
  const sentBody = (await run(operation, { ...input, dry_run: true })).request?.body as Body
  const old = await run(operation, input)
  emu.current.control.clock.advance(400)
  const dry = await run(resubmitOperation, { job_id: old.jobId, dry_run: true })
  const again = await run(resubmitOperation, { job_id: old.jobId })
  expect(dry.name).toBe(`${input.name}-r1`)
  expect(again.name).toBe(`${input.name}-r1`)
  const body = dry.request?.body as Body
  // The old create's marker is its own: a resubmit's body never carries it.
  expect(JSON.stringify(body)).not.toContain(MARKER)
  const [was, is] = [taskOf(old.jobId), taskOf(again.jobId)]
  for (const [key, where] of Object.entries(seen)) {
    expect(where.body(sentBody), `${key} in the submit's body`).not.toEqual(undefined)
    expect(where.body(body), `${key} in the resubmit's body`).toEqual(where.body(sentBody))
    expect(where.task(is), `${key} on the resubmitted job`).toEqual(where.task(was))
  }
}

describe("resubmit carries every field of the submit input", () => {
  it("accounts for each field of the training submit input", () => {
    expect(unaccounted(submitOperation.input.shape, TRAINING)).toEqual([])
  })

  it("accounts for each field of the HPC submit input", () => {
    expect(unaccounted(submitHpcOperation.input.shape, { ...HPC, ...HPC_DATASETS })).toEqual([])
  })

  it("re-creates a training job with each field it was submitted with", async () => {
    const t = trainingInput(emu.current, "every-field")
    await roundTrip(
      submitOperation,
      {
        name: "every-field",
        command: "python train.py --lr 3e-4",
        compute_group: t.groupId,
        spec: t.specId,
        workspace: t.workspaceId,
        project: t.projectId,
        image: t.image,
        priority: 5,
        shm: 48,
        instance_count: 2,
        framework: "deepspeed",
        envs: { WANDB_MODE: "offline", HF_HOME: "/inspire/hdd/cache" },
        max_running_hours: 1.5,
        dataset: [(emu.current.control.state() as State).datasets[0]?.id],
      },
      TRAINING,
    )
  })

  it("re-creates an HPC job with each field it was submitted with", async () => {
    const h = hpcInput(emu.current, "every-hpc")
    await roundTrip(
      submitHpcOperation,
      {
        name: "every-hpc",
        entrypoint: "srun python run.py",
        workspace: h.workspaceId,
        compute_group: h.groupId,
        spec: h.specId,
        project: h.projectId,
        image: h.image,
        priority: 5,
        instance_count: 1,
        number_of_tasks: 2,
        cpus_per_task: 2,
        memory_per_cpu: "2G",
        ttl_after_finish_seconds: 120,
      },
      HPC,
    )
  })

  it("re-creates an HPC job with datasets, through the console's create, with each field it was submitted with", async () => {
    const h = hpcInput(emu.current, "every-hpc-data")
    await roundTrip(
      submitHpcOperation,
      {
        name: "every-hpc-data",
        entrypoint: "srun python run.py",
        workspace: h.workspaceId,
        compute_group: h.groupId,
        spec: h.specId,
        project: h.projectId,
        image: h.image,
        priority: 5,
        instance_count: 1,
        number_of_tasks: 2,
        cpus_per_task: 2,
        memory_per_cpu: "2G",
        dataset: [(emu.current.control.state() as State).datasets[0]?.id],
      },
      HPC_DATASETS,
    )
  })

  it("keeps what a job has beyond the submit input: its datasets and fault tolerance", async () => {
    const profile = profileFor(emu.current)
    const t = trainingInput(emu.current, "with-data")
    const s = emu.current.control.state() as State
    const dataset = s.datasets.find((d) =>
      s.projects.some((p) => p.id === d.projectId && p.spaceIds.includes(t.workspaceId)),
    )
    const version = dataset?.versions[0]
    if (dataset === undefined || version === undefined) throw new Error("fixture has no dataset for the workspace")
    const created = await profile.run(
      createTrainingJob({
        ...t,
        datasets: [{ datasetId: dataset.id, versionId: version.id }],
        autoFaultTolerance: true,
      }),
    )
    if (!Exit.isSuccess(created)) throw new Error(`create failed: ${JSON.stringify(created.cause)}`)
    const jobId = created.value.jobId
    const dry = succeeded(await call(emu.current, resubmitOperation, { job_id: jobId, dry_run: true }, profile))
    expect(dry.result.request?.body).toMatchObject({
      dataset_info: [{ dataset_id: dataset.id, version_id: version.id }],
      auto_fault_tolerance: true,
    })
    const again = succeeded(await call(emu.current, resubmitOperation, { job_id: jobId }, profile))
    expect(taskOf(again.result.jobId).extra).toMatchObject({
      dataset_info: taskOf(jobId).extra.dataset_info,
      auto_fault_tolerance: true,
    })
  })
})
