import { Exit } from "effect"
import { beforeEach, describe, expect, it } from "vitest"
import {
  createHpcJob,
  getHpcJob,
  listHpcJobs,
  listJobEvents,
  stopHpcJob,
  stopTrainingJob,
  tailLogs,
} from "../../../src/api/jobs/index.js"
import { useEmulator } from "../../emulator.js"
import { profileFor } from "../../harness.js"
import { countNamed, hpcInput, syncClock } from "./fixture.js"

const emu = useEmulator()

const ok = <A>(exit: Exit.Exit<A, unknown>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${JSON.stringify(exit.cause)}`)
}

beforeEach(() => {
  emu.current.control.reset()
  emu.current.control.faults.reset()
  syncClock(emu.current)
})

describe("HPC jobs", () => {
  it("runs a Slurm job to success, with events and logs, and lists it through the V1 fallback", async () => {
    const h = profileFor(emu.current)
    const created = ok(await h.run(createHpcJob(hpcInput(emu.current, "slurm-1"))))
    expect(created.jobId).toMatch(/^hpc-job-/)
    expect(created.job?.consoleUrl).toContain(`/jobs/hpcDetail/${created.jobId}`)
    emu.current.control.clock.advance(0.5)
    const running = ok(await h.run(getHpcJob(created.jobId)))
    expect(running.status.family).toBe("running")
    expect(running.memoryPerCpu).toBe("4G")
    expect(ok(await h.run(tailLogs(created.jobId, 3))).length).toBe(3)
    emu.current.control.clock.advance(5)
    const done = ok(await h.run(getHpcJob(created.jobId)))
    expect(done.status).toMatchObject({ family: "succeeded", raw: "SUCCEEDED" })
    expect(ok(await h.run(listJobEvents(created.jobId))).events.length).toBeGreaterThan(0)
    emu.current.control.faults.set({ surfaces: { "v2:hpc.ListJobs": "InvalidAction" } })
    const list = ok(await h.run(listHpcJobs({ workspaceId: hpcInput(emu.current, "x").workspaceId })))
    expect(list.jobs.map((j) => j.name)).toEqual(["slurm-1"])
  })

  it("refuses an #SBATCH entrypoint locally", async () => {
    const h = profileFor(emu.current)
    const exit = await h.run(createHpcJob(hpcInput(emu.current, "sbatch", "#SBATCH -n 4\nsrun hostname")))
    expect(JSON.stringify(exit)).toContain("SBATCH")
    expect(emu.current.control.state().tasks).toHaveLength(0)
  })

  it("creates through V2 when the OA path is absent, stops after the Conflict window, and reports finished jobs", async () => {
    const h = profileFor(emu.current)
    emu.current.control.faults.set({ surfaces: { "oa:/openapi/v1/hpc_jobs/create": "404" } })
    const created = ok(await h.run(createHpcJob(hpcInput(emu.current, "slurm-v2", "srun sleep 1 #emu:idle"))))
    expect(countNamed(emu.current, "slurm-v2")).toBe(1)
    emu.current.control.faults.reset()
    setTimeout(() => emu.current.control.clock.advance(2), 700)
    expect(ok(await h.run(stopHpcJob(created.jobId))).outcome).toBe("stopped")
    expect(ok(await h.run(getHpcJob(created.jobId))).status.family).toBe("stopped")
    expect(ok(await h.run(stopHpcJob(created.jobId))).outcome).toBe("already-finished")
  })

  it("lists every page of HPC jobs and warns about an image without Slurm", async () => {
    const h = profileFor(emu.current)
    const noSlurm = {
      ...hpcInput(emu.current, "no-slurm"),
      image: "docker.sii.shaipower.online/inspire-studio/my-train:v1",
    }
    const exit = await h.run(createHpcJob(noSlurm))
    if (Exit.isSuccess(exit)) expect(exit.value.warnings.join(" ")).toContain("slurm")
    for (let i = 0; i < 3; i++) ok(await h.run(createHpcJob(hpcInput(emu.current, `hpc-page-${i}`))))
    const list = ok(await h.run(listHpcJobs({ workspaceId: hpcInput(emu.current, "x").workspaceId, pageSize: 2 })))
    expect(list.jobs.filter((j) => j.name.startsWith("hpc-page-"))).toHaveLength(3)
  })

  it("says a job id that does not exist is not found", async () => {
    const h = profileFor(emu.current)
    const exit = await h.run(stopTrainingJob("job-00000000-0000-0000-0000-000000000000"))
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toMatch(/NotFound|Forbidden/)
  })
})
