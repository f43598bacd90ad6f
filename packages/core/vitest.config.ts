import { defineConfig } from "vitest/config"

// Most tests talk to an emulator on 127.0.0.1 and wait on its answers: on a busy machine (two CPU-bound
// processes beside the suite) a call can take seconds, so no test relies on vitest's 5 s default.
export default defineConfig({
  test: {
    // A message missing from the catalogue, or a value it needs, fails the test instead of printing its id.
    env: { INSPIRE_MESSAGES_STRICT: "1" },
    setupFiles: ["test/setup-languages.ts"],
    // Files share one module graph per worker: importing core, Effect, zod and the emulator again for each
    // of ~120 files was half the suite's time. No test mocks a module or changes the environment.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
