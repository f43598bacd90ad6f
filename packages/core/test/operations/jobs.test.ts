import { beforeEach, describe, expect, it } from "vitest"
import { jobsOperation } from "../../src/operations/jobs.js"
import { useEmulator } from "../emulator.js"
import { profileFor } from "../harness.js"
import { call, failed, succeeded } from "./harness.js"
import { freshPlatform, startHpcJob, startJob, trainingProfile } from "./tasks-fixture.js"

const emu = useEmulator()

beforeEach(() => freshPlatform(emu.current))

describe("jobs", () => {
  it("lists tasks newest first with a count per status family", async () => {
    const profile = trainingProfile(emu.current)
    const good = await startJob(emu.current, profile, "exp-ok")
    emu.current.control.clock.advance(1)
    const bad = await startJob(emu.current, profile, "exp-bad", "python train.py; exit 1")
    emu.current.control.clock.advance(1)
    const queued = await startJob(emu.current, profile, "other-queued", "python train.py", { queued: true })
    emu.current.control.clock.advance(10)
    const all = succeeded(await call(emu.current, jobsOperation, {}, profile))
    expect(all.result.tasks.map((t) => t.id)).toEqual([queued, bad, good])
    expect(all.result.counts).toMatchObject({ succeeded: 1, failed: 1, waiting: 1 })
    expect(all.result.total).toBe(3)
    expect(all.result.workspaces).toEqual(["分布式训练空间"])
    expect(all.result.tasks[0]).toMatchObject({
      type: "train",
      status: "waiting",
      workspace: "分布式训练空间",
      gpus: 1,
    })
    expect(all.text).toMatch(/^ID\s+TYPE\s+NAME\s+STATUS/)
    expect(all.text).toContain("3 tasks — waiting 1, succeeded 1, failed 1")

    const failedOnly = succeeded(await call(emu.current, jobsOperation, { status: "failed" }, profile))
    expect(failedOnly.result.tasks.map((t) => t.id)).toEqual([bad])
    expect(failedOnly.text).toContain("job_failed")
    const named = succeeded(await call(emu.current, jobsOperation, { name: "exp-*", limit: 1 }, profile))
    expect(named.result).toMatchObject({ total: 2 })
    expect(named.result.tasks).toHaveLength(1)
    expect(named.text).toContain("showing 1 of 2")
  })

  it("lists HPC jobs of another workspace by type", async () => {
    const profile = trainingProfile(emu.current)
    await startJob(emu.current, profile, "gpu-job")
    const hpc = await startHpcJob(emu.current, profile, "prep")
    const r = succeeded(await call(emu.current, jobsOperation, { type: "hpc", workspace: "高性能计算" }, profile))
    expect(r.result.tasks.map((t) => [t.id, t.type])).toEqual([[hpc, "hpc"]])
    const none = succeeded(await call(emu.current, jobsOperation, { type: "hpc" }, profile))
    expect(none.result.total).toBe(0)
    expect(none.text).toContain("No tasks match in workspace 分布式训练空间 (defaultWorkspace); type hpc, status all")
    expect(none.text).toMatch(/^hint: .*all_workspaces/m)
    // all_workspaces looks past defaultWorkspace; it cannot be combined with a workspace.
    const everywhere = succeeded(await call(emu.current, jobsOperation, { type: "hpc", all_workspaces: true }, profile))
    expect(everywhere.result.tasks.map((t) => t.id)).toEqual([hpc])
    expect(everywhere.result.scope.workspaceFrom).toBe("all")
    expect(everywhere.result.workspaces.length).toBeGreaterThan(1)
    const both = failed(
      await call(emu.current, jobsOperation, { all_workspaces: true, workspace: "高性能计算" }, profile),
    )
    expect(both.reason).toBe("InvalidInput")
  })

  it("asks for the user and the projects once per client, then only for the tasks", async () => {
    const profile = profileFor(emu.current)
    await startJob(emu.current, trainingProfile(emu.current), "exp-cached")
    const first = succeeded(await call(emu.current, jobsOperation, {}, profile))
    emu.current.control.clearRequests()
    const again = succeeded(await call(emu.current, jobsOperation, {}, profile))
    expect(again.result.total).toBe(first.result.total)
    const surfaces = Object.keys(emu.current.control.requests().bySurface)
    expect(surfaces.filter((s) => /user|project/i.test(s))).toEqual([])
    expect(surfaces).toContain("v2:train.ListJobs")
  })

  it("refuses an unknown workspace and a bad status with what to do", async () => {
    const ws = failed(await call(emu.current, jobsOperation, { workspace: "no-such-space" }))
    expect(ws.reason).toBe("InvalidInput")
    expect(ws.candidates?.length).toBeGreaterThan(0)
    const st = failed(await call(emu.current, jobsOperation, { status: "done" }))
    expect(st.message).toMatch(/status/)
  })
})
