import { describe, expect, it } from "vitest"
import { ImagePage, RawHarborArtifact, RegisteredImage } from "../../../src/api/images/schema.js"

// The alternative shapes of INSPIRE-API.md §5.6 that the emulator does not send, decoded directly.
describe("decoding images", () => {
  it("reads images from `items`, registrations flat or nested, and Harbor artifacts without tags", () => {
    expect(ImagePage.parse({ items: [{ id: "image-1", url: "h/a:b", size: "10" }] }).items[0]).toMatchObject({
      imageId: "image-1",
      address: "h/a:b",
      sizeBytes: 10,
    })
    expect(RegisteredImage.parse({ image: { image_id: "image-2", address: "h/x:y" } })).toMatchObject({
      imageId: "image-2",
    })
    expect(RegisteredImage.parse({ image_id: "image-3", address: "h/x:z" }).imageId).toBe("image-3")
    expect(RawHarborArtifact.parse({ digest: "sha256:1", size: 5, tags: null })).toMatchObject({
      tags: [],
      sizeBytes: 5,
    })
  })
})
