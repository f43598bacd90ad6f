import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { renderDocs } from "./bench-docs.mjs"

// The generator behind docs/BENCHMARKS.md and docs/RELIABILITY.md, on reports of the bench/report.mjs shape.
const setUp = (reports) => {
  const root = mkdtempSync(join(tmpdir(), "inspire-bench-docs-"))
  const data = join(root, "data")
  mkdirSync(data)
  const machine = {
    date: "2026-12-03T09:00:00.000Z",
    cpus: "2 × Test CPU",
    memory: "24.0 GiB",
    os: "Linux 6",
    node: "v20.20.2",
    commit: "abc1234",
    load: "1.00 / 1.00 / 1.00",
  }
  writeFileSync(join(data, "machine.json"), JSON.stringify(machine))
  for (const r of reports) writeFileSync(join(data, `${r.id}.json`), JSON.stringify(r))
  return { root, data }
}

describe("renderDocs", () => {
  it("puts each report in its document, in the given order, with machine facts and a summary of missed targets", () => {
    const { root, data } = setUp([
      {
        id: "b",
        title: "Second bench",
        kind: "performance",
        method: "timed B",
        at: "t2",
        rows: [{ name: "b|pipe", value: "2 ms", ratio: "1.5× base", target: "≤ 2×", met: true }],
      },
      {
        id: "a",
        title: "First bench",
        kind: "performance",
        method: "timed A",
        at: "t1",
        rows: [{ name: "a", value: "9 ms", ratio: "4× base", target: "≤ 3×", met: false }],
        notes: ["noisy"],
      },
      {
        id: "soak",
        title: "Fault soak",
        kind: "reliability",
        method: "1000 ops",
        scale: "full",
        at: "t3",
        rows: [{ name: "duplicates", value: "0", target: "0", met: true }],
      },
      { id: "gone", title: "Broken suite", kind: "reliability", error: "exit 1: boom", rows: [] },
    ])
    const [benchmarks, reliability] = renderDocs(data, root, ["a", "b", "soak"])
    const perf = readFileSync(benchmarks, "utf8")
    const rel = readFileSync(reliability, "utf8")

    expect(perf.indexOf("## First bench")).toBeLessThan(perf.indexOf("## Second bench"))
    expect(perf).toContain("| a | 9 ms | 4× base | ≤ 3× | **missed** |")
    expect(perf).toContain("| b\\|pipe | 2 ms | 1.5× base | ≤ 2× | met |")
    expect(perf).toContain("Targets met: 1 of 2.")
    expect(perf).toContain("- Missed: First bench — a: 9 ms (4× base), target ≤ 3×.")
    expect(perf).toContain("2 × Test CPU")
    expect(perf).toContain("abc1234")
    expect(perf).toContain("- noisy")
    expect(perf).not.toContain("Fault soak")

    expect(rel).toContain("## Fault soak")
    expect(rel).toContain("*Size:* full.")
    expect(rel).toContain("**Did not complete:** exit 1: boom")
    expect(rel).toContain("- Did not complete: Broken suite.")
    expect(rel).not.toContain("First bench")
  })

  it("gives the same documents for the same data", () => {
    const { root, data } = setUp([{ id: "a", title: "A", kind: "performance", method: "m", rows: [] }])
    const first = renderDocs(data, root, ["a"]).map((f) => readFileSync(f, "utf8"))
    const second = renderDocs(data, root, ["a"]).map((f) => readFileSync(f, "utf8"))
    expect(second).toEqual(first)
  })
})
