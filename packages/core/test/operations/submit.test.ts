import { beforeEach, describe, expect, it } from "vitest"
import { submitOperation } from "../../src/operations/submit.js"
import { syncClock, trainingInput } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"

const emu = useEmulator()

type State = ReturnType<typeof emu.current.control.state>

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

// A valid training submit in 分布式训练空间 / H100 (offline), by ids from the fixture.
const base = (name: string, command = "python train.py") => {
  const t = trainingInput(emu.current, name, command)
  return {
    name,
    command,
    workspace: t.workspaceId,
    project: t.projectId,
    compute_group: t.groupId,
    spec: t.specId,
    image: t.image,
  }
}

const specsOf = (groupId: string, type: string) =>
  (emu.current.control.state() as State).specs.filter(
    (s) => s.type === `SCHEDULE_CONFIG_TYPE_${type}` && s.lcgIds.includes(groupId),
  )

describe("submit", () => {
  it("creates a job with the commandPrefix placeholders filled in and says how to watch it", async () => {
    const profile = profileFor(emu.current, {
      INSPIRE_COMMAND_PREFIX:
        "cd /inspire/hdd/project/{en_name}/code && export OUT=/inspire/hdd/global_user/{username}",
    })
    const r = succeeded(await call(emu.current, submitOperation, base("exp-001"), profile))
    expect(r.result.jobId).toMatch(/^job-/)
    expect(r.result.dryRun).toBe(false)
    expect(r.result.consoleUrl).toContain(`/jobs/distributedTrainingDetail/${r.result.jobId}?spaceId=`)
    expect(r.result.priority).toBe(10) // no defaultPriority: the project's cap
    expect(r.result.command).toBe(
      "cd /inspire/hdd/project/embodied-fm/code && export OUT=/inspire/hdd/global_user/20250001 && python train.py",
    )
    const task = (emu.current.control.state() as State).tasks.find((t) => t.id === r.result.jobId)
    expect(task?.command).toBe(r.result.command)
    expect(r.result.next.map((n) => n.operation)).toEqual(["jobs", "job_detail", "logs", "metrics", "wait"])
    expect(r.result.next[2]?.input).toEqual({ job_id: r.result.jobId, lines: 50 })
    expect(r.text).toContain(`Training job exp-001 submitted: ${r.result.jobId}`)
    expect(r.text).toContain(`inspire_logs(job_id="${r.result.jobId}", lines=50)`)
    expect(r.text).toContain("/inspire/hdd/project/embodied-fm/code")
  })

  it("dry run returns the exact body and creates nothing; defaultShm (MB) is converted and a missing group picked", async () => {
    const profile = profileFor(emu.current, { INSPIRE_DEFAULT_SHM: "65536", INSPIRE_DEFAULT_PRIORITY: "6" })
    const { compute_group: _group, spec: _spec, ...rest } = base("dry-1")
    const eight = specsOf(trainingInput(emu.current, "x").groupId, "TRAIN").find((s) => s.gpuCount === 8)
    const r = succeeded(
      await call(emu.current, submitOperation, { ...rest, spec: eight?.id, instance_count: 2, dry_run: true }, profile),
    )
    expect((emu.current.control.state() as State).tasks).toHaveLength(0)
    expect(r.result.dryRun).toBe(true)
    expect(r.result.jobId).toBeUndefined()
    expect(r.result.computeGroup.name).toBe("H100")
    expect(r.result.warnings).toContain("No compute_group given: using H100, the first group of 分布式训练空间.")
    expect(r.result.warnings).toContain("shm from defaultShm: 65536 MB = 64 GiB.")
    expect(r.result.request?.surface).toBe("openapi/v1/train_job/create")
    expect(r.result.request?.body).toMatchObject({
      name: "dry-1",
      command: "python train.py",
      task_priority: 6,
      framework: "pytorch",
      framework_config: [{ spec_id: eight?.id, instance_count: 2, shm_gi: 64, image: rest.image }],
    })
    expect(r.text).toContain("Dry run: Training job dry-1 was not created.")
    expect(r.text).toContain('"shm_gi": 64')
  })

  it("warns about small shm on a multi-GPU job", async () => {
    const eight = specsOf(trainingInput(emu.current, "x").groupId, "TRAIN").find((s) => s.gpuCount === 8)
    const r = succeeded(
      await call(emu.current, submitOperation, { ...base("shm-1"), spec: eight?.id, shm: 8, dry_run: true }),
    )
    expect(r.result.shmGi).toBe(8)
    expect(r.result.warnings.some((w) => w.includes("shm is 8 GiB for a job of 8 GPUs"))).toBe(true)
    expect(r.text).toContain("warning: shm is 8 GiB")
  })

  it("lists the candidate specs when the spec is missing, wrong or of another schedule type", async () => {
    const { spec: _spec, ...noSpec } = base("s")
    const missing = failed(await call(emu.current, submitOperation, noSpec))
    expect(missing.message).toMatch(/No spec was given for compute group H100/)
    const ids = specsOf(noSpec.compute_group, "TRAIN").map((s) => s.id)
    expect((missing.candidates as Array<{ id: string }>).map((c) => c.id).sort()).toEqual([...ids].sort())
    expect(missing.hint).toContain("ID")
    expect(missing.hint).toContain(ids[0])
    const wrong = failed(await call(emu.current, submitOperation, { ...noSpec, spec: "quota-nope" }))
    expect(wrong.message).toMatch(/Spec "quota-nope" cannot be used: it is not a spec of compute group H100/)
    expect(wrong.candidates).toHaveLength(ids.length)
    const notebook = specsOf(noSpec.compute_group, "DSW")[0]?.id
    const other = failed(await call(emu.current, submitOperation, { ...noSpec, spec: notebook }))
    expect(other.message).toContain("it is a spec for notebooks, not training jobs")
    expect(other.hint).toContain("PRICE/H")
  })

  it("refuses network commands in an offline workspace unless allowed", async () => {
    const input = base("net-1", "pip install wandb && python train.py")
    const refused = failed(await call(emu.current, submitOperation, input))
    expect(refused.reason).toBe("InvalidInput")
    expect(refused.message).toContain("would fail on the platform")
    expect(refused.hint).toContain("allow_network_commands")
    const allowed = succeeded(
      await call(emu.current, submitOperation, { ...input, allow_network_commands: true, dry_run: true }),
    )
    expect(allowed.result.findings.find((f) => f.rule === "offline-network")?.level).toBe("warning")
    expect(allowed.text).toMatch(/warning: .*pip/)
  })

  it("refuses a push-domain image with the corrected address", async () => {
    const input = base("img-1")
    const push = input.image.replace("docker.sii.shaipower.online", "docker-qb.sii.edu.cn")
    const e = failed(await call(emu.current, submitOperation, { ...input, image: push }))
    expect(e.message).toContain("push domain")
    expect(e.fix).toBe(input.image)
    expect((emu.current.control.state() as State).tasks).toHaveLength(0)
  })

  it("refuses a priority above the project's cap, naming the cap", async () => {
    const e = failed(
      await call(emu.current, submitOperation, { ...base("prio-1"), project: "视觉语言对齐", priority: 9 }),
    )
    expect(e.message).toContain("Priority 9 is above this project's cap of 4")
    expect(e.fix).toBe("4")
  })

  it("refuses a priority level the spec does not allow, saying where the priority came from", async () => {
    const state = emu.current.control.state() as State
    const low = state.specs.find((s) => s.type === "SCHEDULE_CONFIG_TYPE_TRAIN" && s.allowedPriorityLevels.length > 0)
    const group = state.groups.find((g) => g.id === low?.lcgIds[0])
    const e = failed(
      await call(emu.current, submitOperation, { ...base("low-1"), compute_group: group?.id, spec: low?.id }),
    )
    expect(e.message).toContain("Priority 10 (HIGH) is not allowed for this spec, which accepts LOW")
    expect(e.message).toContain("It is the project's cap.")
    expect(e.hint).toContain("Pass priority explicitly.")
    const ok = succeeded(
      await call(emu.current, submitOperation, {
        ...base("low-2"),
        compute_group: group?.id,
        spec: low?.id,
        priority: 2,
        dry_run: true,
      }),
    )
    expect(ok.result.priority).toBe(2)
  })

  it("needs a workspace when no default is set, listing the workspaces", async () => {
    const { workspace: _ws, ...rest } = base("ws-1")
    const e = failed(await call(emu.current, submitOperation, rest))
    expect(e.message).toContain("No workspace was given and no defaultWorkspace is set.")
    expect(e.hint).toContain("inspire_status")
    expect((e.candidates as Array<{ name: string }>).map((c) => c.name)).toContain("分布式训练空间")
  })

  it("warns when the project's budget is exhausted", async () => {
    const ws = (emu.current.control.state() as State).workspaces.find((w) => w.name === "可上网GPU资源")
    const { spec: _spec, compute_group: _g, ...rest } = base("budget-1")
    const group = (emu.current.control.state() as State).groups.find((g) => g.workspaceId === ws?.id)
    const spec = specsOf(group?.id ?? "", "TRAIN").find((s) => s.gpuCount === 1)
    const r = succeeded(
      await call(emu.current, submitOperation, {
        ...rest,
        workspace: "可上网GPU资源",
        project: "公共科研项目",
        compute_group: group?.id,
        spec: spec?.id,
        priority: 3,
        dry_run: true,
      }),
    )
    expect(r.result.warnings.some((w) => w.includes("remaining budget is 0"))).toBe(true)
    expect(r.text).toContain("Priority 3 is pre-emptible")
  })
})
