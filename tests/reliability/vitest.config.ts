import { defineConfig } from "vitest/config"

// Suites spawn processes and drive the emulator; two files at a time keep both cores busy.
// At full size (INSPIRE_SUITE_SCALE=full, from npm run bench) a suite may run for minutes.
export default defineConfig({
  test: { maxWorkers: 2, minWorkers: 1, testTimeout: 120_000, hookTimeout: 60_000 },
})
