import { describe, expect, it } from "vitest"
import { formatDuration, formatTime, renderFields, renderTable } from "../../src/operations/common/render.js"
import { speakIn } from "../../src/words/message.js"

describe("renderTable", () => {
  it("aligns columns, counting CJK characters as two columns wide", () => {
    const text = renderTable(
      [
        { name: "分布式训练空间", gpus: 8 },
        { name: "CPU", gpus: 0 },
      ],
      [
        { header: "WORKSPACE", cell: (r) => r.name },
        { header: "GPUS", cell: (r) => r.gpus, align: "right" },
      ],
    )
    expect(text.split("\n")).toEqual(["WORKSPACE       GPUS", "分布式训练空间     8", "CPU                0"])
  })

  it("shows missing cells as - and an empty list as (none)", () => {
    expect(renderTable([{ a: undefined }], [{ header: "A", cell: (r) => r.a }])).toBe("A\n-")
    expect(speakIn("en", () => renderTable([], [{ header: "A", cell: () => 1 }]))).toBe("(none)")
    expect(speakIn("zh-CN", () => renderTable([], [{ header: "A", cell: () => 1 }]))).toBe("（无）")
  })
})

describe("renderFields and formats", () => {
  it("aligns labels and drops empty values", () => {
    expect(
      renderFields([
        ["id", "job-1"],
        ["status", "running"],
        ["note", undefined],
      ]),
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
    expect(speakIn("en", () => durations.map(formatDuration))).toEqual(["45s", "12m 30s", "1h 05m", "8d 8h"])
    expect(speakIn("zh-CN", () => durations.map(formatDuration))).toEqual(["45秒", "12分30秒", "1小时05分", "8天8小时"])
  })
})
