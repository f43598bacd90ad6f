import { describe, expect, it } from "vitest"
import { RawServing, ServingPage } from "../../../src/api/servings/schema.js"

// The alternative shapes of INSPIRE-API.md §5.6 that the emulator does not send, decoded directly.
describe("decoding servings", () => {
  it("reads a serving with `id`, `phase`, a numeric status and `quota_id`", () => {
    const s = RawServing.parse({ id: "sv-1", phase: 4, quota_id: "q-1", image: { address: "h/i:t" }, created_by: "me" })
    expect(s).toMatchObject({
      id: "sv-1",
      status: { family: "running" },
      specId: "q-1",
      image: "h/i:t",
      createdBy: "me",
    })
    expect(ServingPage.parse({ list: [{ inference_serving_id: "sv-2" }] }).items[0]?.id).toBe("sv-2")
  })
})
