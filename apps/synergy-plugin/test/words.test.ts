import { OPERATIONS } from "@holos-inspire/core"
import { describe, expect, it } from "vitest"
import { operationTool } from "../src/tools.js"

// The plugin speaks to a model as MCP does: calls, fields and confirmation in call syntax, Synergy's tool
// names, and never a raw reference or a CLI flag.
describe("the plugin's words", () => {
  it("describes every tool and its input with no raw reference", () => {
    for (const op of OPERATIONS) {
      const tool = operationTool(op)
      const all = JSON.stringify({ description: tool.description, input: tool.input })
      expect(all, op.name).not.toMatch(/[\uE000-\uE004]/)
      expect(all, op.name).not.toMatch(/\s--(yes|spec|dry-run)\b/)
    }
    const stop = OPERATIONS.find((op) => op.name === "stop")
    expect(stop !== undefined && operationTool(stop).description).toContain("confirm=true")
  })
})
