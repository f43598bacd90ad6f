import { beforeEach, describe, expect, it } from "vitest"
import { submitHpcOperation } from "../../src/operations/submit-hpc.js"
import { hpcInput, syncClock } from "../api/jobs/fixture.js"
import { useEmulator } from "../emulator.js"
import { call, succeeded } from "./harness.js"

const emu = useEmulator()

beforeEach(() => {
  emu.current.control.reset()
  syncClock(emu.current)
})

const base = (name: string) => {
  const h = hpcInput(emu.current, name, "srun python preprocess.py")
  return {
    name,
    entrypoint: "srun python preprocess.py",
    workspace: "高性能计算",
    compute_group: h.groupId,
    spec: h.specId,
    project: "具身智能基础模型",
    image: h.image,
  }
}

describe("submit_hpc with enable_notification", () => {
  it("asks the platform to notify through the console's create, with the spec's size", async () => {
    const dry = succeeded(
      await call(emu.current, submitHpcOperation, { ...base("notified"), enable_notification: true, dry_run: true }),
    )
    expect(dry.result.request?.surface).toBe("api/v1/hpc_jobs")
    expect(dry.result.request?.body).toMatchObject({ job_name: "notified", enable_notification: true })
    expect(dry.result.request?.body).toMatchObject({ slurm_cluster_spec: { cpu: 16 } })
    const plain = succeeded(await call(emu.current, submitHpcOperation, { ...base("plain"), dry_run: true }))
    expect(plain.result.request?.body).not.toHaveProperty("enable_notification")
    emu.current.control.clearRequests()
    const r = succeeded(await call(emu.current, submitHpcOperation, { ...base("notified"), enable_notification: true }))
    expect(r.result.jobId).toMatch(/^hpc-job-/)
    const writes = emu.current.control.requests().log.filter((q) => q.write)
    expect(writes.map((q) => q.surface)).toEqual(["v1:POST /api/v1/hpc_jobs"])
  })
})
