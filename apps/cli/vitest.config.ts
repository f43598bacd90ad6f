import { defineConfig } from "vitest/config"

// The tests spawn the built binary; two files at a time keep both cores busy while each waits on its child.
// A spawn takes seconds on a busy machine (two CPU-bound processes beside the suite), and a set-up hook
// logs in and submits through several, so neither a test nor a hook relies on vitest's defaults.
export default defineConfig({
  test: {
    // A message missing from the catalogue, or a value it needs, fails the test instead of printing its id.
    env: { INSPIRE_MESSAGES_STRICT: "1" },
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 40_000,
    hookTimeout: 60_000,
  },
})
