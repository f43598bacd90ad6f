import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { normalizeRemotePath, tooLarge } from "../../src/api/jupyter/contents.js"
import { imagesOperation } from "../../src/operations/images/index.js"
import { inferenceOperation } from "../../src/operations/inference/index.js"
import type { InferenceRecipesResult } from "../../src/operations/inference/recipes/actions.js"
import { readRecipes, shippedRecipeDir } from "../../src/operations/inference/recipes/files.js"
import type { Language } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"
import type { Text } from "../../src/words/text.js"
import { refusal } from "../helpers.js"

// Notebooks, servings and images speak the reader's language: renders (headers, labels, sentences) and
// the refusals made while a call ran, worded where they reach the CLI.

const shown = (lang: Language, render: () => Text): string => renderWords(render(), "cli", lang)

// The shipped recipes read twice, once as ./recipes/: every name clashes, and each clash is a message.
const recipes = async (): Promise<InferenceRecipesResult> => {
  const dir = shippedRecipeDir() ?? ""
  const book = await Effect.runPromise(
    readRecipes([
      { dir, source: "shipped" },
      { dir, source: "project" },
    ]),
  )
  return {
    action: "recipes",
    recipes: book.recipes.map((r) => ({
      name: r.name,
      engine: r.engine,
      model: "qwen",
      file: r.file,
      source: r.source,
    })),
    folders: book.folders.map((f) => ({ dir: f.dir, source: f.source })),
    clashes: book.clashes,
    warnings: book.warnings,
  }
}

describe("notebooks, servings and images in Chinese", () => {
  it("renders the recipe list with Chinese headings, folders line and clash warnings", async () => {
    const r = await recipes()
    expect(r.clashes.length).toBeGreaterThan(0)
    const zh = shown("zh-CN", () => inferenceOperation.render(r))
    expect(zh).toMatch(/^名称\s+引擎\s+模型\s+文件/)
    expect(zh).toContain("文件夹：")
    expect(zh).toContain("警告：配方")
    expect(zh).toContain("（./recipes/ 优先于 inspire 自带的配方）")
    expect(zh).not.toMatch(/NAME|ENGINE|folders:|warning:|a later folder wins|beat the recipes/)
    const en = shown("en", () => inferenceOperation.render(r))
    expect(en).toMatch(/^NAME\s+ENGINE\s+MODEL\s+FILE/)
    expect(en).toContain("wins (./recipes/ beat the recipes shipped with inspire)")
  })

  it("words a notebook file refusal in Chinese at the CLI, and in English for the library", async () => {
    const up = await refusal(normalizeRemotePath("../etc/passwd"))
    expect(renderWords(up.text, "cli", "zh-CN")).toBe("路径“../etc/passwd”用“..”向上跳出。")
    expect(renderWords(up.hint ?? "", "cli", "zh-CN")).toBe("请从根目录往下指定文件夹。")
    expect(renderWords(up.text, "library")).toBe('The path "../etc/passwd" goes up with "..".')
    const big = tooLarge("big.bin", 2048, 1024)
    const zh = renderWords(big.text, "cli", "zh-CN")
    expect(zh).toContain("“big.bin”有 2048 字节，超过了单次传输的上限 1024 字节")
    expect(zh).not.toContain("bytes")
  })

  it("renders registered images with Chinese headings and heading line", () => {
    const zh = shown("zh-CN", () =>
      imagesOperation.render({
        source: "platform",
        workspace: { id: "ws-1", name: "分布式训练空间", registry: "qb" },
        visibility: "all",
        images: [
          {
            address: "docker.example/inspire-studio/pytorch:2.4",
            name: "pytorch",
            version: "2.4",
            status: "READY",
            source: "official",
            visibility: "public",
            sizeBytes: 9_100_000_000,
            description: "",
          },
        ],
      }),
    )
    expect(zh).toContain("分布式训练空间 的已注册镜像（qb 镜像仓库）：1")
    expect(zh).toMatch(/地址（在任务中使用）\s+名称\s+版本\s+状态\s+来源\s+大小/)
    expect(zh).not.toMatch(/Registered images|ADDRESS|VERSION/)
  })
})
