import { beforeEach, describe, expect, it } from "vitest"
import { jobDetailOperation } from "../../src/operations/job-detail/index.js"
import { useEmulator } from "../emulator.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, plainImage, startHpcJob, startJob, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

const detailOf = async (profile: ReturnType<typeof trainingProfile>, jobId: string) =>
  succeeded(await call(emu.current, jobDetailOperation, { job_id: jobId }, profile))

describe("job_detail", () => {
  it("shows a succeeded job's configuration, pods, timing and console link without a diagnosis", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "exp-ok")
    emu.current.control.clock.advance(10)
    const r = await detailOf(profile, id)
    expect(r.result).toMatchObject({
      id,
      kind: "train",
      name: "exp-ok",
      status: { family: "succeeded", raw: "job_succeeded" },
      workspace: "分布式训练空间",
      computeGroup: "H100",
      command: "python train.py",
      priority: 6,
      instances: 1,
      shmGi: 64,
    })
    expect(r.result.spec.gpus).toBe(1)
    expect(r.result.pods[0]?.pod).toBe(`${id}-worker-0`)
    expect(r.result.timing.finishedAt).toBeGreaterThan(r.result.timing.createdAt ?? 0)
    expect(r.result.consoleUrl).toContain(id)
    expect(r.result.diagnosis).toBeUndefined()
    expect(r.text).toMatch(/status:\s+succeeded \(job_succeeded\)/)
    expect(r.text).toContain(`${id}-worker-0`)
    expect(r.text).not.toContain("Diagnosis")
  })

  it("diagnoses a Python traceback (exit 1) by its last exception line", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "fails", "python train.py; exit 1")
    emu.current.control.clock.advance(10)
    emu.current.control.clearRequests()
    const r = await detailOf(profile, id)
    expect(r.result.status.family).toBe("failed")
    // The pods listed for the detail serve the events and the log tail: one listing in all.
    const surfaces = emu.current.control.requests().bySurface
    const listings = Object.entries(surfaces).filter(([k]) => /ListJobInstances|instances/i.test(k))
    expect(listings.reduce((n, [, c]) => n + c, 0)).toBe(1)
    expect(r.result.diagnosis?.findings[0]).toMatchObject({
      kind: "traceback",
      evidence: expect.stringContaining("FileNotFoundError"),
    })
    expect(r.result.diagnosis?.logLinesRead).toBeGreaterThan(5)
    expect(r.text).toContain("Diagnosis")
    expect(r.text).toContain("evidence: FileNotFoundError")
  })

  it("diagnoses out of memory, preemption and network use in an offline workspace", async () => {
    const profile = trainingProfile(emu.current)
    const oom = await startJob(emu.current, profile, "oom", "python train.py #emu:oom")
    const pre = await startJob(emu.current, profile, "pre", "python train.py #emu:preempt", { priority: 2 })
    const net = await startJob(emu.current, profile, "net", "pip install transformers && python train.py")
    emu.current.control.clock.advance(10)
    const o = await detailOf(profile, oom)
    expect(o.result.diagnosis?.findings[0]?.kind).toBe("oom")
    expect(o.text).toContain("fix: Lower the batch size")
    const p = await detailOf(profile, pre)
    expect(p.result.diagnosis?.findings.map((f) => f.kind)).toContain("preempted")
    expect(p.text).toContain("priority ≥ 4")
    const n = await detailOf(profile, net)
    expect(n.result.diagnosis?.findings[0]?.kind).toBe("offline-network")
    expect(n.text).toContain("shared storage")
  })

  it("diagnoses a job whose node failed as the platform's doing, not its code's", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "lost", "python train.py #emu:idle")
    emu.current.control.clock.advance(30)
    const control = emu.current.control
    expect(control.nodes.fail(control.nodes.of(id))).toEqual([id])
    const r = await detailOf(profile, id)
    expect(r.result).toMatchObject({ status: { family: "failed" }, subStatus: "NodeNotReady" })
    expect(r.result.diagnosis?.findings.map((f) => f.kind)).toEqual(["node-fault"])
    expect(r.text).toContain("The node the task ran on failed")
  })

  it("explains a queued job by the scheduler's events", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startJob(emu.current, profile, "queued", "python train.py", { queued: true })
    emu.current.control.clock.advance(5)
    const r = await detailOf(profile, id)
    expect(r.result.status.family).toBe("waiting")
    expect(r.result.pods[0]?.status).toBe("instance_queued")
    expect(r.result.diagnosis?.findings.map((f) => f.kind)).toEqual(["unschedulable"])
    expect(r.text).toContain("inspire_status")
  })

  it("diagnoses an HPC job without Slurm in its image", async () => {
    const profile = trainingProfile(emu.current)
    const id = await startHpcJob(emu.current, profile, "noslurm", plainImage(emu.current))
    emu.current.control.clock.advance(10)
    const r = await detailOf(profile, id)
    expect(r.result).toMatchObject({ kind: "hpc", status: { family: "failed" } })
    expect(r.result.hpc?.cpusPerTask).toBe(4)
    expect(r.result.diagnosis?.findings[0]?.kind).toBe("no-slurm")
    expect(r.text).toContain("Slurm image")
  })

  it("refuses unknown and malformed ids with what to do", async () => {
    const missing = failed(await call(emu.current, jobDetailOperation, { job_id: "job-00000000-dead-beef" }))
    expect(missing.reason).toBe("NotFound")
    const wrong = failed(await call(emu.current, jobDetailOperation, { job_id: "ws-123" }))
    expect(wrong.reason).toBe("InvalidInput")
    expect(wrong.message).toContain("workspace")
    expect(wrong.candidates?.length).toBeGreaterThan(0)
  })
})
