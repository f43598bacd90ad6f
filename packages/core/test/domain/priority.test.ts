import { describe, expect, it } from "vitest"
import {
  checkPriority,
  priorityFromStoredCode,
  priorityLevel,
  projectPriorityCap,
  storedPriorityCode,
} from "../../src/domain/priority.js"
import { renderWords } from "../../src/words/render.js"
import { left, right } from "../helpers.js"

describe("priority levels", () => {
  it("1–3 are LOW, 4 is NORMAL, 5–10 are HIGH", () => {
    expect([1, 2, 3, 4, 5, 10].map(priorityLevel)).toEqual(["LOW", "LOW", "LOW", "NORMAL", "HIGH", "HIGH"])
  })

  it("maps submitted priorities to the stored codes and back", () => {
    expect([1, 3, 4, 5, 9, 10].map(storedPriorityCode)).toEqual([11, 13, 20, 30, 34, 35])
    expect(storedPriorityCode(11)).toBeUndefined()
    expect(priorityFromStoredCode(20)).toEqual({ priority: 4, level: "NORMAL", interpolated: false })
    expect(priorityFromStoredCode(31)).toEqual({ priority: 6, level: "HIGH", interpolated: true })
    expect(priorityFromStoredCode(12)?.interpolated).toBe(true)
    expect(priorityFromStoredCode(7)).toBeUndefined()
  })
})

describe("projectPriorityCap", () => {
  it("reads the numeric string and defaults to 4 when missing or unreadable", () => {
    expect(projectPriorityCap("10")).toEqual({ cap: 10, known: true })
    expect(projectPriorityCap(6)).toEqual({ cap: 6, known: true })
    expect(projectPriorityCap(undefined)).toEqual({ cap: 4, known: false })
    expect(projectPriorityCap("")).toEqual({ cap: 4, known: false })
    expect(projectPriorityCap("HIGH")).toEqual({ cap: 4, known: false })
    expect(projectPriorityCap("11")).toEqual({ cap: 4, known: false })
  })
})

describe("checkPriority", () => {
  it("accepts 1–10 and warns that 1–3 are pre-emptible", () => {
    expect(right(checkPriority(4))).toEqual({ priority: 4, level: "NORMAL", preemptible: false, warnings: [] })
    const low = right(checkPriority(3))
    expect(low.preemptible).toBe(true)
    expect(renderWords(low.warnings[0] ?? "", "mcp")).toMatch(/pre-emptible/)
    expect(right(checkPriority(10)).level).toBe("HIGH")
  })

  it("rejects values outside 1–10 and non-integers", () => {
    for (const p of [0, 11, -1, 2.5, Number.NaN]) expect(left(checkPriority(p)).message).toMatch(/not valid/)
  })

  it("rejects a priority above the project's cap, naming the cap", () => {
    const e = left(checkPriority(9, { cap: 4 }))
    expect(renderWords(e.message, "library")).toBe("Priority 9 is above this project's cap of 4.")
    expect(renderWords(e.fix ?? "", "mcp")).toBe("4")
    expect(e.candidates).toEqual([1, 2, 3, 4])
    expect(right(checkPriority(4, { cap: 4 })).priority).toBe(4)
  })

  it("enforces the levels a spec allows", () => {
    expect(left(checkPriority(5, { allowedLevels: ["low"] })).message).toMatch(/accepts LOW/)
    expect(right(checkPriority(2, { allowedLevels: ["low"] })).level).toBe("LOW")
    expect(right(checkPriority(5, { allowedLevels: [] })).level).toBe("HIGH")
  })
})
