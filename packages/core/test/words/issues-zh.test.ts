import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parseRecipe } from "../../src/operations/inference/recipes/parse.js"
import { readSweepFile } from "../../src/operations/sweep/file.js"
import { renderWords } from "../../src/words/render.js"
import { refusal } from "../helpers.js"

// What zod finds wrong in a file (a sweep, a serving recipe) is worded in the reader's language, at the
// file's line and column; in English it is zod's own text, as before.

describe("zod issues in files", () => {
  it("words a sweep file's wrong type in Chinese at its line and column, and as zod does in English", async () => {
    const dir = mkdtempSync(join(tmpdir(), "issues-zh-"))
    writeFileSync(join(dir, "sweep.yaml"), "name: s\njob:\n  command: 5\ngrid:\n  lr: [1, 2]\n")
    const e = await refusal(readSweepFile("sweep.yaml", dir))
    const zh = renderWords(e.text, "cli", "zh-CN")
    expect(zh).toMatch(/sweep\.yaml:3:\d+/)
    expect(zh).toContain("类型不对：应为字符串，收到的是数字")
    expect(zh).not.toContain("Invalid input")
    const en = renderWords(e.text, "cli", "en")
    expect(en).toMatch(/sweep\.yaml:3:\d+: job\.command: Invalid input: expected string, received number/)
  })

  it("words a recipe's out-of-range value in Chinese, and as zod does in English", async () => {
    const text = "engine: vllm\nimage: i:1\nmodel:\n  repository: q\n  version: 2\nserved_name: q\nport: 0\n"
    const e = await refusal(parseRecipe(text, "/r/bad.yaml", "project"))
    const zh = renderWords(e.text, "cli", "zh-CN")
    expect(zh).toMatch(/\/r\/bad\.yaml:7: port: 值太小：应大于或等于 1/)
    expect(zh).not.toContain("Too small")
    expect(renderWords(e.text, "cli", "en")).toContain("/r/bad.yaml:7: port: Too small: expected number to be >=1")
  })
})
