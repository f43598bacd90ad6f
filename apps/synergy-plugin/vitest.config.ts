import { defineConfig } from "vitest/config"

// Synergy servers are heavy (a 160 MB binary, workers, plugin runners): one test file at a time.
export default defineConfig({
  test: {
    // A message missing from the catalogue, or a value it needs, fails the test instead of printing its id.
    env: { INSPIRE_MESSAGES_STRICT: "1" },
    maxWorkers: 1,
    minWorkers: 1,
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
})
