import { describe, expect, it } from "vitest"
import { Finding, finding, hasErrors, summarizeFindings } from "../../../src/domain/lint/finding.js"
import { renderWords } from "../../../src/words/render.js"
import { plain } from "../../../src/words/text.js"

const hint = finding("hint", "no-log-capture", plain("m"), plain("f"))
const warning = finding("warning", "set-e", plain("m"), plain("f"), "set -e")
const error1 = finding("error", "offline-network", plain("m"), plain("f"), "pip install x")
const error2 = finding("error", "offline-network", plain("m"), plain("f"), "wget u")

describe("finding", () => {
  it("omits match when there is none, and produces values the schema accepts", () => {
    expect("match" in hint).toBe(false)
    expect(warning.match).toBe("set -e")
    expect(Finding.parse(hint)).toEqual(hint)
    expect(Finding.parse(warning)).toEqual(warning)
  })

  it("rejects an unknown level or an empty rule id", () => {
    expect(Finding.safeParse({ ...hint, level: "info" }).success).toBe(false)
    expect(Finding.safeParse({ ...hint, rule: "" }).success).toBe(false)
  })
})

describe("hasErrors", () => {
  it("is true only when an error is present", () => {
    expect(hasErrors([hint, warning, error1])).toBe(true)
    expect(hasErrors([hint, warning])).toBe(false)
    expect(hasErrors([])).toBe(false)
  })
})

describe("summarizeFindings", () => {
  it("orders errors first, then warnings, then hints, keeping the order within a level", () => {
    const summary = summarizeFindings([hint, error1, warning, error2])
    expect(summary.findings).toEqual([error1, error2, warning, hint])
    expect([summary.errors, summary.warnings, summary.hints]).toEqual([2, 1, 1])
    expect(renderWords(summary.headline, "library")).toBe("2 errors, 1 warning, 1 hint")
  })

  it("leaves its input untouched and reports a clean result", () => {
    const input = [hint, error1]
    summarizeFindings(input)
    expect(input).toEqual([hint, error1])
    expect(renderWords(summarizeFindings([]).headline, "library")).toBe("no problems found")
    expect(renderWords(summarizeFindings([warning]).headline, "library")).toBe("1 warning")
  })
})
