// An operation's MCP tool, from its definition alone: the agent note comes from `agent.note`, whatever
// the operation is called.
import { defineOperation, loginOperation, OPERATIONS, plain, renderWords, text } from "@holos-inspire/core"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { toolOf } from "../src/tools.js"

interface Echoed {
  readonly said: string
}

const noted = defineOperation({
  name: "echo",
  title: "Echo",
  description: "Says it back.",
  input: z.object({ text: z.string() }),
  output: () => z.object({ said: z.string() }),
  annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  effects: { writes: false },
  agent: { note: "Never call this with a secret." },
  run: () => {
    throw new Error("not run in this test")
  },
  render: (r: Echoed) => plain(r.said),
})

describe("toolOf", () => {
  it("puts the operation's agent note before its description", () => {
    expect(toolOf(noted).description).toBe("Never call this with a secret. Says it back.")
    expect(toolOf(loginOperation).description).toMatch(/^Before asking the user for a password: .*`inspire login`/)
    for (const op of OPERATIONS)
      expect(toolOf(op).description, op.name).toBe(
        renderWords(op.agent?.note !== undefined ? text`${op.agent.note} ${op.description}` : op.description, "mcp"),
      )
  })
})
