// English messages that take a count say it in the singular for 1 and the plural otherwise (Fluent's plural
// variants, never "(s)"), and an article never precedes a number it may not fit ("a 8-GPU job").
import { describe, expect, it } from "vitest"
import { CATALOGUE } from "../../src/words/locales.generated.js"
import { formatMessage } from "../../src/words/message.js"
import { readLanguage } from "./catalogue-check.js"

// Values that are counts of something in the messages that take them.
const COUNTS = new Set([
  "count",
  "total",
  "gpus",
  "instances",
  "tasks",
  "cpus",
  "nodes",
  "jobs",
  "attempts",
  "bytes",
  "size",
  "lines",
  "samples",
  "events",
  "tokens",
  "rows",
  "files",
  "earlier",
  "needed",
  "free",
  "replicas",
  "probes",
  "shown",
  "depth",
  "entries",
  "length",
  "hops",
  "live",
  "unsent",
  "held",
  "done",
  "created",
  "used",
  "product",
  "need",
])

// Words ending in "s" that may follow a count without being a plural noun.
const NOT_PLURAL = new Set(["is", "was", "has", "does", "ms", "s", "series", "GiB", "MiB"])

const messages = readLanguage(CATALOGUE.en).messages

const said = (id: string, vars: ReadonlySet<string>, n: number): string =>
  formatMessage("en", id, Object.fromEntries([...vars].map((v) => [v, COUNTS.has(v) ? n : "X"])))

describe("counts in English messages", () => {
  it("says one thing in the singular", () => {
    const wrong = [...messages]
      .map(([id, vars]) => [id, said(id, vars, 1)] as const)
      .flatMap(([id, text]) =>
        [...text.matchAll(/\b1 ([A-Za-z-]+s)\b/g)]
          .filter((m) => !NOT_PLURAL.has(m[1] ?? ""))
          .map((m) => `${id}: ${m[0]}`),
      )
    expect(wrong).toEqual([])
  })

  it("says two things in the plural, without (s)", () => {
    const wrong = [...messages]
      .map(([id, vars]) => [id, said(id, vars, 2)] as const)
      .filter(([, t]) => t.includes("(s)"))
    expect(wrong).toEqual([])
  })

  it("puts no article before a number", () => {
    const wrong = [...messages]
      .map(([id, vars]) => [id, said(id, vars, 8)] as const)
      .filter(([, t]) => /\ban? 8/.test(t))
    expect(wrong).toEqual([])
  })

  it("names the examples a reader met", () => {
    expect(formatMessage("en", "domain-spec-choose", { count: 1, purpose: "notebooks" })).toBe(
      "Use the only spec for notebooks.",
    )
    expect(formatMessage("en", "domain-spec-choose", { count: 2, purpose: "notebooks" })).toBe(
      "Choose one of the 2 specs for notebooks.",
    )
    expect(
      formatMessage("en", "verdict-ev-gpu", { avg: "9%", p50: "9%", p90: "9%", max: "9%", last: "9%", count: 1 }),
    ).toBe("GPU utilisation avg 9%, p50 9%, p90 9%, max 9%, last 9% over 1 sample")
    // A status is not a verb: the task reached it.
    const reached = formatMessage("en", "wait-reached", { id: "job-1", status: "succeeded (SUCCEEDED)", waited: "5s" })
    expect(reached).toBe("job-1 reached status succeeded (SUCCEEDED) after 5s.")
  })
})
