import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire, json } from "./harness.js"
import { placement } from "./placement.js"

// `inspire open <task>` hands the task's console page to the browser ($BROWSER here: a small script that
// writes what it was given), or prints it.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv
let jobId: string
const dir = mkdtempSync(join(tmpdir(), "inspire-open-"))
const seen = join(dir, "opened.txt")

/** Waits (bounded) for the browser script to have written its argument. */
const opened = async (): Promise<string> => {
  for (let i = 0; i < 100 && !existsSync(seen); i++) await new Promise((r) => setTimeout(r, 50))
  return existsSync(seen) ? readFileSync(seen, "utf8").trim() : ""
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, paused: true })
  const browser = join(dir, "browser.sh")
  writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$1" > '${seen}'\n`)
  chmodSync(browser, 0o755)
  env = { ...homeFor(emu.url), INSPIRE_DEFAULT_WORKSPACE: "分布式训练空间", BROWSER: browser }
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
  const submitted = await inspire(env, [
    ...["job", "submit", "--name", "open-me", "--command", "python train.py", "--json"],
    ...placement(emu, "分布式训练空间", "H100", { workspaceFlag: true }),
  ])
  expect(submitted.code, submitted.stderr).toBe(0)
  jobId = json<{ jobId: string }>(submitted).jobId
}, 30_000)
afterAll(async () => {
  await emu.close()
})

describe("inspire open", () => {
  it("opens the job's console page, found by name, in the browser", async () => {
    const run = await inspire(env, ["open", "open-me"])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`/jobs/distributedTrainingDetail/${jobId}\\?spaceId=`))
    expect(await opened()).toBe(run.stdout.trim())
  }, 30_000)

  it("prints the address with --print, or when no browser can be started", async () => {
    const printed = await inspire(env, ["open", jobId, "--print", "--json"])
    expect(json<{ url: string; opened: boolean }>(printed)).toMatchObject({ opened: false })
    const none = await inspire({ ...env, BROWSER: join(dir, "no-such-browser") }, ["open", jobId])
    expect(none.code).toBe(0)
    expect(none.stdout).toContain(jobId)
    expect(none.stderr).toContain("No browser could be started")
  }, 30_000)
})
