// The sweep's waiting progress agrees with its count, in each language.
import { describe, expect, it } from "vitest"
import { msg } from "../../src/words/message.js"
import { renderWords } from "../../src/words/render.js"

const waiting = (count: number, lang: "en" | "zh-CN") =>
  renderWords(msg("sweep-progress-waiting", { count, max: 2 }), "mcp", lang)

describe("sweep-progress-waiting", () => {
  it("says is for one job and are for more", () => {
    expect(waiting(1, "en")).toBe("1 of the sweep's jobs is queued or running (at most 2 at once); waiting")
    expect(waiting(3, "en")).toBe("3 of the sweep's jobs are queued or running (at most 2 at once); waiting")
  })

  it("counts the jobs in Chinese", () => {
    expect(waiting(1, "zh-CN")).toBe("批量任务中有 1 个任务在排队或运行（最多同时 2 个）；等待中")
  })
})
