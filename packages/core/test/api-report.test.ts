// The public API report (scripts/api-report.mjs): the root entry's surface, as the build declares it,
// must be the one recorded in api/public-api.md, so that a change to it is seen in review. Runs on the
// built dist, as npm test runs it after the build.
import { spawnSync } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const CORE = fileURLToPath(new URL("..", import.meta.url))
const SCRIPT = join(CORE, "scripts", "api-report.mjs")
const REPORT = join(CORE, "api", "public-api.md")

const check = (...args: ReadonlyArray<string>) =>
  spawnSync(process.execPath, [SCRIPT, "--check", ...args], { cwd: CORE, encoding: "utf8" })

describe("the public API report", () => {
  it("matches the built root entry", () => {
    const ran = check()
    expect(ran.stderr).toBe("")
    expect(ran.status).toBe(0)
  })

  it("fails, naming the command that updates it, when the surface differs from the record", () => {
    // The record of a surface with one name fewer, as if `invoke` had been exported unannounced.
    const recorded = readFileSync(REPORT, "utf8")
    const stale = recorded.replace(/\n\/\/ invoke\n[^\n]*\n/, "\n")
    expect(stale).not.toBe(recorded)
    const dir = mkdtempSync(join(tmpdir(), "inspire-api-report-"))
    writeFileSync(join(dir, "public-api.md"), stale)
    const ran = check("--report", join(dir, "public-api.md"))
    rmSync(dir, { recursive: true, force: true })
    expect(ran.status).toBe(1)
    expect(ran.stderr).toContain("The public API changed: run `npm run api:report`")
    expect(ran.stderr).toContain("invoke")
  })

  it("records every runtime name of the root entry, and nothing of the internal one", async () => {
    const root = await import("../src/index.js")
    const recorded = readFileSync(REPORT, "utf8")
    for (const name of Object.keys(root)) expect(recorded, name).toContain(`\n// ${name}\n`)
    // A sample of core's internals, reachable only through @holos-inspire/core/internal.
    const internal: Record<string, unknown> = await import("../src/internal.js")
    for (const name of ["Store", "surfaceError", "invokeParsed", "followTaskLogs", "addProfile"]) {
      expect(internal[name], name).toBeDefined()
      expect(name in root, name).toBe(false)
    }
  })
})
