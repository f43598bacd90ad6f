import { describe, expect, it } from "vitest"
import type { RunningEmulator } from "../src/index.js"
import { type Client, type fixture, trainBody, useLoggedInEmulator } from "./helpers.js"

// The budget check at submit counts what running tasks have spent so far, not only finished runs: an
// emulator of its own, so no other test's task finishes and bills the project meanwhile.

let _emu: RunningEmulator
let c: Client
let f: ReturnType<typeof fixture>

useLoggedInEmulator((e, client, lookups) => {
  _emu = e
  c = client
  f = lookups
})

describe("a budget spent by running work", () => {
  it("blocks the next GPU submit before the running job has finished", async () => {
    const project = _emu.control.state().projects.find((p) => p.enName === "embodied-fm")
    if (project === undefined) throw new Error("fixture project embodied-fm is missing")
    const kept = project.remainBudget
    project.remainBudget = 0.01
    try {
      const first = await c.oa(
        "train_job/create",
        trainBody(f, { name: "spends-the-last-cent", command: "python train.py #emu:duration=100000" }),
      )
      expect(first.body.code, JSON.stringify(first.body)).toBe(0)
      // Ten minutes of one running GPU instance cost more than a cent; the job has not finished.
      _emu.control.clock.advance(600)
      const next = await c.oa("train_job/create", trainBody(f, { name: "one-too-many" }))
      expect(next.body.code).toBe(100002)
      expect(next.body.message).toContain("预算不足")
      await c.oa("train_job/stop", { job_id: first.body.data.job_id })
    } finally {
      project.remainBudget = kept
    }
  })

  it("keeps a created job queued while its project's budget is spent, with the reason in its events", async () => {
    const project = _emu.control.state().projects.find((p) => p.enName === "embodied-fm")
    if (project === undefined) throw new Error("fixture project embodied-fm is missing")
    const kept = project.remainBudget
    const made = await c.oa("train_job/create", trainBody(f, { name: "waits-for-budget" }))
    expect(made.body.code, JSON.stringify(made.body)).toBe(0)
    const id = made.body.data.job_id
    // Spent between the create and the scheduler's first look: the group has room, yet the job waits.
    project.remainBudget = 0
    try {
      _emu.control.clock.advance(30)
      expect((await c.oa("train_job/detail", { job_id: id })).body.data.status).toBe("job_queuing")
      const task = _emu.control.state().tasks.find((t) => t.id === id)
      expect(task?.events.map((e) => e.message).join("\n")).toContain("project budget exhausted")
    } finally {
      project.remainBudget = kept
      await c.oa("train_job/stop", { job_id: id })
    }
  })
})
