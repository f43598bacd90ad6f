import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { findRecipe } from "../../src/operations/inference/recipes/deploy.js"
import { readRecipes } from "../../src/operations/inference/recipes/files.js"
import { inlineSweep } from "../../src/operations/sweep/file.js"
import { type ManifestJob, refusalOf } from "../../src/operations/sweep/manifest.js"
import { textData } from "../../src/words/kept.js"
import { msg } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"
import { refusal } from "../helpers.js"

// Phrases once passed in English into a message that is otherwise worded in the reader's language.

describe("phrases passed into messages", () => {
  it("names an inline sweep in Chinese, and as before in English", async () => {
    const invalid = await refusal(inlineSweep({ name: "lr", kind: "train", job: {}, list: [{}], surprise: 1 }))
    const zh = renderWords(invalid.text, "cli", "zh-CN")
    expect(zh).toContain("批量任务 （内联） 无效")
    expect(zh).not.toContain("inline sweep")
    expect(renderWords(invalid.text, "library")).toContain("The sweep (inline sweep) is not valid")
    const empty = await refusal(
      inlineSweep({ name: "lr", kind: "train", job: { name: "lr", command: "python train.py" } }),
    )
    const zhEmpty = renderWords(empty.text, "cli", "zh-CN")
    expect(zhEmpty).toContain("批量任务 （内联） 既没有 grid")
    expect(zhEmpty).not.toContain("inline sweep")
  })

  it.skipIf(process.getuid === undefined)("words a recipe file that others can write in Chinese", async () => {
    const root = mkdtempSync(join(tmpdir(), "leftovers-zh-"))
    const dir = join(root, "config", "recipes")
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    chmodSync(root, 0o700)
    const file = join(dir, "planted.yaml")
    writeFileSync(file, "name: planted\n")
    chmodSync(file, 0o666)
    const book = await Effect.runPromise(readRecipes([{ dir, source: "config", trustRoots: [root] }]))
    const refused = await refusal(findRecipe(book, "planted"))
    expect(refused.reason).toBe("StoreError")
    const zh = renderWords(refused.text, "cli", "zh-CN")
    expect(zh).toContain(`${file} 可被同组用户和其他用户写入（权限 0666）`)
    expect(zh).not.toContain("can be written")
    expect(renderWords(refused.text, "library")).toContain(`${file} can be written by group and others (mode 0666)`)
  })
})

describe("a refusal a sweep's manifest keeps", () => {
  const job = (kept: Partial<ManifestJob>): ManifestJob => ({
    index: 1,
    name: "lr-1",
    params: {},
    key: "k",
    state: "failed",
    attempt: 0,
    previous: [],
    ...kept,
  })

  it("is worded in the reader's language when shown, and read as English from a manifest that kept only that", () => {
    const refusal = msg("auth-login-http", { status: 502 })
    const kept = job({ error: String(refusal), errorText: JSON.parse(JSON.stringify(textData(refusal))) })
    expect(renderWords(refusalOf(kept), "cli", "zh-CN")).toBe("登录服务返回了 HTTP 502。")
    expect(renderWords(refusalOf(kept), "cli", "en")).toBe("The login service answered HTTP 502.")
    const older = job({ error: "The login service answered HTTP 502." })
    expect(renderWords(refusalOf(older), "cli", "zh-CN")).toBe("The login service answered HTTP 502.")
  })
})
