import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningEmulator, startEmulator } from "../src/index.js"
import { Client, fixture, type Json, trainBody } from "./helpers.js"

let emu: RunningEmulator
let c: Client

beforeAll(async () => {
  // Unpaused, as the CLI runs it, but ten times the default speed to keep the suite fast.
  emu = await startEmulator({ speed: 600 })
  c = new Client(emu)
  await c.loginToken()
})
afterAll(() => emu.close())

describe("the running clock", () => {
  it("takes a demo job to job_succeeded on its own", async () => {
    const f = fixture(emu.control.state())
    const r = await c.oa("train_job/create", trainBody(f))
    const id = r.body.data.job_id
    let status = ""
    // At this speed the job ends in well under a second; the margin is for a busy machine.
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline && status !== "job_succeeded") {
      await new Promise((resolve) => setTimeout(resolve, 50))
      status = (await c.oa("train_job/detail", { job_id: id })).body.data.status
    }
    expect(status).toBe("job_succeeded")
    const d: Json = (await c.oa("train_job/detail", { job_id: id })).body.data
    expect(Number(d.finished_at)).toBeLessThanOrEqual(Date.now())
    expect(Number(d.finished_at)).toBeGreaterThan(Number(d.created_at))
  })

  it("tails the log of a long-running job without rendering its whole history", async () => {
    const f = fixture(emu.control.state())
    const r = await c.oa("train_job/create", trainBody(f, { command: "python serve.py #emu:idle", name: "long" }))
    const id = r.body.data.job_id
    emu.control.clock.advance(30 * 86_400)
    // The CPU this process spends on the request (emulator and client), not the wall time, which on a
    // busy machine also counts other processes' turns.
    const cpu0 = process.cpuUsage()
    const tail = await c.result("train", "GetJobLog", {
      page_size: 10,
      filter: { podNames: [`${id}-worker-0`] },
      sorter: [{ field: "time", sort: "descend" }],
    })
    const cpu = process.cpuUsage(cpu0)
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000)
    expect(tail.logs).toHaveLength(10)
    expect(tail.total).toBeGreaterThan(1_000_000)
  })
})
