import { execFile } from "node:child_process"
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { expect, it } from "vitest"

const CHECK = fileURLToPath(new URL("../scripts/check-dist.mjs", import.meta.url))
const DIST = fileURLToPath(new URL("../dist", import.meta.url))

const check = (args: ReadonlyArray<string> = []) =>
  new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(process.execPath, [CHECK, ...args], (error, _stdout, stderr) =>
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stderr }),
    )
  })

// CI fails here when the committed dist/ is not what the build makes from the current sources.
it("has a committed dist/ identical, byte for byte, to a fresh build", async () => {
  const result = await check()
  expect(result.stderr).toContain("dist/ matches the build.")
  expect(result.code).toBe(0)
}, 60_000)

it("names the stale files and the fix when dist/ differs", async () => {
  const stale = mkdtempSync(join(tmpdir(), "inspire-plugin-stale-"))
  try {
    cpSync(DIST, stale, { recursive: true })
    writeFileSync(join(stale, "runtime", "index.js"), "// an old build\n")
    writeFileSync(join(stale, "leftover.txt"), "x")
    const result = await check(["--dist", stale])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain("differs   dist/runtime/index.js")
    expect(result.stderr).toContain("unexpected dist/leftover.txt")
    expect(result.stderr).toContain("run pnpm --filter @holos-inspire/synergy-plugin build and commit dist/")
  } finally {
    rmSync(stale, { recursive: true, force: true })
  }
}, 60_000)
