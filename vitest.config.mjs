import { defineConfig } from "vitest/config"

// For the tests of scripts/ (`npm run test:scripts`); every package has its own config. They spawn
// node processes (the demo, the secrets scan, busy-check), which take seconds on a busy machine, so
// none relies on vitest's 5 s default.
export default defineConfig({
  test: { testTimeout: 30_000, hookTimeout: 60_000 },
})
