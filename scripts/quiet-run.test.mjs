import { spawnSync } from "node:child_process"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

// `npm run demo` hides the install and build output of its set-up unless a step fails.
const HELPER = join(dirname(fileURLToPath(import.meta.url)), "quiet-run.mjs")

// A child process that runs a noisy step through the helper and prints what the helper returned.
const parent = (step) => {
  const code = `
    const { runQuietly } = await import(${JSON.stringify(HELPER)})
    const status = runQuietly("the noisy step", process.execPath, ["-e", ${JSON.stringify(step)}])
    console.log("status " + status)`
  return spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8", timeout: 20_000 })
}

describe("runQuietly", () => {
  it("shows nothing of a step that works", () => {
    const r = parent("console.log('npm warn install-scripts noise'); console.error('turbo banner')")
    expect(r.stdout).toBe("status 0\n")
    expect(r.stderr).toBe("")
  })

  it("shows everything a failing step printed, and says which step failed", () => {
    const r = parent("console.log('resolving…'); console.error('ERR_PNPM_OUTDATED_LOCKFILE'); process.exit(3)")
    expect(r.stdout).toBe("status 3\n")
    expect(r.stderr).toContain("resolving…")
    expect(r.stderr).toContain("ERR_PNPM_OUTDATED_LOCKFILE")
    expect(r.stderr).toContain("[setup] the noisy step failed (exited with 3)")
  })
})
