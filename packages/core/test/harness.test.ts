import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Platform } from "../src/platform/client.js"
import { useEmulator } from "./emulator.js"
import { profileFor } from "./harness.js"

const emu = useEmulator()

describe("test harness", () => {
  it("gives a logged-in client of the emulator", async () => {
    const exit = await profileFor(emu.current).run(
      Effect.flatMap(Platform, (p) => p.v2("user", "GetUserDetail", {}, { idempotent: true })),
    )
    expect(exit._tag).toBe("Success")
  })
})
