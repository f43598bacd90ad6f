import { beforeEach, describe, expect, it } from "vitest"
import { resubmitOperation } from "../../src/operations/resubmit.js"
import { submitOperation } from "../../src/operations/submit.js"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

const emu = useEmulator()

type State = ReturnType<typeof emu.current.control.state>

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const taskOf = (id: string | undefined) => (emu.current.control.state() as State).tasks.find((t) => t.id === id)

const submitted = async (profile: ReturnType<typeof profileFor>, name: string) => {
  const t = trainingInput(emu.current, name)
  const r = succeeded(
    await call(
      emu.current,
      submitOperation,
      {
        name,
        command: "python train.py",
        workspace: t.workspaceId,
        project: t.projectId,
        compute_group: t.groupId,
        spec: t.specId,
        image: t.image,
        priority: 6,
        shm: 32,
      },
      profile,
    ),
  )
  return r.result
}

describe("resubmit", () => {
  it("re-creates a finished job with the same configuration under the next free name", async () => {
    const profile = profileFor(emu.current, { INSPIRE_COMMAND_PREFIX: "cd /inspire/hdd/project/{en_name}" })
    const first = await submitted(profile, "exp-7")
    emu.current.control.clock.advance(400)
    const again = succeeded(await call(emu.current, resubmitOperation, { job_id: first.jobId }, profile))
    expect(again.result.name).toBe("exp-7-r1")
    expect(again.result.jobId).not.toBe(first.jobId)
    expect(again.result.resubmittedFrom).toBe(first.jobId)
    const [a, b] = [taskOf(first.jobId), taskOf(again.result.jobId)]
    expect(b).toMatchObject({
      command: a?.command,
      specId: a?.specId,
      lcgId: a?.lcgId,
      workspaceId: a?.workspaceId,
      projectId: a?.projectId,
      image: a?.image,
      priority: a?.priority,
      instances: a?.instances,
    })
    // The stored command already carries the prefix: it is not prefixed twice.
    expect(b?.command).toBe("cd /inspire/hdd/project/embodied-fm && python train.py")
    expect(again.result.shmGi).toBe(32)
    expect(again.text).toContain(`Training job exp-7-r1 submitted: ${again.result.jobId} (from ${first.jobId})`)
    const third = succeeded(await call(emu.current, resubmitOperation, { job_id: again.result.jobId }, profile))
    expect(third.result.name).toBe("exp-7-r2")
  })

  it("takes a new name and spec, through the same checks", async () => {
    const profile = profileFor(emu.current)
    const first = await submitted(profile, "exp-8")
    const eight = (emu.current.control.state() as State).specs.find(
      (s) => s.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && s.lcgIds.includes(first.computeGroup.id) && s.gpuCount === 8,
    )
    const r = succeeded(
      await call(emu.current, resubmitOperation, { job_id: first.jobId, name: "exp-8-big", spec: eight?.id }, profile),
    )
    expect(taskOf(r.result.jobId)).toMatchObject({ name: "exp-8-big", specId: eight?.id })
    expect(r.result.warnings.some((w) => w.includes("shm is 32 GiB for a job of 8 GPUs"))).toBe(true)
    const wrong = failed(await call(emu.current, resubmitOperation, { job_id: first.jobId, spec: "quota-x" }, profile))
    expect(wrong.message).toContain('Spec "quota-x" cannot be used')
    const capped = failed(await call(emu.current, resubmitOperation, { job_id: first.jobId, priority: 11 }, profile))
    expect(capped.message).toContain("Priority 11")
  })

  it("re-creates an HPC job as a dry run with its Slurm layout", async () => {
    const h = hpcInput(emu.current, "slurm-a")
    const first = succeeded(
      await call(emu.current, submitHpcOperation, {
        name: "slurm-a",
        entrypoint: "srun python run.py",
        workspace: h.workspaceId,
        project: h.projectId,
        compute_group: h.groupId,
        spec: h.specId,
        image: h.image,
        number_of_tasks: 2,
        cpus_per_task: 2,
        memory_per_cpu: "4G",
      }),
    ).result
    const r = succeeded(await call(emu.current, resubmitOperation, { job_id: first.jobId, dry_run: true }))
    expect(r.result.request?.body).toMatchObject({
      name: "slurm-a-r1",
      entrypoint: "srun python run.py",
      spec_id: h.specId,
      number_of_tasks: 2,
      cpus_per_task: 2,
      memory_per_cpu: "4G",
      task_priority: first.priority,
    })
    expect((emu.current.control.state() as State).tasks).toHaveLength(1)
    expect(r.text).toContain("Dry run: HPC job slurm-a-r1 was not created.")
  })

  it("refuses unknown ids and tasks it cannot re-create", async () => {
    const missing = failed(
      await call(emu.current, resubmitOperation, { job_id: "job-00000000-0000-0000-0000-000000000000" }),
    )
    expect(missing.reason).toBe("NotFound")
    expect(missing.hint).toContain("inspire_jobs")
    const bad = failed(await call(emu.current, resubmitOperation, { job_id: "nonsense" }))
    expect(bad.reason).toBe("NotFound")
    expect(bad.message).toContain('No task is named "nonsense"')
    const serving = failed(await call(emu.current, resubmitOperation, { job_id: "sv-123" }))
    expect(serving.message).toContain("not a training, HPC or Ray task")
  })
})
