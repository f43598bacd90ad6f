import { describe, expect, it } from "vitest"
import { formatDuration, formatTime, renderFields, renderTable } from "../../src/operations/common/render.js"
import { renderWords } from "../../src/words/render.js"
import { plain, type Text } from "../../src/words/text.js"

const en = (said: Text): string => renderWords(said, "cli", "en")
const zh = (said: Text): string => renderWords(said, "cli", "zh-CN")

describe("renderTable", () => {
  it("aligns columns, counting CJK characters as two columns wide", () => {
    const table = renderTable(
      [
        { name: "分布式训练空间", gpus: 8 },
        { name: "CPU", gpus: 0 },
      ],
      [
        { header: plain("WORKSPACE"), cell: (r) => r.name },
        { header: plain("GPUS"), cell: (r) => r.gpus, align: "right" },
      ],
    )
    expect(en(table).split("\n")).toEqual(["WORKSPACE       GPUS", "分布式训练空间     8", "CPU                0"])
  })

  it("shows missing cells as - and an empty list as (none)", () => {
    expect(en(renderTable([{ a: undefined }], [{ header: plain("A"), cell: (r) => r.a }]))).toBe("A\n-")
    expect(en(renderTable([], [{ header: plain("A"), cell: () => 1 }]))).toBe("(none)")
    expect(zh(renderTable([], [{ header: plain("A"), cell: () => 1 }]))).toBe("（无）")
  })

  it("puts each cell on one line", () => {
    expect(en(renderTable([{ a: "two\nlines" }], [{ header: plain("A"), cell: (r) => r.a }]))).toBe("A\ntwo lines")
  })
})

describe("renderFields and formats", () => {
  it("aligns labels and drops empty values", () => {
    expect(
      en(
        renderFields([
          [plain("id"), "job-1"],
          [plain("status"), "running"],
          [plain("note"), undefined],
        ]),
      ),
    ).toBe("id:     job-1\nstatus: running")
  })

  it("formats times and durations", () => {
    // Local time with its offset: whatever the process's zone, the text names the same instant.
    const at = Date.UTC(2026, 11, 2, 9, 5)
    const shown = formatTime(at)
    expect(shown).toMatch(/^2026-12-0[12] \d\d:\d\d [+-]\d\d:\d\d$/)
    expect(Date.parse(shown.replace(" ", "T").replace(" ", ""))).toBe(at)
    expect(formatTime(undefined)).toBe("-")
    const durations = [45_000, 750_000, 3_900_000, 200 * 3_600_000]
    expect(durations.map((d) => en(formatDuration(d)))).toEqual(["45s", "12m 30s", "1h 05m", "8d 8h"])
    expect(durations.map((d) => zh(formatDuration(d)))).toEqual(["45秒", "12分30秒", "1小时05分", "8天8小时"])
  })
})
