import { describe, expect, it } from "vitest"
import { confirmationOf, renderPlan } from "../../src/operations/common/plan.js"
import type { StoppedTask } from "../../src/operations/stop/one.js"
import { stopPlan } from "../../src/operations/stop/plan.js"
import { renderWords } from "../../src/words/render.js"

const task = (i: number, outcome: StoppedTask["outcome"] = "would-stop"): StoppedTask => ({
  id: `job-${String(i).padStart(4, "0")}`,
  type: "train",
  name: `exp-${i}`,
  workspace: "ws",
  before: "running (job_running)",
  outcome,
})

describe("plans and confirmations", () => {
  it("names the one target of a single stop", () => {
    const plan = stopPlan([task(2)])
    expect(renderWords(confirmationOf(plan), "library")).toBe("Stop job exp-2 (job-0002)?")
    expect(plan.requests).toEqual([
      { method: "POST", surface: "openapi/v1/train_job/stop", body: { job_id: "job-0002" } },
    ])
  })

  it("lists the first ten targets of a batch, then a count, then the question", () => {
    const plan = stopPlan([...Array.from({ length: 12 }, (_, i) => task(i + 1)), task(99, "already-finished")])
    const lines = renderWords(confirmationOf(plan), "library").split("\n")
    expect(lines).toHaveLength(12)
    expect(lines[0]).toBe("  job exp-1 (job-0001): running (job_running) → stopped")
    expect(lines[9]).toContain("exp-10")
    expect(lines[10]).toBe("  … and 2 more")
    expect(lines[11]).toBe("Stop 12 tasks?")
    expect(renderWords(renderPlan(plan), "library")).not.toContain("exp-99")
    // In Chinese the kind and the change are said in Chinese; the status before (data) is as it was.
    const zh = renderWords(confirmationOf(plan), "cli", "zh-CN").split("\n")
    expect(zh[0]).toBe("  训练任务 exp-1 (job-0001): running (job_running) → 已停止")
  })

  it("says when nothing would change", () => {
    const plan = stopPlan([task(1, "already-finished")])
    expect(plan.targets).toEqual([])
    expect(renderWords(renderPlan(plan), "library")).toContain("Stop nothing")
  })
})
