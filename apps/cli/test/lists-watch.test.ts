import { type RunningEmulator, startEmulator } from "@holos-inspire/emulator"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { homeFor, inspire } from "./harness.js"
import { watchOnTerminal } from "./terminal.js"

// `job list`, `notebook list` and `serve list` take --watch as `avail` does: a table redrawn on a terminal
// until Ctrl-C, refused off a terminal and with --json.

let emu: RunningEmulator
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  emu = await startEmulator({ port: 0 })
  env = homeFor(emu.url)
  const login = await inspire(env, ["login", "--username", emu.demo.username, "--password-stdin"], emu.demo.password)
  expect(login.code).toBe(0)
}, 30_000)
afterAll(async () => {
  await emu.close()
})

describe("--watch on the lists", () => {
  it.each([
    [["job", "list", "--workspace", "分布式训练空间"], 5, /No tasks|STATUS/],
    [["notebook", "list", "--workspace", "分布式训练空间"], 2, /notebook|NAME/i],
    [["serve", "list", "--workspace", "分布式训练空间"], 2, /serving|NAME/i],
  ])(
    "%j redraws until Ctrl-C, then exits 0",
    async (args, seconds, shown) => {
      const { out, draws, code } = await watchOnTerminal(env, args, seconds, 40_000)
      expect(draws).toBeGreaterThanOrEqual(2)
      expect(out).toMatch(shown)
      expect(out).not.toMatch(/error:/)
      expect(code).toBe(0)
    },
    60_000,
  )

  it("refuses --watch off a terminal, with --json, and an interval under the least", async () => {
    const piped = await inspire(env, ["job", "list", "--watch"])
    expect(piped.code).toBe(2)
    expect(piped.stderr).toContain("--watch refreshes a table on a terminal, and stdout is not one")
    expect(piped.stderr).toContain("inspire job list --json")
    const both = await inspire(env, ["serve", "list", "--watch", "--json"])
    expect(both.code).toBe(2)
    const fast = await inspire(env, ["notebook", "list", "--watch", "--interval", "1"])
    expect(fast.code).toBe(2)
    expect(fast.stderr).toContain("--interval must be a number of seconds, 2 or more")
  }, 60_000)
})
