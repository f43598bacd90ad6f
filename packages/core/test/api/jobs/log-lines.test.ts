// Log lines are read without zod when they have the usual shape (a download reads a million of them);
// the result is what the zod schema gives, and a page with an odd line still fails the way it did.
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { decodeLogLines } from "../../../src/api/jobs/log-query.js"

const run = (items: ReadonlyArray<unknown>) => Effect.runSync(Effect.either(decodeLogLines(items)))

describe("log lines", () => {
  it("reads the usual shape and its variants as the schema does", () => {
    const read = run([
      {
        log_id: "a1",
        message: "step 1",
        node: "n1",
        pod_name: "job-1-worker-0",
        time: "2026-01-01T00:00:00Z",
        timestamp_str: "2026-01-01 00:00:00",
        timestamp_ms: "1767225600000",
        extra: { ignored: true },
      },
      // Numbers for text, null and missing text, a numeric timestamp, no log id.
      { log_id: null, message: 42, node: null, pod_name: "p", time: "t", timestamp_ms: 1767225600001 },
      { message: "", pod_name: "p", timestamp_str: "", time: "", timestamp_ms: "5" },
    ])
    expect(read).toEqual(
      Either.right([
        {
          id: "a1",
          message: "step 1",
          pod: "job-1-worker-0",
          node: "n1",
          timestampMs: 1767225600000,
          time: "2026-01-01 00:00:00",
        },
        { id: "p:1767225600001:42", message: "42", pod: "p", node: "", timestampMs: 1767225600001, time: "t" },
        { id: "p:5:", message: "", pod: "p", node: "", timestampMs: 5, time: "" },
      ]),
    )
  })

  it("fails a page with a line out of shape, naming the field", () => {
    for (const odd of [
      { log_id: "a", message: { text: "x" }, timestamp_ms: "1" },
      { log_id: "a", message: "x" },
      { log_id: true, message: "x", timestamp_ms: 1 },
      "a line",
    ]) {
      const read = run([{ log_id: "ok", message: "fine", timestamp_ms: 1 }, odd])
      expect(Either.isLeft(read)).toBe(true)
      if (Either.isLeft(read)) {
        expect(read.left.reason).toBe("PlatformError")
        expect(read.left.message).toContain("train.GetJobLog answered in an unexpected shape")
      }
    }
  })
})
