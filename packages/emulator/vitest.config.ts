import { defineConfig } from "vitest/config"

// Every test starts an emulator on 127.0.0.1 and waits on its answers (some on its running clock): on a
// busy machine (two CPU-bound processes beside the suite) that can take seconds, so no test relies on
// vitest's 5 s default.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 60_000 },
})
