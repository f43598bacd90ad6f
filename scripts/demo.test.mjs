import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { demoWordsDiffer } from "./demo-words.mjs"

// `npm run demo` after its build step: the narrated walk with the real CLI on the embedded emulator.
const DEMO = fileURLToPath(new URL("./demo.mjs", import.meta.url))

const runDemo = (env, args = []) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [DEMO, ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let out = ""
    child.stdout.on("data", (d) => {
      out += d
    })
    child.stderr.on("data", (d) => {
      out += d
    })
    child.on("error", reject)
    child.on("close", (code) => resolve({ code, out }))
  })

const snapshot = (dir) =>
  readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => statSync(f).isFile())
    .map((f) => `${f}:${readFileSync(f, "utf8")}`)
    .sort()

describe("npm run demo", () => {
  it("walks Pattern 1 with every check passing, and leaves the user's own profiles alone", async () => {
    // A user who already has a profile and credentials: the demo must neither read nor change them.
    const home = mkdtempSync(join(tmpdir(), "demo-user-"))
    mkdirSync(join(home, "inspire"))
    writeFileSync(join(home, "inspire", "config.json"), '{"current":"mine"}\n')
    const before = snapshot(home)
    const mine = { HOME: home, INSPIRE_HOME: join(home, "inspire"), INSPIRE_PROFILE: "mine" }
    const { code, out } = await runDemo({ ...mine, INSPIRE_LANG: "en" })
    expect(code, out).toBe(0)
    const summary = /Demo: (\d+) of (\d+) checks behaved as expected/.exec(out)
    expect(summary?.[1]).toBe(summary?.[2])
    expect(Number(summary?.[1])).toBeGreaterThanOrEqual(15)
    expect(out).not.toContain("✗")
    for (const verdict of ["HEALTHY", "IDLE", "Diagnosis", "stopped (job_stopped)"]) expect(out).toContain(verdict)
    expect(out).not.toContain("Passw0rd!")
    expect(snapshot(home)).toEqual(before)
  }, 120_000)

  it("walks in Chinese with INSPIRE_LANG=zh-CN, its own narration included", async () => {
    expect(demoWordsDiffer()).toEqual([])
    const { code, out } = await runDemo({ INSPIRE_LANG: "zh-CN" })
    expect(code, out).toBe(0)
    const summary = /演示：(\d+) 项检查中有 (\d+) 项符合预期。/.exec(out)
    expect(summary?.[1], out).toBe(summary?.[2])
    expect(out).not.toContain("✗")
    // The demo's headings and the CLI's own words, in Chinese; none of the English narration.
    for (const text of ["── 2. 登录", "已创建配置档 demo", "inspire job stop 会更改或删除内容，需要确认。"])
      expect(out).toContain(text)
    for (const text of ["A profile for this platform", "checks behaved as expected", "needs confirmation"])
      expect(out).not.toContain(text)
  }, 120_000)

  it("fails when a step does not behave as expected", async () => {
    const broken = join(mkdtempSync(join(tmpdir(), "demo-bin-")), "inspire.mjs")
    writeFileSync(broken, "process.stdout.write('nothing useful\\n')\n")
    const { code, out } = await runDemo({}, ["--bin", broken])
    expect(code).toBe(1)
    expect(out).toContain("✗")
    expect(out).not.toMatch(/Demo: (\d+) of \1 checks/)
  }, 120_000)
})
