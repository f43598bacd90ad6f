import { defineConfig } from "vitest/config"

// The tests spawn the built server; two files at a time keep both cores busy while each waits on its child.
export default defineConfig({
  test: { maxWorkers: 2, minWorkers: 1, testTimeout: 40_000, hookTimeout: 30_000 },
})
