import { defineConfig } from "vitest/config"

// Suites spawn processes and drive the emulator; two files at a time keep both cores busy.
// At full size (INSPIRE_SUITE_SCALE=full, from npm run bench) a suite may run for minutes.
export default defineConfig({
  test: {
    // A message missing from the catalogue, or a value it needs, fails the test instead of printing its id.
    env: { INSPIRE_MESSAGES_STRICT: "1" },
    maxWorkers: 2,
    minWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
})
