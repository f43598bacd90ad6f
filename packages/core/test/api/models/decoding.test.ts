import { describe, expect, it } from "vitest"
import { ModelPage, ModelVersions, RawModelRow } from "../../../src/api/models/schema.js"

// The alternative shapes of INSPIRE-API.md §5.6 that the emulator does not send, decoded directly.
describe("decoding models", () => {
  it("reads flat model rows, `next_version` only, and version aliases", () => {
    const m = RawModelRow.parse({ id: "m-1", name: "flat", status: 1, model_type: "LLM", next_version: 4 })
    expect(m).toMatchObject({ id: "m-1", status: "uploading", modelType: ["LLM"], latestVersion: 3 })
    expect(RawModelRow.parse({ model_id: "m-2", status: "9" })).toMatchObject({ status: "unknown", rawStatus: "9" })
    expect(ModelPage.parse({ items: [{ model: { model_id: "m-3", status: 3 } }], total: "1" }).items[0]?.status).toBe(
      "error",
    )
    expect(ModelVersions.parse({ list: [{ model_version: "2", model_size_gb: 1.5 }] }).versions[0]).toMatchObject({
      version: 2,
      sizeGb: 1.5,
    })
  })
})
