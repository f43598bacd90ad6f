import { describe, expect, it } from "vitest"
import { closestNames, didYouMean, matchName } from "../../src/domain/names.js"
import { renderWords } from "../../src/words/render.js"

const WORKSPACES = [
  "分布式训练空间",
  "整节点任务空间",
  "CPU资源空间",
  "PPU资源空间",
  "高性能计算",
  "H200",
  "H200-3号机房",
]
const match = (wanted: string) => matchName(WORKSPACES, (n) => n, wanted)

describe("one rule for names", () => {
  it("takes the exact name first, then the same name without spaces or case", () => {
    expect(match("H200")).toEqual({ kind: "one", item: "H200" })
    expect(match(" cpu资源 空间")).toEqual({ kind: "one", item: "CPU资源空间" })
  })

  it("takes a unique prefix, then a unique substring, of a Chinese name", () => {
    expect(match("分布式")).toEqual({ kind: "one", item: "分布式训练空间" })
    expect(match("节点任务")).toEqual({ kind: "one", item: "整节点任务空间" })
    expect(match("h200-3")).toEqual({ kind: "one", item: "H200-3号机房" })
  })

  it("reports several matches with the rule that found them, and nothing when nothing matches", () => {
    expect(match("资源空间")).toEqual({ kind: "many", items: ["CPU资源空间", "PPU资源空间"], by: "substring" })
    expect(match("H2")).toEqual({ kind: "many", items: ["H200", "H200-3号机房"], by: "prefix" })
    expect(match("no such")).toEqual({ kind: "none" })
  })

  it("names the closest names for a typo, and none when nothing is near", () => {
    expect(closestNames(WORKSPACES, "分布训练空间")).toEqual(["分布式训练空间"])
    expect(renderWords(didYouMean(WORKSPACES, "高性能计"), "library")).toBe(' Did you mean "高性能计算"?')
    expect(renderWords(didYouMean(WORKSPACES, "zzzzzzzzzzzz"), "library")).toBe("")
  })
})
