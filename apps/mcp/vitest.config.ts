import { defineConfig } from "vitest/config"

// The tests spawn the built server; two files at a time keep both cores busy while each waits on its child.
export default defineConfig({
  test: {
    // A message missing from the catalogue, or a value it needs, fails the test instead of printing its id.
    env: { INSPIRE_MESSAGES_STRICT: "1" },
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 40_000,
    hookTimeout: 30_000,
  },
})
