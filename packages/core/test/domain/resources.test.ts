import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { MIN_DISTRIBUTED_SHM_GI, parseShm, shmMbToGi, shmWarnings, validateName } from "../../src/domain/resources.js"
import { renderWords } from "../../src/words/render.js"
import { left, right } from "../helpers.js"

describe("shm units", () => {
  it("converts the manual's MB to the API's GiB, rounding up", () => {
    expect(shmMbToGi(65536)).toBe(64)
    expect(shmMbToGi(1024)).toBe(1)
    expect(shmMbToGi(1025)).toBe(2)
  })

  it("reads sizes with and without units", () => {
    expect(right(parseShm("65536", "MB"))).toBe(64)
    expect(right(parseShm(65536, "MB"))).toBe(64)
    expect(right(parseShm("64Gi", "MB"))).toBe(64)
    expect(right(parseShm("64G", "MB"))).toBe(64)
    expect(right(parseShm("65536MB", "GiB"))).toBe(64)
    expect(right(parseShm("32", "GiB"))).toBe(32)
    expect(right(parseShm("1024", "MB"))).toBe(1)
  })

  it("refuses values that only make sense in the other unit, saying what was probably meant", () => {
    const small = left(parseShm("64", "MB"))
    expect(renderWords(small.hint, "mcp")).toContain("64Gi")
    expect(left(parseShm("1023", "MB")).message).toMatch(/too small/)
    const huge = left(parseShm("65536", "GiB"))
    expect(huge.message).toMatch(/more than any node/)
    expect(renderWords(huge.hint, "mcp")).toContain("65536MB")
    expect(right(parseShm("2048", "GiB"))).toBe(2048)
    expect(Either.isLeft(parseShm("2049", "GiB"))).toBe(true)
  })

  it("rejects garbage and non-positive sizes", () => {
    expect(left(parseShm("lots", "MB")).message).toMatch(/not a shared-memory size/)
    expect(left(parseShm("0Gi", "MB")).message).toMatch(/positive/)
    expect(left(parseShm("-5", "MB")).message).toMatch(/not a shared-memory size/)
  })
})

describe("shmWarnings", () => {
  it("warns for multi-GPU or multi-node jobs below 64 GiB", () => {
    expect(shmWarnings({ shmGi: 63, gpuCount: 8, instanceCount: 1 })).toHaveLength(1)
    expect(renderWords(shmWarnings({ shmGi: 32, gpuCount: 1, instanceCount: 2 })[0] ?? "", "mcp")).toMatch(
      /a job of 2 nodes/,
    )
    expect(renderWords(shmWarnings({ shmGi: 16, gpuCount: 2, instanceCount: 1 })[0] ?? "", "mcp")).toMatch(
      /a job of 2 GPUs/,
    )
  })

  it("accepts 64 GiB and single-GPU jobs with little shm", () => {
    expect(shmWarnings({ shmGi: MIN_DISTRIBUTED_SHM_GI, gpuCount: 8, instanceCount: 4 })).toEqual([])
    expect(shmWarnings({ shmGi: 8, gpuCount: 1, instanceCount: 1 })).toEqual([])
    expect(shmWarnings({ shmGi: 8, gpuCount: 0, instanceCount: 1 })).toEqual([])
  })

  it("warns when shm exceeds the spec's memory", () => {
    expect(
      renderWords(shmWarnings({ shmGi: 300, gpuCount: 1, instanceCount: 1, memoryGi: 200 })[0] ?? "", "mcp"),
    ).toMatch(/larger than/)
    expect(shmWarnings({ shmGi: 200, gpuCount: 1, instanceCount: 1, memoryGi: 200 })).toEqual([])
  })
})

describe("validateName", () => {
  it("accepts letters, digits, CJK, dots, underscores and dashes", () => {
    expect(right(validateName("exp-001"))).toBe("exp-001")
    expect(right(validateName("llama_7b.v2"))).toBe("llama_7b.v2")
    expect(right(validateName("预训练-实验1"))).toBe("预训练-实验1")
    expect(right(validateName("  trimmed  "))).toBe("trimmed")
  })

  it("enforces 1–64 characters, counting CJK characters as one", () => {
    expect(right(validateName("a".repeat(64)))).toHaveLength(64)
    expect(left(validateName("a".repeat(65))).message).toMatch(/65 characters/)
    expect(right(validateName("训".repeat(64)))).toHaveLength(64)
    expect(left(validateName("")).message).toMatch(/empty/)
  })

  it("rejects bad characters and leading punctuation, suggesting a valid name", () => {
    const space = left(validateName("my exp", "job name"))
    expect(renderWords(space.message, "library")).toBe('The job name "my exp" contains "a space".')
    expect(renderWords(space.hint, "mcp")).toContain("my-exp")
    expect(left(validateName("a/b")).message).toContain('"/"')
    expect(left(validateName("-lead")).message).toMatch(/must start/)
    expect(renderWords(left(validateName(".hidden")).hint, "mcp")).toContain("hidden")
  })

  it("keeps to the basic CJK block, as the emulator does: a rarer extension ideograph is refused here", () => {
    // U+3400 (Extension A) and U+20000 (Extension B) are Han but outside U+4E00–U+9FFF.
    expect(left(validateName("实验\u3400")).message).toContain('"\u3400"')
    expect(left(validateName("exp-\u{20000}")).message).toContain('"\u{20000}"')
  })
})
