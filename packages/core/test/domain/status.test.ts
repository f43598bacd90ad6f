import { describe, expect, it } from "vitest"
import { matchesStatusFilter, normalizeStatus } from "../../src/domain/status.js"

describe("normalizeStatus", () => {
  it.each([
    ["job_queuing", "waiting"],
    ["job_creating", "waiting"],
    ["job_pending", "waiting"],
    ["job_running", "running"],
    ["job_succeeded", "succeeded"],
    ["job_succeeded_retaining", "succeeded"],
    ["job_failed", "failed"],
    ["job_failed_retaining", "failed"],
    ["job_stopped", "stopped"],
    ["job_cancelled", "stopped"],
    ["PENDING", "waiting"],
    ["QUEUING", "waiting"],
    ["QUEUEING", "waiting"],
    ["QUEUED", "waiting"],
    ["CREATING", "waiting"],
    ["RUNNING", "running"],
    ["SUCCEEDED", "succeeded"],
    ["SUCCESS", "succeeded"],
    ["FAILED", "failed"],
    ["ERROR", "failed"],
    ["STOPPED", "stopped"],
    ["CANCELED", "stopped"],
    ["DELETED", "stopped"],
    ["STOPPING", "stopping"],
    ["instance_running", "running"],
    ["starting", "waiting"],
    ["scheduling", "waiting"],
  ])("%s -> %s", (raw, family) => {
    expect(normalizeStatus(raw).family).toBe(family)
  })

  it("maps the generic numeric codes of jobs, HPC jobs and servings", () => {
    const families = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => normalizeStatus(n, "job").family)
    expect(families).toEqual(["waiting", "waiting", "waiting", "running", "succeeded", "failed", "stopped", "waiting"])
    expect(normalizeStatus("4", "serving").family).toBe("running")
  })

  it("maps the notebook codes, which differ from the generic ones", () => {
    const families = [0, 1, 2, 3, 4, 5, 6].map((n) => normalizeStatus(n, "notebook").family)
    expect(families).toEqual(["waiting", "waiting", "waiting", "running", "stopping", "stopped", "failed"])
    expect(normalizeStatus(5, "job").family).toBe("succeeded")
    expect(normalizeStatus(5, "notebook").family).toBe("stopped")
  })

  it("keeps unknown values and never guesses by substring", () => {
    for (const raw of ["restarting", "terminating", "job_retaining", "runningish", "9", "toString", "__proto__"]) {
      const s = normalizeStatus(raw)
      expect(s.family).toBe("unknown")
      expect(s.raw).toBe(raw)
      expect(s.terminal).toBe(false)
    }
    expect(normalizeStatus(99).family).toBe("unknown")
    expect(normalizeStatus(7, "notebook").family).toBe("unknown")
    expect(normalizeStatus(undefined)).toEqual({ family: "unknown", raw: "", terminal: false })
  })

  it("marks only finished runs as terminal", () => {
    expect(normalizeStatus("job_succeeded").terminal).toBe(true)
    expect(normalizeStatus("job_failed").terminal).toBe(true)
    expect(normalizeStatus("job_stopped").terminal).toBe(true)
    expect(normalizeStatus("job_running").terminal).toBe(false)
    expect(normalizeStatus("STOPPING").terminal).toBe(false)
    expect(normalizeStatus("job_queuing").terminal).toBe(false)
  })
})

describe("matchesStatusFilter", () => {
  it("filters by family, counting stopping as stopped", () => {
    expect(matchesStatusFilter(normalizeStatus("job_running"), "running")).toBe(true)
    expect(matchesStatusFilter(normalizeStatus("job_running"), "waiting")).toBe(false)
    expect(matchesStatusFilter(normalizeStatus("STOPPING"), "stopped")).toBe(true)
    expect(matchesStatusFilter(normalizeStatus("weird"), "all")).toBe(true)
    expect(matchesStatusFilter(normalizeStatus("weird"), "failed")).toBe(false)
  })
})
