import { spawnSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { emulatorPasswords, runArtifacts, scan, testPasswords } from "./secrets-scan.mjs"

const script = fileURLToPath(new URL("./secrets-scan.mjs", import.meta.url))
const emulator = await import("../packages/emulator/dist/index.js")

// A real token and session cookie, issued by the emulator to a real login.
const issued = async () => {
  const emu = await emulator.startEmulator({ port: 0, paused: true })
  try {
    const res = await fetch(`${emu.url}/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(emu.demo),
    })
    const token = (await res.json()).data.access_token
    return { token, password: emu.demo.password }
  } finally {
    await emu.close()
  }
}

/** A repository-shaped tree whose test logs say `text`. */
const tree = (text) => {
  const root = mkdtempSync(join(tmpdir(), "secrets-scan-"))
  mkdirSync(join(root, "packages/a/.turbo"), { recursive: true })
  mkdirSync(join(root, "apps/b"), { recursive: true })
  writeFileSync(
    join(root, "packages/a/.turbo/turbo-test.log"),
    `✓ test/x.test.ts (3 tests)\n${text}\ndone 12345678901\n`,
  )
  writeFileSync(join(root, "apps/b/.vitest-report.json"), JSON.stringify({ numPassedTests: 3, testResults: [] }))
  return root
}

const run = (root) => spawnSync(process.execPath, [script, "--root", root], { encoding: "utf8" })

describe("secrets scan", () => {
  it("knows the emulator's passwords and the ones the tests write", async () => {
    const emu = await emulatorPasswords()
    expect(emu.has(emulator.DEMO_USER.password)).toBe(true)
    expect(emu.has(emulator.DEMO_HARBOR.qb.password)).toBe(true)
    expect(testPasswords().has("Wrong-Secret-42")).toBe(true)
  })

  it("finds a planted password, token and session cookie, and prints them masked", async () => {
    const { token, password } = await issued()
    const cookie = `inspire-session=${"ab12".repeat(12)}`
    const root = tree(`login with ${password} failed\nAuthorization: Bearer ${token}\ncookie: ${cookie}; Path=/`)
    const files = runArtifacts(root)
    expect(files).toHaveLength(2)
    const result = scan(files, new Set([password]))
    expect(result.hits.map((h) => [h.line, h.kinds])).toEqual([
      [2, ["password"]],
      [3, ["emulator token", "JWT"]],
      [4, ["session cookie"]],
    ])
    const cli = run(root)
    expect(cli.status).toBe(1)
    expect(cli.stdout).toContain("packages/a/.turbo/turbo-test.log:3: emulator token, JWT")
    expect(cli.stdout).toContain("<password, 9 chars>")
    for (const secret of [password, token, cookie]) expect(cli.stdout + cli.stderr).not.toContain(secret)
  })

  it("passes a clean tree, where numbers and words only resemble secrets", () => {
    const root = tree("session expired; logged in again as 20250001 (token 0.2 s)\nST-notaticket-cas eyJ.short")
    const cli = run(root)
    expect(cli.stdout).toContain("secrets scan: 2 files")
    expect(cli.stdout).toContain("0 hits")
    expect(cli.status).toBe(0)
  })

  it("writes its figures with --report", () => {
    const out = join(mkdtempSync(join(tmpdir(), "secrets-report-")), "secrets.json")
    const cli = spawnSync(process.execPath, [script, "--root", tree("clean"), "--report", out], { encoding: "utf8" })
    expect(cli.status).toBe(0)
    const report = JSON.parse(readFileSync(out, "utf8"))
    expect(report).toMatchObject({ id: "secrets", kind: "reliability" })
    expect(report.rows.find((r) => r.name === "hits")).toMatchObject({ value: "0", met: true })
  })
})
