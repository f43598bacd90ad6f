import { describe, expect, it } from "vitest"
import { NotebookPage, notebookConsoleUrl, RawNotebook } from "../../../src/api/notebooks/schema.js"

// The alternative shapes of INSPIRE-API.md §5.6 that the emulator does not send, decoded directly.
describe("decoding notebooks", () => {
  it("reads a notebook with `id`, a numeric V2 status, seconds, a string image and a long UUID kept as text", () => {
    const n = RawNotebook.parse({
      id: "688d4b14-0000-4000-8000-000000000001",
      name: "nb",
      status: 3,
      created_at: "1767225600",
      image: "docker.sii.shaipower.online/inspire-studio/x:1",
      quota: { gpu_count: "8", cpu_count: 160, memory_size: "1800" },
      creator_id: "user-1",
      extra_info: null,
    })
    expect(n).toMatchObject({
      id: "688d4b14-0000-4000-8000-000000000001",
      status: { family: "running", raw: "3" },
      createdAt: 1_767_225_600_000,
      image: { address: "docker.sii.shaipower.online/inspire-studio/x:1" },
      gpuCount: 8,
      memoryGi: 1800,
      userId: "user-1",
    })
    expect(RawNotebook.parse({ notebook_id: "a", status: "MIGRATING" }).status).toEqual({
      family: "unknown",
      raw: "MIGRATING",
      terminal: false,
    })
    expect(NotebookPage.parse({ items: [{ id: "a" }], total: "7" })).toMatchObject({ total: "7", items: [{ id: "a" }] })
    expect(RawNotebook.safeParse({ name: "no id" }).success).toBe(false)
    expect(notebookConsoleUrl("https://qz.sii.edu.cn", "abc", "ws-1")).toBe(
      "https://qz.sii.edu.cn/develop/notebook/abc?spaceId=ws-1",
    )
  })
})
