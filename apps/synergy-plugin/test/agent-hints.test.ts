// What the plugin does beyond the description comes from the operation's `agent` hints, not its name:
// operations made up here (names the catalogue does not have) get the wait cut and the background note.
import { defineOperation, InspireError, inferenceOperation, plain } from "@holos-inspire/core"
import { afterEach, describe, expect, it } from "vitest"
import { z } from "zod"
import { operationTool, prepare } from "../src/tools.js"

afterEach(() => {
  delete process.env.INSPIRE_PLUGIN_CALL_BUDGET_MS
})

interface Napped {
  readonly outcome: "timed-out" | "done"
}

// Only described and prepared here, never run.
const operation = (name: string, agent: { longRunning?: boolean; waitField?: string }) =>
  defineOperation({
    name,
    title: `Test ${name}`,
    description: "Waits for nothing.",
    input: z.object({ patience: z.number().default(5) }),
    output: () => z.object({ outcome: z.enum(["timed-out", "done"]) }),
    annotations: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
    effects: { writes: false },
    agent,
    run: () => {
      throw new Error("not run in this test")
    },
    render: (r: Napped) => plain(r.outcome),
  })

describe("agent hints in the plugin", () => {
  it("cuts the field named by waitField to the call budget and says to call again", () => {
    process.env.INSPIRE_PLUGIN_CALL_BUDGET_MS = "30000"
    const nap = operation("nap", { waitField: "patience" })
    expect(operationTool(nap).description).toContain("One call waits at most")
    const cut = prepare(nap, { patience: 600 })
    if (cut instanceof InspireError) throw cut
    expect(cut.input).toMatchObject({ patience: 20 })
    expect(cut.note?.({ outcome: "timed-out" })).toContain(
      "waited 20 s of the 600 s asked; call plugin__inspire__nap again",
    )
    expect(cut.note?.({ outcome: "done" })).toBeUndefined()
    const short = prepare(nap, { patience: 3 })
    expect(short).toMatchObject({ input: { patience: 3 } })
    expect(short).not.toHaveProperty("note")
    // Without the hint the same field is left alone.
    expect(prepare(operation("doze", {}), { patience: 600 })).toMatchObject({ input: { patience: 600 } })
  })

  it("cuts the wait of inference health (wait_seconds) and says to call again after a time-out", () => {
    process.env.INSPIRE_PLUGIN_CALL_BUDGET_MS = "30000"
    const cut = prepare(inferenceOperation, { action: "health", serving_id: "sv-1", wait_seconds: 900 })
    if (cut instanceof InspireError) throw cut
    expect(cut.input).toMatchObject({ action: "health", wait_seconds: 20 })
    expect(cut.note?.({ action: "health", outcome: "timed-out" })).toContain("waited 20 s of the 900 s asked")
    expect(cut.note?.({ action: "health", outcome: "ready" })).toBeUndefined()
  })

  it("says that a long-running operation continues in the background", () => {
    expect(operationTool(operation("haul", { longRunning: true })).description).toContain(
      "Long runs continue in the background",
    )
    expect(operationTool(operation("glance", {})).description).toBe("Waits for nothing.")
  })
})
